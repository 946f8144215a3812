/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The matrix: rules (or cases) × candidates, filtered by the state, grouped by module and section, paged, with one
// tab stop for the whole grid and arrow-key movement between cells. A cell or row header opens the drill-down.
import { h } from '../shared/dom.js';
import type { FilterControls } from './filter-controls.js';
import { formatMs } from '../shared/format.js';
import { moveGridFocus } from '../shared/grid-focus.js';
import { CHANGE_TEXT, EXPECTATION_MARK, EXPECTATION_TEXT, MARK, STATUS_TEXT, candidateLabel } from '../shared/labels.js';
import { cellKey, statusOf, type ReportIndex } from './report-index.js';
import type { RowFilter } from './row-filter.js';
import type { PageStateStore } from '../shared/state.js';
import type { CellStatus, ChangeKind, ExpectationOutcome } from '../shared/types.js';

/** Rows per matrix page. */
const PAGE_SIZE = 100;

/** Opens a drill-down; `trigger` gets the focus back when it closes. */
export type OpenDetail = (row: number, candidate: number | undefined, trigger?: EventTarget | null) => void;

export interface MatrixOptions {
  readonly index: ReportIndex;
  readonly store: PageStateStore;
  readonly rows: RowFilter;
  readonly controls: FilterControls;
  readonly openRule: OpenDetail;
  readonly openCase: OpenDetail;
}

export interface Matrix {
  /** The matrix card, with its controls. */
  readonly section: HTMLElement;
  /** Redraws the rows, the header, the match count and the pager for the current state. */
  render(): void;
}

export function createMatrix({ index, store, rows: rowFilter, controls, openRule, openCase }: MatrixOptions): Matrix {
  const { rules, cases, candidates } = index.data;
  const matrixBody = h('tbody');
  const matrixHead = h('thead');
  const matrixTable = h('table', { class: 'matrix', role: 'grid', 'aria-labelledby': 'matrix-heading', 'aria-describedby': 'matrix-keys' }, matrixHead, matrixBody);
  const countLine = h('p', { class: 'match-count', role: 'status', 'aria-live': 'polite' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Matrix pages' });
  /** Focusable cells by row (the row header first), for arrow-key movement. */
  let grid: HTMLButtonElement[][] = [];

  function cellButton(
    status: CellStatus,
    change: ChangeKind | undefined,
    expectation: ExpectationOutcome | null | undefined,
    label: string,
    attributes: { readonly [name: string]: string },
  ): HTMLButtonElement {
    const changeNote = change ? `; ${CHANGE_TEXT[change]} since the baseline` : '';
    const expectationNote = expectation ? `; ${EXPECTATION_TEXT[expectation]}` : '';
    const classes = `cell s-${status}${change ? ` c-${change}` : ''}${expectation ? ` x-${expectation}` : ''}`;
    return h(
      'button',
      { type: 'button', class: classes, tabindex: '-1', 'aria-label': label + changeNote + expectationNote, ...attributes },
      h('span', { 'aria-hidden': 'true', class: 'mark' }, MARK[status]),
      h('span', { 'aria-hidden': 'true' }, STATUS_TEXT[status]),
      change === 'regression' || change === 'fix' ? h('span', { class: 'delta', 'aria-hidden': 'true' }, change === 'regression' ? '▼' : '▲') : null,
      expectation ? h('span', { class: 'expect-mark', 'aria-hidden': 'true', title: EXPECTATION_TEXT[expectation] }, EXPECTATION_MARK[expectation]) : null,
    );
  }

  function ruleRow(r: number, chosen: readonly number[]): HTMLTableRowElement | null {
    const rule = rules[r];
    if (!rule) return null;
    const head = h('button', { type: 'button', class: 'rowhead-button', 'data-rule': String(r), tabindex: '-1' }, h('code', null, rule.id));
    const row = [head];
    const cells = chosen.map((c) => {
      const candidate = candidates[c];
      const status = candidate?.ruleStatus[r] ?? 'none';
      const change = index.changeByRuleCell.get(cellKey(c, r));
      const label = `${rule.id} for ${candidate ? candidateLabel(candidate) : ''}: ${STATUS_TEXT[status]}`;
      const button = cellButton(status, change, candidate?.ruleExpectation?.[r], label, { 'data-rule': String(r), 'data-cand': String(c) });
      row.push(button);
      return h('td', null, button);
    });
    grid.push(row);
    return h(
      'tr',
      { class: rule.level === 'informative' ? 'informative' : null },
      h('th', { scope: 'row', class: 'rowhead' }, head, h('span', { class: 'rule-title' }, rule.title), rule.level === 'informative' ? h('span', { class: 'tag' }, 'informative') : null),
      ...cells,
    );
  }

  function caseRow(k: number, chosen: readonly number[]): HTMLTableRowElement | null {
    const item = cases[k];
    if (!item) return null;
    const head = h('button', { type: 'button', class: 'rowhead-button', 'data-case': String(k), tabindex: '-1' }, h('code', null, item.id));
    const row = [head];
    const cells = chosen.map((c) => {
      const candidate = candidates[c];
      const result = candidate?.results[k];
      const status = statusOf(result);
      const change = index.changeByCell.get(cellKey(c, k));
      const label = `${item.id} for ${candidate ? candidateLabel(candidate) : ''}: ${STATUS_TEXT[status]}${result ? `, ${formatMs(result.durationMs)}` : ''}`;
      const button = cellButton(status, change?.kind, result?.expectation?.outcome, label, { 'data-case': String(k), 'data-cand': String(c) });
      row.push(button);
      return h('td', null, button);
    });
    grid.push(row);
    const ruleIds = item.rules.map((r) => rules[r]?.id ?? '').join(', ');
    return h(
      'tr',
      { class: item.normative ? null : 'informative' },
      h('th', { scope: 'row', class: 'rowhead' }, head, h('span', { class: 'rule-title' }, `${item.rules.length} rule${item.rules.length === 1 ? '' : 's'}: ${ruleIds}`)),
      ...cells,
    );
  }

  function render(): void {
    const t0 = performance.now();
    const state = store.current;
    const rows = rowFilter.visibleRows(state);
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
    const page = Math.min(Number(state.page), pages);
    const first = (page - 1) * PAGE_SIZE;
    const shown = rows.slice(first, first + PAGE_SIZE);
    const chosen = rowFilter.selectedCandidates(state);
    const noun = state.view === 'rules' ? 'rule' : 'case';

    matrixHead.replaceChildren(
      h(
        'tr',
        null,
        h('th', { scope: 'col', class: 'rowhead-col' }, state.view === 'rules' ? 'Rule' : 'Case'),
        ...chosen.map((c) => {
          const candidate = candidates[c];
          const label = candidate ? candidateLabel(candidate) : '';
          return h('th', { scope: 'col', class: 'cand-col', title: `${label} (${candidate?.id ?? ''})` }, h('span', { class: 'cand-head' }, label));
        }),
      ),
    );

    const fragment = document.createDocumentFragment();
    grid = [];
    let group = '';
    for (const row of shown) {
      const rule = rules[row];
      const label = state.view === 'rules' ? `${rule?.module ?? ''} › ${rule?.section || 'other rules'}` : (cases[row]?.module ?? '');
      if (label !== group) {
        group = label;
        fragment.append(h('tr', { class: 'group' }, h('th', { scope: 'colgroup', colspan: String(chosen.length + 1) }, label)));
      }
      const line = state.view === 'rules' ? ruleRow(row, chosen) : caseRow(row, chosen);
      if (line) fragment.append(line);
    }
    matrixBody.replaceChildren(fragment);
    if (shown.length === 0) {
      matrixBody.append(h('tr', null, h('td', { colspan: String(chosen.length + 1), class: 'empty' }, `No ${noun} matches these filters.`)));
    }
    const firstCell = grid[0]?.[0];
    if (firstCell) firstCell.tabIndex = 0;

    countLine.textContent =
      rows.length === 0 ? `No ${noun}s match.` : `${rows.length} ${noun}${rows.length === 1 ? '' : 's'} match; showing ${first + 1}–${first + shown.length}.`;
    pager.replaceChildren(
      h('button', { type: 'button', class: 'secondary', disabled: page <= 1, onclick: () => turnPage(page - 1) }, '← Previous'),
      h('span', { class: 'page-of' }, `Page ${page} of ${pages}`),
      h('button', { type: 'button', class: 'secondary', disabled: page >= pages, onclick: () => turnPage(page + 1) }, 'Next →'),
    );
    document.documentElement.setAttribute('data-matrix-ms', (performance.now() - t0).toFixed(1));
  }

  function turnPage(page: number): void {
    store.navigate({ page: String(page) }, false);
    const heading = document.getElementById('matrix-heading');
    if (heading) heading.scrollIntoView({ block: 'start' });
  }

  function onMatrixClick(event: MouseEvent): void {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !matrixTable.contains(button)) return;
    const cand = button.hasAttribute('data-cand') ? Number(button.getAttribute('data-cand')) : undefined;
    if (button.hasAttribute('data-rule')) openRule(Number(button.getAttribute('data-rule')), cand, button);
    else if (button.hasAttribute('data-case')) openCase(Number(button.getAttribute('data-case')), cand, button);
  }

  matrixTable.addEventListener('click', onMatrixClick);
  // Roving focus over the matrix cells (one tab stop for the whole grid).
  matrixTable.addEventListener('keydown', (event) => moveGridFocus(grid, event));
  const section = h(
    'section',
    { class: 'card', id: 'matrix-section', 'aria-labelledby': 'matrix-heading' },
    h('div', { class: 'section-bar' }, h('h2', { id: 'matrix-heading', tabindex: '-1' }, 'Matrix'), controls.views),
    controls.filters,
    countLine,
    h('p', { id: 'matrix-keys', class: 'hint' }, 'Tab into the matrix, move with the arrow keys, Home/End, Page Up/Down; Enter opens the details.'),
    index.data.gate
      ? h(
          'p',
          { class: 'hint' },
          `Against the expectations: ${EXPECTATION_MARK.unexpected} ${EXPECTATION_TEXT.unexpected} (fails the gate), ${EXPECTATION_MARK.expected} ${EXPECTATION_TEXT.expected} failure, ${EXPECTATION_MARK['unexpected-pass']} ${EXPECTATION_TEXT['unexpected-pass']} (a stale expectation).`,
        )
      : null,
    h('div', { class: 'scroll matrix-scroll' }, matrixTable),
    pager,
  );
  return { section, render };
}
