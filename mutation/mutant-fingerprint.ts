// A run mutant's fingerprints: what its verdict depends on, as `rtconf mutate --incremental` judges it (as Stryker's
// incremental mode does): the mutant itself (its id: file, operator, original and replacement text, declarations
// around it), the code around it, the cases that cover it and can run against it (their ids and their code), the seed
// the property cases draw with and the Node that runs them. Two scopes of "the code around it": its function (or its
// top-level statement), and its own statement (reuse-verdict.ts says which verdict is kept under which).
import { createHash } from 'node:crypto';
import type { MutantPlan } from './mutant-plan.js';

/** Bump when what a fingerprint covers changes: every mutant then runs again once. */
const FINGERPRINT_FORMAT = 1;

/** A mutant's two fingerprints. */
export interface MutantFingerprints {
  /** Over the mutant's function (or top-level statement): a change anywhere in it changes this. */
  readonly fingerprint: string;
  /** Over the mutant's own statement only (Mutant.statement). */
  readonly statementFingerprint: string;
}

/**
 * The fingerprints of `plan`'s mutant.
 * @param text the current text of the mutant's file
 * @param caseHashes the code hash of each case (mutation/case-hashes.ts)
 * @example
 * mutantFingerprints(plan, texts.get(plan.mutant.file) ?? '', caseHashes(root, cases), 1).fingerprint;
 */
export function mutantFingerprints(plan: MutantPlan, text: string, caseHashes: ReadonlyMap<string, string>, seed: number, runtime = process.version): MutantFingerprints {
  const { mutant } = plan;
  const over = (span: { readonly start: number; readonly end: number }): string => {
    const hash = createHash('sha256').update(`${FINGERPRINT_FORMAT}\0${seed}\0${runtime}\0${mutant.id}\0${mutant.replacement}\0`);
    hash.update(`${text.slice(span.start, span.end)}\0`);
    for (const id of plan.cases.map((meta) => meta.id).sort()) hash.update(`${id}\0${caseHashes.get(id) ?? 'unknown'}\0`);
    return hash.digest('hex').slice(0, 32);
  };
  return { fingerprint: over(mutant.surrounding), statementFingerprint: over(mutant.statement) };
}
