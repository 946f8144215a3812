// Runs the selected cases against every candidate at once and assembles the results file. Out-of-process
// candidates share the run's one job pool (`--jobs`): each case holds a slot while it runs, so a slow or hostile
// candidate costs its own time limits, not everyone's in turn. In-process candidates (reference, host) run one after
// the other beside them: they share this process, where a stray error or a changed global could not be told apart.
// Results already obtained are kept when the run is interrupted: the file then says `interrupted: true` and lists
// what did run (a case interrupted in flight did not run: it has no result).
import type { CaseMeta } from '../conformance/case.js';
import type { Rule } from '../spec/rule.js';
import { toRuleSummary } from '../results/rule-summary.js';
import { caseFields, SCHEMA_VERSION, summarize, type CandidateInfo, type CandidateRun, type CaseResult, type ResultsFile } from '../results/results-file.js';
import { splitByInterface } from '../results/interface-version.js';
import { toolInfo } from '../io/tool-info.js';
import { mergeRepetitions, type Repetition } from '../results/repetitions.js';
import { createJobPool, defaultJobs, type JobPool } from './job-pool.js';
import { longestFirst, type CaseDurations } from './case-durations.js';
import { CandidateError } from '../results/candidate-spec.js';
import type { Runner } from './runner.js';

export interface SuiteOptions {
  readonly seed: number;
  readonly timeoutMs: number;
  /** Job slots shared by all out-of-process candidates (default: the CPU count). */
  readonly jobs?: number;
  /**
   * The job pool to take slots from, when several suites run at once and must share one (`jobs` is then ignored):
   * candidates certified for different module selections, say.
   */
  readonly pool?: JobPool;
  readonly signal?: AbortSignal;
  /**
   * Called as each result arrives (progress output); results of different candidates interleave. With `repeatSeeds`,
   * a result of a case that ran is called once per repetition, with which one it is.
   */
  readonly onResult?: (candidate: CandidateInfo, result: CaseResult, repetition?: RepetitionOf) => void;
  /**
   * Called when a candidate starts; several candidates run at once. `plan` says how many repetitions there are and
   * how many results to expect in all (cases outside `interfaceVersion` are recorded once, not per repetition).
   */
  readonly onCandidate?: (candidate: CandidateInfo, caseCount: number, plan: { readonly repetitions: number; readonly results: number }) => void;
  /** Called when a candidate has no more results to give, with what it gave. */
  readonly onCandidateEnd?: (candidate: CandidateInfo, results: readonly CaseResult[]) => void;
  /**
   * The interface version to certify against (`--interface`, as `parseInterfaceVersion` returns it): cases citing a
   * rule introduced after it are recorded `na` without being run, and the results file records the version.
   */
  readonly interfaceVersion?: string;
  /**
   * `--repeat N`: the run seed of each repetition (N of them; the same seed N times under `--seed`). Each case runs
   * once per seed, and its results are joined: a case whose repetitions end differently is `flaky`.
   */
  readonly repeatSeeds?: readonly number[];
  /**
   * What each case took in earlier runs (runners/case-durations.ts): each candidate then starts its longest cases
   * first, and starts only as many agents as its cases are worth (runners/agent/agents-needed.ts). Only the order and
   * the number of agents depend on it; results are listed in the selection's order either way.
   */
  readonly durations?: CaseDurations;
}

/** Which repetition of `run --repeat N` a result comes from: 1-based `index` of `count`, run with `seed`. */
export interface RepetitionOf {
  readonly index: number;
  readonly count: number;
  readonly seed: number;
}

/**
 * Refuses two candidates with one id (the same adapter name twice, or one spec given twice): their results,
 * expectations and badges could not be told apart.
 * @throws CandidateError (exit 2) naming both
 */
export function checkDistinctCandidates(candidates: readonly CandidateInfo[]): void {
  const seen = new Map<string, CandidateInfo>();
  for (const candidate of candidates) {
    const first = seen.get(candidate.id);
    if (!first) {
      seen.set(candidate.id, candidate);
      continue;
    }
    const where = first.path !== undefined && candidate.path !== undefined ? ` (${first.path} and ${candidate.path})` : '';
    const hint = candidate.kind === 'adapter' ? ': adapters are identified by the name they declare; give each its own name' : ': name each candidate once';
    throw new CandidateError(`two candidates have the id ${candidate.id}${where}${hint}`);
  }
}

export async function runSuite(
  runners: readonly Runner[],
  cases: readonly CaseMeta[],
  rules: readonly Rule[],
  options: SuiteOptions,
): Promise<ResultsFile> {
  try {
    checkDistinctCandidates(runners.map((runner) => runner.candidate));
  } catch (error) {
    await Promise.all(runners.map((runner) => runner.close()));
    throw error;
  }
  const startedAt = new Date();
  const started = performance.now();
  const order = new Map(cases.map((meta, index) => [meta.id, index]));
  const pool = options.pool ?? createJobPool(Math.max(1, options.jobs ?? defaultJobs()));
  const { applicable, outside } = splitByInterface(cases, rules, options.interfaceVersion);
  const runs = new Map<Runner, CandidateRun>();

  const runOne = async (runner: Runner): Promise<void> => {
    if (options.signal?.aborted) {
      await runner.close();
      return;
    }
    const repetitions = Math.max(1, options.repeatSeeds?.length ?? 1);
    options.onCandidate?.(runner.candidate, cases.length, { repetitions, results: outside.length + applicable.length * repetitions });
    for (const result of outside) options.onResult?.(runner.candidate, result);
    const ordered = options.durations ? longestFirst(applicable, runner.candidate.id, options.durations, options.timeoutMs) : applicable;
    const results = [...outside, ...(await collectRepeated(runner, ordered, options, pool))];
    results.sort((a, b) => (order.get(a.case) ?? 0) - (order.get(b.case) ?? 0));
    runs.set(runner, { candidate: runner.candidate, summary: summarize(results), results });
    options.onCandidateEnd?.(runner.candidate, results);
  };
  const inProcess = runners.filter((runner) => runner.inProcess === true);
  const lanes = [
    (async () => {
      for (const runner of inProcess) await runOne(runner);
    })(),
    ...runners.filter((runner) => runner.inProcess !== true).map(runOne),
  ];
  await Promise.all(lanes);

  const interrupted = options.signal?.aborted === true;
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: toolInfo(),
    seed: options.seed,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    ...(interrupted ? { interrupted: true } : {}),
    ...(options.interfaceVersion === undefined ? {} : { interface: { version: options.interfaceVersion } }),
    rules: rules.map(toRuleSummary),
    // In the order the candidates were given, whatever order they finished in.
    runs: runners.flatMap((runner) => runs.get(runner) ?? []),
  };
}

/** With `repeatSeeds`, every case once per seed, joined (results/repetitions.ts); else one `collect`. */
async function collectRepeated(runner: Runner, cases: readonly CaseMeta[], options: SuiteOptions, pool: JobPool): Promise<CaseResult[]> {
  const seeds = options.repeatSeeds ?? [];
  if (seeds.length < 2) return collect(runner, cases, options, pool);
  const repetitions: Repetition[] = [];
  try {
    for (const [index, seed] of seeds.entries()) {
      if (options.signal?.aborted) break;
      const repetition: RepetitionOf = { index: index + 1, count: seeds.length, seed };
      const onResult = options.onResult && ((candidate: CandidateInfo, result: CaseResult) => options.onResult?.(candidate, result, repetition));
      repetitions.push({ seed, results: await collect(runner, cases, { ...options, seed, ...(onResult ? { onResult } : {}) }, pool, false) });
    }
  } finally {
    await runner.close();
  }
  return mergeRepetitions(repetitions);
}

/** Everything one runner yields; never throws, and closes the runner unless told to keep it for another round. */
async function collect(runner: Runner, cases: readonly CaseMeta[], options: SuiteOptions, pool: JobPool, close = true): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const expectedMs = options.durations?.get(runner.candidate.id);
  try {
    for await (const result of runner.run(cases, {
      seed: options.seed,
      timeoutMs: options.timeoutMs,
      pool,
      jobs: pool.size,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(expectedMs ? { expectedMs } : {}),
    })) {
      results.push(result);
      options.onResult?.(runner.candidate, result);
    }
  } catch (error) {
    // A runner that breaks down must not cost the results it already produced: the cases it never reported are
    // recorded as errors naming the breakdown, and the other candidates go on.
    const reason = error instanceof Error ? error.message : String(error);
    const done = new Set(results.map((result) => result.case));
    for (const meta of cases) {
      if (done.has(meta.id) || options.signal?.aborted) continue;
      const result: CaseResult = { ...caseFields(meta), status: 'error', durationMs: 0, message: `runner failed: ${reason}` };
      results.push(result);
      options.onResult?.(runner.candidate, result);
    }
  } finally {
    if (close) await runner.close();
  }
  return results;
}
