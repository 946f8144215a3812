// A run mutant's fingerprint: what its verdict depends on, as `rtconf mutate --incremental` judges it (as Stryker's
// incremental mode does): the mutant itself (its id: file, operator, original and replacement text, declarations
// around it), the code around it (its function, or its top-level statement), the cases that cover it and can run
// against it (their ids and their code), the seed the property cases draw with and the Node that runs them. An equal
// fingerprint reuses the verdict; any change to one of these re-runs the mutant.
import { createHash } from 'node:crypto';
import type { MutantPlan } from './mutant-plan.js';

/** Bump when what a fingerprint covers changes: every mutant then runs again once. */
const FINGERPRINT_FORMAT = 1;

/**
 * The fingerprint of `plan`'s mutant.
 * @param text the current text of the mutant's file
 * @param caseHashes the code hash of each case (mutation/case-hashes.ts)
 * @example
 * mutantFingerprint(plan, texts.get(plan.mutant.file) ?? '', caseHashes(root, cases), 1);
 */
export function mutantFingerprint(plan: MutantPlan, text: string, caseHashes: ReadonlyMap<string, string>, seed: number, runtime = process.version): string {
  const { mutant } = plan;
  const hash = createHash('sha256').update(`${FINGERPRINT_FORMAT}\0${seed}\0${runtime}\0${mutant.id}\0${mutant.replacement}\0`);
  hash.update(`${text.slice(mutant.surrounding.start, mutant.surrounding.end)}\0`);
  for (const id of plan.cases.map((meta) => meta.id).sort()) hash.update(`${id}\0${caseHashes.get(id) ?? 'unknown'}\0`);
  return hash.digest('hex').slice(0, 32);
}
