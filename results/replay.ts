// The command that reruns one case of one candidate alone, with the run's seed. It depends only on what results.json
// already holds (candidate id, case id, run seed), so it is derived where it is shown (console, HTML drill-down,
// JUnit) rather than carried through the runners. It writes to its own folder, never over the run it came from.
// Browser-safe: the report page bundles this file.
import { shellQuote } from '../io/shell-quote.js';

/** Where a replay writes its report: beside, never over, the run's own `rtconf-report/`. */
export const REPLAY_OUT_DIR = 'rtconf-replay';

/** What a replay needs to know of a candidate: its id, and for an adapter the path `--candidate` takes. */
export interface ReplayCandidate {
  readonly id: string;
  readonly path?: string;
}

/**
 * @param candidate the candidate as recorded in results.json (`runs[].candidate`), or just its id; an adapter's id
 *   (`adapter:<name>`) cannot be run again by name, so its recorded `path` is used when present
 * @param caseId the case id
 * @param seed the run seed (`results.seed`); each case derives its own seed from it and its id
 * @returns a command line for a POSIX shell
 * @example
 * replayCommand('host', 'querystring.parse.repeated-keys', 42);
 * // 'npx rtconf run --candidate host --case querystring.parse.repeated-keys --seed 42 --out rtconf-replay'
 * replayCommand({ id: 'adapter:my-qs', path: './my-adapter.mjs' }, 'querystring.parse.repeated-keys', 42);
 * // 'npx rtconf run --candidate ./my-adapter.mjs --case querystring.parse.repeated-keys --seed 42 --out rtconf-replay'
 */
export function replayCommand(candidate: string | ReplayCandidate, caseId: string, seed: number): string {
  const spec = typeof candidate === 'string' ? candidate : (candidate.path ?? candidate.id);
  return `npx rtconf run --candidate ${shellQuote(spec)} --case ${shellQuote(caseId)} --seed ${seed} --out ${REPLAY_OUT_DIR}`;
}
