// The candidate's strays as a finding, worded once for every place that shows them (the console summary, the
// report's overview and drill-down): which results recorded errors the candidate let escape, and what that means for a
// program using it. Pure, so the page bundles it.
import type { CandidateRun, CandidateStray, CaseResult } from './results-file.js';

/** What a stray means for a user, said wherever strays are shown. */
export const STRAY_CONSEQUENCE =
  'nothing of the case asked for these errors and nothing caught them: a Node program using the candidate the same way would crash on each (an unhandled rejection or an uncaught exception ends a Node process by default)';

/**
 * One stray as a line: how it escaped, the error, how often, and when.
 * @example
 * strayLine({ kind: 'unhandled-rejection', error: 'Error: the child ended with SIGALRM', count: 2 });
 * // 'unhandled rejection: Error: the child ended with SIGALRM (2 times)'
 */
export function strayLine(stray: CandidateStray): string {
  const kind = stray.kind === 'unhandled-rejection' ? 'unhandled rejection' : 'uncaught exception';
  const times = stray.count !== undefined && stray.count > 1 ? ` (${stray.count} times)` : '';
  const when = stray.beforeCase ? ', before the case began (most likely the previous case of the same agent)' : '';
  return `${kind}: ${stray.error}${times}${when}`;
}

/**
 * The results of a run that recorded strays of the candidate, in the run's order.
 * @example
 * resultsWithStrays(run).length; // 3
 */
export function resultsWithStrays(run: CandidateRun): CaseResult[] {
  return run.results.filter((result) => (result.strays?.length ?? 0) > 0);
}
