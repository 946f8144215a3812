/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The shape check of the report's embedded data (reports/report-data.ts builds it).
import { isRecord, readEmbeddedData } from '../shared/embedded-data.js';
import type { ReportData } from '../shared/types.js';

/** A shallow check of the report data's shape. */
function isReportData(value: unknown): value is ReportData {
  return (
    isRecord(value) &&
    isRecord(value.tool) &&
    typeof value.seed === 'number' &&
    typeof value.startedAt === 'string' &&
    typeof value.durationMs === 'number' &&
    Array.isArray(value.modules) &&
    Array.isArray(value.rules) &&
    Array.isArray(value.cases) &&
    Array.isArray(value.apis) &&
    Array.isArray(value.candidates) &&
    (value.baseline === undefined || (isRecord(value.baseline) && Array.isArray(value.baseline.changes))) &&
    (value.mutation === undefined || (isRecord(value.mutation) && Array.isArray(value.mutation.modules) && Array.isArray(value.mutation.survivors)))
  );
}

/** The report data embedded in the page. */
export function readReportData(element: HTMLElement): ReportData {
  return readEmbeddedData(element, isReportData, 'report data');
}
