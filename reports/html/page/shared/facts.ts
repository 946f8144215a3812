/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Facts as a definition list, and the facts of a rule, as both pages' drill-downs show them.
import { h } from './dom.js';
import type { ReportRule } from './types.js';

/** A term and its value; pairs without a value are left out. */
export type Fact = readonly [term: string, value: string | undefined];

export function facts(pairs: readonly Fact[]): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...pairs.flatMap(([term, value]) => (value === undefined || value === '' ? [] : [h('dt', null, term), h('dd', null, value)])));
}

/** Where a rule sits in the spec and how binding it is. */
export function ruleFacts(rule: ReportRule): HTMLDListElement {
  return facts([
    ['Module', rule.module],
    ['Section', rule.section],
    ['Level', rule.level],
    ['Since', rule.since],
    ['Platforms', rule.platforms ? rule.platforms.join(', ') : undefined],
  ]);
}

/**
 * The rule's `why`, under its statement: for a normative rule how a vague statement is read and on what source (the
 * reading the cases decide by), for an informative one why no case checks it. Null when the rule records none.
 */
export function ruleWhy(rule: Pick<ReportRule, 'level' | 'why'>): HTMLElement | null {
  if (rule.why === undefined || rule.why === '') return null;
  const label = rule.level === 'informative' ? 'Why no case checks it: ' : 'How the cases read it: ';
  return h('p', { class: 'rule-why' }, h('span', { class: 'rule-why-label' }, label), rule.why);
}
