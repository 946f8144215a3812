// How many agents the tail of a long plan runs in (run-mutant.ts): a survivor runs every case covering it, a minute and
// more for the argument checks every child_process call passes; those cases mostly wait (on children, timers,
// handshakes), so several agents share them and the run ends sooner at little CPU cost.

/** One agent per this much of the tail's dry-run time; a shorter tail runs with the head, in one agent. */
export const SPLIT_MS = 6000;
/** At most this many agents per tail. */
const MAX_SPLIT = 4;

/**
 * The agents a tail of `tailCostMs` (by the dry run) runs in: one per `SPLIT_MS`, at most `MAX_SPLIT`, and at most one
 * more than `spare` (the agents the jobs have spare between them: six jobs splitting four ways each had put 24 agents
 * on two cores).
 * @example
 * tailAgents(60_000, 1); // 2
 */
export function tailAgents(tailCostMs: number, spare: number): number {
  return 1 + Math.max(0, Math.min(MAX_SPLIT - 1, Math.ceil(tailCostMs / SPLIT_MS) - 1, spare));
}
