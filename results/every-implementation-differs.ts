// The rules every judged implementation fails. When Node, Bun and Deno (and every version of each) all disagree with
// a rule the same way, the spec, the rule's reading or the case may be what is wrong: such rules are listed apart,
// so that the suite feeds back into its spec instead of only grading runtimes by it. Browser-safe.
import { isFailing } from './status.js';
import type { RuleStatus } from './verdict.js';

/** One run of one implementation: which implementation (a runtime, a package), and its rule statuses. */
export interface JudgedRun {
  /** What groups the runs of one implementation (its versions), e.g. `runtime:node`. */
  readonly implementation: string;
  readonly statuses: ReadonlyMap<string, RuleStatus>;
}

export interface EveryImplementationDiffers {
  readonly rule: string;
  /** The implementations that judged the rule, in the order first given. */
  readonly implementations: readonly string[];
  /** How many runs judged it (all of them failed it). */
  readonly runs: number;
}

/**
 * The rules that at least `minimum` implementations judged (a pass or a failing status) and that every run judging
 * them failed. The reference implementation is our own reading of the spec: leave it out of `runs`.
 * @param ruleIds the rules to consider, in the order to list them
 * @example
 * everyImplementationDiffers(['child_process.exec.max-buffer-default'], runs); // [{ rule, implementations: ['runtime:node', 'runtime:bun'], runs: 7 }]
 */
export function everyImplementationDiffers(ruleIds: readonly string[], runs: readonly JudgedRun[], minimum = 2): EveryImplementationDiffers[] {
  const listed: EveryImplementationDiffers[] = [];
  for (const rule of ruleIds) {
    const implementations: string[] = [];
    let judged = 0;
    let passed = false;
    for (const run of runs) {
      const status = run.statuses.get(rule) ?? 'none';
      if (status === 'pass') passed = true;
      if (status !== 'pass' && !isFailing(status)) continue;
      judged++;
      if (!implementations.includes(run.implementation)) implementations.push(run.implementation);
    }
    if (!passed && implementations.length >= minimum) listed.push({ rule, implementations, runs: judged });
  }
  return listed;
}
