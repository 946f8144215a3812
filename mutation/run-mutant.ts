// One mutant, out of process: built with its edit, run in an agent of our own Node against the cases its plan lists,
// stopping at the first case that notices; a timeout counts only once the same case has passed under that limit
// against the unmutated reference in a fresh agent (a loaded machine must not pass for a hang).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseMeta } from '../conformance/case.js';
import type { CaseResult } from '../results/results-file.js';
import type { MutantRecord } from '../results/mutation-file.js';
import { createAgentRunner } from '../runners/agent/agent-runner.js';
import type { AgentStock } from '../runners/agent/agent-stock.js';
import { processHosts, type AgentLaunch } from '../runners/agent/process-host.js';
import type { RunFixtures } from '../runners/fixtures/run-fixtures.js';
import { PROFILES } from '../runners/runtimes/runtime-profile.js';
import { isFailing } from '../results/status.js';
import { errorText, firstLine } from '../io/message-text.js';
import { buildCandidate } from './build-candidate.js';
import { CASE_RUNTIME_ARGUMENTS } from './coverage-map.js';
import { applyMutant } from './generate-mutants.js';
import type { MutantPlan } from './mutant-plan.js';
import { mutantRecord } from './mutant-record.js';
import { SPLIT_MS, tailAgents } from './tail-agents.js';
import type { ReferenceSources } from './reference-sources.js';

/** What every mutant of one run shares. */
export interface RunContext {
  readonly workDir: string;
  readonly fixtures: RunFixtures;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Limits learnt during the run: cases whose timeouts were confirmed, and raised limits. */
  readonly limits: { readonly verified: Set<string>; readonly raised: Map<string, number> };
  /**
   * The agents mutants run in, kept from mutant to mutant (runners/agent/agent-stock.ts): a mutant is loaded into an
   * agent an earlier one left healthy, and a fresh one starts only when none is (see `fitToKeep` there, and the
   * agent's own check before it loads, runners/agent/agent-fitness.ts). Timeout checks never take from it.
   */
  readonly stock: AgentStock;
  /**
   * Agents the long plans' tails may start beyond one each, shared by all the jobs (taken when a tail starts, given
   * back when it ends): six jobs each splitting into four put 24 agents on two cores, and a case that spawns children
   * one after another (the argument properties) then ran past ten times its dry-run time in a mutant that left it
   * alone, a timeout the machine made.
   */
  readonly spareAgents: { available: number };
  /** The unmutated reference, built once on first need. */
  unmutated(): Promise<{ adapter: string; dir: string }>;
  /** Where the time of the mutants' runs goes, summed over all mutants (each field in ms). */
  readonly times: MutantTimes;
}

/** Time spent per kind of work, summed over the mutants run (so over parallel jobs: more than the wall time). */
export interface MutantTimes {
  /** Bundling each mutant (esbuild). */
  build: number;
  /** From asking for an agent to its first result, less that case's own duration: process start, agent and candidate load. */
  start: number;
  /** The cases' own durations, as the agents measured them. */
  cases: number;
  /** Stopping the agents and reaping them. */
  stop: number;
  /** Re-running a timed-out case against the unmutated reference. */
  timeoutChecks: number;
  /** Agents started fresh for the timeout checks (those of the mutants are counted by the stock). */
  agents: number;
}

/** Our own Node runs the mutants; a failing property ends at its first counterexample (no shrinking). */
export const MUTANT_LAUNCH: AgentLaunch = {
  executable: process.execPath,
  args: (script) => [...CASE_RUNTIME_ARGUMENTS, ...PROFILES.node.scriptArgs(script)],
  env: { RTCONF_PROPERTY_END_ON_FAILURE: '1' },
};

/**
 * A case that times out after this many of the mutant's cases passed runs again, alone in an agent and under twice its
 * limit, before its timeout counts. A mutant that hangs a case mostly hangs the first ones that reach it; one that
 * lets twenty pass and then stalls one is as often the machine: in cold whole runs, the argument properties (47
 * children spawned one after another) timed out last in plans of 160 cases, 2 to 9 times a run, against mutants they
 * pass when the machine is quiet. It costs a real late hang a second wait, which the ordering (likely killers first)
 * keeps rare.
 */
const LATE_TIMEOUT_AFTER = 20;

/** Time a case past its limit gets to report before its agent is killed. */
const SLACK_MS = 2000;
/**
 * A mutant's cases run in one agent, fastest first, up to about this much of their dry-run time: most mutants a case
 * notices die there. The rest of a long plan (a survivor runs every case covering it: a minute and more for the
 * argument checks every child_process call passes) is shared by several agents at once (tail-agents.ts).
 */
const HEAD_MS = 3000;

/** One pass of a mutant's cases in agents: the first case that noticed it, or none; and the cases that passed. */
type Pass = { readonly casesRun: number; readonly passed: ReadonlySet<string> } & (
  | { readonly kind: 'killed'; readonly result: CaseResult }
  | { readonly kind: 'timeout'; readonly result: CaseResult }
  | { readonly kind: 'survived' }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'unloadable'; readonly error: unknown }
);

/** Builds and runs `plan`'s mutant; its record, not yet judged against markers or the unobservable list. */
export async function runMutant(plan: MutantPlan, sources: ReferenceSources, texts: ReadonlyMap<string, string>, context: RunContext): Promise<MutantRecord> {
  const started = performance.now();
  const { mutant } = plan;
  const dir = join(context.workDir, `mutant-${mutant.id}`);
  const elapsed = (): number => performance.now() - started;
  try {
    let build;
    try {
      const text = applyMutant(texts.get(mutant.file) ?? '', mutant);
      const buildStarted = performance.now();
      build = await buildCandidate(sources, dir, { override: { file: mutant.file, text }, modules: plan.modules, name: `reference mutant ${mutant.id}` });
      context.times.build += performance.now() - buildStarted;
    } catch (error) {
      return mutantRecord(plan, 'error', 0, elapsed(), { note: `could not be built: ${firstLine(errorText(error), 300)}` });
    }
    let remaining = plan.cases.map((meta) => ({ ...meta, timeoutMs: context.limits.raised.get(meta.id) ?? meta.timeoutMs }));
    let casesRun = 0;
    const name = `reference mutant ${mutant.id}`;
    for (let attempt = 0; attempt < 4 && remaining.length > 0; attempt++) {
      const pass = await runSplit(build.adapter, dir, name, remaining, plan.durations, context);
      casesRun += pass.casesRun;
      if (pass.kind === 'killed') return killedRecord(plan, pass.result, casesRun, elapsed());
      // The agent could not load the mutant at all (it throws or loops while loading): every case would notice.
      if (pass.kind === 'unloadable') return mutantRecord(plan, 'killed', casesRun, elapsed(), { killedBy: [], note: `the mutant failed to load: ${firstLine(errorText(pass.error), 300)}` });
      if (pass.kind === 'interrupted') return mutantRecord(plan, 'error', casesRun, elapsed(), { note: 'interrupted before every covering case ran' });
      if (pass.kind === 'survived') return mutantRecord(plan, 'survived', casesRun, elapsed());
      const meta = remaining.find((item) => item.id === pass.result.case);
      if (meta && pass.passed.size >= LATE_TIMEOUT_AFTER) {
        const alone = await runCases(build.adapter, dir, name, [{ ...meta, timeoutMs: (meta.timeoutMs ?? context.timeoutMs) * 2 }], context, 1, context.stock);
        if (alone.kind === 'killed') return killedRecord(plan, alone.result, casesRun, elapsed());
        if (alone.kind === 'interrupted') return mutantRecord(plan, 'error', casesRun, elapsed(), { note: 'interrupted before every covering case ran' });
        if (alone.kind === 'survived') {
          // The machine's doing: go on with the cases that have not passed.
          remaining = remaining.filter((item) => !pass.passed.has(item.id) && item.id !== meta.id);
          continue;
        }
        // It hung again alone: judged as any timeout.
      }
      if (!meta || (await timeoutIsReal(meta, context))) {
        return mutantRecord(plan, 'timeout', casesRun, elapsed(), { killedBy: [pass.result.case], note: firstLine(pass.result.message ?? 'timed out', 300) });
      }
      // Not the mutant's doing: go on with the cases that have not passed, that one under its raised limit.
      remaining = remaining.filter((item) => !pass.passed.has(item.id)).map((item) => ({ ...item, timeoutMs: context.limits.raised.get(item.id) ?? item.timeoutMs }));
    }
    return mutantRecord(plan, 'survived', casesRun, elapsed(), { note: 'some covering cases kept timing out against the unmutated reference too' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The record of a mutant a case noticed (`result`, which failed, errored or crashed). */
function killedRecord(plan: MutantPlan, result: CaseResult, casesRun: number, durationMs: number): MutantRecord {
  // A case that failed says what it saw; one that errored or whose agent died is noted, since a machine starved of CPU
  // can end a case that way too, and such a kill is worth a second look.
  const { status, message } = result;
  const note = status === 'fail' ? undefined : `the case ended ${status}${message ? `: ${firstLine(message, 300)}` : ''}`;
  return mutantRecord(plan, 'killed', casesRun, durationMs, { killedBy: [result.case], ...(note ? { note } : {}) });
}

/**
 * The cases in order: the head (`HEAD_MS` of them) in one agent; if none noticed the mutant, the rest shared by
 * several agents at once when they are long (`SPLIT_MS` each), else in one.
 */
async function runSplit(adapter: string, cwd: string, name: string, cases: readonly CaseMeta[], durations: ReadonlyMap<string, number>, context: RunContext): Promise<Pass> {
  let cost = 0;
  let head = 0;
  while (head < cases.length && (head === 0 || cost + (durations.get((cases[head] as CaseMeta).id) ?? 0) <= HEAD_MS)) cost += durations.get((cases[head++] as CaseMeta).id) ?? 0;
  const tail = cases.slice(head);
  const tailCost = tail.reduce((sum, meta) => sum + (durations.get(meta.id) ?? 0), 0);
  if (tailCost < SPLIT_MS) return runCases(adapter, cwd, name, cases, context, 1, context.stock);
  const first = await runCases(adapter, cwd, name, cases.slice(0, head), context, 1, context.stock);
  if (first.kind !== 'survived') return first;
  const agents = tailAgents(tailCost, context.spareAgents.available);
  const extra = agents - 1;
  context.spareAgents.available -= extra;
  let rest: Pass;
  try {
    rest = await runCases(adapter, cwd, name, tail, context, agents, context.stock);
  } finally {
    context.spareAgents.available += extra;
  }
  return { ...rest, casesRun: first.casesRun + rest.casesRun, passed: new Set([...first.passed, ...rest.passed]) };
}

/**
 * Runs `cases` in `jobs` agents at once (each takes the next case when it is free), stopping at the first that
 * notices; in agents of `stock` when given (a mutant's), else in fresh ones (a timeout check's).
 */
async function runCases(adapter: string, cwd: string, name: string, cases: readonly CaseMeta[], context: RunContext, jobs = 1, stock?: AgentStock): Promise<Pass> {
  const runner = createAgentRunner({
    ...(stock ? { agents: stock } : {}),
    stopAtFirstFailure: true,
    candidate: { id: 'reference', name, kind: 'reference' },
    host: processHosts(MUTANT_LAUNCH),
    load: { kind: 'adapter', spec: adapter, cwd },
    fixtures: context.fixtures,
    deadlineSlackMs: SLACK_MS,
    // A mutant that loops while loading never gets ready; a healthy agent starts in well under a second.
    startTimeoutMs: 5000,
  });
  let casesRun = 0;
  const passed = new Set<string>();
  const times = context.times;
  const asked = performance.now();
  if (!stock) times.agents += Math.min(jobs, cases.length);
  // Aborted at the first kill: the agent is then killed at once, not after the case it went on to start.
  const done = new AbortController();
  const onOuterAbort = (): void => done.abort();
  context.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    for await (const result of runner.run(cases, { seed: context.seed, timeoutMs: context.timeoutMs, jobs, signal: done.signal })) {
      casesRun++;
      if (casesRun === 1) times.start += Math.max(0, performance.now() - asked - result.durationMs);
      times.cases += result.durationMs;
      if (!isFailing(result.status)) {
        passed.add(result.case);
        continue;
      }
      done.abort();
      return result.status === 'timeout' ? { kind: 'timeout', result, casesRun, passed } : { kind: 'killed', result, casesRun, passed };
    }
  } catch (error) {
    return { kind: 'unloadable', error, casesRun, passed };
  } finally {
    done.abort();
    context.signal?.removeEventListener('abort', onOuterAbort);
    const stopping = performance.now();
    await runner.close();
    times.stop += performance.now() - stopping;
  }
  return { kind: context.signal?.aborted ? 'interrupted' : 'survived', casesRun, passed };
}

/**
 * Whether a timeout of `meta` under its limit is the mutant's doing: the unmutated reference runs it in a fresh agent
 * under the same limit (a loaded machine can make a cold agent miss a tight one). A case that passes once is trusted
 * from then on; one that times out unmutated too gets a limit four times longer for the rest of the run.
 */
async function timeoutIsReal(meta: CaseMeta, context: RunContext): Promise<boolean> {
  if (context.limits.verified.has(meta.id)) return true;
  const unmutated = await context.unmutated();
  const checking = performance.now();
  const pass = await runCases(unmutated.adapter, unmutated.dir, 'reference (timeout check)', [meta], context);
  context.times.timeoutChecks += performance.now() - checking;
  if (pass.kind === 'survived') {
    context.limits.verified.add(meta.id);
    return true;
  }
  context.limits.raised.set(meta.id, (meta.timeoutMs ?? context.timeoutMs) * 4);
  return false;
}
