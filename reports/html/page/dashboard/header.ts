/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The dashboard's header: what it shows, and a banner for each way its columns were not made alike (suite versions,
// seeds, interface versions, interrupted runs), so columns of different origins are never silently compared.
import { h } from '../shared/dom.js';
import type { DashboardData } from './types.js';

export function renderDashboardHeader(data: DashboardData): HTMLElement {
  const { distinct } = data;
  const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const meta = [
    plural(data.columns.length, 'run'),
    `from ${plural(data.sources.length, 'results file')}`,
    `${data.groups.length} runtime${data.groups.length === 1 ? '' : 's'} or candidate${data.groups.length === 1 ? '' : 's'}`,
    plural(data.rules.length, 'rule'),
    plural(data.cases.length, 'case'),
    distinct.suiteVersions.length === 1 ? `suite ${distinct.suiteVersions[0]}` : `${distinct.suiteVersions.length} suite versions`,
    distinct.seeds.length === 1 ? `seed ${distinct.seeds[0]}` : `${distinct.seeds.length} seeds`,
    distinct.interfaces.length === 1 && distinct.interfaces[0] ? `certified against interface ${distinct.interfaces[0]}` : null,
    `built by ${data.tool.name} ${data.tool.version}`,
  ].filter((part): part is string => part !== null);
  const interrupted = data.sources.filter((source) => source.interrupted).map((source) => source.file);
  const banner = (text: string, kind: string): HTMLElement => h('p', { class: `banner ${kind}`, role: 'note' }, text);
  return h(
    'header',
    { class: 'page-header' },
    h('a', { class: 'skip-link', href: '#matrix-section', onclick: skipToMatrix }, 'Skip to the matrix'),
    h('h1', null, 'rt conformance dashboard'),
    h('p', { class: 'meta' }, meta.join(' · ')),
    distinct.suiteVersions.length > 1
      ? banner(
          `These runs were made by different suite versions (${distinct.suiteVersions.join(', ')}): a difference between two columns may come from the suite (its cases or rules changed), not from the runtimes. Each column names its suite version.`,
          'mixed-suites',
        )
      : null,
    distinct.seeds.length > 1
      ? banner(
          `These runs used different seeds (${distinct.seeds.join(', ')}): property cases drew different inputs, so a property failure in one column and not in another may be the inputs'. Each column names its seed.`,
          'mixed-seeds',
        )
      : null,
    distinct.interfaces.length > 1
      ? banner(
          `These runs certified different interface versions (${distinct.interfaces.map((version) => version || 'the whole interface').join(', ')}): a rule n/a in one column may apply in another. Each column names its interface.`,
          'mixed-interfaces',
        )
      : null,
    interrupted.length > 0 ? banner(`Interrupted runs (not every case ran): ${interrupted.join(', ')}.`, 'interrupted') : null,
  );
}

function skipToMatrix(event: MouseEvent): void {
  // The hash holds the filter state, so the skip link moves focus itself instead of navigating.
  event.preventDefault();
  const target = document.getElementById('matrix-heading');
  if (target) target.focus();
}
