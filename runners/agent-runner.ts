// The agent runner: executes cases out of process, in agents started from the candidate runtime (or, for adapters
// and npm packages, from our own Node), `jobs` agents at a time. A hung case becomes `timeout` and a dead agent
// `crash`; either way the agent is killed with everything it started and a fresh one takes the next case.
import { availableParallelism, cpus } from 'node:os';
import type { CaseMeta } from '../conformance/case.js';
import { fixturePath } from '../conformance/fixture-path.js';
import { dirname } from 'node:path';
import type { CandidateInfo, CaseResult } from '../reports/results.js';
import { buildAgent } from './agent/build-agent.js';
import { AgentProcess, AgentStartError, type AgentLaunch, type CaseOutcome } from './agent/agent-process.js';
import type { CandidateLoad } from './agent/protocol.js';
import { createRunFixtures, type RunFixtures } from './run-fixtures.js';
import type { RunOptions, Runner } from './runner.js';

export interface AgentRunnerOptions {
  readonly candidate: CandidateInfo;
  readonly launch: AgentLaunch;
  readonly load: CandidateLoad;
  /** Builds the command that replays one case; absent → results carry no `replay`. */
  readonly replayCommand?: (caseId: string) => string;
  /** How long an agent may take to start and load the candidate. */
  readonly startTimeoutMs?: number;
  /** Time a case gets beyond its own limit before the agent is declared stuck and killed (default 8000 ms). */
  readonly deadlineSlackMs?: number;
  /** Extra ESM case modules the agents load (the harness's own tests use it). */
  readonly caseModules?: readonly string[];
}

/**
 * Beyond its own time limit a case gets this long to run its cleanups (executeCase allows 5 s) and report, before
 * the harness decides the agent is stuck — a synchronous endless loop never reports at all.
 */
const DEADLINE_SLACK_MS = 8000;
/** An agent that fails to start this many times in a row means the runtime cannot run the suite at all. */
const MAX_FAILED_STARTS = 2;

export function defaultJobs(): number {
  return typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
}

/** A queue the workers push results into and the runner's iterator drains. */
class ResultQueue {
  private readonly items: CaseResult[] = [];
  private wake?: () => void;
  push(result: CaseResult): void {
    this.items.push(result);
    this.wake?.();
  }
  take(): CaseResult | undefined {
    return this.items.shift();
  }
  next(): Promise<void> {
    return this.items.length > 0 ? Promise.resolve() : new Promise((resolve) => (this.wake = resolve));
  }
  poke(): void {
    this.wake?.();
  }
}

export function createAgentRunner(options: AgentRunnerOptions): Runner {
  const agents = new Set<AgentProcess>();
  let fixtures: RunFixtures | undefined;

  const outcomeToResult = (meta: CaseMeta, outcome: CaseOutcome): CaseResult => {
    const base = { case: meta.id, module: meta.module, rules: meta.rules };
    const replay = options.replayCommand ? { replay: options.replayCommand(meta.id) } : {};
    switch (outcome.kind) {
      case 'result': {
        // Metadata and the replay command come from our side, not from the agent's line (the candidate is untrusted,
        // and quoting the command is the harness's job).
        const { replay: _fromAgent, ...reported } = outcome.result;
        return { ...reported, ...base, ...(reported.status !== 'pass' ? replay : {}) };
      }
      case 'timeout':
        return { ...base, status: 'timeout', durationMs: outcome.afterMs, message: `no result within ${outcome.afterMs} ms (the case's limit plus cleanup time); the agent was killed`, ...replay };
      case 'crash':
        return { ...base, status: 'crash', durationMs: 0, message: outcome.detail.slice(0, 4000), ...replay };
      case 'malformed':
        return { ...base, status: 'error', durationMs: 0, message: `the agent's result channel carried ${outcome.detail}; the agent was replaced`, ...replay };
    }
  };

  return {
    candidate: options.candidate,
    async *run(cases: readonly CaseMeta[], runOptions: RunOptions): AsyncIterable<CaseResult> {
      if (cases.length === 0) return;
      const bundle = await buildAgent();
      const runFixtures = (fixtures ??= createRunFixtures());
      const init = {
        candidate: options.candidate,
        load: options.load,
        fixturesDir: dirname(fixturePath('x')),
        runSeed: runOptions.seed,
        timeoutMs: runOptions.timeoutMs,
        ...(options.caseModules ? { caseModules: options.caseModules } : {}),
      };
      const start = (): Promise<AgentProcess> =>
        AgentProcess.start({
          launch: options.launch,
          script: bundle.file,
          init,
          certificates: () => runFixtures.certificates(),
          ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
        });

      const queue = [...cases];
      const results = new ResultQueue();
      const signal = runOptions.signal;
      let fatal: Error | undefined;
      const stopped = (): boolean => signal?.aborted === true || fatal !== undefined;
      const onAbort = (): void => {
        for (const agent of agents) agent.killNow();
        results.poke();
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      const worker = async (): Promise<void> => {
        let agent: AgentProcess | undefined;
        let failedStarts = 0;
        try {
          while (!stopped()) {
            const meta = queue.shift();
            if (!meta) return;
            if (!agent) {
              try {
                agent = await start();
                agents.add(agent);
                failedStarts = 0;
              } catch (error) {
                failedStarts++;
                if ((error instanceof AgentStartError && error.fatal) || failedStarts >= MAX_FAILED_STARTS) {
                  fatal ??= error instanceof Error ? error : new Error(String(error));
                  return;
                }
                queue.unshift(meta);
                continue;
              }
            }
            const deadline = (meta.timeoutMs ?? runOptions.timeoutMs) + (options.deadlineSlackMs ?? DEADLINE_SLACK_MS);
            const outcome = await agent.runCase(meta.id, deadline);
            if (signal?.aborted) return;
            results.push(outcomeToResult(meta, outcome));
            if (outcome.kind !== 'result' || outcome.recycle !== undefined || !agent.alive) {
              await agent.kill();
              agents.delete(agent);
              agent = undefined;
            }
          }
        } finally {
          if (agent) {
            await agent.kill();
            agents.delete(agent);
          }
        }
      };

      const jobs = Math.max(1, Math.min(runOptions.jobs ?? defaultJobs(), cases.length));
      let running = jobs;
      const workers = Array.from({ length: jobs }, () =>
        worker()
          .catch((error: unknown) => {
            fatal ??= error instanceof Error ? error : new Error(String(error));
          })
          .finally(() => {
            running--;
            results.poke();
          }),
      );
      try {
        for (;;) {
          const result = results.take();
          if (result) {
            yield result;
            continue;
          }
          if (running === 0 || signal?.aborted) break;
          await results.next();
        }
        if (fatal && !signal?.aborted) throw fatal;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        for (const agent of agents) agent.killNow();
        await Promise.allSettled(workers);
      }
    },
    async close() {
      await Promise.all([...agents].map((agent) => agent.kill()));
      agents.clear();
      const held = fixtures;
      fixtures = undefined;
      await held?.close();
    },
  };
}
