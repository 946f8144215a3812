/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What was expected of a result judged by a gate (`--expect`, `--baseline`): the sentence the report's and the
// dashboard's drill-downs show under a marked result.
import { h } from './dom.js';
import type { ExpectationOutcome, ResultExpectation } from './types.js';

/** What was expected of a result, by which source and why. */
export function expectationFacts(expectation: ResultExpectation, status: string): HTMLElement {
  const expected = (expectation.allowed ?? ['pass']).join(' or ');
  const sentence: Record<ExpectationOutcome, string> = {
    expected: `Expected: ${expected}, as recorded`,
    unexpected: `Unexpected: ${expected} was expected, the result is ${status}; this fails the gate`,
    'unexpected-pass': `Unexpected ${status === 'pass' ? 'pass' : status}: ${expected} was expected, the result is ${status}; the expectation is stale`,
  };
  return h(
    'p',
    { class: `expectation-facts x-${expectation.outcome}` },
    sentence[expectation.outcome],
    expectation.source ? ` in ${expectation.source}` : ' (nothing names this case, so it was expected to pass)',
    expectation.reason ? `. Reason given: ${expectation.reason}` : '.',
  );
}
