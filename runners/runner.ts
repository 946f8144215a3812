// The Runner interface: one candidate, a list of cases in, results out as they come. Every kind of candidate
// (runners/candidates/: in-process module, adapter, npm package, other runtime binary, workerd, a Chromium page) is plugged in through this
// interface only; one that cannot be used is a CandidateError (results/candidate-spec.ts), exit 2.
import type { CaseMeta } from '../conformance/case.js';
import type { CandidateInfo, CaseResult } from '../results/results-file.js';
import type { JobPool } from './job-pool.js';

/** The time limit of a case that sets none, in ms, when the run names none (`rtconf run --timeout`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RunOptions {
  /** The run seed; each case derives its own from it and its id. */
  readonly seed: number;
  /** Default per-case time limit in ms, for cases that set none. */
  readonly timeoutMs: number;
  /** Aborts the run: the case in flight ends as soon as it can and no further case starts. */
  readonly signal?: AbortSignal;
  /** How many cases may run at once (out-of-process runners), when no `pool` is given. */
  readonly jobs?: number;
  /** The run's job slots, shared by every out-of-process candidate of the run (`--jobs`). */
  readonly pool?: JobPool;
  /**
   * What each case took the last time it ran on this candidate, in ms (runners/case-durations.ts): an out-of-process
   * runner starts only as many agents as that work is worth (runners/agent/agents-needed.ts). Never a result's cause.
   */
  readonly expectedMs?: ReadonlyMap<string, number>;
}

export interface Runner {
  readonly candidate: CandidateInfo;
  /** Runs cases in the harness's own process (trusted candidates only); such runners run one at a time. */
  readonly inProcess?: boolean;
  /** Yields one result per case, in any order; a case interrupted by `signal` yields none (it did not run). */
  run(cases: readonly CaseMeta[], options: RunOptions): AsyncIterable<CaseResult>;
  /** Releases whatever the runner holds (agents, temp dirs). Safe to call twice. */
  close(): Promise<void>;
}
