// `apiStatesOf`: what a run says of each export of the interface for one of its candidates (absent, stub, partial,
// conformant, or untested and why), judged against the catalogue's rule → export mapping.
import { apis } from '../spec/apis.js';
import { apiStates, type ApiState } from '../results/api-state.js';
import type { ResultsFile } from '../results/results-file.js';

/**
 * The state of every export of the interface for one candidate of a run, as the summary, the pages and `rtconf
 * export` show it.
 * @param results the run (`run()`'s result, or `readResults`)
 * @param candidate the candidate's id in it (`runs[].candidate.id`: `reference`, `host`, `runtime:node@22`, `adapter:NAME`)
 * @returns one state per export (`apis`), in the catalogue's order; undefined when no run of `results` has that id
 * @example
 * apiStatesOf(results, 'host')?.find((state) => state.api === 'child_process.fork')?.state; // 'conformant'
 */
export function apiStatesOf(results: ResultsFile, candidate: string): ApiState[] | undefined {
  const run = results.runs.find((item) => item.candidate.id === candidate);
  return run && apiStates(run, results.rules, apis);
}
