// The status of each rule for one candidate, aggregated from the statuses of the cases that cite it. The HTML
// matrix, the pass rates and the badge all read rules through this one function so they never disagree.
import { STATUSES, type CandidateRun, type RuleSummary, type Status } from './results.js';

/** A case status, or `none` when no result of this run cites the rule. */
export type RuleStatus = Status | 'none';

/** Statuses that mean the candidate did not satisfy the rule (or the case could not tell). */
export const FAILING_STATUSES: ReadonlySet<Status> = new Set(['fail', 'error', 'timeout', 'crash']);

// A rule fails when any citing case fails; it passes when the applicable cases pass; a rule whose cases were all
// skipped or not applicable says so. Among failing statuses the order of STATUSES decides (fail first).
const PRECEDENCE: readonly Status[] = [...STATUSES.filter((status) => FAILING_STATUSES.has(status)), 'pass', 'skip', 'na'];

/**
 * Aggregates the case results of `run` per rule.
 * @param run one candidate's results
 * @param rules the rules to report on (usually `results.rules`)
 * @returns a map from every rule id in `rules` to its status for this candidate
 * @example
 * const statuses = ruleStatuses(results.runs[0], results.rules);
 * statuses.get('querystring.parse.max-keys-default'); // 'pass'
 */
export function ruleStatuses(run: CandidateRun, rules: readonly RuleSummary[]): Map<string, RuleStatus> {
  const seen = new Map<string, Set<Status>>();
  for (const rule of rules) seen.set(rule.id, new Set());
  for (const result of run.results) {
    for (const id of result.rules) seen.get(id)?.add(result.status);
  }
  const statuses = new Map<string, RuleStatus>();
  for (const [id, present] of seen) statuses.set(id, PRECEDENCE.find((status) => present.has(status)) ?? 'none');
  return statuses;
}
