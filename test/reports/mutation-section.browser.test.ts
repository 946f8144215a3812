// The report's suite-strength section (reports/html/page/report/mutation.ts) in headless Chromium: scores per module and
// rule, surviving mutants' diffs shown as text (a diff holding markup stays inert), and the data side: a mutation
// file beside results.json (or named) reaches the page, nothing is drawn without one.
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildReportData } from '../../reports/report-data.js';
import { writeReports } from '../../reports/write-reports.js';
import { validateMutation } from '../../results/read-mutation.js';
import { launchChromium, skipWithoutChromium } from './browser.js';
import { buildSampleResults } from './sample-results.js';
import { BEYOND_SPEC_REASON, HOSTILE_DIFF, UNOBSERVABLE_REASON, sampleMutation } from './sample-mutation.js';

describe('the report section on suite strength (rtconf mutate)', function () {
  this.timeout(90_000);

  it('is data only when a mutation file is given, with every survivor and its diff', async () => {
    const mutation = sampleMutation();
    await validateMutation(JSON.parse(JSON.stringify(mutation)) as unknown, 'sample');
    expect(buildReportData(buildSampleResults()).mutation).to.equal(undefined);
    const data = buildReportData(buildSampleResults(), { mutation }).mutation;
    expect(data?.total).to.include({ total: 6, killed: 1, timeout: 1, survived: 1, noCoverage: 1, beyondSpec: 1, unobservable: 1, score: 50, scoreOfAll: 33.3 });
    expect(data?.survivors.map((item) => item.id)).to.deep.equal(['aaaaaaaaaaaaaaa2']);
    expect(data?.uncovered.map((item) => item.id)).to.deep.equal(['aaaaaaaaaaaaaaa4']);
    expect(data?.beyondSpec.map((item) => [item.id, item.reason])).to.deep.equal([['aaaaaaaaaaaaaaa5', BEYOND_SPEC_REASON]]);
    expect(data?.unobservable.map((item) => [item.id, item.reason])).to.deep.equal([['aaaaaaaaaaaaaaa6', UNOBSERVABLE_REASON]]);
    expect(data?.rules.map((rule) => [rule.rule, rule.score])).to.deep.equal([
      ['querystring.parse.max-keys-default', 50],
      ['querystring.parse.repeated-keys', 50],
    ]);
  });

  it('draws the scores and the surviving diffs as text in Chromium', async function () {
    skipWithoutChromium(this);
    const dir = await mkdtemp(join(tmpdir(), 'rtconf-mutation-report-'));
    const browser = await launchChromium();
    try {
      const written = await writeReports(buildSampleResults(), dir, { mutation: sampleMutation() });
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(pathToFileURL(written.html).href);
      await page.waitForSelector('html[data-ready="true"]');
      const section = page.locator('section[aria-labelledby="mutation-heading"]');
      expect(await section.locator('h2').textContent()).to.equal('Suite strength (mutation testing)');
      const moduleRow = await section.locator('table').first().locator('tbody tr').first().textContent();
      expect(moduleRow).to.contain('querystring').and.to.contain('50.0%');
      await section.locator('details.survivors summary').first().click();
      const diff = await section.locator('pre.diff').first().textContent();
      expect(diff).to.equal(HOSTILE_DIFF);
      expect(await page.locator('img').count(), 'markup in a diff is never parsed').to.equal(0);
      const marked = section.locator('details.survivors', { hasText: 'marked beyond the spec (1)' });
      await marked.locator('summary').first().click();
      expect(await marked.locator('details summary').first().textContent()).to.contain(BEYOND_SPEC_REASON);
      expect(await section.locator('b').count(), 'markup in a marker reason is never parsed').to.equal(0);
      const unobservable = section.locator('details.survivors', { hasText: 'not observable on this platform (1)' });
      await unobservable.locator('summary').first().click();
      expect(await unobservable.locator('details summary').first().textContent()).to.contain(UNOBSERVABLE_REASON);
      expect(await section.locator('i').count(), 'markup in an unobservable reason is never parsed').to.equal(0);
      const header = await section.locator('table').first().locator('thead').textContent();
      expect(header).to.contain('Unobservable here');
      const totalRow = await section.locator('table').first().locator('tbody tr').last().textContent();
      expect(totalRow, 'the all row: 1 killed+timeout … 1 beyond spec, 1 unobservable, 6 mutants').to.match(/all.*50\.0%.*2.*1.*1.*0.*1.*1.*6$/);
      expect(await section.locator('p.hint').first().textContent()).to.contain('the score of all mutants is 33.3%');
      expect(await page.evaluate('window.__mutantPwned === undefined')).to.equal(true);
      expect(errors).to.deep.equal([]);
    } finally {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
