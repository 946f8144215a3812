// A mutant's line of mutation.json, made from its plan and what became of it.
import type { MutantRecord, MutantStatus } from '../results/mutation-file.js';
import type { MutantPlan } from './mutant-plan.js';

/** The record of `plan`'s mutant with `status` after `casesRun` cases and `durationMs`. */
export function mutantRecord(plan: MutantPlan, status: MutantStatus, casesRun: number, durationMs: number, extra: { killedBy?: string[]; note?: string } = {}): MutantRecord {
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
