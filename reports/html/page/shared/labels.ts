/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The words and marks the page shows for statuses, verdicts, changes since the baseline and candidates. A status is
// never told by colour alone: each has a mark and a word.
import { expectationNote } from '../../../../results/expectation-note.js';
import { candidateLabel as labelOf } from '../../../../results/candidate-label.js';
import type { CellStatus, ChangeKind, ExpectationCounts, ExpectationOutcome, ReportCandidate, Verdict } from './types.js';

export const MARK: Readonly<Record<CellStatus, string>> = { pass: '✓', fail: '✗', error: '!', timeout: '◔', crash: '↯', flaky: '≈', skip: '–', na: '∅', none: '·' };

export const STATUS_TEXT: Readonly<Record<CellStatus, string>> = {
  pass: 'pass',
  fail: 'fail',
  error: 'error',
  timeout: 'timeout',
  crash: 'crash',
  flaky: 'flaky',
  skip: 'skip',
  na: 'n/a',
  none: 'no case',
};

export const VERDICT_TEXT: Readonly<Record<Verdict, string>> = {
  conformant: 'conformant',
  'not-conformant': 'not conformant',
  'not-provided': 'not provided',
  'not-applicable': 'not applicable',
  untested: 'no cases',
};

export const CHANGE_TEXT: Readonly<Record<ChangeKind, string>> = { regression: 'regressed', fix: 'fixed', change: 'changed', new: 'new', removed: 'removed' };

/** Which change a rule cell shows when its cases changed in different ways: the most notable one. */
export const CHANGE_RANK: Readonly<Record<ChangeKind, number>> = { regression: 4, fix: 3, change: 2, new: 1, removed: 0 };

/** Marks of results judged by a gate (`--expect`, `--baseline`), as wpt.fyi words them. */
export const EXPECTATION_TEXT: Readonly<Record<ExpectationOutcome, string>> = { expected: 'expected', unexpected: 'unexpected', 'unexpected-pass': 'unexpected pass' };

/** The marks' glyphs: an unexpected result stands out, an expected one reads as accepted. Always shown with words. */
export const EXPECTATION_MARK: Readonly<Record<ExpectationOutcome, string>> = { expected: '≈', unexpected: '‼', 'unexpected-pass': '↑' };

/**
 * What a not-conformant verdict adds when a gate judged the run: a run whose gate passed must not read as a bare
 * "not conformant". The words are the console summary's (`expectationNote`), over the same counts.
 * @param counts the candidate's failing and unexpected results
 * @param gatePassed whether the run's gate passed (no candidate has an unexpected result)
 * @example
 * gateVerdictNote({ failing: 3, unexpected: 0, expected: 3, unexpectedPasses: 0 }, true); // 'all 3 failing results expected (gate passed)'
 */
export function gateVerdictNote(counts: ExpectationCounts, gatePassed: boolean): string {
  const note = expectationNote(counts);
  return gatePassed && counts.unexpected === 0 ? `${note} (gate passed)` : note;
}

/** A candidate's name with its version (and its layer, for Bare; its compatibility settings, for workerd), as the page shows it everywhere. */
export function candidateLabel(candidate: Pick<ReportCandidate, 'name' | 'version' | 'compatibility' | 'layer'>): string {
  return labelOf(candidate);
}
