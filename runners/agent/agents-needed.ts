// How many agents a candidate's cases are worth starting. Starting an agent (a process loading the agent bundle and
// the candidate) costs about 0.3 s of CPU and as long again on the clock before its first case; a run of a few short
// cases (a replay, a narrow --case, a CI job's shard of fast cases) spent more on starting one agent per job slot than
// on its cases: eleven querystring cases of the reference took 1.4 s of CPU with four agents and 0.8 s with one,
// sooner on the clock too (`rtconf run --case … --jobs 4` against `--jobs 1`, 2 cores).
import type { CaseMeta } from '../../conformance/case.js';

/**
 * The work, in ms of what the cases took last time, that one more agent must have before it is started: an agent that
 * would run less than this would cost more, on the CPU and the clock, than it saves the others.
 */
const WORK_PER_AGENT_MS = 1000;

/**
 * The agents worth starting for `cases`, at most `slots`: one per WORK_PER_AGENT_MS of their last durations, at least
 * one. A case with no recorded duration could be long, so with any such case every slot may get an agent, as when
 * nothing was recorded (the first run of a candidate, a results cache cleared).
 * @param expectedMs what each case took the last time it ran on this candidate (runners/case-durations.ts)
 * @example
 * agentsNeeded(cases, 4, new Map([['querystring.parse.splits-pairs-on-given-sep', 3]])); // → 1 for that one case
 */
export function agentsNeeded(cases: readonly CaseMeta[], slots: number, expectedMs: ReadonlyMap<string, number> | undefined): number {
  const most = Math.max(1, Math.min(slots, cases.length));
  if (!expectedMs) return most;
  let work = 0;
  for (const meta of cases) {
    const known = expectedMs.get(meta.id);
    if (known === undefined) return most;
    work += known;
  }
  return Math.max(1, Math.min(most, Math.ceil(work / WORK_PER_AGENT_MS)));
}
