// `run`: the suite against candidates, as `rtconf run` runs it, in memory: the results object, nothing written. The
// runners (agents, browsers, runtime downloads) are loaded when a run starts, so importing the library stays cheap.
import { rules as catalogue } from '../spec/index.js';
import type { CaseMeta } from '../conformance/case.js';
import { gateSources, type ExpectationsInput } from '../results/expectation-marks.js';
import { checkSourcesMatch } from '../results/regression-gate.js';
import { runEnvironment } from '../results/environment.js';
import { parseInterfaceVersion } from '../results/interface-version.js';
import type { CandidateInfo, CaseResult, ResultsFile } from '../results/results-file.js';
import type { RepetitionOf } from '../runners/run-suite.js';
import { DEFAULT_TIMEOUT_MS, type Runner } from '../runners/runner.js';
import { randomSeed } from '../runners/seed.js';
import { selectCases, type Selection } from './select-cases.js';

/** The candidates `run` certifies when none are named: the reference and the running Node's own builtins. */
export const DEFAULT_CANDIDATES: readonly string[] = ['reference', 'host'];

export interface RunOptions extends Selection {
  /**
   * Candidate specs as `rtconf run --candidate` takes them: `reference`, `host`, a path to an adapter module
   * (`./adapter.mjs`), `npm:PACKAGE[=MODULE]`, `runtime:node@22`, `runtime:/path/to/binary`, `runtime:workerd@1`,
   * `runtime:bare@1`, `chromium:./adapter.mjs` (default: `DEFAULT_CANDIDATES`).
   */
  readonly candidates?: readonly string[];
  /** The run seed, 0 to 2^32 − 1; each case derives its own from it and its id (default: a random one, recorded). */
  readonly seed?: number;
  /** The time limit of a case that sets none, in ms, 1 to 3600000 (default: 10000). */
  readonly timeoutMs?: number;
  /** Agent processes shared by the out-of-process candidates, 1 to 256 (default: twice the number of CPU cores). */
  readonly jobs?: number;
  /** Run every case this many times, 1 to 1000: a case whose runs end differently is `flaky` (default: 1). */
  readonly repeat?: number;
  /** With `repeat`: `same` runs every repetition with the run seed, `fresh` draws a new seed for each after the first
   *  (default: `same` when `seed` is given, else `fresh`). */
  readonly repeatSeeds?: 'same' | 'fresh';
  /** Certify against the interface as of this runtime release (`v18.0.0`): later rules' cases are `na`. */
  readonly interface?: string;
  /**
   * The expectations files the run will be judged by (`judge`): one that names none of the run's candidates is refused
   * before any case runs, since a gate that judges nothing would let every failure through as expected.
   */
  readonly expectations?: readonly ExpectationsInput[];
  /** Where adapter paths and npm packages are resolved from (default: the working directory). */
  readonly cwd?: string;
  /** What results.json records as the command line that made the run (default: none, an empty list). */
  readonly commandLine?: readonly string[];
  /**
   * Stops the run: the case in flight ends as soon as it can, no other starts, and the results so far come back with
   * `interrupted: true`. Aborted before any case started (while candidates were being resolved), the run rejects
   * with the signal's reason instead.
   */
  readonly signal?: AbortSignal;
  /**
   * Called once every candidate is resolved and checked, before the first case. A throw stops the run before anything
   * runs (the candidates are released) and `run` rejects with it.
   */
  readonly onStart?: (start: RunStart) => void;
  /** Called when a candidate starts, with how many cases and (with `repeat`) results in all to expect. */
  readonly onCandidate?: (candidate: CandidateInfo, caseCount: number, plan: { readonly repetitions: number; readonly results: number }) => void;
  /** Called with each result as it arrives; results of several candidates interleave. */
  readonly onResult?: (candidate: CandidateInfo, result: CaseResult, repetition?: RepetitionOf) => void;
  /**
   * Order each candidate's cases longest first by what they took in earlier runs, and record this run's durations for
   * the next (`$RTCONF_CACHE/case-durations.json`), and start only as many agents as those durations are worth: only
   * the order of cases and the number of agents depend on it, never a result, and it shortens a run on few cores
   * (default: true).
   */
  readonly caseHistory?: boolean;
}

/** What a run is about to do, as `onStart` hears it. */
export interface RunStart {
  readonly candidates: readonly CandidateInfo[];
  /** The cases to run (after the shard). */
  readonly cases: readonly CaseMeta[];
  /** How many cases the selection held before the shard. */
  readonly selected: number;
  readonly seed: number;
  /** The seed of each repetition (one entry without `repeat`). */
  readonly repeatSeeds: readonly number[];
  /** The interface version certified against, normalized (`v18.0.0`); absent: the whole interface. */
  readonly interface?: string;
}

/** Options `run` cannot use (a number out of range, a selection that matches no case): bad usage, exit 2 for the CLI. */
export class RunOptionsError extends Error {
  override readonly name = 'RunOptionsError';
  readonly code = 'ERR_RTCONF_USAGE';
}

/**
 * Runs the selected cases against each candidate, as `rtconf run` does, and returns the results file it would write.
 * @param options the candidates, the selection, the seed and limits, hooks to follow the run
 * @returns the results (`ResultsFile`, the shape results.json has), with the run's environment
 * @throws RunOptionsError for unusable options or a selection with no case; CandidateError for a candidate spec that is
 *   malformed or cannot be used (a broken adapter, a package not installed), or two candidates with one id;
 *   ExpectationsError for `expectations` naming none of the candidates; whatever `onStart` throws; the signal's reason
 *   when aborted before any case started
 * @example
 * const results = await run({ candidates: ['./my-adapter.mjs'], modules: ['querystring'], seed: 1 });
 * results.runs[0]?.summary; // { total: 91, pass: 88, fail: 3, … }
 */
export async function run(options: RunOptions = {}): Promise<ResultsFile> {
  const selected = selectCases({ ...options, shard: undefined }).length;
  if (selected === 0) throw new RunOptionsError('no case matches the selection');
  // A shard may hold none of the cases (more shards than cases): it runs nothing, as a CI matrix job must be able to.
  const cases = selectCases(options);
  const seed = integer('seed', options.seed, 0, 0xffffffff) ?? randomSeed();
  const timeoutMs = integer('timeoutMs', options.timeoutMs, 1, 3_600_000) ?? DEFAULT_TIMEOUT_MS;
  const jobs = integer('jobs', options.jobs, 1, 256);
  const repeat = integer('repeat', options.repeat, 1, 1000) ?? 1;
  const sameSeed = (options.repeatSeeds ?? (options.seed === undefined ? 'fresh' : 'same')) === 'same';
  const repeatSeeds = Array.from({ length: repeat }, (_, index) => (index === 0 || sameSeed ? seed : randomSeed()));
  const interfaceVersion = options.interface === undefined ? undefined : parseInterfaceVersion(options.interface);
  const modules = new Set(cases.map((meta) => meta.module));
  const rules = catalogue.filter((rule) => modules.has(rule.module));

  const [{ resolveCandidate }, { checkDistinctCandidates, runSuite }, history] = await Promise.all([
    import('../runners/resolve-candidate.js'),
    import('../runners/run-suite.js'),
    import('../runners/case-durations.js'),
  ]);
  const caseHistory = options.caseHistory ?? true;
  const runners: Runner[] = [];
  try {
    // Every candidate is resolved before anything runs, so a broken adapter is reported at once, not after minutes.
    for (const spec of options.candidates ?? DEFAULT_CANDIDATES) runners.push(await resolveCandidate(spec, options.cwd === undefined ? {} : { cwd: options.cwd }));
    checkDistinctCandidates(runners.map((runner) => runner.candidate));
    checkSourcesMatch(gateSources(options.expectations), runners.map((runner) => runner.candidate.id));
    options.signal?.throwIfAborted();
    options.onStart?.({
      candidates: runners.map((runner) => runner.candidate),
      cases,
      selected,
      seed,
      repeatSeeds,
      ...(interfaceVersion ? { interface: interfaceVersion } : {}),
    });
  } catch (error) {
    await Promise.all(runners.map((runner) => runner.close()));
    throw error;
  }
  const results = await runSuite(runners, cases, rules, {
    seed,
    timeoutMs,
    ...(jobs ? { jobs } : {}),
    ...(interfaceVersion ? { interfaceVersion } : {}),
    ...(repeatSeeds.length > 1 ? { repeatSeeds } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onCandidate ? { onCandidate: options.onCandidate } : {}),
    ...(options.onResult ? { onResult: options.onResult } : {}),
    ...(caseHistory ? { durations: await history.readCaseDurations() } : {}),
  });
  if (caseHistory) await history.recordCaseDurations(results.runs);
  // The environment goes after the run's own facts and before the rules and runs, where results.json has it.
  const { rules: ran, runs, ...head } = results;
  return { ...head, environment: runEnvironment(options.commandLine ?? []), rules: ran, runs };
}

/** An optional integer option within bounds. */
function integer(name: string, value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) throw new RunOptionsError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return value;
}
