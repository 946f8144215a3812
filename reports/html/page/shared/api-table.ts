/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The API × candidate table both pages open on: one row per export of the interface (grouped by module), one cell
// per candidate (the report) or per runtime version (the dashboard), each cell its state as a mark, a word and how
// many of its rules pass, opening the rules and cases behind it. One tab stop for the grid; arrows move.
import { h } from './dom.js';
import { moveGridFocus } from './grid-focus.js';
import { API_STATE_MARK, apiCellCount, apiCellWord } from './api-labels.js';
import type { ApiCell, PageApi } from './types.js';

export interface ApiTableOptions {
  readonly apis: readonly PageApi[];
  readonly modules: readonly string[];
  /** The caller's header rows; their first cell is the corner over the API names. */
  readonly head: readonly HTMLTableRowElement[];
  /** How many cells a row has after its header, for the module rows' span. */
  readonly width: number;
  /** The cells of API `a`, after its row header. */
  readonly cellsOf: (a: number) => readonly HTMLTableCellElement[];
  /** The id of the heading that names the table. */
  readonly labelledBy: string;
}

/**
 * A button showing one cell's state: `◐ partial 34/35`; with `compact`, the mark alone (a strip of versions), its
 * word and count in the label and the tooltip.
 * @param label the API and where it was observed, for assistive technology: `child_process.fork on node 22.23.3`
 */
export function apiCellButton(cell: ApiCell, label: string, onclick: (event: MouseEvent) => void, compact = false): HTMLButtonElement {
  const word = apiCellWord(cell);
  const count = apiCellCount(cell);
  const described = `${label}: ${word}${count ? `, ${count} rules pass` : ''}`;
  return h(
    'button',
    {
      type: 'button',
      class: `cell api-cell a-${cell.state}${compact ? ' compact' : ''}${cell.state === 'untested' && cell.untested ? ` u-${cell.untested}` : ''}`,
      'aria-label': described,
      title: described,
      tabindex: '-1',
      onclick,
    },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, API_STATE_MARK[cell.state]),
    compact ? null : h('span', { 'aria-hidden': 'true' }, word),
    compact || !count ? null : h('span', { class: 'api-count', 'aria-hidden': 'true' }, count),
  );
}

/** The row header of an API: its name as code, its kind and what it is for. */
function apiRowHead(api: PageApi): HTMLTableCellElement {
  return h(
    'th',
    { scope: 'row', class: 'rowhead api-rowhead', 'data-api': api.id },
    h('code', null, api.id),
    api.kind === 'function' ? null : h('span', { class: 'tag' }, api.kind),
    h('span', { class: 'rule-title' }, `${api.title} · ${api.rules.length} normative rule${api.rules.length === 1 ? '' : 's'}`),
  );
}

export function apiTable(options: ApiTableOptions): HTMLTableElement {
  const body = h('tbody');
  const grid: HTMLButtonElement[][] = [];
  for (const module of options.modules) {
    const rows = options.apis.flatMap((api, a) => (api.module === module ? [a] : []));
    if (rows.length === 0) continue;
    body.append(h('tr', { class: 'group' }, h('th', { colspan: String(options.width + 1), scope: 'colgroup' }, module)));
    for (const a of rows) {
      const api = options.apis[a] as PageApi;
      const cells = options.cellsOf(a);
      const row = h('tr', { 'data-api': api.id }, apiRowHead(api), ...cells);
      grid.push([...row.querySelectorAll<HTMLButtonElement>('button.api-cell')]);
      body.append(row);
    }
  }
  const first = grid.find((row) => row.length > 0)?.[0];
  if (first) first.tabIndex = 0;
  const table = h('table', { class: 'api-table', role: 'grid', 'aria-labelledby': options.labelledBy }, h('thead', null, ...options.head), body);
  table.addEventListener('keydown', (event) => moveGridFocus(grid, event));
  return table;
}

/** The legend under a table: every state with its mark and what it means. */
export function apiLegend(): HTMLElement {
  const item = (state: ApiCell['state'], text: string): HTMLElement =>
    h('li', null, h('span', { class: `chip a-${state}` }, h('span', { 'aria-hidden': 'true' }, API_STATE_MARK[state]), ` ${state}`), ` ${text}`);
  return h(
    'ul',
    { class: 'api-legend' },
    item('conformant', 'every normative rule of the export passes'),
    item('partial', 'it works, some of its rules fail'),
    item('failing', 'exported and it runs, but none of its rules passes: it does something else'),
    item('stub', 'exported, but calls throw "not implemented"'),
    item('absent', 'not exported'),
    item('untested', 'not provided, not run, or not fully tested: no state claimed'),
  );
}
