// The one verdict: how case statuses add up to a rule's status, and rule statuses to a candidate's verdict and pass
// rate. The console summary, the badges, the JUnit writer's properties and the HTML page all read verdicts here, so
// they never disagree. Browser-safe (types and pure functions only).
import type { ModuleName } from '../spec/rule.js';
import type { CandidateRun, RuleSummary } from './results-file.js';
import { isFailing, STATUSES, type Status } from './status.js';

/** A case status aggregated over the cases citing one rule, or `none` when no result of the run cites it. */
export type RuleStatus = Status | 'none';

/**
 * - `conformant`: every normative rule that was evaluated passed (and at least one was);
 * - `not-conformant`: at least one normative rule failed (fail, error, timeout or crash);
 * - `not-provided`: the candidate does not provide the module (its cases were skipped);
 * - `not-applicable`: the rules do not apply on this platform; `untested`: no case ran for any normative rule.
 */
export type Verdict = 'conformant' | 'not-conformant' | 'not-provided' | 'not-applicable' | 'untested';

export interface PassRate {
  /** Normative rules whose cases all passed. */
  readonly passed: number;
  /** Normative rules with at least one failing case (see `isFailing`). */
  readonly failing: number;
  /** passed + failing: the denominator of the rate. Skipped, not-applicable and uncited rules are not counted. */
  readonly evaluated: number;
  readonly skipped: number;
  readonly notApplicable: number;
  /** Normative rules no result of this run cites. */
  readonly untested: number;
  readonly verdict: Verdict;
}

// A rule fails when any citing case fails; it passes when the applicable cases pass; a rule whose cases were all
// skipped or not applicable says so. Among failing statuses the order of STATUSES decides (fail first).
const PRECEDENCE: readonly Status[] = [...STATUSES.filter((status) => isFailing(status)), 'pass', 'skip', 'na'];

/**
 * Aggregates the case results of `run` per rule.
 * @param run one candidate's results
 * @param rules the rules to report on (usually `results.rules`)
 * @returns a map from every rule id in `rules` to its status for this candidate
 * @example
 * ruleStatuses(results.runs[0], results.rules).get('querystring.parse.max-keys-default'); // 'pass'
 */
export function ruleStatuses(run: Pick<CandidateRun, 'results'>, rules: readonly Pick<RuleSummary, 'id'>[]): Map<string, RuleStatus> {
  const seen = new Map<string, Set<Status>>();
  for (const rule of rules) seen.set(rule.id, new Set());
  for (const result of run.results) {
    for (const id of result.rules) seen.get(id)?.add(result.status);
  }
  const statuses = new Map<string, RuleStatus>();
  for (const [id, present] of seen) statuses.set(id, PRECEDENCE.find((status) => present.has(status)) ?? 'none');
  return statuses;
}

/** Counts aggregated rule statuses (normative rules only) and derives the verdict. */
function rateOf(statuses: Iterable<RuleStatus>): PassRate {
  let passed = 0;
  let failing = 0;
  let skipped = 0;
  let notApplicable = 0;
  let untested = 0;
  for (const status of statuses) {
    if (status === 'pass') passed++;
    else if (status === 'skip') skipped++;
    else if (status === 'na') notApplicable++;
    else if (status === 'none') untested++;
    else if (isFailing(status)) failing++;
  }
  const verdict: Verdict =
    failing > 0 ? 'not-conformant' : passed > 0 ? 'conformant' : skipped > 0 ? 'not-provided' : notApplicable > 0 ? 'not-applicable' : 'untested';
  return { passed, failing, evaluated: passed + failing, skipped, notApplicable, untested, verdict };
}

/**
 * The pass rate over the normative rules of `run` (optionally of one module): the number on the badge, in the
 * console summary and in the report's overview.
 * @example
 * const { passed, evaluated, verdict } = passRate(results.runs[0], results.rules, 'querystring');
 */
export function passRate(run: Pick<CandidateRun, 'results'>, rules: readonly RuleSummary[], module?: ModuleName): PassRate {
  const normative = rules.filter((rule) => rule.level === 'normative' && (module === undefined || rule.module === module));
  return rateOf(ruleStatuses(run, normative).values());
}
