/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The rt conformance report page: the entry point that reports/html/bundle-page.ts bundles into the one inline
// script of index.html (allowed there by its CSP hash). It reads the embedded report data, draws the header,
// overview, baseline comparison and matrix, and keeps them in step with the state in the URL hash.
import { renderApiSection } from './api-section.js';
import { renderBaseline } from './baseline.js';
import { readReportData } from './data.js';
import { h } from '../shared/dom.js';
import { createDrillDown } from './drill-down.js';
import { createFilterControls } from './filter-controls.js';
import { renderHeader } from './header.js';
import { createMatrix } from './matrix.js';
import { renderMutation } from './mutation.js';
import { renderOverview } from './overview.js';
import { indexReport } from './report-index.js';
import { createRowFilter } from './row-filter.js';
import { createPageStateStore, DETAIL_KEYS, FILTER_KEYS, parseHash } from '../shared/state.js';
import { statusOptions } from '../shared/status-filter.js';

const started = performance.now();
const dataElement = document.getElementById('data');
const app = document.getElementById('app');
if (!dataElement || !app) throw new Error('report: the page is missing its data or app element');

try {
  const data = readReportData(dataElement);
  const index = indexReport(data);
  const statusValues = new Set(statusOptions(Boolean(data.baseline), Boolean(data.gate)).map(([value]) => value));
  const store = createPageStateStore(() =>
    parseHash(location.hash, {
      module: (value) => data.modules.some((module) => module === value),
      status: (value) => statusValues.has(value),
      candidate: (id) => index.candidateById.has(id),
      rule: (id) => index.ruleById.has(id),
      case: (id) => index.caseById.has(id),
      api: (id) => data.apis.some((api) => api.id === id),
    }),
  );
  const drillDown = createDrillDown(index, store);
  const controls = createFilterControls(index, store);
  const matrix = createMatrix({ index, store, rows: createRowFilter(index), controls, openRule: drillDown.openRule, openCase: drillDown.openCase });

  // Redraw what changed; a second notice for the same state (hashchange after popstate) changes nothing.
  store.onChange((previous) => {
    const state = store.current;
    if (FILTER_KEYS.some((key) => previous[key] !== state[key])) {
      controls.sync();
      matrix.render();
    }
    if (DETAIL_KEYS.some((key) => previous[key] !== state[key])) drillDown.render();
  });
  store.watchAddress();

  const { candidates, cases } = data;
  document.title = `rt conformance report: ${candidates.length} candidate${candidates.length === 1 ? '' : 's'}, ${cases.length} cases`;
  app.replaceChildren(
    renderHeader(data),
    h(
      'main',
      null,
      renderApiSection(data, drillDown.openApi),
      renderOverview(data),
      data.baseline ? renderBaseline(index, data.baseline, drillDown.openCase) : null,
      matrix.section,
      data.mutation ? renderMutation(data.mutation) : null,
    ),
    h('footer', { class: 'page-footer' }, 'Static report: everything shown is in this file. The filter state is kept in the address, so a link shows the same view.'),
    drillDown.dialog,
  );
  controls.sync();
  matrix.render();
  drillDown.render();
  document.documentElement.setAttribute('data-render-ms', (performance.now() - started).toFixed(1));
  document.documentElement.setAttribute('data-ready', 'true');
} catch (error) {
  app.replaceChildren(h('p', { class: 'banner', role: 'alert' }, `The report could not be drawn: ${error instanceof Error ? error.message : String(error)}`));
  throw error;
}
