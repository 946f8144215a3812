// Which earlier verdict `rtconf mutate --incremental` keeps for a mutant, by its fingerprints (mutant-fingerprint.ts).
// A verdict a case reached (killed, timed out) is kept only while the mutant's whole function is unchanged: a change
// elsewhere in the function can stop that case from reaching or noticing the mutant. Checking it again is cheap, since
// the case that noticed it runs first (kill-order.ts). A verdict no case reached (survived) is kept while the mutant's
// own statement and covering cases are unchanged, as Stryker's incremental mode keeps one (the mutant's place and the
// tests covering it): checking it again means running every covering case (every spawn case, for a statement in code
// every spawn runs). A change elsewhere in its function that lets a case notice it after all is found by the next
// full run; until then the score errs low, not high.
import type { MutantOutcome, MutantRecord } from '../results/mutation-file.js';
import type { MutantFingerprints } from './mutant-fingerprint.js';

/** The outcome of `earlier` (the mutant's record in the previous mutation.json) that still holds, or undefined: run it. */
export function reusableOutcome(earlier: MutantRecord | undefined, now: MutantFingerprints): MutantOutcome | undefined {
  const outcome = earlier?.outcome;
  if (!earlier || !outcome) return undefined;
  if (earlier.fingerprint === now.fingerprint) return outcome;
  const statementKept = earlier.statementFingerprint !== undefined && earlier.statementFingerprint === now.statementFingerprint;
  return outcome.status === 'survived' && statementKept ? outcome : undefined;
}
