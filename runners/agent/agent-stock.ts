// Agents kept between runners, as Stryker keeps a test runner between mutants: a runner done with a healthy agent gives
// it back, and the next runner's candidate is loaded into it (`load`, protocol.ts) instead of starting a process.
// rtconf mutate runs one runner per mutant: starting an agent (a Node process loading the agent bundle and the oracle,
// about 0.3 s of CPU) cost as much as the cases of a mutant killed by its first case.
import type { CaseResult } from '../../results/results-file.js';
import { Agent, AgentUnfitError, type Init } from './agent.js';

/** Where an agent runner takes its agents from and gives them back to (agent-runner.ts, `agents`). */
export interface AgentSupply {
  /** An agent with `init`'s candidate loaded: an idle one told to load it, else a fresh one from `start`. */
  take(init: Init, start: () => Promise<Agent>): Promise<Agent>;
  /**
   * Hands back an agent the runner no longer uses, with the results its cases gave since it was taken; the stock
   * keeps it for the next candidate or stops it. Synchronous: the runner's own stop-everything must not find it.
   */
  give(agent: Agent, results: readonly CaseResult[]): void;
}

export interface AgentStockOptions {
  /** Idle agents kept at most; more are stopped (default 4). */
  readonly maxIdle?: number;
  /**
   * Candidates one agent loads at most before it is replaced (default 25). Every candidate's modules stay in the
   * agent's module cache (a candidate's URL is never loaded twice), so memory grows with each: this bounds it.
   */
  readonly maxLoads?: number;
}

/** What the stock did, for the run's `phases`. */
export interface StockCounts {
  /** Agents started (fresh processes). */
  started: number;
  /** Candidates loaded into an agent that had run another's cases. */
  reused: number;
  /** Reused agents that refused a load: something an earlier candidate left (serve-agent.ts, `unfitness`). */
  unfit: number;
  /** Agents stopped when given back, by the policy below (not those already dead or refusing). */
  retired: number;
  /** Time spent stopping and reaping agents given back, in ms. */
  stopMs: number;
}

interface Held {
  loads: number;
  readonly loaded: Set<string>;
}

/**
 * An agent goes back into the stock only when every case it ran since it was taken ended `pass` or `fail` (or was not
 * applicable) with no error nobody caught: a `fail` is the candidate's answer, and its case's cleanups ran. One that
 * errored (the harness failed around the case, or a stray of ours), crashed or timed out (that agent is dead already),
 * or whose candidate left a stray error (its asynchronous code was still running after the case) is stopped: it could
 * be in a state no fresh agent is in. What a case leaves that no result shows (a socket, a child, a listener, the
 * environment) the agent itself checks before it loads the next candidate, and refuses (`unfit`).
 */
function fitToKeep(results: readonly CaseResult[]): boolean {
  return results.every((result) => (result.status === 'pass' || result.status === 'fail' || result.status === 'skip' || result.status === 'na') && result.strays === undefined);
}

const keyOf = (init: Init): string => JSON.stringify(init.load);

export class AgentStock implements AgentSupply {
  readonly counts: StockCounts = { started: 0, reused: 0, unfit: 0, retired: 0, stopMs: 0 };
  private readonly idle: Agent[] = [];
  private readonly held = new WeakMap<Agent, Held>();
  private readonly stopping = new Set<Promise<void>>();
  private readonly maxIdle: number;
  private readonly maxLoads: number;
  private closed = false;

  constructor(options: AgentStockOptions = {}) {
    this.maxIdle = options.maxIdle ?? 4;
    this.maxLoads = options.maxLoads ?? 25;
  }

  async take(init: Init, start: () => Promise<Agent>): Promise<Agent> {
    const key = keyOf(init);
    // The most recently used first; one that has loaded this very candidate is skipped: its modules would be the
    // cached ones, with the state the earlier cases left in them, not fresh as in a new agent.
    for (let index = this.idle.length - 1; index >= 0; index--) {
      const agent = this.idle[index] as Agent;
      const held = this.held.get(agent);
      if (!held || held.loaded.has(key)) continue;
      this.idle.splice(index, 1);
      if (!agent.alive) {
        this.stop(agent);
        continue;
      }
      try {
        await agent.load(init.candidate, init.load);
      } catch (error) {
        this.stop(agent);
        if (error instanceof AgentUnfitError) {
          this.counts.unfit++;
          continue;
        }
        // The candidate failed to load, or did not get ready in time: as a fresh agent would have said.
        throw error;
      }
      held.loads++;
      held.loaded.add(key);
      this.counts.reused++;
      return agent;
    }
    const agent = await start();
    this.counts.started++;
    this.held.set(agent, { loads: 1, loaded: new Set([key]) });
    return agent;
  }

  give(agent: Agent, results: readonly CaseResult[]): void {
    const held = this.held.get(agent);
    const keep = !this.closed && agent.alive && held !== undefined && held.loads < this.maxLoads && this.idle.length < this.maxIdle && fitToKeep(results);
    if (keep) {
      this.idle.push(agent);
      return;
    }
    if (agent.alive) this.counts.retired++;
    this.stop(agent);
  }

  /** Stops every idle agent and waits until each agent the stock stopped is reaped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const agent of this.idle.splice(0)) this.stop(agent);
    await Promise.all([...this.stopping]);
  }

  private stop(agent: Agent): void {
    const started = performance.now();
    const stopping: Promise<void> = agent
      .kill()
      .catch(() => undefined)
      .finally(() => {
        this.counts.stopMs += performance.now() - started;
        this.stopping.delete(stopping);
      });
    this.stopping.add(stopping);
  }
}
