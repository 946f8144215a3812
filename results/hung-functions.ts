// Functions a candidate hung on. When a candidate times out on several cases of one API function in a row, the
// runner ends that function's remaining cases at once as `timeout`, with a message made here; the summary and the
// report find those results again with `hungFunctions`, so the flag lives in results.json itself (and survives
// merge, diff and report) without a field of its own. Browser-safe.
import type { CaseResult } from './results-file.js';

export interface HungFunction {
  /** `module.function`, e.g. `querystring.parse`. */
  readonly function: string;
  /** The timeouts in a row that made it hung. */
  readonly timeouts: number;
  /** Its cases that were therefore not run (recorded as timeout, with no time spent). */
  readonly notRun: number;
}

const NOT_RUN = /^not run: (\S+) timed out on (\d+) cases in a row/;

/**
 * The API function (or topic) a case exercises, from its dotted id: its first two parts.
 * @example
 * caseFunction('querystring.parse.repeated-keys'); // 'querystring.parse'
 */
export function caseFunction(caseId: string): string {
  const parts = caseId.split('.');
  return parts.length > 2 ? `${parts[0]}.${parts[1]}` : caseId;
}

/**
 * The message of a case ended without running because its function hung.
 * @example
 * notRunMessage('querystring.parse', 3);
 * // 'not run: querystring.parse timed out on 3 cases in a row for this candidate, so its remaining cases were ended without waiting out their time limit'
 */
export function notRunMessage(name: string, timeouts: number): string {
  return `not run: ${name} timed out on ${timeouts} cases in a row for this candidate, so its remaining cases were ended without waiting out their time limit`;
}

/**
 * The functions a candidate hung on, from the results of its run.
 * @example
 * hungFunctions(run.results); // [{ function: 'querystring.parse', timeouts: 3, notRun: 28 }]
 */
export function hungFunctions(results: readonly CaseResult[]): HungFunction[] {
  const found = new Map<string, { timeouts: number; notRun: number }>();
  for (const result of results) {
    if (result.status !== 'timeout' || result.message === undefined) continue;
    const match = NOT_RUN.exec(result.message);
    if (!match?.[1]) continue;
    const entry = found.get(match[1]) ?? { timeouts: Number(match[2]), notRun: 0 };
    entry.notRun++;
    found.set(match[1], entry);
  }
  return [...found].map(([name, entry]) => ({ function: name, ...entry }));
}
