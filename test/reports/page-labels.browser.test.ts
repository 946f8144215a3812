// Labels a new user reads first: the dashboard's gate line names "expectations" once before its files, the host's
// column gives its version as the runtime columns do (20.20.2, not v20.20.2), and the report's column headers show
// every candidate's whole name (no "rt-conforma…").
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { buildDashboardData, type DashboardInput } from '../../reports/dashboard-data.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import { renderHtmlReport } from '../../reports/html-report.js';
import { launchChromium, type Browser, skipWithoutChromium } from './browser.js';
import { RUNTIME_RUNS, sampleRunFile } from './dashboard-samples.js';
import { buildSampleResults } from './sample-results.js';

describe('page labels in headless Chromium', function () {
  this.timeout(120_000);
  let browser: Browser | undefined;
  let dir = '';
  const inputs: DashboardInput[] = RUNTIME_RUNS.map((spec) => ({ file: spec.file, results: sampleRunFile(spec) }));
  // One expectations file per run, as docs/conformance is gated.
  const expectations = inputs.map(({ file, results }) => ({
    file: `exp/${file.replace(/^runs\//, '')}`,
    expectations: validateExpectations(JSON.parse(JSON.stringify(expectationsFromResults(results)).replaceAll('TODO: why', 'known')), file),
  }));

  before(async function () {
    skipWithoutChromium(this);
    dir = await mkdtemp(join(tmpdir(), 'rtconf-page-labels-'));
    await writeFile(join(dir, 'dashboard.html'), renderDashboard(inputs.map((input) => ({ ...input, judgement: markExpectations(input.results, gateSources(expectations)) }))));
    await writeFile(join(dir, 'report.html'), renderHtmlReport(buildSampleResults({ candidates: 3, cases: 30 })));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(file: string) {
    const page = await (browser as Browser).context.newPage();
    await page.goto(pathToFileURL(join(dir, file)).href);
    await page.waitForSelector('html[data-ready]');
    return page;
  }

  it('names "expectations" once before the files the dashboard is judged against', async () => {
    const page = await open('dashboard.html');
    try {
      const line = (await page.textContent('.gate-line')) ?? '';
      expect(line.match(/expectations/g), line).to.have.length(1);
      for (const { file } of expectations) expect(line).to.contain(file);
    } finally {
      await page.close();
    }
  });

  it('gives the host column its version as the runtime columns give theirs', async () => {
    const data = buildDashboardData(inputs);
    const host = data.columns.findIndex((column) => column.candidate.kind === 'host');
    const node22 = data.columns.findIndex((column) => column.candidate.id === 'runtime:node@22');
    const page = await open('dashboard.html');
    try {
      const head = async (c: number): Promise<string> => (await page.textContent(`table.dashboard-matrix thead th[data-col="${c}"] .version`)) ?? '';
      expect(await head(node22)).to.equal('22.23.3');
      expect(await head(host)).to.equal('20.20.2');
    } finally {
      await page.close();
    }
  });

  it('shows each candidate’s whole name in the report’s column headers', async () => {
    const page = await open('report.html');
    try {
      const heads = await page.$$eval('table.matrix thead th.cand-col .cand-head', (spans) =>
        spans.map((span) => ({ text: span.textContent ?? '', clipped: span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1 })),
      );
      expect(heads.map((head) => head.text)).to.include('rt-conformance reference 0.1.0');
      expect(heads.filter((head) => head.clipped).map((head) => head.text)).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
