// The dashboard page (`rtconf dashboard`): many runs in the one page shell (reports/html/page-shell.ts), drawn by
// the dashboard entry of the page modules (reports/html/page/dashboard/), which shares reports/html/page/shared/.
import { renderPage } from './html/page-shell.js';
import { buildDashboardData, type DashboardInput } from './dashboard-data.js';

/**
 * Renders the dashboard page.
 * @param inputs validated results files, each with the name to show for it and the gate's judgement of it
 * @returns the complete HTML document
 * @example
 * await writeFile('index.html', renderDashboard([{ file: 'node-22.json', results }]));
 */
export function renderDashboard(inputs: readonly DashboardInput[]): string {
  return renderPage({
    page: 'dashboard',
    title: 'rt conformance dashboard',
    noscript: 'This dashboard is drawn by its own inline script, which is blocked here. The same data is in the results files it was built from.',
    data: buildDashboardData(inputs),
  });
}
