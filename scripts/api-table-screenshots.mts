// Regenerates the README's pictures of the API table from the published certification in docs/conformance (real runs,
// not sample data): the dashboard's API × runtime table, and one of its cells opened (Deno's child_process.fork).
// Run after `npm run certify` (or `npm run certify -- --rebuild`):
//   npm run docs:api-screenshots   (Chromium: the Debian package, or RTCONF_CHROMIUM)
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumMissing, launchChromium } from '../test/reports/browser.ts';

const missing = chromiumMissing();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(2);
}
const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const dashboard = pathToFileURL(join(docs, 'conformance', 'index.html')).href;
const browser = await launchChromium({ width: 1500, height: 1000 });
try {
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(dashboard);
  await page.waitForSelector('html[data-ready]');
  const table = join(docs, 'api-table-screenshot.png');
  await page.locator('#api-section').screenshot({ path: table });
  process.stdout.write(`${table}\n`);
  // A cell opened: the column of Deno, found by its header, so the picture follows the data, not a fixed index.
  const deno = await page.getAttribute('#api-section td[data-group="runtime:deno"] button.api-cell', 'data-col');
  if (deno === null) throw new Error('the dashboard has no Deno column to open');
  await page.goto(`${dashboard}#api=child_process.fork&col=${deno}`);
  await page.waitForSelector('dialog[open]');
  await page.setViewportSize({ width: 1500, height: 1150 });
  const cell = join(docs, 'api-cell-screenshot.png');
  await page.screenshot({ path: cell });
  process.stdout.write(`${cell}\n`);
  await page.close();
} finally {
  await browser.close();
}
