/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The drill-down dialog: a rule (its statement, facts, status per candidate and the cases citing it) or a case (its
// rules, and per candidate the result with message, expected vs actual, counterexample and replay command). What is
// open is part of the state, so each step is a history entry and a link can open it.
import { chip, expectationChip } from '../shared/chips.js';
import { h } from '../shared/dom.js';
import { formatMs } from '../shared/format.js';
import { CHANGE_TEXT, MARK, STATUS_TEXT, candidateLabel } from '../shared/labels.js';
import { replayFor } from '../shared/replay-block.js';
import { createDetailDialog } from '../shared/detail-dialog.js';
import { facts, ruleFacts, ruleWhy } from '../shared/facts.js';
import { isNoteworthy, resultDetails } from '../shared/result-details.js';
import { cellKey, statusOf, type ReportIndex } from './report-index.js';
import { hashOf, type PageStateStore } from '../shared/state.js';
import { apiDetail, apiStateChip } from '../shared/api-detail.js';
import { copyLink } from '../shared/copy-link.js';

export interface DrillDown {
  readonly dialog: HTMLDialogElement;
  /** Opens rule `r` (for candidate `c`, listed first); `trigger` gets the focus back when the dialog closes. */
  openRule(r: number, c: number | undefined, trigger?: EventTarget | null): void;
  /** Opens case `k` (for candidate `c`, shown first and expanded). */
  openCase(k: number, c: number | undefined, trigger?: EventTarget | null): void;
  /** Opens API `a` for candidate `c`: its state there and the rules and cases behind it. */
  openApi(a: number, c: number, trigger?: EventTarget | null): void;
  /** Shows what the state says is open, or closes the dialog. */
  render(): void;
}

export function createDrillDown(index: ReportIndex, store: PageStateStore): DrillDown {
  const { data } = index;
  const { rules, cases, candidates } = data;
  const detail = createDetailDialog(() => {
    const state = store.current;
    if (state.rule || state.case || state.api) store.navigate({ rule: '', case: '', api: '', for: '' }, false);
  });
  const apiIndex = new Map(data.apis.map((api, a) => [api.id, a]));

  function openRule(r: number, c: number | undefined, trigger?: EventTarget | null): void {
    const rule = rules[r];
    if (!rule) return;
    detail.remember(trigger);
    store.navigate({ rule: rule.id, case: '', api: '', for: c === undefined ? '' : (candidates[c]?.id ?? '') }, true);
  }

  function openCase(k: number, c: number | undefined, trigger?: EventTarget | null): void {
    const item = cases[k];
    if (!item) return;
    detail.remember(trigger);
    store.navigate({ case: item.id, rule: '', api: '', for: c === undefined ? '' : (candidates[c]?.id ?? '') }, true);
  }

  function openApi(a: number, c: number, trigger?: EventTarget | null): void {
    const api = data.apis[a];
    const candidate = candidates[c];
    if (!api || !candidate) return;
    detail.remember(trigger);
    store.navigate({ api: api.id, rule: '', case: '', for: candidate.id }, true);
  }

  /** A copy-link control for the view the state shows now (the filters stay as they are). */
  function viewLink(what: string): HTMLElement {
    return copyLink(hashOf(store.current), what);
  }

  function render(): void {
    const state = store.current;
    const r = index.ruleById.get(state.rule);
    const k = index.caseById.get(state.case);
    const a = apiIndex.get(state.api);
    const c = index.candidateById.get(state.for);
    if (a !== undefined && c !== undefined) {
      detail.show(apiCellDetail(a, c));
      return;
    }
    if (r === undefined && k === undefined) {
      detail.close();
      return;
    }
    detail.show(k !== undefined ? caseDetail(k) : r !== undefined ? ruleDetail(r) : []);
  }

  function apiCellDetail(a: number, c: number): HTMLElement[] {
    const api = data.apis[a];
    const candidate = candidates[c];
    const cell = candidate?.apis[a];
    if (!api || !candidate || !cell) return [];
    const across = h(
      'ul',
      { class: 'statuses across' },
      ...candidates.map((other, o) => {
        const there = other.apis[a];
        return h(
          'li',
          { class: o === c ? 'focus' : null },
          there ? h('button', { type: 'button', class: 'link', 'data-for': other.id, onclick: () => openApi(a, o) }, apiStateChip(there), ' ', candidateLabel(other)) : candidateLabel(other),
        );
      }),
    );
    return apiDetail({
      api,
      cell,
      where: candidateLabel(candidate),
      rules,
      cases,
      results: candidate.results,
      openRule: (r) => openRule(r, c),
      openCase: (k) => openCase(k, c),
      across,
      link: viewLink(`${api.id} in ${candidateLabel(candidate)}`),
    });
  }

  /** Candidate indices with the focused one (the `for` of the state) first. */
  function candidateOrder(focus: number | undefined): number[] {
    const all = candidates.map((_, c) => c);
    return focus === undefined ? all : [focus, ...all.filter((c) => c !== focus)];
  }

  function ruleDetail(r: number): HTMLElement[] {
    const rule = rules[r];
    if (!rule) return [];
    const citing = index.casesByRule[r] ?? [];
    const focus = index.candidateById.get(store.current.for);
    const order = candidateOrder(focus);
    const label = (c: number): string => {
      const candidate = candidates[c];
      return candidate ? candidateLabel(candidate) : '';
    };
    const statusList = h(
      'ul',
      { class: 'statuses' },
      ...order.map((c) =>
        h('li', { class: c === focus ? 'focus' : null }, chip(candidates[c]?.ruleStatus[r] ?? 'none'), expectationChip(candidates[c]?.ruleExpectation?.[r]), ' ', label(c)),
      ),
    );
    const caseTable =
      citing.length === 0
        ? h('p', null, 'No case of this run cites this rule.')
        : h(
            'div',
            { class: 'scroll' },
            h(
              'table',
              { class: 'mini' },
              h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Case'), ...order.map((c) => h('th', { scope: 'col' }, label(c))))),
              h(
                'tbody',
                null,
                ...citing.map((k) => {
                  const id = cases[k]?.id ?? '';
                  return h(
                    'tr',
                    null,
                    h('th', { scope: 'row' }, h('button', { type: 'button', class: 'link', onclick: () => openCase(k, focus) }, h('code', null, id))),
                    ...order.map((c) => {
                      const status = statusOf(candidates[c]?.results[k]);
                      return h(
                        'td',
                        null,
                        h(
                          'button',
                          { type: 'button', class: `cell s-${status}`, 'aria-label': `${id} for ${label(c)}: ${STATUS_TEXT[status]}`, onclick: () => openCase(k, c) },
                          h('span', { class: 'mark', 'aria-hidden': 'true' }, MARK[status]),
                          h('span', { 'aria-hidden': 'true' }, STATUS_TEXT[status]),
                        ),
                      );
                    }),
                  );
                }),
              ),
            ),
          );
    return [
      h('p', { class: 'kind' }, 'Rule'),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, rule.id)),
      h('p', { class: 'statement' }, rule.title),
      viewLink(`the rule ${rule.id}`),
      ...[ruleWhy(rule)].filter((node): node is HTMLElement => node !== null),
      ruleFacts(rule),
      h('h3', null, 'Status per candidate'),
      statusList,
      h('h3', null, `Cases citing this rule (${citing.length})`),
      caseTable,
    ];
  }

  function caseDetail(k: number): HTMLElement[] {
    const item = cases[k];
    if (!item) return [];
    const focus = index.candidateById.get(store.current.for);
    const order = candidateOrder(focus);
    const ruleList = h(
      'ul',
      { class: 'rules' },
      ...item.rules.map((r) => {
        const rule = rules[r];
        return h(
          'li',
          null,
          h('button', { type: 'button', class: 'link', onclick: () => openRule(r, focus) }, h('code', null, rule?.id ?? '')),
          rule?.level === 'informative' ? h('span', { class: 'tag' }, 'informative') : null,
          h('span', { class: 'rule-text' }, rule?.title ?? ''),
          rule ? ruleWhy(rule) : null,
        );
      }),
    );
    return [
      h('p', { class: 'kind' }, 'Case'),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, item.id)),
      viewLink(`the case ${item.id}`),
      facts([
        ['Module', item.module],
        ['Level', item.normative ? 'normative (cites a normative rule)' : 'informative only'],
      ]),
      h('h3', null, `Rules it checks (${item.rules.length})`),
      ruleList,
      h('h3', null, 'Results'),
      ...order.flatMap((c) => resultBlock(k, c, c === focus || (focus === undefined && order.length === 1)) ?? []),
    ];
  }

  function resultBlock(k: number, c: number, focused: boolean): HTMLElement | null {
    const candidate = candidates[c];
    const item = cases[k];
    if (!candidate || !item) return null;
    const result = candidate.results[k] ?? null;
    const change = index.changeByCell.get(cellKey(c, k));
    const status = statusOf(result);
    const interesting = focused || (result !== null && isNoteworthy(status));
    const summary = h(
      'summary',
      null,
      chip(status),
      ' ',
      h('span', { class: 'candidate-name' }, candidateLabel(candidate)),
      result ? h('span', { class: 'muted' }, ` · ${formatMs(result.durationMs)}`) : null,
      change
        ? h(
            'span',
            { class: `change-note k-${change.kind}` },
            ` · ${CHANGE_TEXT[change.kind]}: ${change.before ? STATUS_TEXT[change.before] : 'absent'} → ${change.after ? STATUS_TEXT[change.after] : 'absent'}`,
          )
        : null,
      expectationChip(result?.expectation?.outcome),
    );
    const body: HTMLElement[] = [];
    if (!result) body.push(h('p', { class: 'muted' }, 'This candidate has no result for this case.'));
    else {
      body.push(h('p', { class: 'muted' }, `Candidate id: ${candidate.id} (${candidate.kind})`));
      // Derived from the candidate, the case id, the result's repetitions and the run seed: the command is the same
      // one the console and the JUnit report print.
      const cellHash = hashOf({ ...store.current, case: item.id, rule: '', api: '', for: candidate.id });
      body.push(...resultDetails(result, status === 'pass' ? undefined : replayFor(candidate, item.id, result, data.seed), copyLink(cellHash, `${item.id} for ${candidateLabel(candidate)}`)));
    }
    return h('details', { class: 'result', open: interesting || undefined }, summary, ...body);
  }

  return { dialog: detail.dialog, openRule, openCase, openApi, render };
}
