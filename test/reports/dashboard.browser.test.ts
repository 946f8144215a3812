// Drives the dashboard in headless Chromium from file://, as the report is driven: synthetic runs of Node 18, 20 (the
// host), 22 and 24, Bun and Deno (another suite version and seed) and a hostile adapter. No console error, CSP
// violation or request; columns grouped and sorted; pass rates; the "differs" filter lists exactly the rules whose
// statuses differ; drill-down to messages and replay commands; payloads stay inert; expected/unexpected marks.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { replayCommand } from '../../results/replay.js';
import type { ResultsFile } from '../../results/results-file.js';
import { passRate, ruleStatuses } from '../../results/verdict.js';
import { buildDashboardData, type DashboardInput } from '../../reports/dashboard-data.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import { launchChromium, type Browser, skipWithoutChromium } from './browser.js';
import { DASHBOARD_BASE, HOSTILE_RUN, RUNTIME_RUNS, sampleRunFile } from './dashboard-samples.js';
import { cspViolations, openWatched, payloadRan } from './page-watch.js';
import { HOSTILE_MESSAGE, HOSTILE_NAME, PAYLOAD_FLAG } from './sample-results.js';


describe('dashboard in headless Chromium', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let dir = '';
  let url = '';
  let gatedUrl = '';
  const inputs: DashboardInput[] = [...RUNTIME_RUNS, HOSTILE_RUN].map((spec) => ({ file: spec.file, results: sampleRunFile(spec) }));
  const data = buildDashboardData(inputs);
  /** The column of the run with this candidate id. */
  const col = (id: string): number => data.columns.findIndex((column) => column.candidate.id === id);
  const runOf = (id: string): ResultsFile => {
    const input = inputs.find(({ results }) => results.runs[0]?.candidate.id === id);
    if (!input) throw new Error(`no run of ${id}`);
    return input.results;
  };
  /** Computed from the results files, not from the page's data: rules whose aggregated status is not the same in every run. */
  const differing = (ids: readonly string[]): string[] => {
    const statuses = ids.map((id) => {
      const results = runOf(id);
      return ruleStatuses(results.runs[0] ?? { results: [] }, DASHBOARD_BASE.rules);
    });
    return DASHBOARD_BASE.rules.map((rule) => rule.id).filter((id) => new Set(statuses.map((map) => map.get(id))).size > 1);
  };

  before(async function () {
    skipWithoutChromium(this);
    dir = await mkdtemp(join(tmpdir(), 'rtconf-dashboard-'));
    await writeFile(join(dir, 'index.html'), renderDashboard(inputs));
    url = pathToFileURL(join(dir, 'index.html')).href;
    // Expectations for every failure of every runtime, except one failure of Node 18 (unexpected).
    const expected = expectationsFromResults({ ...DASHBOARD_BASE, runs: inputs.slice(0, RUNTIME_RUNS.length).flatMap(({ results }) => results.runs) });
    const node18 = expected['runtime:node@18'] ?? {};
    const [dropped] = Object.keys(node18);
    if (dropped) delete node18[dropped];
    const expectations = validateExpectations(JSON.parse(JSON.stringify(expected).replaceAll('TODO: why', 'known divergence')), 'all.json');
    await writeFile(join(dir, 'gated.html'), renderDashboard(inputs.slice(0, RUNTIME_RUNS.length).map((input) => ({ ...input, judgement: markExpectations(input.results, gateSources([{ file: 'expectations/all.json', expectations }])) }))));
    gatedUrl = pathToFileURL(join(dir, 'gated.html')).href;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(address: string): Promise<Page> {
    if (!browser) throw new Error('browser not started');
    return (await openWatched(browser, address)).page;
  }

  async function ruleRows(page: Page): Promise<string[]> {
    return page.$$eval('table.dashboard-matrix tbody tr[data-rule-id]', (rows) => rows.map((row) => row.getAttribute('data-rule-id') ?? ''));
  }

  it('loads from file:// with no console error, no CSP violation and no request but the file itself', async () => {
    if (!browser) throw new Error('browser not started');
    const { page, problems, requests } = await openWatched(browser, url);
    try {
      expect(problems).to.deep.equal([]);
      expect(await cspViolations(page)).to.deep.equal([]);
      expect(requests).to.deep.equal([url]);
      expect(await page.title()).to.contain('rt conformance dashboard');
    } finally {
      await page.close();
    }
  });

  it('groups the columns by runtime, sorts them by version, and names the suite version (and seed) of each', async () => {
    const page = await open(url);
    try {
      const groups = await page.$$eval('table.dashboard-matrix thead .runtime-group', (cells) => cells.map((cell) => [cell.textContent, cell.getAttribute('colspan')]));
      expect(groups).to.deep.equal([['bun', '1'], ['deno', '1'], ['node', '4'], [`${HOSTILE_NAME} (adapter)`, '1']]);
      const versions = await page.$$eval('table.dashboard-matrix thead th.version-col .version', (cells) => cells.map((cell) => cell.textContent));
      expect(versions).to.deep.equal(['1.4.5', '2.9.6', '18.20.8', '20.20.2', '22.23.3', '24.21.0', '<i>1.0</i>']);
      const deno = await page.textContent(`table.dashboard-matrix thead th[data-col="${col('runtime:deno@2')}"]`);
      expect(deno).to.contain('suite 0.2.0').and.contain('seed 42');
      const host = await page.textContent(`table.dashboard-matrix thead th[data-col="${col('host')}"]`);
      expect(host).to.contain('suite 0.1.0').and.contain('seed 20261123').and.contain('host');
      // Runs of different suite versions and seeds are said to be so, not silently mixed.
      expect(await page.textContent('.banner.mixed-suites')).to.contain('0.1.0, 0.2.0');
      expect(await page.textContent('.banner.mixed-seeds')).to.contain('42, 20261123');
    } finally {
      await page.close();
    }
  });

  it('shows each column’s pass rate per module and overall, as passRate computes it', async () => {
    const page = await open(url);
    try {
      for (const column of data.columns) {
        const c = data.columns.indexOf(column);
        const results = inputs[column.source]?.results;
        const run = results?.runs[0];
        if (!results || !run) throw new Error('no run');
        for (const module of [...data.modules, 'all'] as const) {
          const rate = module === 'all' ? passRate(run, results.rules) : passRate(run, results.rules, module);
          const text = await page.textContent(`table.rates tr[data-module="${module}"] td[data-col="${c}"] .fraction`);
          expect(text, `${run.candidate.id} ${module}`).to.equal(`${rate.passed}/${rate.evaluated}`);
        }
      }
    } finally {
      await page.close();
    }
  });

  it('lists exactly the rules whose status differs between the checked columns, and keeps the choice in the URL', async () => {
    const page = await open(url);
    try {
      expect(await ruleRows(page)).to.have.length(DASHBOARD_BASE.rules.length);
      await page.check(`#cmp-${col('runtime:node@18')}`);
      await page.check(`#cmp-${col('runtime:node@22')}`);
      const node18vs22 = differing(['runtime:node@18', 'runtime:node@22']);
      expect(node18vs22.length).to.be.greaterThan(0);
      expect(node18vs22.length).to.be.lessThan(DASHBOARD_BASE.rules.length);
      expect(await ruleRows(page)).to.have.members(node18vs22);
      expect(await page.$$eval('table.dashboard-matrix thead th.version-col', (cells) => cells.length)).to.equal(2);
      expect(await page.textContent('.match-count')).to.equal(`${node18vs22.length} rules match, in 2 columns.`);

      // A third column: the union of what differs among the three.
      await page.check(`#cmp-${col('runtime:bun@1')}`);
      expect(await ruleRows(page)).to.have.members(differing(['runtime:node@18', 'runtime:node@22', 'runtime:bun@1']));

      // The same choice after a reload, from the address alone.
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      expect(await ruleRows(page)).to.have.members(differing(['runtime:node@18', 'runtime:node@22', 'runtime:bun@1']));
      expect(await page.isChecked(`#cmp-${col('runtime:bun@1')}`)).to.equal(true);

      // Node 22, Node 24 and the host fail the same cases: nothing differs between them.
      await page.click('button:has-text("Clear the comparison")');
      for (const id of ['runtime:node@22', 'runtime:node@24', 'host']) await page.check(`#cmp-${col(id)}`);
      expect(differing(['runtime:node@22', 'runtime:node@24', 'host'])).to.deep.equal([]);
      expect(await ruleRows(page)).to.deep.equal([]);
      expect(await page.textContent('.match-count')).to.equal('No rules match.');
    } finally {
      await page.close();
    }
  });

  it('drills into a cell: the rule, where the column comes from, each case’s message and its replay command', async () => {
    const node18 = runOf('runtime:node@18').runs[0];
    const timedOut = node18?.results.find((result) => result.status === 'timeout');
    if (!timedOut) throw new Error('the Node 18 sample has no timeout');
    const rule = timedOut.rules[0] ?? '';
    const page = await open(`${url}#q=${encodeURIComponent(rule)}`);
    try {
      await page.click(`table.dashboard-matrix tbody tr[data-rule-id="${rule}"] button.cell[data-col="${col('runtime:node@18')}"]`);
      await page.waitForSelector('dialog[open]');
      expect(await page.textContent('#detail-title')).to.equal(rule);
      expect(await page.textContent('dialog .kind')).to.equal('Rule in node 18.20.8');
      expect(await page.textContent('dialog dl.facts >> nth=1')).to.contain('runtime:node@18').and.contain('rt-conformance 0.1.0').and.contain('runs/node-18.json');
      const block = page.locator(`dialog details.result[data-case="${timedOut.case}"]`);
      expect(await block.getAttribute('open')).to.not.equal(null);
      expect(await block.locator('pre.message').textContent()).to.equal(timedOut.message);
      // Pinned to the version the column ran, with the seed of its own run.
      expect(await block.locator('pre.replay').textContent()).to.equal(replayCommand('runtime:node@18.20.8', timedOut.case, 20261123));
      // The rule's status in every column; following Deno's opens the same rule there, with Deno's seed.
      await page.click(`dialog ul.across button[data-col="${col('runtime:deno@2')}"]`);
      await page.waitForFunction(() => document.querySelector('dialog .kind')?.textContent === 'Rule in deno 2.9.6');
      const denoFailure = runOf('runtime:deno@2').runs[0]?.results.find((result) => result.rules.includes(rule) && result.status === 'error');
      if (denoFailure) {
        expect(await page.locator(`dialog details.result[data-case="${denoFailure.case}"] pre.replay`).textContent()).to.equal(replayCommand('runtime:deno@2.9.6', denoFailure.case, 42));
      }
      await page.goBack();
      await page.waitForFunction(() => document.querySelector('dialog .kind')?.textContent === 'Rule in node 18.20.8');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog[open]', { state: 'detached' });
      // The dialog's 'close' event, which clears the view's address, is dispatched after the open attribute goes.
      await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('rule'), undefined, { timeout: 5000 }).catch(() => undefined);
      expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('rule')).to.equal(null);
    } finally {
      await page.close();
    }
  });

  it('is keyboard operable: one tab stop into the grid, arrows move, Enter opens the cell', async () => {
    const page = await open(url);
    try {
      await page.focus('#matrix-heading');
      await page.focus('table.dashboard-matrix tbody .rowhead-button[tabindex="0"]');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      expect(label).to.match(/ for bun 1\.4\.5: /);
      await page.keyboard.press('Enter');
      await page.waitForSelector('dialog[open]');
      expect(await page.textContent('dialog .kind')).to.equal('Rule in bun 1.4.5');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog[open]', { state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).to.equal(label);
    } finally {
      await page.close();
    }
  });

  it('shows a hostile candidate’s HTML and script payloads as text and runs none of them', async () => {
    const hostile = inputs.at(-1)?.results.runs[0];
    const failed = hostile?.results.find((result) => result.status === 'fail');
    const rule = failed?.rules[0] ?? '';
    if (!browser) throw new Error('browser not started');
    const { page, problems } = await openWatched(browser, `${url}#q=${encodeURIComponent(rule)}`);
    try {
      expect(await page.textContent('table.dashboard-matrix thead')).to.contain(HOSTILE_NAME);
      await page.click(`table.dashboard-matrix tbody tr[data-rule-id="${rule}"] button.cell[data-col="${col(hostile?.candidate.id ?? '')}"]`);
      await page.waitForSelector('dialog[open]');
      expect(await page.locator(`dialog details.result[data-case="${failed?.case}"] pre.message`).textContent()).to.equal(HOSTILE_MESSAGE);
      expect(await page.textContent('dialog')).to.contain(HOSTILE_RUN.file);
      expect(await payloadRan(page, PAYLOAD_FLAG)).to.equal(undefined);
      expect(await cspViolations(page)).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('with expectations, marks each result expected or unexpected and counts the unexpected ones apart', async () => {
    const page = await open(gatedUrl);
    try {
      const node18 = col('runtime:node@18');
      expect(await page.textContent(`table.rates tr.expectations-row td[data-col="${node18}"]`)).to.contain('1 unexpected');
      expect(await page.textContent(`table.rates tr.expectations-row td[data-col="${col('runtime:node@22')}"]`)).to.contain('0 unexpected');
      // The run's gate failed (Node 18), so the others say their failures were expected without claiming the gate passed.
      const note = await page.textContent(`table.rates tr.verdict-row td[data-col="${col('runtime:node@22')}"] .verdict-note`);
      expect(note).to.match(/^(all \d+ failing results|its 1 failing result) expected$/);
      expect(await page.textContent(`table.rates tr.verdict-row td[data-col="${node18}"] .verdict-note`)).to.match(/^1 of \d+ failing results? unexpected$/);
      await page.selectOption('#filter-status', 'unexpected');
      const rows = await ruleRows(page);
      expect(rows).to.have.length(1);
      expect(await page.$$(`table.dashboard-matrix tbody button.cell.x-unexpected`)).to.have.length(1);
      expect(await page.getAttribute(`table.dashboard-matrix tbody button.cell[data-col="${node18}"]`, 'aria-label')).to.match(/; unexpected$/);
      expect(await page.textContent('.gate-line')).to.contain('expectations expectations/all.json');
    } finally {
      await page.close();
    }
  });
});
