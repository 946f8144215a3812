// The one definition of a regression, used by the exit code of `rtconf run` (with or without --expect/--baseline),
// the regression gate and `rtconf diff`:
//
//   a result regresses when its case cites a normative rule, its status is failing (fail, error, timeout, crash,
//   flaky), and that status is not the one expected of it (nor, for a flaky result, are all its outcomes allowed). What is expected comes from an expectations file, else from the
//   baseline run, else it is `pass` (a case nothing speaks for is expected to pass).
//
// So without a gate every failing normative case is a regression (exit 1); with one, only the surprises are.
// skip and na never regress: they say the module is not provided or the rule does not apply, not that it is broken.
import type { CaseResult, RuleSummary } from './results-file.js';
import { isFailing, type Status } from './status.js';

/**
 * @param actual the status the case has now
 * @param expected what was expected of it (an expectation's status or list of allowed statuses, a baseline's status);
 *   `undefined`: pass
 * @param normative whether the case cites at least one normative rule
 * @param outcomes for a `flaky` result, how each repetition ended
 * @example
 * isRegression('fail', undefined, true); // true: nothing allowed it to fail
 * isRegression('fail', 'fail', true); // false: a known, expected failure
 * isRegression('timeout', 'fail', true); // true: it fails differently than expected
 * isRegression('skip', 'pass', true); // false: not providing a module is not breaking a rule
 * isRegression('timeout', ['pass', 'timeout'], true); // false: an allowed intermittent outcome
 * isRegression('flaky', ['pass', 'timeout'], true, ['pass', 'timeout', 'pass']); // false: every outcome is allowed
 */
export function isRegression(actual: Status, expected: Status | readonly Status[] | undefined, normative: boolean, outcomes?: readonly Status[]): boolean {
  if (!normative || !isFailing(actual)) return false;
  const allowed: readonly Status[] = expected === undefined ? ['pass'] : typeof expected === 'string' ? [expected] : expected;
  if (allowed.includes(actual)) return false;
  // A flaky result (run --repeat) is expected when every outcome it had is an allowed one (WPT's known_intermittent).
  return !(actual === 'flaky' && outcomes !== undefined && outcomes.length > 0 && outcomes.every((outcome) => allowed.includes(outcome)));
}

/** The ids of the normative rules of a results file. */
export function normativeRuleIds(rules: readonly Pick<RuleSummary, 'id' | 'level'>[]): Set<string> {
  return new Set(rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
}

/** Whether a result's case cites a normative rule. */
export function citesNormative(result: Pick<CaseResult, 'rules'>, normative: ReadonlySet<string>): boolean {
  return result.rules.some((id) => normative.has(id));
}
