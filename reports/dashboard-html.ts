// The dashboard page (`rtconf dashboard`): one self-contained static file over many runs, built like the report
// (reports/html-report.ts): data, script and style inline, nothing fetched, works from file://, and a
// Content-Security-Policy that allows exactly its own script and style, by hash. Its script is the dashboard entry of
// the page modules (reports/html/page/dashboard/), which shares the report's DOM, label and format helpers and style.
import { loadPageAssets } from './html/page-assets.js';
import { buildDashboardData, type DashboardInput, type DashboardOptions } from './dashboard-data.js';
import { jsonForScript, pagePolicy } from './html-report.js';

/**
 * Renders the dashboard page.
 * @param inputs validated results files, each with the name to show for it
 * @param options expectations files, to mark results expected or unexpected
 * @returns the complete HTML document
 * @example
 * await writeFile('index.html', renderDashboard([{ file: 'node-22.json', results }]));
 */
export function renderDashboard(inputs: readonly DashboardInput[], options: DashboardOptions = {}): string {
  const { script, style } = loadPageAssets('dashboard');
  const data = jsonForScript(buildDashboardData(inputs, options));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${pagePolicy(script, style)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>rt conformance dashboard</title>
<style>${style}</style>
</head>
<body>
<noscript><p class="noscript">This dashboard is drawn by its own inline script, which is blocked here. The same data is in the results files it was built from.</p></noscript>
<div id="app"></div>
<script type="application/json" id="data">${data}</script>
<script>${script}</script>
</body>
</html>
`;
}
