// Pass rate over the normative rules of one candidate (optionally one module), and the verdict it implies. This is
// the number on the badge and in the report's overview.
import type { ModuleName } from '../spec/rule.js';
import type { CandidateRun, RuleSummary } from './results.js';
import { FAILING_STATUSES, ruleStatuses, type RuleStatus } from './rule-status.js';

/**
 * - `conformant`: every normative rule that was evaluated passed (and at least one was);
 * - `not-conformant`: at least one normative rule failed;
 * - `not-provided`: the candidate does not provide the module (its cases were skipped);
 * - `not-applicable`: the rules do not apply on this platform; `untested`: no case ran for any normative rule.
 */
export type Verdict = 'conformant' | 'not-conformant' | 'not-provided' | 'not-applicable' | 'untested';

export interface PassRate {
  /** Normative rules whose cases all passed. */
  readonly passed: number;
  /** Normative rules with at least one fail, error, timeout or crash. */
  readonly failing: number;
  /** passed + failing: the denominator of the rate. Skipped, not-applicable and uncited rules are not counted. */
  readonly evaluated: number;
  readonly skipped: number;
  readonly notApplicable: number;
  /** Normative rules no result of this run cites. */
  readonly untested: number;
  readonly verdict: Verdict;
}

/**
 * Counts the normative rules of `run` by aggregated status.
 * @param run one candidate's results
 * @param rules the rules of the results file
 * @param module restrict to one module; all modules when omitted
 * @returns the counts and the verdict
 * @example
 * const { passed, evaluated, verdict } = passRate(results.runs[0], results.rules, 'querystring');
 * console.log(`${passed}/${evaluated} ${verdict}`);
 */
export function passRate(run: CandidateRun, rules: readonly RuleSummary[], module?: ModuleName): PassRate {
  const normative = rules.filter((rule) => rule.level === 'normative' && (module === undefined || rule.module === module));
  return rateOf([...ruleStatuses(run, normative).values()]);
}

/** The same counts from statuses already aggregated (the report computes them once per candidate). */
export function rateOf(statuses: readonly RuleStatus[]): PassRate {
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
    else if (FAILING_STATUSES.has(status)) failing++;
  }
  const evaluated = passed + failing;
  return { passed, failing, evaluated, skipped, notApplicable, untested, verdict: verdictOf(passed, failing, skipped, notApplicable) };
}

function verdictOf(passed: number, failing: number, skipped: number, notApplicable: number): Verdict {
  if (failing > 0) return 'not-conformant';
  if (passed > 0) return 'conformant';
  if (skipped > 0) return 'not-provided';
  if (notApplicable > 0) return 'not-applicable';
  return 'untested';
}
