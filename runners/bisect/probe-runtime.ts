// One probe of `rtconf bisect`: install a release of a runtime into the cache (if it is not there yet) and run the
// selected cases inside it, as `rtconf run --candidate runtime:NAME@VERSION` would. A release whose agent cannot
// start, or that cannot be installed, could not run the suite: that is reported as such, never as a case status.
import type { CaseMeta } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';
import { resolveRuntimeCandidate } from '../resolve-agent-candidate.js';
import type { Runner } from '../runner.js';
import type { RuntimeName } from '../runtimes/runtime-profile.js';
import type { Probe, ProbeResult } from './bisect-releases.js';

export interface RuntimeProbeOptions {
  readonly runtime: RuntimeName;
  readonly cases: readonly CaseMeta[];
  readonly seed: number;
  readonly timeoutMs: number;
  readonly jobs: number;
  readonly signal?: AbortSignal;
  /** Turns a runtime spec into a runner (default: resolveRuntimeCandidate, which downloads into the cache). */
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
  const resolve = options.resolve ?? resolveRuntimeCandidate;
  return async (version) => {
    let runner: Runner;
    try {
      runner = await resolve(`runtime:${options.runtime}@${version}`);
    } catch (error) {
      return { kind: 'unusable', reason: `cannot be installed: ${firstLine(error)}` };
    }
    const results = new Map<string, ProbeResult>();
    try {
      const run = runner.run(options.cases, { seed: options.seed, timeoutMs: options.timeoutMs, jobs: options.jobs, ...(options.signal ? { signal: options.signal } : {}) });
      for await (const result of run) {
        results.set(result.case, { status: result.status, ...(result.status !== 'pass' && result.message ? { message: firstLine(result.message) } : {}) });
        options.onResult?.(version, result);
      }
    } catch (error) {
      // The agent runner gives up when agents cannot start (twice in a row) or the candidate cannot load: with no
      // result at all, the release cannot run the suite. After some results, the rest are the runner's errors.
      if (results.size === 0) return { kind: 'unusable', reason: `the agent cannot run in it: ${startFailure(error)}` };
      for (const meta of options.cases) {
        if (!results.has(meta.id)) results.set(meta.id, { status: 'error', message: `runner failed: ${firstLine(error)}` });
      }
    } finally {
      await runner.close();
    }
    return { kind: 'ran', results };
  };
}

/**
 * The first line of why an agent did not start, and the error its runtime printed, which is further down the output
 * (`… its last output: file:///…/agent.mjs:137` then, lines later, `SyntaxError: Unexpected token '.'`).
 */
function startFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const thrown = text.split('\n').find((line) => /^\s*[A-Z]\w*(Error|Exception)\b.*:/.test(line));
  const head = firstLine(error);
  return thrown && !head.includes(thrown.trim()) ? `${head} … ${firstLine(thrown.trim())}` : head;
}

function firstLine(value: unknown): string {
  const text = value instanceof Error ? value.message : String(value);
  const line = text.split('\n').find((part) => part.trim() !== '') ?? text;
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}
