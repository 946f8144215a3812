/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The words and marks of the per-API states (results/api-state.ts), and the one sentence that says what a cell's
// state means. As for statuses, a state is never told by colour alone: each has a mark and a word.
import type { ApiCell, ApiStateName, UntestedReason } from './types.js';

export const API_STATE_MARK: Readonly<Record<ApiStateName, string>> = { conformant: '✓', partial: '◐', failing: '✕', stub: '⊘', absent: '✗', untested: '·' };

const API_STATE_TEXT: Readonly<Record<ApiStateName, string>> = { conformant: 'conformant', partial: 'partial', failing: 'failing', stub: 'stub', absent: 'absent', untested: 'untested' };

const UNTESTED_TEXT: Readonly<Record<UntestedReason, string>> = {
  incomplete: 'not fully tested',
  'not-provided': 'module not provided',
  'not-run': 'not run',
  'not-applicable': 'not applicable here',
};

/** The word a cell shows: its state, or for `untested` why. */
export function apiCellWord(cell: Pick<ApiCell, 'state' | 'untested'>): string {
  return cell.state === 'untested' && cell.untested ? UNTESTED_TEXT[cell.untested] : API_STATE_TEXT[cell.state];
}

/** `34/35`: the normative rules that passed of those evaluated, for the states where a count says something. */
export function apiCellCount(cell: Pick<ApiCell, 'state' | 'counts'>): string {
  if (cell.state === 'absent' || cell.state === 'stub') return '';
  const evaluated = cell.counts.passed + cell.counts.failing;
  return evaluated === 0 ? '' : `${cell.counts.passed}/${evaluated}`;
}

/**
 * What the state means for this cell, as one sentence.
 * @example
 * apiCellSentence({ state: 'partial', counts: { total: 35, passed: 34, failing: 1, notApplicable: 0, notRun: 0 }, … }); // 'Works, but 1 of its 35 normative rules fails here.'
 */
export function apiCellSentence(cell: ApiCell): string {
  const { total, passed, failing, notApplicable, notRun } = cell.counts;
  const rules = (n: number): string => `${n} normative rule${n === 1 ? '' : 's'}`;
  switch (cell.state) {
    case 'absent':
      return `Not there: ${cell.missing.length === 1 ? 'a case' : `${cell.missing.length} cases`} found it missing (not exported, or not what the spec says it is).`;
    case 'stub':
      return `Exported, but calling it throws a not-implemented error, and none of its ${rules(total)} passes.`;
    case 'failing':
      return `Exported and it runs, but it does something else: none of its ${rules(total)} passes, ${failing} ${failing === 1 ? 'fails' : 'fail'}.`;
    case 'partial': {
      // Partial needs an observed pass (results/api-state.ts): an export that passes nothing is failing or a stub.
      const notRunNote = notRun > 0 ? ` ${notRun} ${notRun === 1 ? 'was' : 'were'} not run.` : '';
      return `Works, but ${failing} of its ${rules(total)} ${failing === 1 ? 'fails' : 'fail'} here.${notRunNote}`;
    }
    case 'conformant':
      return `Every one of its ${rules(passed)} that applies here passes${notApplicable > 0 ? ` (${notApplicable} do not apply on this platform)` : ''}.`;
    case 'untested':
      switch (cell.untested) {
        case 'incomplete':
          return `Not fully tested: the ${rules(passed)} run here pass, but ${notRun} of its ${total} were not run, so no state is claimed.`;
        case 'not-provided':
          return 'The candidate does not provide this module.';
        case 'not-applicable':
          return 'None of its rules applies on this platform.';
        default:
          return 'None of its rules was run (its module or cases were not selected).';
      }
  }
}
