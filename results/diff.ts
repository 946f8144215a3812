// Run-to-run comparison: which case results changed status between a baseline run `a` and a later run `b`. Results
// are matched by candidate id and case id. Browser-safe: the report page bundles this file (its change words).
import type { ModuleName } from '../spec/rule.js';
import type { CaseResult, ResultsFile } from './results-file.js';
import { citesNormative, normativeRuleIds } from './regression.js';
import { allowedBy, matchResult } from './expectation-match.js';
import type { Status } from './status.js';

/**
 * Each result of `b` is judged by the gate's one matcher (`matchResult`) with `a` as the baseline, so `rtconf diff a b`
 * and `rtconf run --baseline a` (or `rtconf report b --baseline a`) call the same results regressions.
 * - `regression`: the result in `b` is unexpected against `a` (a normative case failing in `b` otherwise than in
 *   `a`: another status, or a flaky outcome `a` never had; a case only in `b` was expected to pass);
 * - `fix`: a case that only failed in `a` passes in `b` (the gate's unexpected pass);
 * - `change`: any other status change (pass → skip, an informative-only case that stopped passing, …);
 * - `new` / `removed`: the case (or its whole candidate) is only in `b` (and does not regress) / only in `a`.
 */
export type ChangeKind = 'regression' | 'fix' | 'change' | 'new' | 'removed';

export const CHANGE_KINDS: readonly ChangeKind[] = ['regression', 'fix', 'change', 'new', 'removed'];

export interface StatusChange {
  readonly kind: ChangeKind;
  /** Candidate id. */
  readonly candidate: string;
  readonly case: string;
  readonly module: ModuleName;
  /** The case cites at least one normative rule. */
  readonly normative: boolean;
  /** Status in `a`; absent for `new`. */
  readonly before?: Status;
  /** Status in `b`; absent for `removed`. */
  readonly after?: Status;
  /** The message of the newer result, if any: why it is not passing now. */
  readonly message?: string;
}

export interface ResultsDiff {
  /** Ordered by kind (regressions first), then candidate, then case id. */
  readonly changes: readonly StatusChange[];
  readonly counts: Readonly<Record<ChangeKind, number>>;
  /** Results present in both runs. */
  readonly compared: number;
}

/**
 * Compares two runs.
 * @param a the baseline (earlier) results
 * @param b the newer results
 * @returns every status change, classified
 * @example
 * const diff = diffResults(await readResults('old.json'), await readResults('new.json'));
 * if (diff.counts.regression > 0) process.exitCode = 1;
 */
export function diffResults(a: ResultsFile, b: ResultsFile): ResultsDiff {
  const normativeRules = normativeRuleIds([...a.rules, ...b.rules]);
  // b's levels win over a's when the catalogue changed between runs: a rule made informative no longer regresses.
  for (const rule of b.rules) if (rule.level !== 'normative') normativeRules.delete(rule.id);
  const isNormative = (result: CaseResult): boolean => citesNormative(result, normativeRules);
  const before = indexRuns(a);
  const after = indexRuns(b);
  const candidateOrder = [...new Set([...after.keys(), ...before.keys()])];
  const changes: StatusChange[] = [];
  let compared = 0;
  for (const candidate of candidateOrder) {
    const old = before.get(candidate) ?? new Map<string, CaseResult>();
    const now = after.get(candidate) ?? new Map<string, CaseResult>();
    for (const [id, result] of now) {
      const previous = old.get(id);
      const normative = isNormative(result);
      if (!previous) {
        const kind = matchResult(result, undefined, normative) === 'unexpected' ? 'regression' : 'new';
        changes.push(change(kind, candidate, result, normative, undefined, result.status));
        continue;
      }
      compared++;
      // A baseline result allows what `rtconf expect` would write for it: a flaky one, each of its outcomes.
      const outcome = matchResult(result, { allowed: allowedBy(previous) }, normative);
      if (outcome !== 'unexpected' && previous.status === result.status) continue;
      const kind = outcome === 'unexpected' ? 'regression' : outcome === 'unexpected-pass' ? 'fix' : 'change';
      changes.push(change(kind, candidate, result, normative, previous.status, result.status));
    }
    for (const [id, result] of old) {
      if (!now.has(id)) changes.push(change('removed', candidate, result, isNormative(result), result.status, undefined));
    }
  }
  const rank = (candidate: string): number => candidateOrder.indexOf(candidate);
  changes.sort((x, y) => CHANGE_KINDS.indexOf(x.kind) - CHANGE_KINDS.indexOf(y.kind) || rank(x.candidate) - rank(y.candidate) || compare(x.case, y.case));
  const counts = { regression: 0, fix: 0, change: 0, new: 0, removed: 0 };
  for (const item of changes) counts[item.kind]++;
  return { changes, counts, compared };
}

function indexRuns(results: ResultsFile): Map<string, Map<string, CaseResult>> {
  const runs = new Map<string, Map<string, CaseResult>>();
  for (const run of results.runs) {
    const cases = runs.get(run.candidate.id) ?? new Map<string, CaseResult>();
    for (const result of run.results) if (!cases.has(result.case)) cases.set(result.case, result);
    runs.set(run.candidate.id, cases);
  }
  return runs;
}

function change(kind: ChangeKind, candidate: string, result: CaseResult, normative: boolean, before: Status | undefined, after: Status | undefined): StatusChange {
  return {
    kind,
    candidate,
    case: result.case,
    module: result.module,
    normative,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    ...(kind !== 'removed' && result.message !== undefined ? { message: result.message } : {}),
  };
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Singular and plural nouns of each change kind, for counts (`1 fix`, `2 fixes`). */
export const CHANGE_NOUNS: Readonly<Record<ChangeKind, readonly [string, string]>> = {
  regression: ['regression', 'regressions'],
  fix: ['fix', 'fixes'],
  change: ['other change', 'other changes'],
  new: ['new', 'new'],
  removed: ['removed', 'removed'],
};
