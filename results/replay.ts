// The command that reruns one case of one candidate alone. It depends only on what results.json already holds
// (candidate id, kind, version and path; case id; run seed; a repeated case's outcomes), so it is derived where it is
// shown (console, HTML drill-down, dashboard, JUnit) by `replayFor`, the one place that decides what a replay runs:
// a runtime asked for by range is pinned to the release the run recorded, and a flaky result replays the seed of the
// repetition that failed. It writes to its own folder, never over the run it came from.
// Browser-safe: the report page bundles this file.
import { shellQuote } from '../io/shell-quote.js';
import { formatCandidateSpec, parseCandidateSpec, pinRelease, type CandidateSpec } from './candidate-spec.js';
import { tellingOutcome } from './repetitions.js';
import type { CandidateInfo, CaseResult } from './results-file.js';

/** Where a replay writes its report: beside, never over, the run's own `rtconf-report/`. */
const REPLAY_OUT_DIR = 'rtconf-replay';

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

/** An exact release as a runtime reports it (`2.9.6`, `v18.20.8`, `1.2.0-canary.3`): what a replay may pin. */
const EXACT_VERSION = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;

/**
 * What a replay runs for a candidate: a `runtime:NAME@RANGE` candidate pinned to the release the run recorded
 * (`runtime:deno@2` that ran 2.9.6 replays as `runtime:deno@2.9.6`, so a newer 2.x cannot answer instead); an adapter
 * by its recorded path; anything else by its id.
 * @example
 * replayCandidate({ id: 'runtime:node@22', name: 'node', kind: 'runtime', version: '22.23.3' }); // { id: 'runtime:node@22.23.3' }
 * replayCandidate({ id: 'runtime:workerd@1,date=2025-04-01', name: 'workerd', kind: 'runtime', version: '1.20261117.1' });
 * // { id: 'runtime:workerd@1.20261117.1,date=2025-04-01' }
 * replayCandidate({ id: 'adapter:qs', name: 'qs', kind: 'adapter', path: './qs.mjs' }); // { id: 'adapter:qs', path: './qs.mjs' }
 */
function replayCandidate(candidate: CandidateInfo): ReplayCandidate {
  const version = EXACT_VERSION.exec(candidate.version ?? '')?.[1];
  const pinned = candidate.kind === 'runtime' && version !== undefined ? pinnedSpec(candidate.id, version) : undefined;
  if (pinned !== undefined) return { id: pinned };
  return candidate.path === undefined ? { id: candidate.id } : { id: candidate.id, path: candidate.path };
}

/** The candidate id pinned to `version` by the grammar (a workerd candidate keeps its date and flags), if it pins. */
function pinnedSpec(id: string, version: string): string | undefined {
  let spec: CandidateSpec;
  try {
    spec = parseCandidateSpec(id);
  } catch {
    return undefined;
  }
  const pinned = pinRelease(spec, version);
  return pinned === undefined ? undefined : formatCandidateSpec(pinned);
}

/**
 * The seed that reproduces a result: for a repeated case (`run --repeat`) the seed of the repetition its details come
 * from (the first that failed, as its message says), else the run seed.
 * @example
 * replaySeed({ status: 'flaky', outcomes: [{ status: 'pass', seed: 1 }, { status: 'fail', seed: 7 }] }, 1); // 7
 */
function replaySeed(result: Pick<CaseResult, 'outcomes'>, runSeed: number): number {
  return (result.outcomes && tellingOutcome(result.outcomes)?.seed) ?? runSeed;
}

/**
 * The replay command of one result, as the summary, the report page, the dashboard and JUnit show it.
 * @param candidate the candidate as recorded in results.json (`runs[].candidate`)
 * @param caseId the case id
 * @param result the result (its outcomes, when repeated)
 * @param runSeed the run seed (`results.seed`)
 * @example
 * replayFor({ id: 'runtime:deno@2', name: 'deno', kind: 'runtime', version: '2.9.6' }, 'querystring.parse.x', { status: 'fail' }, 42);
 * // 'npx rtconf run --candidate runtime:deno@2.9.6 --case querystring.parse.x --seed 42 --out rtconf-replay'
 */
export function replayFor(candidate: CandidateInfo, caseId: string, result: Pick<CaseResult, 'outcomes'>, runSeed: number): string {
  return replayCommand(replayCandidate(candidate), caseId, replaySeed(result, runSeed));
}
