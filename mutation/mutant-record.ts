// A mutant's line of mutation.json, made from its plan and what became of it: run now, or reused from an earlier
// run (`--incremental`).
import type { MutantOutcome, MutantRecord, MutantStatus } from '../results/mutation-file.js';
import type { MutantFingerprints } from './mutant-fingerprint.js';
import type { MutantPlan } from './mutant-plan.js';

/** The record of `plan`'s mutant with `status` after `casesRun` cases and `durationMs`. */
export function mutantRecord(plan: MutantPlan, status: MutantStatus, casesRun: number, durationMs: number, extra: { killedBy?: readonly string[]; note?: string } = {}): MutantRecord {
  const { mutant } = plan;
  return {
    id: mutant.id,
    file: mutant.file,
    modules: plan.modules,
    line: mutant.line,
    column: mutant.column,
    operator: mutant.operator,
    diff: mutant.diff,
    status,
    ...(extra.killedBy ? { killedBy: extra.killedBy } : {}),
    casesRun,
    rules: plan.rules,
    ...(extra.note ? { note: extra.note } : {}),
    durationMs: Math.round(durationMs),
  };
}

/** A record of a mutant just run, with its fingerprints and, when a case noticed it or none did, its outcome. */
export function withOutcome(record: MutantRecord, fingerprints: MutantFingerprints): MutantRecord {
  const { status } = record;
  if (status !== 'killed' && status !== 'timeout' && status !== 'survived') return { ...record, ...fingerprints };
  const outcome: MutantOutcome = { status, ...(record.killedBy ? { killedBy: record.killedBy } : {}), ...(record.note ? { note: record.note } : {}) };
  return { ...record, ...fingerprints, outcome };
}

/** The record of `plan`'s mutant with the outcome, cases run and duration of its earlier record (reuse-verdict.ts). */
export function reusedRecord(plan: MutantPlan, earlier: MutantRecord & { readonly outcome: MutantOutcome }, fingerprints: MutantFingerprints): MutantRecord {
  const { outcome } = earlier;
  const record = mutantRecord(plan, outcome.status, earlier.casesRun, earlier.durationMs, { ...(outcome.killedBy ? { killedBy: outcome.killedBy } : {}), ...(outcome.note ? { note: outcome.note } : {}) });
  return { ...record, ...fingerprints, outcome, reused: true };
}
