/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The rt conformance dashboard page: the entry point that reports/html/bundle-page.ts bundles (DASHBOARD_ENTRY) into
// the one inline script of the dashboard's index.html (allowed there by its CSP hash). It reads the embedded data,
// draws the header, the pass rates per module and version and the rule × version matrix, and keeps them in step
// with the state in the URL hash.
import { h } from '../shared/dom.js';
import { createStateStore } from '../shared/state.js';
import { statusOptions } from '../shared/status-filter.js';
import { readDashboardData } from './data.js';
import { createDashboardDrillDown } from './drill-down.js';
import { renderDashboardHeader } from './header.js';
import { createDashboardMatrix } from './matrix.js';
import { renderRates } from './rates.js';
import { renderDashboardApiSection } from './api-section.js';
import { renderDiffersSection, renderRuleHistory } from './history-section.js';
import { createDashboardRowFilter } from './row-filter.js';
import { DETAIL_KEYS, FILTER_KEYS, hashOf, parseHash } from './state.js';

const started = performance.now();
const dataElement = document.getElementById('data');
const app = document.getElementById('app');
if (!dataElement || !app) throw new Error('dashboard: the page is missing its data or app element');

try {
  const data = readDashboardData(dataElement);
  const statusValues = new Set(statusOptions(false, Boolean(data.gate)).map(([value]) => value));
  const ruleIds = new Set(data.rules.map((rule) => rule.id));
  const store = createStateStore(
    () =>
      parseHash(location.hash, {
        module: (value) => data.modules.some((module) => module === value),
        status: (value) => statusValues.has(value),
        rule: (id) => ruleIds.has(id),
        case: (id) => data.cases.some((item) => item.id === id),
        api: (id) => data.apis.some((api) => api.id === id),
        columns: data.columns.length,
      }),
    hashOf,
  );
  const drillDown = createDashboardDrillDown(data, store);
  const matrix = createDashboardMatrix({ data, store, rows: createDashboardRowFilter(data), openCell: drillDown.open });

  store.onChange((previous) => {
    const state = store.current;
    if (FILTER_KEYS.some((key) => previous[key] !== state[key])) matrix.render();
    if (DETAIL_KEYS.some((key) => previous[key] !== state[key])) drillDown.render();
  });
  store.watchAddress();

  document.title = `rt conformance dashboard: ${data.columns.length} run${data.columns.length === 1 ? '' : 's'} of ${data.groups.length} runtime${data.groups.length === 1 ? '' : 's'}`;
  app.replaceChildren(
    renderDashboardHeader(data),
    h('main', null, renderDashboardApiSection(data, drillDown.openApi), renderDiffersSection(data, drillDown.open), renderRuleHistory(data, drillDown.open), renderRates(data), matrix.section),
    h('footer', { class: 'page-footer' }, 'Static dashboard: everything shown is in this file. The filters and the compared columns are kept in the address, so a link shows the same view.'),
    drillDown.dialog,
  );
  matrix.render();
  drillDown.render();
  document.documentElement.setAttribute('data-render-ms', (performance.now() - started).toFixed(1));
  document.documentElement.setAttribute('data-ready', 'true');
} catch (error) {
  app.replaceChildren(h('p', { class: 'banner', role: 'alert' }, `The dashboard could not be drawn: ${error instanceof Error ? error.message : String(error)}`));
  throw error;
}
