// History over the versions of one implementation: given a rule's (or an API's) outcome in each of its runs, oldest
// first, the first run where it passes and the first after that where it fails again, as `rtconf bisect` would find
// them between releases, derived here from the runs at hand. Browser-safe (pure functions only).

/** Positions in the sequence given; absent when it never happens. */
export interface Milestones {
  /** The first run where it passes. */
  readonly firstPass?: number;
  /** The first run after `firstPass` where it fails again. */
  readonly failsAgain?: number;
  /** How many times the outcome changes from one run with an outcome to the next. */
  readonly changes: number;
}

/** What each run says: it passes, it fails, or neither (not run, not applicable): `undefined`. */
export type Outcome = 'pass' | 'fail' | undefined;

/**
 * @param outcomes one per run, oldest first
 * @example
 * milestones(['fail', 'pass', undefined, 'fail']); // { firstPass: 1, failsAgain: 3, changes: 2 }
 */
export function milestones(outcomes: readonly Outcome[]): Milestones {
  let firstPass: number | undefined;
  let failsAgain: number | undefined;
  let changes = 0;
  let last: Outcome;
  outcomes.forEach((outcome, index) => {
    if (outcome === undefined) return;
    if (last !== undefined && outcome !== last) changes++;
    last = outcome;
    if (outcome === 'pass' && firstPass === undefined) firstPass = index;
    if (outcome === 'fail' && firstPass !== undefined && failsAgain === undefined) failsAgain = index;
  });
  return { ...(firstPass === undefined ? {} : { firstPass }), ...(failsAgain === undefined ? {} : { failsAgain }), changes };
}
