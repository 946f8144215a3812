// Counts, per API function, the timeouts a candidate has in a row. After `limit` of them the function is taken as
// hung for this candidate, and its remaining cases end at once as `timeout` saying why, instead of each waiting out
// its full time limit (a `querystring.parse` that never returns would otherwise cost 54 × the limit).
import type { CaseMeta } from '../conformance/case.js';
import { caseFunction, notRunMessage } from '../results/hung-functions.js';
import { caseFields, type CaseResult } from '../results/results-file.js';

/** Timeouts in a row on one function before its other cases are not run. */
export const HUNG_AFTER_TIMEOUTS = 3;

export class HangStreaks {
  private readonly streaks = new Map<string, number>();
  private readonly hung = new Set<string>();

  /** @param limit consecutive timeouts of one function that make it hung */
  constructor(private readonly limit = HUNG_AFTER_TIMEOUTS) {}

  /** Counts a result of a case that ran (results made by `endEarly` are not counted). */
  record(result: CaseResult): void {
    const name = caseFunction(result.case);
    if (this.hung.has(name)) return;
    const streak = result.status === 'timeout' ? (this.streaks.get(name) ?? 0) + 1 : 0;
    this.streaks.set(name, streak);
    if (streak >= this.limit) this.hung.add(name);
  }

  /** The result for a case whose function is hung (not run, no time spent), or undefined when it should run. */
  endEarly(meta: CaseMeta): CaseResult | undefined {
    const name = caseFunction(meta.id);
    if (!this.hung.has(name)) return undefined;
    return { ...caseFields(meta), status: 'timeout', durationMs: 0, message: notRunMessage(name, this.limit) };
  }
}
