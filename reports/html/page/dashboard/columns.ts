/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// How a column is named everywhere on the dashboard: its runtime and version, and what produced it (suite version,
// seed, interface, source file), so runs of different suite versions or seeds are never mistaken for one another.
import { candidateLabel, releaseLabel } from '../../../../results/candidate-label.js';
import { h, type Child } from '../shared/dom.js';
import { formatDate } from '../shared/format.js';
import type { DashboardColumn, DashboardData } from './types.js';

/** `node 22.23.3`: the runtime (or candidate) and the version it reported; workerd's with its compatibility date and flags. */
export function columnLabel(data: DashboardData, c: number): string {
  const column = data.columns[c];
  if (!column) return '';
  const group = data.groups.find((item) => item.key === column.group);
  return `${group?.label ?? column.candidate.name}${column.version ? ` ${releaseLabel(column.version, column.candidate)}` : ''}`;
}

/**
 * The facts that tell a column apart from its neighbours: always the suite version; the seed and the interface
 * when the columns do not all share them; the host tag; an interrupted run.
 */
export function columnFacts(data: DashboardData, c: number): string[] {
  const column = data.columns[c];
  const source = column ? data.sources[column.source] : undefined;
  if (!column || !source) return [];
  const facts = [`suite ${source.tool.version}`];
  if (data.distinct.seeds.length > 1) facts.push(`seed ${source.seed}`);
  if (data.distinct.interfaces.length > 1 || source.interface) facts.push(source.interface ? `interface ${source.interface}` : 'whole interface');
  if (column.candidate.kind === 'host') facts.push('host');
  if (source.interrupted) facts.push('interrupted');
  return facts;
}

/** Everything known of a column's origin, one `term: value` pair per fact, for tooltips and the drill-down. */
export function columnOrigin(data: DashboardData, column: DashboardColumn): (readonly [string, string])[] {
  const source = data.sources[column.source];
  const facts: (readonly [string, string])[] = [
    ['Candidate', `${candidateLabel(column.candidate)} (${column.candidate.kind})`],
    ['Candidate id', column.candidate.id],
  ];
  if (source) {
    facts.push(
      ['Suite', `${source.tool.name} ${source.tool.version}`],
      ['Seed', String(source.seed)],
      ['Interface', source.interface ?? 'the whole interface'],
      ['Started', formatDate(source.startedAt)],
      ['Results file', source.file],
    );
    if (source.interrupted) facts.push(['Note', 'the run was interrupted: not every case ran']);
  }
  return facts;
}

/** The two header rows over a set of columns: runtime groups (spanning their columns), then one cell per column. */
export function headerRows(data: DashboardData, columns: readonly number[], corner: Child, cornerClass: string): HTMLTableRowElement[] {
  const spans: { label: string; count: number }[] = [];
  for (const c of columns) {
    const key = data.columns[c]?.group ?? '';
    const label = data.groups.find((group) => group.key === key)?.label ?? key;
    const last = spans[spans.length - 1];
    if (last && last.label === label) last.count++;
    else spans.push({ label, count: 1 });
  }
  return [
    h(
      'tr',
      { class: 'group-row' },
      h('th', { scope: 'col', rowspan: '2', class: cornerClass }, corner),
      ...spans.map((span) => h('th', { scope: 'colgroup', colspan: String(span.count), class: 'runtime-group' }, span.label)),
    ),
    h('tr', null, ...columns.map((c) => columnHead(data, c))),
  ];
}

function columnHead(data: DashboardData, c: number): HTMLTableCellElement {
  const column = data.columns[c];
  const title = column ? columnOrigin(data, column).map(([term, value]) => `${term}: ${value}`).join('\n') : '';
  return h(
    'th',
    { scope: 'col', class: 'cand-col version-col', title, 'data-col': String(c) },
    h('span', { class: 'cand-head version' }, column?.version || '(no version)'),
    ...columnFacts(data, c).map((fact) => h('span', { class: 'column-fact' }, fact)),
  );
}
