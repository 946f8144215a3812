// The one matcher of a result against what was expected of it. The gate (`evaluateGate`, the exit code), the marks
// of the report and the dashboard (`markExpectations`), the console summary and `rtconf diff` all ask `matchResult`
// of the expectation `findExpected` finds, so none of them can read a list of allowed statuses, a baseline or a
// flaky result otherwise than the others. Browser-safe: the report page bundles this file.
//
// The rule for a result read as an expectation (a baseline run's result, or `rtconf expect` writing one): it allows
// what it ended in, and a flaky result (run --repeat) allows each of its outcomes. So a case that was flaky (pass and
// fail) and now fails is expected, through a baseline as through an expectations file written from that baseline.
import type { CaseResult } from './results-file.js';
import { isRegression } from './regression.js';
import { isFailing, type Status } from './status.js';

/**
 * - `unexpected`: a regression (`isRegression`): a normative case failing otherwise than expected. It fails the gate.
 * - `expected`: a failing result whose status (or, when flaky, every outcome) is an allowed one.
 * - `unexpected-pass`: a pass where only failures were allowed: a stale expectation, or a fix against a baseline.
 * Anything else (a pass nothing expected otherwise, skip, na, an informative-only failure nothing names) has none.
 */
export type ExpectationOutcome = 'expected' | 'unexpected' | 'unexpected-pass';

/** What one source (an expectations file or a baseline run) expects of one case of one candidate. */
export interface Expected {
  /** Every status allowed; never empty. An expectation of one status is a list of one. */
  readonly allowed: readonly Status[];
  readonly reason?: string;
}

export interface ExpectationSource {
  /** Shown in the summary, e.g. `expectations ci/deno.json` or `baseline old/results.json`. */
  readonly label: string;
  /** An expectations file (`--expect`) or an earlier run (`--baseline`); a source of neither kind counts as expectations. */
  readonly kind?: 'expectations' | 'baseline';
  expected(candidate: string, caseId: string): Expected | undefined;
  /** The candidates this source knows about, and the case ids it has an entry for. */
  entries(): Iterable<readonly [candidate: string, caseIds: Iterable<string>]>;
}

/** An expectation with the label of the source it came from. */
export interface FoundExpectation extends Expected {
  readonly source: string;
}

/**
 * The expectation of one case of one candidate: the first source with an entry for it wins (expectations files in
 * the order given, then the baseline, as `rtconf run` lists them).
 * @example
 * findExpected(sources, 'runtime:deno@2', 'child_process.spawn.shell-true-uses-bin-sh'); // { allowed: ['fail'], reason: '…', source: 'expectations deno-2.json' }
 */
export function findExpected(sources: readonly ExpectationSource[], candidate: string, caseId: string): FoundExpectation | undefined {
  for (const source of sources) {
    const found = source.expected(candidate, caseId);
    if (found) return { ...found, source: source.label };
  }
  return undefined;
}

/**
 * What a result allows when read as the expectation of a later run: its status, or for a flaky result each of its
 * outcomes, in the order they first occurred. `rtconf expect` writes this, and a baseline is read as this.
 * @example
 * allowedBy({ status: 'flaky', outcomes: [{ status: 'pass', seed: 1 }, { status: 'fail', seed: 2 }] }); // ['pass', 'fail']
 * allowedBy({ status: 'fail' }); // ['fail']
 */
export function allowedBy(result: Pick<CaseResult, 'status' | 'outcomes'>): Status[] {
  if (result.status === 'flaky' && result.outcomes && result.outcomes.length > 0) return [...new Set(result.outcomes.map((outcome) => outcome.status))];
  return [result.status];
}

/**
 * Judges one result against what was expected of it.
 * @param result the result (its status, and for a flaky one its outcomes)
 * @param expected what a source expected; undefined: nothing named the case, so it was expected to pass
 * @param normative whether the case cites a normative rule (only those can be unexpected)
 * @example
 * matchResult({ status: 'fail' }, { allowed: ['pass', 'fail'] }, true); // 'expected'
 * matchResult({ status: 'na' }, { allowed: ['fail'] }, true); // undefined: n/a is not a pass
 * matchResult({ status: 'pass' }, { allowed: ['fail'] }, true); // 'unexpected-pass'
 */
export function matchResult(result: Pick<CaseResult, 'status' | 'outcomes'>, expected: Expected | undefined, normative: boolean): ExpectationOutcome | undefined {
  const allowed = expected?.allowed ?? ['pass'];
  if (result.status === 'pass') return allowed.includes('pass') || !allowed.some(isFailing) ? undefined : 'unexpected-pass';
  if (!isFailing(result.status)) return undefined;
  const outcomes = result.outcomes?.map((outcome) => outcome.status);
  if (isRegression(result.status, allowed, normative, outcomes)) return 'unexpected';
  // Not a regression: allowed, or a failure of informative rules only, which nothing expected and the gate lets by.
  return isRegression(result.status, allowed, true, outcomes) ? undefined : 'expected';
}
