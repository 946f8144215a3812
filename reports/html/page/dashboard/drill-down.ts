/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The dashboard's drill-down: one rule in one column. The rule (statement and facts), where the column comes from
// (runtime, version, suite version, seed, interface, file), the rule's status in every column, and each case citing
// it in this column with its message, expected vs actual, counterexample and replay command. What is open is part of
// the state, so a link can open it and Back closes it.
import { chip, expectationChip } from '../shared/chips.js';
import { h } from '../shared/dom.js';
import { formatMs } from '../shared/format.js';
import { replayFor } from '../shared/replay-block.js';
import { createDetailDialog } from '../shared/detail-dialog.js';
import { facts, ruleFacts, ruleWhy } from '../shared/facts.js';
import { isNoteworthy, resultDetails } from '../shared/result-details.js';
import type { StateStore } from '../shared/state.js';
import type { ReportResult } from '../shared/types.js';
import { columnLabel, columnOrigin } from './columns.js';
import { hashOf, type DashboardState } from './state.js';
import { apiDetail, apiStateChip } from '../shared/api-detail.js';
import { copyLink } from '../shared/copy-link.js';
import type { DashboardData } from './types.js';

export interface DashboardDrillDown {
  readonly dialog: HTMLDialogElement;
  /** Opens rule `r` in column `c`; `trigger` gets the focus back when the dialog closes. */
  open(r: number, c: number, trigger?: EventTarget | null): void;
  /** Opens case `k` in column `c`. */
  openCase(k: number, c: number, trigger?: EventTarget | null): void;
  /** Opens API `a` in column `c`: its state there and the rules and cases behind it. */
  openApi(a: number, c: number, trigger?: EventTarget | null): void;
  /** Shows what the state says is open, or closes the dialog. */
  render(): void;
}

export function createDashboardDrillDown(data: DashboardData, store: StateStore<DashboardState>): DashboardDrillDown {
  const ruleById = new Map(data.rules.map((rule, index) => [rule.id, index]));
  const casesByRule: number[][] = data.rules.map(() => []);
  data.cases.forEach((item, k) => item.rules.forEach((r) => casesByRule[r]?.push(k)));
  const caseById = new Map(data.cases.map((item, index) => [item.id, index]));
  const apiById = new Map(data.apis.map((api, index) => [api.id, index]));
  const detail = createDetailDialog(() => {
    const state = store.current;
    if (state.rule || state.case || state.api || state.col) store.navigate({ rule: '', case: '', api: '', col: '' }, false);
  });

  function open(r: number, c: number, trigger?: EventTarget | null): void {
    const rule = data.rules[r];
    if (!rule || !data.columns[c]) return;
    detail.remember(trigger);
    store.navigate({ rule: rule.id, case: '', api: '', col: String(c) }, true);
  }

  function openCase(k: number, c: number, trigger?: EventTarget | null): void {
    const item = data.cases[k];
    if (!item || !data.columns[c]) return;
    detail.remember(trigger);
    store.navigate({ case: item.id, rule: '', api: '', col: String(c) }, true);
  }

  function openApi(a: number, c: number, trigger?: EventTarget | null): void {
    const api = data.apis[a];
    if (!api || !data.columns[c]) return;
    detail.remember(trigger);
    store.navigate({ api: api.id, rule: '', case: '', col: String(c) }, true);
  }

  /** A copy-link control for the view the state shows now (the filters and the comparison stay as they are). */
  function viewLink(what: string): HTMLElement {
    return copyLink(hashOf(store.current), what);
  }

  function render(): void {
    const state = store.current;
    const c = state.col === '' ? undefined : Number(state.col);
    if (c === undefined || !data.columns[c]) {
      detail.close();
      return;
    }
    const a = apiById.get(state.api);
    const k = caseById.get(state.case);
    const r = ruleById.get(state.rule);
    if (a !== undefined) detail.show(apiInColumn(a, c));
    else if (k !== undefined) detail.show(caseInColumn(k, c));
    else if (r !== undefined) detail.show(ruleInColumn(r, c));
    else detail.close();
  }

  function apiInColumn(a: number, c: number): HTMLElement[] {
    const api = data.apis[a];
    const column = data.columns[c];
    const cell = column?.apis[a];
    if (!api || !column || !cell) return [];
    const across = h(
      'ul',
      { class: 'statuses across' },
      ...data.groups.flatMap((group) =>
        group.columns.map((o) => {
          const there = data.columns[o]?.apis[a];
          return h(
            'li',
            { class: o === c ? 'focus' : null },
            there ? h('button', { type: 'button', class: 'link', 'data-col': String(o), onclick: () => openApi(a, o) }, apiStateChip(there), ' ', columnLabel(data, o)) : columnLabel(data, o),
          );
        }),
      ),
    );
    return [
      ...apiDetail({
        api,
        cell,
        where: columnLabel(data, c),
        rules: data.rules,
        cases: data.cases,
        results: column.results,
        openRule: (r) => open(r, c),
        openCase: (k) => openCase(k, c),
        across,
        link: viewLink(`${api.id} in ${columnLabel(data, c)}`),
      }),
      h('h3', null, 'Where this column comes from'),
      facts(columnOrigin(data, column)),
    ];
  }

  function caseInColumn(k: number, c: number): HTMLElement[] {
    const item = data.cases[k];
    const column = data.columns[c];
    if (!item || !column) return [];
    const result = column.results[k];
    const source = data.sources[column.source];
    const across = h(
      'ul',
      { class: 'statuses across' },
      ...data.groups.flatMap((group) =>
        group.columns.map((o) => {
          const there = data.columns[o]?.results[k];
          return h(
            'li',
            { class: o === c ? 'focus' : null },
            h('button', { type: 'button', class: 'link', 'data-col': String(o), onclick: () => openCase(k, o) }, chip(there?.status ?? 'none'), ' ', columnLabel(data, o)),
          );
        }),
      ),
    );
    return [
      h('p', { class: 'kind' }, `Case in ${columnLabel(data, c)}`),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, item.id)),
      viewLink(`the case ${item.id} in ${columnLabel(data, c)}`),
      h('h3', null, `Rules it checks (${item.rules.length})`),
      h(
        'ul',
        { class: 'rules' },
        ...item.rules.map((r) =>
          h(
            'li',
            null,
            chip(column.ruleStatus[r] ?? 'none'),
            h('button', { type: 'button', class: 'link', onclick: () => open(r, c) }, h('code', null, data.rules[r]?.id ?? '')),
            h('span', { class: 'rule-text' }, data.rules[r]?.title ?? ''),
          ),
        ),
      ),
      h('h3', null, 'Result here'),
      result ? caseBlock(k, result, c, source?.seed) : h('p', { class: 'muted' }, 'This run has no result for this case.'),
      h('h3', null, 'Where this column comes from'),
      facts(columnOrigin(data, column)),
      h('h3', null, 'Status in every column'),
      across,
    ];
  }

  function ruleInColumn(r: number, c: number): HTMLElement[] {
    const rule = data.rules[r];
    const column = data.columns[c];
    if (!rule || !column) return [];
    const source = data.sources[column.source];
    const citing = casesByRule[r] ?? [];
    const results = citing.flatMap((k) => {
      const result = column.results[k];
      return result ? [[k, result] as const] : [];
    });
    return [
      h('p', { class: 'kind' }, `Rule in ${columnLabel(data, c)}`),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, rule.id)),
      h('p', { class: 'statement' }, rule.title),
      viewLink(`the rule ${rule.id} in ${columnLabel(data, c)}`),
      ruleWhy(rule),
      ruleFacts(rule),
      h('h3', null, 'Status here'),
      h('p', { class: 'status-here' }, chip(column.ruleStatus[r] ?? 'none'), expectationChip(column.ruleExpectation?.[r]), ` in ${columnLabel(data, c)}`),
      h('h3', null, 'Where this column comes from'),
      facts(columnOrigin(data, column)),
      h('h3', null, 'Status in every column'),
      acrossColumns(r, c),
      h('h3', null, `Cases citing this rule in this run (${results.length})`),
      results.length === 0 ? h('p', { class: 'muted' }, 'No result of this run cites this rule.') : null,
      ...results.map(([k, result]) => caseBlock(k, result, c, source?.seed)),
    ].filter((node): node is HTMLElement => node !== null);
  }

  /** The rule's status in each column, by runtime; each opens the same rule in that column. */
  function acrossColumns(r: number, current: number): HTMLElement {
    return h(
      'ul',
      { class: 'statuses across' },
      ...data.groups.flatMap((group) =>
        group.columns.map((c) => {
          const column = data.columns[c];
          const status = column?.ruleStatus[r] ?? 'none';
          return h(
            'li',
            { class: c === current ? 'focus' : null },
            h('button', { type: 'button', class: 'link', 'data-col': String(c), onclick: () => open(r, c) }, chip(status), ' ', columnLabel(data, c)),
            expectationChip(column?.ruleExpectation?.[r]),
          );
        }),
      ),
    );
  }

  function caseBlock(k: number, result: ReportResult, c: number, seed: number | undefined): HTMLElement {
    const item = data.cases[k];
    const column = data.columns[c];
    const status = result.status;
    // Derived from the column's candidate (its runtime version pinned), the case id and the seed of its run.
    const command = status === 'pass' || !item || !column ? undefined : replayFor(column.candidate, item.id, result, seed);
    const link = item ? copyLink(hashOf({ ...store.current, case: item.id, rule: '', api: '', col: String(c) }), `${item.id} in ${columnLabel(data, c)}`) : undefined;
    const parts = resultDetails(result, command, link);
    const interesting = isNoteworthy(status);
    return h(
      'details',
      { class: 'result', open: interesting || undefined, 'data-case': item?.id ?? '' },
      h('summary', null, chip(status), ' ', h('code', null, item?.id ?? ''), h('span', { class: 'muted' }, ` · ${formatMs(result.durationMs)}`), expectationChip(result.expectation?.outcome)),
      ...parts,
    );
  }

  return { dialog: detail.dialog, open, openCase, openApi, render };
}
