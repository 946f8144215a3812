// One probe of `rtconf bisect`: install a release of a runtime into the cache (if it is not there yet) and run the
// selected cases inside it, as `rtconf run --candidate runtime:NAME@VERSION` would (workerd keeping the date and flags
// it was given). A release whose agent cannot start, or that cannot be installed, could not run the suite: that is
// reported as such, never as a case status.
import type { CaseMeta } from '../../conformance/case.js';
import { errorText, firstLine } from '../../io/message-text.js';
import { BARE, formatCandidateSpec, type BareSpec, type WorkerdSpec } from '../../results/candidate-spec.js';
import type { ReleasedRuntime } from '../runtimes/release-list.js';
import type { CaseResult } from '../../results/results-file.js';
import { resolveCandidate } from '../resolve-candidate.js';
import type { Runner } from '../runner.js';
import type { Probe, ProbeResult } from './bisect-releases.js';

export interface RuntimeProbeOptions {
  readonly runtime: ReleasedRuntime;
  /**
   * For workerd: the compatibility date and flags every probe runs with. Without a date each release runs at its own
   * (what a new Worker on it gets), so a change found may be the date's as much as the release's.
   */
  readonly workerd?: Pick<WorkerdSpec, 'compatibilityDate' | 'compatibilityFlags'>;
  /** For Bare: the layer every probe runs through (absent: the recorded version), so a change found is Bare's. */
  readonly bare?: Pick<BareSpec, 'layer'>;
  readonly cases: readonly CaseMeta[];
  readonly seed: number;
  readonly timeoutMs: number;
  readonly jobs: number;
  readonly signal?: AbortSignal;
  /** Turns a runtime spec into a runner (default: resolveCandidate, which downloads the release into the cache). */
  readonly resolve?: (spec: string) => Promise<Runner>;
  /** Called with every result as it arrives. */
  readonly onResult?: (version: string, result: CaseResult) => void;
}

/** Only a message's first line goes into a bisect report: enough to tell a change apart, short enough to read. */
const MESSAGE_CHARS = 300;

/**
 * A probe function for bisectReleases that runs the cases in real releases of `runtime`.
 * @returns (version) => what that release did with the cases
 * @example
 * const probe = createRuntimeProbe({ runtime: 'node', cases, seed: 1, timeoutMs: 10000, jobs: 1 });
 * await probe('19.0.0'); // { kind: 'ran', results: Map { 'https.global-agent.keeps-connection-alive' => { status: 'pass' } } }
 */
export function createRuntimeProbe(options: RuntimeProbeOptions): (version: string) => Promise<Probe> {
  const resolve = options.resolve ?? ((spec: string) => resolveCandidate(spec));
  const runOptions = { seed: options.seed, timeoutMs: options.timeoutMs, jobs: options.jobs, ...(options.signal ? { signal: options.signal } : {}) };
  /** Runs `cases`, setting each result into `results`; returns what made the runner give up, if it did. */
  const runInto = async (runner: Runner, cases: readonly CaseMeta[], results: Map<string, ProbeResult>, version: string): Promise<unknown> => {
    try {
      for await (const result of runner.run(cases, runOptions)) {
        results.set(result.case, { status: result.status, ...(result.status !== 'pass' && result.message ? { message: firstLine(result.message, MESSAGE_CHARS) } : {}) });
        options.onResult?.(version, result);
      }
      return undefined;
    } catch (error) {
      return error ?? new Error('the runner failed');
    }
  };
  return async (version) => {
    let runner: Runner;
    try {
      runner = await resolve(probedSpec(options, version));
    } catch (error) {
      return { kind: 'unusable', reason: `cannot be installed: ${firstLine(errorText(error), MESSAGE_CHARS)}` };
    }
    const results = new Map<string, ProbeResult>();
    try {
      const failure = await runInto(runner, options.cases, results, version);
      // With no result at all, the release cannot run the suite (the agent runner gives up when agents cannot start
      // twice in a row or the candidate cannot load). After some results, the rest are the runner's errors.
      if (failure !== undefined && results.size === 0) return { kind: 'unusable', reason: `the agent cannot run in it: ${startFailure(failure)}` };
      fillMissing(options.cases, results, failure);
      // The agent started, but the harness around every case failed in it (Node 15 has no global `performance`):
      // the release cannot run the suite either, and none of these errors is the runtime's status.
      const harness = harnessFailure(results);
      if (harness !== undefined) return { kind: 'unusable', reason: `the harness fails in it: ${harness}` };
      // A timeout or crash on a busy machine can be the machine's: such cases run once more, and the second run's
      // status stands (with a note saying so), so that one slow moment does not read as a change in the runtime.
      const again = options.cases.filter((meta) => SECOND_LOOK.has(results.get(meta.id)?.status ?? 'pass'));
      if (again.length > 0 && !options.signal?.aborted) {
        const first = new Map(again.map((meta) => [meta.id, results.get(meta.id)]));
        await runInto(runner, again, results, version);
        for (const meta of again) {
          const before = first.get(meta.id);
          const after = results.get(meta.id);
          if (!after || !before || after.status === before.status) continue;
          results.set(meta.id, { ...after, note: `${before.status} on a first run, ${after.status} on a second` });
        }
      }
    } finally {
      await runner.close();
    }
    return { kind: 'ran', results };
  };
}

/** The candidate one probe runs: the runtime at exactly `version` (workerd with the date and flags it was given). */
export function probedSpec(options: Pick<RuntimeProbeOptions, 'runtime' | 'workerd' | 'bare'>, version: string): string {
  if (options.runtime === BARE) return formatCandidateSpec({ kind: 'bare', range: version, ...(options.bare?.layer !== undefined ? { layer: options.bare.layer } : {}) });
  if (options.runtime !== 'workerd') return formatCandidateSpec({ kind: 'runtime', from: 'registry', runtime: options.runtime, range: version });
  const { compatibilityDate, compatibilityFlags = [] } = options.workerd ?? {};
  return formatCandidateSpec({ kind: 'workerd', range: version, ...(compatibilityDate !== undefined ? { compatibilityDate } : {}), compatibilityFlags });
}

/**
 * The first line of why an agent did not start, and the error its runtime printed, which is further down the output
 * (`… its last output: file:///…/agent.mjs:137` then, lines later, `SyntaxError: Unexpected token '.'`).
 */
function startFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const thrown = text.split('\n').find((line) => /^\s*[A-Z]\w*(Error|Exception)\b.*:/.test(line));
  const head = firstLine(errorText(error), MESSAGE_CHARS);
  return thrown && !head.includes(thrown.trim()) ? `${head} … ${firstLine(thrown.trim(), MESSAGE_CHARS)}` : head;
}

/** How the agent reports a case whose harness (not the case) threw: runners/agent/serve-agent.ts. */
const HARNESS_FAILED = 'the harness failed around the case: ';

/** When every case ended in the harness's own failure, that failure (else undefined). */
function harnessFailure(results: ReadonlyMap<string, ProbeResult>): string | undefined {
  const all = [...results.values()];
  if (all.length === 0 || !all.every((result) => result.status === 'error' && result.message?.startsWith(HARNESS_FAILED))) return undefined;
  return (all[0]?.message ?? '').slice(HARNESS_FAILED.length);
}

/** Statuses a loaded machine can cause on its own: the cases that end so get a second run. */
const SECOND_LOOK: ReadonlySet<string> = new Set(['timeout', 'crash']);

function fillMissing(cases: readonly CaseMeta[], results: Map<string, ProbeResult>, failure: unknown): void {
  if (failure === undefined) return;
  for (const meta of cases) {
    if (!results.has(meta.id)) results.set(meta.id, { status: 'error', message: `runner failed: ${firstLine(errorText(failure), MESSAGE_CHARS)}` });
  }
}

