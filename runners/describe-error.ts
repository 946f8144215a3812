// Turns whatever a case threw into the message / expected / actual fields of a result, bounded in size so a
// candidate that throws a 100 MB string cannot bloat results.json.
import { inspect } from 'node:util';
import { CaseFailure, CaseNotApplicable, type Counterexample, type UnimplementedApi } from '../conformance/case.js';

const MAX_TEXT = 4000;

export interface DescribedError {
  readonly kind: 'fail' | 'error' | 'na';
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly counterexample?: Counterexample;
  /** The exports the case found missing or not implemented (the result's `unimplemented`). */
  readonly unimplemented?: readonly UnimplementedApi[];
}

/** Bounds a stored text, saying how much was left out (unlike a display clip, the count matters to a reader of results.json). */
export function boundText(text: string, max = MAX_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function show(value: unknown): string {
  if (typeof value === 'string') return boundText(JSON.stringify(value));
  return boundText(inspect(value, { depth: 4, maxArrayLength: 50, maxStringLength: 500, breakLength: 120 }));
}

function isAssertion(error: Error): boolean {
  return error.name === 'AssertionError' || error.name === 'AssertionError [ERR_ASSERTION]';
}

/** Chai and node:assert errors carry `expected`/`actual` only when the assertion compared two values. */
function comparedValues(error: Error): { expected?: string; actual?: string } {
  const record = error as Error & { expected?: unknown; actual?: unknown; showDiff?: boolean };
  if (!('expected' in record) && !('actual' in record)) return {};
  if (record.showDiff === false) return {};
  return { expected: show(record.expected), actual: show(record.actual) };
}

export function describeError(thrown: unknown): DescribedError {
  if (thrown instanceof CaseFailure) {
    const { expected, actual, counterexample, unimplemented } = thrown.details;
    return {
      kind: 'fail',
      message: boundText(thrown.message || 'case failed'),
      ...('expected' in thrown.details ? { expected: show(expected) } : {}),
      ...('actual' in thrown.details ? { actual: show(actual) } : {}),
      ...(counterexample ? { counterexample } : {}),
      ...(unimplemented && unimplemented.length > 0 ? { unimplemented } : {}),
    };
  }
  if (thrown instanceof CaseNotApplicable) return { kind: 'na', message: boundText(thrown.message || 'does not apply here') };
  if (thrown instanceof Error) {
    if (isAssertion(thrown)) return { kind: 'fail', message: boundText(thrown.message || 'assertion failed'), ...comparedValues(thrown) };
    const { code: rawCode } = thrown as { code?: unknown };
    const code = typeof rawCode === 'string' ? ` [${rawCode}]` : '';
    return { kind: 'error', message: boundText(`${thrown.name}${code}: ${thrown.message}`) };
  }
  return { kind: 'error', message: boundText(`threw a non-Error value: ${show(thrown)}`) };
}
