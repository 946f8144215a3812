/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page header: title, what ran and when, the skip link, and the interrupted-run banner.
import { h } from '../shared/dom.js';
import { formatDate, formatMs } from '../shared/format.js';
import type { ReportData } from '../shared/types.js';

export function renderHeader(data: ReportData): HTMLElement {
  const meta = [
    `${data.tool.name} ${data.tool.version}`,
    `started ${formatDate(data.startedAt)}`,
    `took ${formatMs(data.durationMs)}`,
    `seed ${data.seed}`,
    `${data.candidates.length} candidate${data.candidates.length === 1 ? '' : 's'}`,
    `${data.cases.length} cases`,
    `${data.rules.length} rules`,
    data.interface ? `certified against interface ${data.interface}` : null,
  ].filter((part): part is string => part !== null);
  return h(
    'header',
    { class: 'page-header' },
    h('a', { class: 'skip-link', href: '#matrix-section', onclick: skipToMatrix }, 'Skip to the matrix'),
    h('h1', null, 'rt conformance report'),
    h('p', { class: 'meta' }, meta.join(' · ')),
    data.interrupted ? h('p', { class: 'banner', role: 'note' }, 'This run was interrupted: not every case ran, and the missing ones count as untested.') : null,
  );
}

function skipToMatrix(event: MouseEvent): void {
  // The hash holds the filter state, so the skip link moves focus itself instead of navigating.
  event.preventDefault();
  const target = document.getElementById('matrix-heading');
  if (target) target.focus();
}
