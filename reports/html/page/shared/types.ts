/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The shapes the page works with, all derived from the report data that reports/report-data.ts embeds, so the page
// and the code that builds its data cannot drift apart.
import type { ReportBaseline, ReportCandidate, ReportData, ReportResult } from '../../../report-data.js';

export type { ApiCell, PageApi, ReportBaseline, ReportCandidate, ReportCase, ReportData, ReportResult } from '../../../report-data.js';

export type ReportRule = ReportData['rules'][number];
export type ModuleName = ReportData['modules'][number];
export type PassRate = ReportCandidate['rates']['all'];
export type Verdict = PassRate['verdict'];
/** A case status, or `none` where there is no case or no result. */
export type CellStatus = ReportCandidate['ruleStatus'][number];
export type StatusChange = ReportBaseline['changes'][number];
export type ChangeKind = StatusChange['kind'];
/** With a gate (`--expect`, `--baseline`): a result's mark, and what it is. */
export type ResultExpectation = NonNullable<ReportResult['expectation']>;
export type ExpectationOutcome = ResultExpectation['outcome'];
export type ExpectationCounts = NonNullable<ReportCandidate['expectations']>;
/** An API × candidate cell's state (results/api-state.ts). */
export type ApiStateName = import('../../../report-data.js').ApiCell['state'];
export type UntestedReason = NonNullable<import('../../../report-data.js').ApiCell['untested']>;
