// Whether the previous mutation.json can seed `rtconf mutate --incremental`, and if not, why (one line): it must hold
// fingerprints (schema version 4 or later) and have drawn its property cases with the same seed.
import type { MutationFile } from '../results/mutation-file.js';

/** The previous run to build on, or the reason it cannot be. */
export function usablePrevious(previous: MutationFile, seed: number): { readonly file: MutationFile } | { readonly reason: string } {
  if (previous.seed !== seed) return { reason: `the previous mutation.json drew its cases with seed ${previous.seed}, this run with ${seed}, so no verdict carries over` };
  if (!previous.cases || !previous.mutants.some((mutant) => mutant.fingerprint !== undefined)) {
    return { reason: 'the previous mutation.json holds no fingerprints (it was written before schema version 4, or ran no mutant)' };
  }
  return { file: previous };
}
