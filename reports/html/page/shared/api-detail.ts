/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The drill-down of one API × candidate cell, the same on both pages: the state and what it means here, the cases
// that found the export missing or not implemented, its failing rules and the failing cases behind them, the rules not
// run, and every rule of the export with its status; each rule and case opens its own view.
import { chip } from './chips.js';
import { h } from './dom.js';
import { API_STATE_MARK, apiCellSentence, apiCellWord } from './api-labels.js';
import type { ApiCell, CellStatus, PageApi, ReportCase, ReportResult, ReportRule } from './types.js';

export interface ApiDetailInput {
  readonly api: PageApi;
  readonly cell: ApiCell;
  /** The candidate or column the cell is for, as the page names it. */
  readonly where: string;
  readonly rules: readonly ReportRule[];
  readonly cases: readonly ReportCase[];
  /** That candidate's (column's) results, aligned with the page's cases. */
  readonly results: readonly (ReportResult | null)[];
  readonly openRule: (r: number) => void;
  readonly openCase: (k: number) => void;
  /** The API's state for every other candidate or column, drawn by the page; null for none. */
  readonly across: HTMLElement | null;
  /** The copy-link control of this view. */
  readonly link: HTMLElement | null;
}

/** A chip of an API state: mark and word. */
export function apiStateChip(cell: Pick<ApiCell, 'state' | 'untested'>): HTMLSpanElement {
  return h('span', { class: `chip a-${cell.state}` }, h('span', { 'aria-hidden': 'true' }, API_STATE_MARK[cell.state]), ` ${apiCellWord(cell)}`);
}

export function apiDetail(input: ApiDetailInput): HTMLElement[] {
  const { api, cell, rules, cases } = input;
  const ruleButton = (r: number): HTMLElement => h('button', { type: 'button', class: 'link', 'data-rule': rules[r]?.id ?? '', onclick: () => input.openRule(r) }, h('code', null, rules[r]?.id ?? ''));
  const caseButton = (k: number): HTMLElement => h('button', { type: 'button', class: 'link', 'data-case': cases[k]?.id ?? '', onclick: () => input.openCase(k) }, h('code', null, cases[k]?.id ?? ''));
  // A rule's status as judged for this export: a rule several exports share may pass for one and fail for another.
  const statusHere = (r: number): CellStatus => cell.statuses[api.rules.indexOf(r)] ?? 'none';
  const ruleItem = (r: number): HTMLElement =>
    h('li', null, chip(statusHere(r)), ruleButton(r), h('span', { class: 'rule-text' }, rules[r]?.title ?? ''));
  const caseList = (indices: readonly number[]): HTMLElement =>
    h(
      'ul',
      { class: 'rules' },
      ...indices.map((k) => {
        const result = input.results[k];
        return h('li', null, chip(result?.status ?? 'none'), caseButton(k), result?.message ? h('span', { class: 'muted' }, result.message.split('\n', 1)[0] ?? '') : null);
      }),
    );
  const failingCases = cell.failingCases;
  const parts: (HTMLElement | null)[] = [
    h('p', { class: 'kind' }, `API in ${input.where}`),
    h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, api.id)),
    h('p', { class: 'statement' }, `${api.title} (${api.kind})`),
    input.link,
    h('p', { class: 'api-state-line' }, apiStateChip(cell), ' ', apiCellSentence(cell)),
  ];
  if (cell.missing.length > 0) parts.push(h('h3', null, `Cases that found it missing (${cell.missing.length})`), caseList(cell.missing));
  if (cell.notImplemented.length > 0) parts.push(h('h3', null, `Cases it answered with "not implemented" (${cell.notImplemented.length})`), caseList(cell.notImplemented));
  if (cell.failing.length > 0) parts.push(h('h3', null, `Failing rules (${cell.failing.length})`), h('ul', { class: 'rules api-failing' }, ...cell.failing.map(ruleItem)));
  if (failingCases.length > 0 && cell.state !== 'absent') parts.push(h('h3', null, `Failing cases behind them (${failingCases.length})`), caseList(failingCases));
  if (cell.notRun.length > 0) parts.push(h('h3', null, `Rules not run (${cell.notRun.length})`), h('ul', { class: 'rules' }, ...cell.notRun.map(ruleItem)));
  parts.push(
    h(
      'details',
      { class: 'api-rules', open: cell.state === 'conformant' || undefined },
      h('summary', null, `All ${api.rules.length} normative rules of ${api.id}, with their status here`),
      h('ul', { class: 'rules' }, ...api.rules.map(ruleItem)),
    ),
  );
  if (input.across) parts.push(h('h3', null, 'State everywhere'), input.across);
  return parts.filter((part): part is HTMLElement => part !== null);
}
