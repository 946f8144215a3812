/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The Status filter: its choices, and whether a cell's status (its change since the baseline, its mark against the
// expectations) matches one.
import { isFailing, STATUSES } from '../../../../results/status.js';
import { STATUS_TEXT } from './labels.js';
import type { CellStatus, ChangeKind, ExpectationOutcome } from './types.js';

/** An `<option>`: value and visible text. */
export type Option = readonly [value: string, text: string];

/**
 * @param withBaseline offer the changes since the baseline too
 * @param withGate offer the marks of a gate (expectations or baseline) too
 */
export function statusOptions(withBaseline: boolean, withGate = false): Option[] {
  const options: Option[] = [
    ['', 'any status'],
    ['problem', 'not passing (fail, error, timeout, crash)'],
    ...STATUSES.map((status): Option => [status, STATUS_TEXT[status]]),
    ['none', 'no case / no result'],
  ];
  if (withBaseline) options.push(['regression', 'regressed since baseline'], ['fix', 'fixed since baseline'], ['changed', 'any change since baseline']);
  if (withGate) options.push(['unexpected', 'unexpected (fails the gate)'], ['expected', 'expected failure'], ['unexpected-pass', 'unexpected pass (stale expectation)']);
  return options;
}

/**
 * @param filter the selected status filter ('' for any)
 * @param status the cell's status
 * @param change the cell's change since the baseline, if any
 * @param expectation the cell's mark against the gate, if any
 */
export function statusMatches(filter: string, status: CellStatus, change: ChangeKind | undefined, expectation?: ExpectationOutcome | null): boolean {
  switch (filter) {
    case '':
      return true;
    case 'problem':
      return isFailing(status);
    case 'regression':
    case 'fix':
      return change === filter;
    case 'changed':
      return change !== undefined;
    case 'unexpected':
    case 'expected':
    case 'unexpected-pass':
      return expectation === filter;
    default:
      return status === filter;
  }
}
