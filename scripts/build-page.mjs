// Build step after tsc (`npm run build`, `prepare`): the page scripts, bundled from the TypeScript modules in
// reports/html/page/ into dist/reports/html/page.js (the report, beside the compiled reports/html-report.js that
// inlines it) and dist/reports/html/dashboard.js (the dashboard, inlined by reports/dashboard-html.js). Uses the same
// bundling function as the run-time fallback (reports/html/bundle-page.ts), compiled.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { bundlePageScript, DASHBOARD_ENTRY, PAGE_ENTRY } = await import(new URL('../dist/reports/html/bundle-page.js', import.meta.url).href);
for (const [name, entry] of [['page.js', PAGE_ENTRY], ['dashboard.js', DASHBOARD_ENTRY]]) {
  const out = new URL(`../dist/reports/html/${name}`, import.meta.url);
  mkdirSync(new URL('./', out), { recursive: true });
  writeFileSync(out, bundlePageScript(entry));
  process.stdout.write(`wrote ${fileURLToPath(out)}\n`);
}
