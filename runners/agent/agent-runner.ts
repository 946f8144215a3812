// The agent runner: executes cases out of process, in agents on the candidate's host (agent-host.ts: a process of the
// candidate runtime or, for adapters and npm packages, of our own Node). Each case holds one slot of the run's job pool
// while it runs, so every out-of-process candidate of a run shares `--jobs`. A hung case becomes `timeout` and a dead
// agent `crash`; either way the agent is killed with everything it started and a fresh one takes the next case.
import { dirname } from 'node:path';
import type { CaseMeta } from '../../conformance/case.js';
import { fixturePath } from '../../conformance/fixture-path.js';
import { caseFields, type CandidateInfo, type CaseResult } from '../../results/results-file.js';
import { Agent, AgentStartError, type CaseLimits, type CaseOutcome } from './agent.js';
import type { AgentHostFactory } from './agent-host.js';
import type { AgentSupply } from './agent-stock.js';
import { isFailing } from '../../results/status.js';
import type { CandidateLoad } from './protocol.js';
import { HangStreaks } from '../hang-streaks.js';
import { agentsNeeded } from './agents-needed.js';
import { createJobPool, defaultJobs } from '../job-pool.js';
import { createRunFixtures, type RunFixtures } from '../fixtures/run-fixtures.js';
import type { RunOptions, Runner } from '../runner.js';

export interface AgentRunnerOptions {
  readonly candidate: CandidateInfo;
  /** Where each agent runs: `processHosts(launch)` for a process agent (process-host.ts). */
  readonly host: AgentHostFactory;
  readonly load: CandidateLoad;
  /**
   * Where the agent finds the fixtures its cases start (default: conformance/fixtures/): Bare's agent gets copies that
   * load the compatibility layer first (build-bare-agent.ts).
   */
  readonly fixturesDir?: string;
  /** How long an agent may take to start and load the candidate. */
  readonly startTimeoutMs?: number;
  /** Time a case that is still alive gets beyond its own limit to report (cleanups), before it is killed (default 8000 ms). */
  readonly deadlineSlackMs?: number;
  /**
   * Past a case's limit, the silence that makes its agent stuck; default: half the case's limit, at least 1500 ms.
   * An agent that does not acknowledge a case within 1500 ms (or this, when smaller) is unresponsive.
   */
  readonly silenceMs?: number;
  /** Extra ESM case modules the agents load (the harness's own tests use it). */
  readonly caseModules?: readonly string[];
  /**
   * Fixtures shared with other runners (rtconf mutate runs one runner per mutant and mints certificates once); the
   * caller closes them. Absent: the runner makes its own and closes them in `close()`.
   */
  readonly fixtures?: RunFixtures;
  /**
   * Where agents come from and go back to (agent-stock.ts): an agent another runner used, told to load this
   * candidate, instead of a fresh one; and one that ends this runner's work healthy is given back, not stopped.
   */
  readonly agents?: AgentSupply;
  /**
   * End the run at the first failing result (rtconf mutate: one is enough to kill a mutant): no case starts after
   * it, the cases other agents are running are stopped with their agents, and the agent that failed it is kept.
   */
  readonly stopAtFirstFailure?: boolean;
}

/**
 * Beyond its own time limit a case that still shows signs of life gets this long to run its cleanups (executeCase
 * allows 5 s) and report. One that has fallen silent (a synchronous endless loop never reports) is ended sooner.
 */
const DEADLINE_SLACK_MS = 8000;
/**
 * The agent sends a heartbeat every 200 ms while a case runs. Past the case's limit, silence for half that limit (at
 * least this), with the agent busy on the CPU all that while (Linux), means it is stuck in a loop that never yields.
 * Legitimate synchronous work can be long too (fast-check builds a table of every grapheme the first time a process
 * shrinks or unmaps one: seconds of CPU), and a busy machine stretches it further in wall-clock time, so a case is
 * only cut short when it has used more CPU than its limit and the silence together.
 */
const MIN_SILENCE_MS = 1500;
/** An idle agent acknowledges a case within milliseconds; one that has not after this is hung. */
const ACK_MS = 1500;
/** An agent that fails to start this many times in a row means the runtime cannot run the suite at all. */
const MAX_FAILED_STARTS = 2;
/** A case whose agent does not acknowledge it is given to a fresh agent this many times before it is a timeout. */
const MAX_UNACKNOWLEDGED = 2;

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

/** "Promise.prototype.then, JSON.stringify and Array.prototype.push" */
function listOf(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function outcomeToResult(meta: CaseMeta, outcome: CaseOutcome): CaseResult {
  const base = caseFields(meta);
  switch (outcome.kind) {
    case 'result':
      // The metadata comes from our side, not from the agent's line: the candidate is untrusted.
      return { ...outcome.result, ...base };
    case 'timeout':
      return {
        ...base,
        status: 'timeout',
        durationMs: outcome.afterMs,
        message: outcome.stuck
          ? `no result within ${outcome.afterMs} ms: past its time limit the agent stopped responding (a loop that never yields); the agent was killed`
          : `no result within ${outcome.afterMs} ms (the case's limit plus cleanup time); the agent was killed`,
      };
    case 'unresponsive':
      return { ...base, status: 'timeout', durationMs: 0, message: `the agent stopped responding before the case could start, ${MAX_UNACKNOWLEDGED} times; the agent was killed` };
    case 'crash':
      return { ...base, status: 'crash', durationMs: 0, message: outcome.detail.slice(0, 4000) };
    case 'malformed':
      return { ...base, status: 'error', durationMs: 0, message: `the agent's result channel carried ${outcome.detail}; the agent was replaced` };
  }
}

export function createAgentRunner(options: AgentRunnerOptions): Runner {
  const agents = new Set<Agent>();
  let fixtures: RunFixtures | undefined;

  return {
    candidate: options.candidate,
    async *run(cases: readonly CaseMeta[], runOptions: RunOptions): AsyncIterable<CaseResult> {
      if (cases.length === 0) return;
      const runFixtures = options.fixtures ?? (fixtures ??= createRunFixtures());
      const init = {
        candidate: options.candidate,
        load: options.load,
        fixturesDir: options.fixturesDir ?? dirname(fixturePath('x')),
        runSeed: runOptions.seed,
        timeoutMs: runOptions.timeoutMs,
        ...(options.caseModules ? { caseModules: options.caseModules } : {}),
      };
      const fresh = async (): Promise<Agent> =>
        Agent.start({
          host: await options.host({ certificates: () => runFixtures.certificates(), ...(options.caseModules ? { caseModules: options.caseModules } : {}) }),
          init,
          certificates: () => runFixtures.certificates(),
          ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
        });
      const start = async (): Promise<Agent> => {
        const agent = options.agents ? await options.agents.take(init, fresh) : await fresh();
        agents.add(agent);
        return agent;
      };
      /** Agents running a case now: stopped when the run halts at a failure. */
      const busy = new Set<Agent>();
      let halted = false;
      const retire = async (agent: Agent): Promise<void> => {
        await agent.kill();
        agents.delete(agent);
      };
      const limitsOf = (meta: CaseMeta): CaseLimits => ({
        limitMs: meta.timeoutMs ?? runOptions.timeoutMs,
        slackMs: options.deadlineSlackMs ?? DEADLINE_SLACK_MS,
        silenceMs: options.silenceMs ?? Math.max(MIN_SILENCE_MS, (meta.timeoutMs ?? runOptions.timeoutMs) / 2),
        ackMs: Math.min(ACK_MS, options.silenceMs ?? ACK_MS),
      });

      const pool = runOptions.pool ?? createJobPool(Math.max(1, runOptions.jobs ?? defaultJobs()));
      const queue = [...cases];
      // The run's certificates are minted once, in this process (seconds of CPU on a busy machine). An https case that
      // asked for them first would wait for the minting inside its own time limit, and with several agents at once
      // several would: so minting starts now, and until it is done the workers take the other cases.
      let minting: Promise<unknown> | undefined = cases.some((meta) => meta.module === 'https')
        ? runFixtures.certificates().then(
            () => (minting = undefined),
            () => (minting = undefined),
          )
        : undefined;
      /** The next case to run: the first in order, or while certificates are being minted the first not of https. */
      const next = async (): Promise<CaseMeta | undefined> => {
        if (minting) {
          const index = queue.findIndex((meta) => meta.module !== 'https');
          if (index >= 0) return queue.splice(index, 1)[0];
          await minting;
        }
        return queue.shift();
      };
      const results = new ResultQueue();
      const streaks = new HangStreaks();
      const unacknowledged = new Map<string, number>();
      const signal = runOptions.signal;
      let fatal: Error | undefined;
      /** Set when loading the candidate broke what every case relies on: the reason every case ends with. */
      let broken: string | undefined;
      const stopped = (): boolean => signal?.aborted === true || fatal !== undefined || halted;
      const onAbort = (): void => {
        for (const agent of agents) agent.killNow();
        results.poke();
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      /** Ends the cases that need not run: all of them once the candidate is broken, else those of hung functions. */
      const endEarly = (meta: CaseMeta): CaseResult | undefined =>
        broken !== undefined
          ? { ...caseFields(meta), status: 'error', durationMs: 0, message: broken }
          : streaks.endEarly(meta);

      const worker = async (): Promise<void> => {
        let agent: Agent | undefined;
        /** The results of the cases `agent` ran, for the supply to judge whether it can be used again. */
        let ran: CaseResult[] = [];
        let failedStarts = 0;
        try {
          while (!stopped()) {
            const meta = await next();
            if (!meta) return;
            const early = endEarly(meta);
            if (early) {
              results.push(early);
              continue;
            }
            const release = await pool.acquire();
            let retireAfter: Agent | undefined;
            try {
              if (stopped()) return;
              // The function may have been found hung while this worker waited for its slot.
              const late = endEarly(meta);
              if (late) {
                results.push(late);
                continue;
              }
              if (!agent) {
                try {
                  agent = await start();
                  ran = [];
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
                // Interrupted (or halted) while this agent was starting: it never gets a case, and goes where an
                // agent goes when the worker ends (stopped, or back to the supply when only halted).
                if (stopped()) return;
                const damaged = agent.ready?.broken;
                if (damaged && damaged.length > 0) {
                  broken ??= `the candidate replaced ${listOf(damaged)} at load, and ${damaged.length > 1 ? 'they no longer work' : 'it no longer works'}; no case can run reliably`;
                  retireAfter = agent;
                  agent = undefined;
                  queue.unshift(meta);
                  continue;
                }
              }
              busy.add(agent);
              const outcome = await agent.runCase(meta.id, limitsOf(meta)).finally(() => agent && busy.delete(agent));
              if (signal?.aborted || halted) return;
              if (outcome.kind === 'unresponsive') {
                // Hung before this case began (by something an earlier case left running): not this case's doing.
                const times = (unacknowledged.get(meta.id) ?? 0) + 1;
                unacknowledged.set(meta.id, times);
                retireAfter = agent;
                agent = undefined;
                if (times < MAX_UNACKNOWLEDGED) {
                  queue.unshift(meta);
                  continue;
                }
              }
              const result = outcomeToResult(meta, outcome);
              streaks.record(result);
              results.push(result);
              ran.push(result);
              if (options.stopAtFirstFailure && isFailing(result.status)) {
                halted = true;
                for (const other of busy) other.killNow();
              }
              if (outcome.kind !== 'result' || outcome.recycle !== undefined || !agent?.alive) {
                retireAfter = agent;
                agent = undefined;
              }
            } finally {
              // The slot is free as soon as the verdict is in; reaping a killed agent takes no job's time.
              release();
              if (retireAfter) await retire(retireAfter);
            }
          }
        } finally {
          if (agent && options.agents && !signal?.aborted) {
            // Handed back at once (no await before it), so the run's own stop-everything below cannot reach it.
            agents.delete(agent);
            options.agents.give(agent, ran);
          } else if (agent) await retire(agent);
        }
      };

      const jobs = agentsNeeded(cases, pool.size, runOptions.expectedMs);
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
