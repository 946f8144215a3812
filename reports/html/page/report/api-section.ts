/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The section the report opens on: every export of the interface × every candidate, each cell its state (absent,
// stub, partial, conformant, or untested and why), opening the rules and cases behind it.
import { apiCellButton, apiLegend, apiTable } from '../shared/api-table.js';
import { h } from '../shared/dom.js';
import { candidateLabel } from '../shared/labels.js';
import type { ReportData } from '../shared/types.js';

/** @param openApi opens API `a` for candidate `c` */
export function renderApiSection(data: ReportData, openApi: (a: number, c: number, trigger?: EventTarget | null) => void): HTMLElement {
  const head = h(
    'tr',
    null,
    h('th', { scope: 'col', class: 'rowhead-col' }, 'Export'),
    ...data.candidates.map((candidate) => h('th', { scope: 'col', class: 'cand-col', title: `${candidate.kind} · ${candidate.id}` }, h('span', { class: 'cand-head' }, candidateLabel(candidate)))),
  );
  const table = apiTable({
    apis: data.apis,
    modules: data.modules,
    head: [head],
    width: data.candidates.length,
    labelledBy: 'api-heading',
    cellsOf: (a) =>
      data.candidates.map((candidate, c) => {
        const cell = candidate.apis[a];
        const api = data.apis[a];
        if (!cell || !api) return h('td');
        return h('td', { 'data-for': candidate.id }, apiCellButton(cell, `${api.id} on ${candidateLabel(candidate)}`, (event) => openApi(a, c, event.currentTarget)));
      }),
  });
  return h(
    'section',
    { class: 'card', id: 'api-section', 'aria-labelledby': 'api-heading' },
    h('h2', { id: 'api-heading', tabindex: '-1' }, 'Can I use it? Every export, per candidate'),
    h(
      'p',
      { class: 'hint' },
      'The state of each export from the behaviour the cases observed, not from its presence alone: a stub that throws "not implemented" is not usable, and an export whose rules were not all run claims no state. Select a cell for the rules and cases behind it.',
    ),
    apiLegend(),
    h('div', { class: 'matrix-scroll api-scroll' }, table),
  );
}
