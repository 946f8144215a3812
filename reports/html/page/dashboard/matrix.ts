/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The dashboard's matrix: rules × (runtime, version), grouped by module and section, with the filters (search,
// module, level, status), the comparison of chosen columns ("rules whose status differs between these columns"),
// one tab stop for the grid with arrow-key movement, and a drill-down from every cell.
import { h } from '../shared/dom.js';
import { moveGridFocus } from '../shared/grid-focus.js';
import { EXPECTATION_MARK, EXPECTATION_TEXT, MARK, STATUS_TEXT } from '../shared/labels.js';
import { statusOptions, type Option } from '../shared/status-filter.js';
import type { StateStore } from '../shared/state.js';
import type { CellStatus, ExpectationOutcome } from '../shared/types.js';
import { columnFacts, columnLabel, headerRows } from './columns.js';
import type { DashboardRowFilter } from './row-filter.js';
import { cmpOf, comparedColumns, DEFAULTS, type DashboardState } from './state.js';
import type { DashboardData } from './types.js';

/** Milliseconds of quiet typing before the search applies (Enter applies at once). */
const SEARCH_DELAY = 150;

export interface DashboardMatrixOptions {
  readonly data: DashboardData;
  readonly store: StateStore<DashboardState>;
  readonly rows: DashboardRowFilter;
  /** Opens rule `r` in column `c`; `trigger` gets the focus back when the dialog closes. */
  readonly openCell: (r: number, c: number, trigger?: EventTarget | null) => void;
}

export interface DashboardMatrix {
  readonly section: HTMLElement;
  /** Makes the controls show the state, and redraws the matrix for it. */
  render(): void;
}

type SelectKey = 'module' | 'level' | 'status';

export function createDashboardMatrix({ data, store, rows: rowFilter, openCell }: DashboardMatrixOptions): DashboardMatrix {
  const { rules, columns } = data;
  const head = h('thead');
  const body = h('tbody');
  const table = h('table', { class: 'matrix dashboard-matrix', role: 'grid', 'aria-labelledby': 'matrix-heading', 'aria-describedby': 'matrix-keys' }, head, body);
  const countLine = h('p', { class: 'match-count', role: 'status', 'aria-live': 'polite' });
  const compareLine = h('p', { class: 'compare-line', id: 'compare-line' });
  const selects: [SelectKey, HTMLSelectElement][] = [];
  const boxes: HTMLInputElement[] = [];
  let grid: HTMLButtonElement[][] = [];
  let searchTimer = 0;

  const select = (key: SelectKey, label: string, options: readonly Option[]): HTMLElement => {
    const id = `filter-${key}`;
    const element: HTMLSelectElement = h('select', { id, onchange: () => store.navigate({ [key]: element.value }, false) }, ...options.map(([value, text]) => h('option', { value }, text)));
    selects.push([key, element]);
    return h('div', { class: 'field' }, h('label', { for: id }, label), element);
  };
  const search: HTMLInputElement = h('input', {
    id: 'filter-q',
    type: 'search',
    placeholder: 'rule id or words…',
    autocomplete: 'off',
    spellcheck: 'false',
    oninput: () => {
      window.clearTimeout(searchTimer);
      searchTimer = window.setTimeout(() => store.navigate({ q: search.value }, false), SEARCH_DELAY);
    },
    onkeydown: (event) => {
      if (event.key === 'Enter') {
        window.clearTimeout(searchTimer);
        store.navigate({ q: search.value }, false);
      }
    },
  });
  const filters = h(
    'div',
    { class: 'filters dashboard-filters', role: 'search', 'aria-label': 'Filter the matrix' },
    h('div', { class: 'field' }, h('label', { for: 'filter-q' }, 'Search'), search),
    select('module', 'Module', [['', 'all modules'], ...data.modules.map((module): Option => [module, module])]),
    select('level', 'Level', [
      ['', 'all levels'],
      ['normative', 'normative'],
      ['informative', 'informative'],
    ]),
    select('status', 'Status (in a shown column)', statusOptions(false, Boolean(data.gate))),
    h('button', { type: 'button', class: 'secondary', onclick: () => store.navigate({ ...DEFAULTS, rule: store.current.rule, col: store.current.col }, false) }, 'Clear filters'),
  );

  // "Rules whose status differs between these columns": a checkbox per column, grouped by runtime.
  const toggleColumn = (c: number, on: boolean): void => {
    const chosen = new Set(comparedColumns(store.current));
    if (on) chosen.add(c);
    else chosen.delete(c);
    store.navigate({ cmp: cmpOf(chosen) }, false);
  };
  const compare = h(
    'fieldset',
    { class: 'column-compare', 'aria-describedby': 'compare-line' },
    h('legend', null, 'Rules whose status differs between these columns'),
    ...data.groups.map((group) =>
      h(
        'div',
        { class: 'compare-group' },
        h('span', { class: 'compare-runtime' }, group.label),
        ...group.columns.map((c) => {
          const id = `cmp-${c}`;
          const box: HTMLInputElement = h('input', { type: 'checkbox', id, 'data-col': String(c), onchange: () => toggleColumn(c, box.checked) });
          boxes[c] = box;
          const facts = columnFacts(data, c).filter((fact) => !fact.startsWith('suite ') || data.distinct.suiteVersions.length > 1);
          return h('label', { for: id, class: 'compare-choice' }, box, ` ${columns[c]?.version || '(no version)'}`, facts.length > 0 ? h('span', { class: 'muted' }, ` (${facts.join(', ')})`) : null);
        }),
      ),
    ),
    h(
      'div',
      { class: 'compare-actions' },
      h('button', { type: 'button', class: 'secondary', onclick: () => store.navigate({ cmp: cmpOf(columns.map((_, c) => c)) }, false) }, 'Compare all columns'),
      h('button', { type: 'button', class: 'secondary', onclick: () => store.navigate({ cmp: '' }, false) }, 'Clear the comparison'),
    ),
    compareLine,
  );

  function cell(r: number, c: number): HTMLTableCellElement {
    const column = columns[c];
    const status: CellStatus = column?.ruleStatus[r] ?? 'none';
    const expectation: ExpectationOutcome | null | undefined = column?.ruleExpectation?.[r];
    const label = `${rules[r]?.id ?? ''} for ${columnLabel(data, c)}: ${STATUS_TEXT[status]}${expectation ? `; ${EXPECTATION_TEXT[expectation]}` : ''}`;
    const button = h(
      'button',
      { type: 'button', class: `cell s-${status}${expectation ? ` x-${expectation}` : ''}`, tabindex: '-1', 'aria-label': label, 'data-rule': String(r), 'data-col': String(c) },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, MARK[status]),
      h('span', { 'aria-hidden': 'true' }, STATUS_TEXT[status]),
      expectation ? h('span', { class: 'expect-mark', 'aria-hidden': 'true', title: EXPECTATION_TEXT[expectation] }, EXPECTATION_MARK[expectation]) : null,
    );
    grid[grid.length - 1]?.push(button);
    return h('td', null, button);
  }

  function ruleRow(r: number, shown: readonly number[]): HTMLTableRowElement | null {
    const rule = rules[r];
    if (!rule) return null;
    const headButton = h('button', { type: 'button', class: 'rowhead-button', 'data-rule': String(r), tabindex: '-1' }, h('code', null, rule.id));
    grid.push([headButton]);
    return h(
      'tr',
      { class: rule.level === 'informative' ? 'informative' : null, 'data-rule-id': rule.id },
      h('th', { scope: 'row', class: 'rowhead' }, headButton, h('span', { class: 'rule-title' }, rule.title), rule.level === 'informative' ? h('span', { class: 'tag' }, 'informative') : null),
      ...shown.map((c) => cell(r, c)),
    );
  }

  function sync(state: DashboardState): void {
    if (document.activeElement !== search && search.value !== state.q) search.value = state.q;
    for (const [key, element] of selects) if (element.value !== state[key]) element.value = state[key];
    const chosen = new Set(comparedColumns(state));
    boxes.forEach((box, c) => (box.checked = chosen.has(c)));
    const names = [...chosen].map((c) => columnLabel(data, c));
    compareLine.textContent =
      chosen.size >= 2
        ? `Listing only the rules whose status differs between ${names.join(', ')}; the matrix shows these ${chosen.size} columns.`
        : chosen.size === 1
          ? `Check one more column: ${names[0]} alone has nothing to differ from.`
          : 'Check two or more columns to list only the rules whose status is not the same in all of them.';
  }

  function render(): void {
    const t0 = performance.now();
    const state = store.current;
    sync(state);
    const shown = rowFilter.visibleColumns(state);
    const ruleRows = rowFilter.visibleRules(state);
    head.replaceChildren(...headerRows(data, shown, 'Rule', 'rowhead-col'));
    const fragment = document.createDocumentFragment();
    grid = [];
    let group = '';
    for (const r of ruleRows) {
      const rule = rules[r];
      const label = `${rule?.module ?? ''} › ${rule?.section || 'other rules'}`;
      if (label !== group) {
        group = label;
        fragment.append(h('tr', { class: 'group' }, h('th', { scope: 'colgroup', colspan: String(shown.length + 1) }, label)));
      }
      const line = ruleRow(r, shown);
      if (line) fragment.append(line);
    }
    body.replaceChildren(fragment);
    if (ruleRows.length === 0) body.append(h('tr', null, h('td', { colspan: String(shown.length + 1), class: 'empty' }, 'No rule matches these filters.')));
    const first = grid[0]?.[0];
    if (first) first.tabIndex = 0;
    countLine.textContent = ruleRows.length === 0 ? 'No rules match.' : `${ruleRows.length} rule${ruleRows.length === 1 ? '' : 's'} match, in ${shown.length} column${shown.length === 1 ? '' : 's'}.`;
    document.documentElement.setAttribute('data-matrix-ms', (performance.now() - t0).toFixed(1));
  }

  table.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !table.contains(button) || !button.hasAttribute('data-rule')) return;
    const r = Number(button.getAttribute('data-rule'));
    // A row header opens the rule in the first shown column.
    const c = button.hasAttribute('data-col') ? Number(button.getAttribute('data-col')) : (rowFilter.visibleColumns(store.current)[0] ?? 0);
    openCell(r, c, button);
  });
  table.addEventListener('keydown', (event) => moveGridFocus(grid, event));

  const section = h(
    'section',
    { class: 'card', id: 'matrix-section', 'aria-labelledby': 'matrix-heading' },
    h('div', { class: 'section-bar' }, h('h2', { id: 'matrix-heading', tabindex: '-1' }, 'Rules × runtime versions')),
    filters,
    compare,
    countLine,
    h('p', { id: 'matrix-keys', class: 'hint' }, 'Tab into the matrix, move with the arrow keys, Home/End, Page Up/Down; Enter opens the cell: its cases, messages and replay commands.'),
    data.gate
      ? h(
          'p',
          { class: 'hint' },
          `Against the expectations: ${EXPECTATION_MARK.unexpected} ${EXPECTATION_TEXT.unexpected}, ${EXPECTATION_MARK.expected} ${EXPECTATION_TEXT.expected} failure, ${EXPECTATION_MARK['unexpected-pass']} ${EXPECTATION_TEXT['unexpected-pass']} (a stale expectation).`,
        )
      : null,
    h('div', { class: 'scroll matrix-scroll' }, table),
  );
  return { section, render };
}
