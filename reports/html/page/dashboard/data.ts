/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The shape check of the dashboard's embedded data (reports/dashboard-data.ts builds it).
import { isRecord, readEmbeddedData } from '../shared/embedded-data.js';
import type { DashboardData } from './types.js';

/** A shallow check of the dashboard data's shape. */
function isDashboardData(value: unknown): value is DashboardData {
  return (
    isRecord(value) &&
    isRecord(value.tool) &&
    Array.isArray(value.sources) &&
    Array.isArray(value.modules) &&
    Array.isArray(value.rules) &&
    Array.isArray(value.cases) &&
    Array.isArray(value.apis) &&
    Array.isArray(value.everyImplementationDiffers) &&
    Array.isArray(value.columns) &&
    Array.isArray(value.groups) &&
    isRecord(value.distinct) &&
    (value.gate === undefined || (isRecord(value.gate) && Array.isArray(value.gate.sources)))
  );
}

/** The dashboard data embedded in the page. */
export function readDashboardData(element: HTMLElement): DashboardData {
  return readEmbeddedData(element, isDashboardData, 'dashboard data');
}
