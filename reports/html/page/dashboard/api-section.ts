/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The section the dashboard opens on: every export × every runtime, each cell a strip of its state in each version of
// that runtime (oldest first), with the first version where it is conformant and the first where it fails again.
// Every mark of a strip opens that API in that version.
import { releaseLabel } from '../../../../results/candidate-label.js';
import { apiCellButton, apiLegend, apiTable } from '../shared/api-table.js';
import { h } from '../shared/dom.js';
import { columnLabel } from './columns.js';
import type { DashboardData, DashboardGroup } from './types.js';

/** @param openApi opens API `a` in column `c` */
export function renderDashboardApiSection(data: DashboardData, openApi: (a: number, c: number, trigger?: EventTarget | null) => void): HTMLElement {
  const head = h(
    'tr',
    null,
    h('th', { scope: 'col', class: 'rowhead-col' }, 'Export'),
    ...data.groups.map((group) => h('th', { scope: 'col', class: 'cand-col runtime-head' }, group.label, h('span', { class: 'column-fact' }, versionRange(data, group)))),
  );
  const table = apiTable({
    apis: data.apis,
    modules: data.modules,
    head: [head],
    width: data.groups.length,
    labelledBy: 'api-heading',
    cellsOf: (a) => data.groups.map((group) => stripCell(data, group, a, openApi)),
  });
  return h(
    'section',
    { class: 'card', id: 'api-section', 'aria-labelledby': 'api-heading' },
    h('h2', { id: 'api-heading', tabindex: '-1' }, 'Can I use it? Every export, per runtime and version'),
    h(
      'p',
      { class: 'hint' },
      'Each cell is a strip of the export’s state in every version of the runtime, oldest first, from the behaviour its cases observed: a stub that throws "not implemented" is not usable, and an export whose rules were not all run claims no state. Select a mark for the rules and cases behind it.',
    ),
    apiLegend(),
    h('div', { class: 'matrix-scroll api-scroll' }, table),
  );
}

/** A column's version, with its compatibility settings where the runtime has them (workerd's columns may share a release). */
function versionOf(data: DashboardData, c: number | undefined): string {
  const column = c === undefined ? undefined : data.columns[c];
  return column === undefined ? '' : releaseLabel(column.version, column.candidate);
}

/** `18.20.8 – 26.10.0`, `1.20261117.1, compat 2025-08-14 – 2026-11-17` (one release at several dates), or the one version. */
function versionRange(data: DashboardData, group: DashboardGroup): string {
  if (group.columns.length <= 1) return versionOf(data, group.columns[0]);
  const oldest = data.columns[group.columns[0] ?? -1];
  const newest = data.columns[group.columns[group.columns.length - 1] ?? -1];
  const runs = `${group.columns.length} runs: `;
  if (oldest && newest && oldest.version === newest.version && oldest.candidate.compatibility && newest.candidate.compatibility) {
    return `${runs}${oldest.version}, compat ${oldest.candidate.compatibility.date} – ${newest.candidate.compatibility.date}`;
  }
  return `${runs}${versionOf(data, group.columns[0])} – ${versionOf(data, group.columns[group.columns.length - 1])}`;
}

function stripCell(data: DashboardData, group: DashboardGroup, a: number, openApi: (a: number, c: number, trigger?: EventTarget | null) => void): HTMLTableCellElement {
  const api = data.apis[a];
  const compact = group.columns.length > 1;
  const buttons = group.columns.flatMap((c) => {
    const cell = data.columns[c]?.apis[a];
    if (!cell || !api) return [];
    const button = apiCellButton(cell, `${api.id} on ${columnLabel(data, c)}`, (event) => openApi(a, c, event.currentTarget), compact);
    button.setAttribute('data-col', String(c));
    return [button];
  });
  const history = group.history?.apis.find((entry) => entry.row === a);
  const version = (c: number | undefined): string => versionOf(data, c);
  const note = history === undefined ? '' : historyNote(history.firstPass, history.failsAgain, group.columns[0], version);
  return h(
    'td',
    { 'data-group': group.key },
    h('span', { class: compact ? 'strip' : '' }, ...buttons),
    compact && note ? h('span', { class: 'history-note' }, note) : null,
  );
}

/**
 * `conformant from 20.20.2`, `conformant in every run`, `… ; fails again at 25.9.0`, or `never conformant`: the
 * milestones of an API's strip in words.
 */
function historyNote(firstPass: number | undefined, failsAgain: number | undefined, oldest: number | undefined, version: (c: number | undefined) => string): string {
  if (firstPass === undefined) return 'never conformant';
  const from = firstPass === oldest && failsAgain === undefined ? 'conformant in every run' : `conformant from ${version(firstPass)}`;
  return failsAgain === undefined ? from : `${from}; fails again at ${version(failsAgain)}`;
}
