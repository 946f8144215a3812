/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The comparison with the baseline run: counts per kind of change, and a table per kind (regressions and fixes open)
// whose case links open the drill-down.
import { chip } from '../shared/chips.js';
import { h } from '../shared/dom.js';
import { firstLine } from '../../../../io/message-text.js';
import { CHANGE_KINDS, CHANGE_NOUNS } from '../../../../results/diff.js';
import { formatDate } from '../shared/format.js';
import { CHANGE_TEXT, candidateLabel } from '../shared/labels.js';
import type { ReportIndex } from './report-index.js';
import { filterHref } from '../shared/state.js';
import type { ChangeKind, ReportBaseline, StatusChange } from '../shared/types.js';

/** Rows listed per kind before the table says how many more there are. */
const LIST_LIMIT = 100;

/** Opens the case drill-down; `trigger` gets the focus back when it closes. */
export type OpenCase = (k: number, c: number | undefined, trigger?: EventTarget | null) => void;

export function renderBaseline(index: ReportIndex, baseline: ReportBaseline, openCase: OpenCase): HTMLElement {
  const changes = baseline.changes;
  const byKind = (kind: ChangeKind): StatusChange[] => changes.filter((change) => change.kind === kind);
  const counts = CHANGE_KINDS.map((kind) => {
    const count = byKind(kind).length;
    return h('span', { class: `count k-${kind}` }, `${count} ${CHANGE_NOUNS[kind][count === 1 ? 0 : 1]}`);
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'baseline-heading' },
    h('h2', { id: 'baseline-heading' }, 'Compared with the baseline'),
    h(
      'p',
      { class: 'meta' },
      `Baseline: ${baseline.tool.name} ${baseline.tool.version}, started ${formatDate(baseline.startedAt)}, seed ${baseline.seed}; ${baseline.compared} results compared.`,
    ),
    h('p', { class: 'counts' }, ...counts),
    changes.length === 0 ? h('p', null, 'No status changed.') : null,
    ...CHANGE_KINDS.filter((kind) => byKind(kind).length > 0).map((kind) => changeTable(index, byKind(kind), kind, kind === 'regression' || kind === 'fix', openCase)),
  );
}

function changeTable(index: ReportIndex, changes: readonly StatusChange[], kind: ChangeKind, open: boolean, openCase: OpenCase): HTMLElement {
  const shown = changes.slice(0, LIST_LIMIT);
  const title = `${changes.length} ${kind === 'regression' ? 'regressed' : CHANGE_TEXT[kind]}`;
  const table = h(
    'table',
    { class: 'changes' },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Candidate'), h('th', { scope: 'col' }, 'Case'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Message'))),
    h('tbody', null, ...shown.map((change) => changeRow(index, change, openCase))),
  );
  const more =
    changes.length > shown.length && (kind === 'regression' || kind === 'fix')
      ? h('p', null, h('a', { href: filterHref({ view: 'cases', status: kind }) }, `Show all ${changes.length} in the matrix`))
      : changes.length > shown.length
        ? h('p', null, `… and ${changes.length - shown.length} more`)
        : null;
  return h('details', { class: `change-group k-${kind}`, open: open || undefined }, h('summary', null, title), h('div', { class: 'scroll' }, table), more);
}

function changeRow(index: ReportIndex, change: StatusChange, openCase: OpenCase): HTMLTableRowElement {
  const k = index.caseById.get(change.case);
  const c = index.candidateById.get(change.candidate);
  const candidate = c === undefined ? undefined : index.data.candidates[c];
  const caseCell =
    k === undefined
      ? h('code', null, change.case)
      : h('button', { class: 'link', type: 'button', onclick: (event) => openCase(k, c, event.currentTarget) }, h('code', null, change.case));
  return h(
    'tr',
    null,
    h('td', null, candidate === undefined ? change.candidate : candidateLabel(candidate)),
    h('td', null, caseCell),
    h('td', { class: 'nowrap' }, change.before ? chip(change.before) : '—', ' → ', change.after ? chip(change.after) : '—'),
    h('td', { class: 'message-cell' }, change.message ? firstLine(change.message, 160) : ''),
  );
}
