// The report against expectations (`--expect`), in headless Chromium: each result marked expected or unexpected as
// wpt.fyi marks them, unexpected ones counted apart, and a run whose gate passes never reads just "not conformant".
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { expectationsFromResults, validateExpectations, type Expectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { isFailing } from '../../results/status.js';
import type { CaseResult, ResultsFile } from '../../results/results-file.js';
import { writeReports } from '../../reports/write-reports.js';
import { launchChromium, type Browser, skipWithoutChromium } from './browser.js';
import { cspViolations, openWatched } from './page-watch.js';
import { buildSampleResults } from './sample-results.js';


describe('HTML report against expectations in headless Chromium', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let dir = '';
  let passedUrl = '';
  let failedUrl = '';
  const results: ResultsFile = buildSampleResults({ candidates: 4, cases: 120, failureRate: 0.1 });
  const normative = new Set(results.rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const every = (): Record<string, Record<string, { status: string; reason: string }>> =>
    JSON.parse(JSON.stringify(expectationsFromResults(results)).replaceAll('TODO: why', 'known divergence')) as Record<string, Record<string, { status: string; reason: string }>>;
  let surprise: CaseResult | undefined;

  before(async function () {
    skipWithoutChromium(this);
    dir = await mkdtemp(join(tmpdir(), 'rtconf-expect-browser-'));
    const all: Expectations = validateExpectations(every(), 'all.json');
    await writeReports(results, join(dir, 'passed'), { judgement: markExpectations(results, gateSources([{ file: 'expectations/all.json', expectations: all }])) });
    passedUrl = pathToFileURL(join(dir, 'passed', 'index.html')).href;
    // One normative failure of the host is no longer expected: the gate fails on it alone.
    surprise = results.runs[1]?.results.find((result) => isFailing(result.status) && result.rules.some((id) => normative.has(id)));
    if (!surprise) throw new Error('the sample host has no normative failure');
    const partial = every();
    delete partial['host']?.[surprise.case];
    await writeReports(results, join(dir, 'failed'), { judgement: markExpectations(results, gateSources([{ file: 'expectations/partial.json', expectations: validateExpectations(partial, 'partial.json') }])) });
    failedUrl = pathToFileURL(join(dir, 'failed', 'index.html')).href;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(url: string): Promise<Page> {
    if (!browser) throw new Error('browser not started');
    const { page, problems } = await openWatched(browser, url);
    expect(problems).to.deep.equal([]);
    expect(await cspViolations(page)).to.deep.equal([]);
    return page;
  }

  async function verdicts(page: Page): Promise<{ verdict: string; note: string }[]> {
    return page.$$eval('table.overview tbody tr', (rows) =>
      rows.map((row) => ({ verdict: row.querySelector('.verdict')?.textContent ?? '', note: row.querySelector('.verdict-note')?.textContent ?? '' })),
    );
  }

  it('says "not conformant — all N failing results expected (gate passed)" when every failure was expected', async () => {
    const page = await open(passedUrl);
    try {
      const rows = await verdicts(page);
      results.runs.forEach((run, index) => {
        const failing = run.results.filter((result) => isFailing(result.status)).length;
        const row = rows[index];
        if (failing === 0) return expect(row?.note, run.candidate.id).to.equal('');
        expect(row?.verdict).to.equal('not conformant');
        expect(row?.note).to.equal(failing === 1 ? ' — its 1 failing result expected (gate passed)' : ` — all ${failing} failing results expected (gate passed)`);
      });
      expect(await page.textContent('.gate-line')).to.contain('gate passed');
      expect(await page.$$('table.matrix button.cell.x-unexpected')).to.have.length(0);
      expect(await page.$$('table.matrix button.cell.x-expected')).to.not.have.length(0);
    } finally {
      await page.close();
    }
  });

  it('counts the unexpected result apart, marks its cell, and the status filter finds exactly it', async () => {
    const page = await open(`${failedUrl}#view=cases`);
    try {
      const rows = await verdicts(page);
      const hostFailing = results.runs[1]?.results.filter((result) => isFailing(result.status)).length ?? 0;
      expect(rows[1]?.note).to.equal(` — 1 of ${hostFailing} failing result${hostFailing === 1 ? '' : 's'} unexpected`);
      // The others' failures were all expected, but the run's gate failed: no "(gate passed)" for anyone.
      for (const row of rows.filter((_, index) => index !== 1 && (results.runs[index]?.results.some((result) => isFailing(result.status)) ?? false))) {
        expect(row.note).to.match(/^ — (all \d+ failing results|its 1 failing result) expected$/);
      }
      expect(await page.textContent('table.overview tbody tr:nth-child(2) a.count.x-unexpected')).to.equal('1 unexpected');
      await page.selectOption('#filter-status', 'unexpected');
      expect(await page.$$eval('table.matrix tbody .rowhead-button code', (codes) => codes.map((code) => code.textContent))).to.deep.equal([surprise?.case]);
      const cells = await page.$$('table.matrix button.cell.x-unexpected');
      expect(cells).to.have.length(1);
      expect(await cells[0]?.getAttribute('aria-label')).to.match(/; unexpected$/);
      await cells[0]?.click();
      await page.waitForSelector('dialog[open]');
      const block = page.locator('dialog details.result[open]').first();
      expect(await block.locator('summary').textContent()).to.contain('unexpected');
      expect(await block.locator('.expectation-facts').textContent()).to.contain(`Unexpected: pass was expected, the result is ${surprise?.status}; this fails the gate`);
    } finally {
      await page.close();
    }
  });

  it('shows what was expected of an expected failure, from which file and why', async () => {
    const expectedFailure = results.runs[2]?.results.find((result) => isFailing(result.status));
    if (!expectedFailure) throw new Error('no failure to look at');
    const page = await open(`${failedUrl}#view=cases&case=${encodeURIComponent(expectedFailure.case)}&for=${encodeURIComponent(results.runs[2]?.candidate.id ?? '')}`);
    try {
      await page.waitForSelector('dialog[open]');
      const facts = await page.locator('dialog details.result[open] .expectation-facts').first().textContent();
      expect(facts).to.equal(`Expected: ${expectedFailure.status}, as recorded in expectations expectations/partial.json. Reason given: known divergence`);
    } finally {
      await page.close();
    }
  });
});
