// Regenerates the README's screenshots from the published certification in docs/conformance (real runs, not sample
// data): the dashboard of every certified runtime and polyfill, and the report of one runtime run with its
// expectations marked, filtered to the rules it does not pass. Run after `npm run certify`:
//   node --import tsx test/reports/make-screenshots.ts   (not a test: it writes into docs/)
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumMissing, launchChromium } from './browser.js';

const missing = chromiumMissing();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(2);
}
const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const shots = [
  { page: join(docs, 'conformance', 'index.html'), hash: '', file: 'dashboard-screenshot.png', dark: false, height: 1100 },
  { page: join(docs, 'conformance', 'runs', 'deno-2', 'index.html'), hash: '#status=problem', file: 'report-screenshot.png', dark: false, height: 1300 },
  { page: join(docs, 'conformance', 'runs', 'deno-2', 'index.html'), hash: '#status=problem', file: 'report-screenshot-dark.png', dark: true, height: 1300 },
];
const browser = await launchChromium({ width: 1400, height: 1300 });
try {
  for (const shot of shots) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: shot.height });
    await page.emulateMedia({ colorScheme: shot.dark ? 'dark' : 'light' });
    await page.goto(pathToFileURL(shot.page).href + shot.hash);
    await page.waitForSelector('html[data-ready]');
    const file = join(docs, shot.file);
    await page.screenshot({ path: file });
    await page.close();
    process.stdout.write(`${file}\n`);
  }
} finally {
  await browser.close();
}
