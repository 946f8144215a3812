/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Small labelled badges for a status, a verdict and a mark against expectations (mark and word, so colour is never
// the only cue).
import { h, type Child } from './dom.js';
import { EXPECTATION_MARK, EXPECTATION_TEXT, MARK, STATUS_TEXT, VERDICT_TEXT } from './labels.js';
import type { CellStatus, ExpectationOutcome, Verdict } from './types.js';

/** `✓ pass`, optionally followed by more text (a count). */
export function chip(status: CellStatus, extra?: Child): HTMLSpanElement {
  return h('span', { class: `chip s-${status}` }, h('span', { 'aria-hidden': 'true', text: MARK[status] }), ` ${STATUS_TEXT[status]}`, extra || null);
}

/** ` ‼ unexpected`: the mark of a result or a rule against the gate; nothing when there is none. */
export function expectationChip(outcome: ExpectationOutcome | null | undefined): HTMLSpanElement | null {
  if (!outcome) return null;
  return h('span', { class: `tag expect-tag x-${outcome}` }, `${EXPECTATION_MARK[outcome]} ${EXPECTATION_TEXT[outcome]}`);
}

export function verdictChip(verdict: Verdict): HTMLSpanElement {
  return h('span', { class: `verdict v-${verdict}`, text: VERDICT_TEXT[verdict] || verdict });
}
