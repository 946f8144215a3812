// Regenerates docs/report-screenshot.png (shown in the README) from sample results in headless Chromium.
// Run: node --import tsx test/reports/make-screenshot.ts [--dark]  (not a test: it writes into docs/)
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeReports } from '../../reports/write-reports.js';
import { chromiumMissing, launchChromium } from './browser.js';
import { buildSampleResults, withStatuses } from './sample-results.js';

const dark = process.argv.includes('--dark');
const missing = chromiumMissing();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(2);
}
const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'rtconf-screenshot-'));
const browser = await launchChromium({ width: 1400, height: 1500 });
try {
  const baseline = buildSampleResults({ candidates: 5, cases: 240, failureRate: 0.02, seed: 11 });
  const host = baseline.runs[1]?.results ?? [];
  const regress = host.filter((result) => result.status === 'pass').slice(5, 7);
  const fix = host.filter((result) => result.status === 'fail').slice(0, 1);
  const later = withStatuses(baseline, [
    ...regress.map((result) => ({ candidate: 'host', case: result.case, status: 'fail' as const })),
    ...fix.map((result) => ({ candidate: 'host', case: result.case, status: 'pass' as const })),
  ]);
  await writeReports(later, dir, { baseline });
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.goto(pathToFileURL(join(dir, 'index.html')).href);
  await page.waitForSelector('html[data-ready]');
  await mkdir(docs, { recursive: true });
  const file = join(docs, dark ? 'report-screenshot-dark.png' : 'report-screenshot.png');
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n`);
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
