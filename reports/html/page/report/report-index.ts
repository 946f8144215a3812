/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Lookups built once from the report data: ids to positions, the cases citing each rule, and what changed since the
// baseline per matrix cell. Candidates, rules and cases are addressed by their index in the data everywhere else.
import { CHANGE_RANK } from '../shared/labels.js';
import type { CellStatus, ChangeKind, ReportData, ReportResult, StatusChange } from '../shared/types.js';

export interface ReportIndex {
  readonly data: ReportData;
  readonly candidateById: ReadonlyMap<string, number>;
  readonly ruleById: ReadonlyMap<string, number>;
  readonly caseById: ReadonlyMap<string, number>;
  /** Case indices citing each rule, aligned with `data.rules`. */
  readonly casesByRule: readonly (readonly number[])[];
  /** Keyed by `cellKey(candidate, case)`. */
  readonly changeByCell: ReadonlyMap<string, StatusChange>;
  /** Keyed by `cellKey(candidate, rule)`: the most notable change among the rule's cases. */
  readonly changeByRuleCell: ReadonlyMap<string, ChangeKind>;
}

/** The key of one matrix cell: a candidate index and a rule or case index. */
export function cellKey(candidate: number, row: number): string {
  return `${candidate}:${row}`;
}

/** A result's status, `none` where the candidate has no result for the case. */
export function statusOf(result: ReportResult | null | undefined): CellStatus {
  return result ? result.status : 'none';
}

export function indexReport(data: ReportData): ReportIndex {
  const candidateById = new Map(data.candidates.map((candidate, index) => [candidate.id, index]));
  const caseById = new Map(data.cases.map((item, index) => [item.id, index]));
  const casesByRule: number[][] = data.rules.map(() => []);
  data.cases.forEach((item, index) => item.rules.forEach((rule) => casesByRule[rule]?.push(index)));
  const changeByCell = new Map<string, StatusChange>();
  const changeByRuleCell = new Map<string, ChangeKind>();
  for (const change of data.baseline?.changes ?? []) {
    const c = candidateById.get(change.candidate);
    const k = caseById.get(change.case);
    if (c === undefined || k === undefined) continue;
    changeByCell.set(cellKey(c, k), change);
    for (const r of data.cases[k]?.rules ?? []) {
      const key = cellKey(c, r);
      const known = changeByRuleCell.get(key);
      if (!known || CHANGE_RANK[change.kind] > CHANGE_RANK[known]) changeByRuleCell.set(key, change.kind);
    }
  }
  return {
    data,
    candidateById,
    ruleById: new Map(data.rules.map((rule, index) => [rule.id, index])),
    caseById,
    casesByRule,
    changeByCell,
    changeByRuleCell,
  };
}
