// The API table and the links to one view, in headless Chromium from file://: both pages open on the API × candidate
// table with the states results/api-state.ts derives; every view (a rule, a case, a cell, an API cell, a filter, a
// comparison) has an address that restores exactly that view when opened afresh, offline, from the file; the Copy link
// controls hand out that address; the dashboard shows each export's strip over versions and the rules every
// implementation fails.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { rules } from '../../spec/index.js';
import { apis } from '../../spec/apis.js';
import { toRuleSummary } from '../../results/rule-summary.js';
import { apiStates } from '../../results/api-state.js';
import { replayCommand } from '../../results/replay.js';
import type { CandidateInfo, CaseResult, ResultsFile, Status } from '../../results/results-file.js';
import { writeReports } from '../../reports/write-reports.js';
import { buildDashboardData, type DashboardInput } from '../../reports/dashboard-data.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import { launchChromium, type Browser, skipWithoutChromium } from './browser.js';
import { cspViolations, openWatched } from './page-watch.js';
import { resultsOf, withStatuses } from './sample-results.js';

// The page-side globals the evaluate callbacks touch (the project compiles without the DOM library).
declare const document: { querySelector(selector: string): { readonly textContent: string | null } | null };

// WCAG 2 contrast of each API cell's text against its own background, measured in the page. Kept as source text: the
// test runner's TypeScript transform decorates named functions with helpers that do not exist inside the browser.
const CONTRAST_OF_API_CELLS = `(() => {
  const parse = (colour) => (colour.match(/[\\d.]+/g) || []).map(Number);
  const channel = (value) => { const v = value / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const luminance = ([r, g, b]) => 0.2126 * channel(r || 0) + 0.7152 * channel(g || 0) + 0.0722 * channel(b || 0);
  return [...document.querySelectorAll('#api-section button.api-cell')].map((cell) => {
    const style = getComputedStyle(cell);
    const [hi, lo] = [luminance(parse(style.color)), luminance(parse(style.backgroundColor))].sort((x, y) => y - x);
    return [cell.className, (hi + 0.05) / (lo + 0.05)];
  });
})()`;

const RULES = rules.filter((rule) => rule.module === 'querystring').map(toRuleSummary);
const NORMATIVE = RULES.filter((rule) => rule.level === 'normative');

/** One case per normative querystring rule; `outcome` decides each result. */
function runOf(candidate: CandidateInfo, outcome: (rule: string, index: number) => Partial<CaseResult> & { status: Status }): { candidate: CandidateInfo; results: CaseResult[] } {
  return {
    candidate,
    results: NORMATIVE.map((rule, index) => {
      const decided = outcome(rule.id, index);
      return { case: `${rule.id}.case`, module: 'querystring', rules: [rule.id], durationMs: 2, ...(decided.status === 'pass' ? {} : { message: `${decided.status}: ${rule.id}` }), ...decided };
    }),
  };
}

const REFERENCE: CandidateInfo = { id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: '0.1.0' };
const PARTIAL: CandidateInfo = { id: 'npm:partial-qs', name: 'partial-qs', kind: 'npm', version: '1.0.0' };
const STUB: CandidateInfo = { id: 'adapter:stub', name: 'stub', kind: 'adapter', version: '0.0.0' };
const MISSING: CandidateInfo = { id: 'adapter:no-escape', name: 'no-escape', kind: 'adapter', version: '2.0.0' };

const stubbed = (rule: string): Partial<CaseResult> & { status: Status } => {
  const api = apis.find((entry) => rule.startsWith(`querystring.${entry.name}.`))?.id ?? 'querystring.parse';
  return { status: 'fail', unimplemented: [{ api, observed: 'throws-not-implemented' }] };
};

/** The run the report shows: a conformant reference, a partial package, a stub, and one without escape/unescape. */
const RUN: ResultsFile = resultsOf(RULES, [
  runOf(REFERENCE, () => ({ status: 'pass' })),
  runOf(PARTIAL, (rule) => ({ status: rule.startsWith('querystring.parse.max-keys') || rule === 'querystring.stringify.bigint-values' ? 'fail' : 'pass' })),
  runOf(STUB, stubbed),
  runOf(MISSING, (rule) => (/^querystring\.(un)?escape\./.test(rule) ? { status: 'fail', unimplemented: [{ api: rule.startsWith('querystring.escape') ? 'querystring.escape' : 'querystring.unescape', observed: 'missing' }] } : { status: 'pass' })),
]);
/** The same run before a regression of the partial package's parse.sep-default: what the comparison shows. */
const BASELINE = withStatuses(RUN, [{ candidate: PARTIAL.id, case: 'querystring.parse.sep-default.case', status: 'pass' }]);
const REGRESSED = withStatuses(RUN, [{ candidate: PARTIAL.id, case: 'querystring.parse.sep-default.case', status: 'fail' }]);

describe('API table and deep links in headless Chromium', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let dir = '';
  let reportUrl = '';
  let dashboardUrl = '';
  const dashboardInputs: DashboardInput[] = [
    { file: 'runs/node-18.json', results: resultsOf(RULES, [runOf({ id: 'runtime:node@18', name: 'node', kind: 'runtime', version: '18.20.8' }, (rule) => ({ status: rule === 'querystring.parse.max-keys-default' || rule === 'querystring.stringify.bigint-values' ? 'fail' : 'pass' }))]) },
    { file: 'runs/node-20.json', results: resultsOf(RULES, [runOf({ id: 'runtime:node@20', name: 'node', kind: 'runtime', version: '20.20.2' }, (rule) => ({ status: rule === 'querystring.stringify.bigint-values' ? 'fail' : 'pass' }))]) },
    { file: 'runs/node-22.json', results: resultsOf(RULES, [runOf({ id: 'runtime:node@22', name: 'node', kind: 'runtime', version: '22.23.3' }, (rule) => ({ status: rule === 'querystring.stringify.bigint-values' ? 'fail' : 'pass' }))]) },
    { file: 'runs/bun-1.json', results: resultsOf(RULES, [runOf({ id: 'runtime:bun@1', name: 'bun', kind: 'runtime', version: '1.4.5' }, (rule) => ({ status: rule === 'querystring.stringify.bigint-values' || rule.startsWith('querystring.unescape.') ? 'fail' : 'pass' }))]) },
  ];
  const dashboard = buildDashboardData(dashboardInputs);

  before(async function () {
    skipWithoutChromium(this);
    dir = await mkdtemp(join(tmpdir(), 'rtconf-links-'));
    await writeReports(REGRESSED, join(dir, 'report'), { baseline: BASELINE });
    reportUrl = pathToFileURL(join(dir, 'report', 'index.html')).href;
    await writeFile(join(dir, 'dashboard.html'), renderDashboard(dashboardInputs));
    dashboardUrl = pathToFileURL(join(dir, 'dashboard.html')).href;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(address: string): Promise<Page> {
    if (!browser) throw new Error('browser not started');
    const watched = await openWatched(browser, address);
    expect(watched.problems, 'console errors and page errors').to.deep.equal([]);
    return watched.page;
  }

  const hashParams = (page: Page): URLSearchParams => new URLSearchParams(new URL(page.url()).hash.slice(1));
  const dialogTitle = (page: Page): Promise<string | null> => page.textContent('dialog[open] #detail-title');

  describe('the report', () => {
    it('opens on the API table, each cell the state the results give that export for that candidate', async () => {
      const page = await open(reportUrl);
      try {
        const first = await page.$eval('main > section', (section) => section.id);
        expect(first, 'the first section of the page').to.equal('api-section');
        for (const run of REGRESSED.runs) {
          for (const state of apiStates(run, REGRESSED.rules, apis.filter((api) => api.module === 'querystring'))) {
            const cell = page.locator(`#api-section tr[data-api="${state.api}"] td[data-for="${run.candidate.id}"] button.api-cell`);
            expect(await cell.getAttribute('class'), `${state.api} for ${run.candidate.id}`).to.contain(`a-${state.state}`);
          }
        }
        // The four states the corpus needs, each shown somewhere: the stub's exports, the missing escape, the partial parse.
        expect(await page.getAttribute(`tr[data-api="querystring.parse"] td[data-for="${STUB.id}"] button`, 'class')).to.contain('a-stub');
        expect(await page.getAttribute(`tr[data-api="querystring.escape"] td[data-for="${MISSING.id}"] button`, 'class')).to.contain('a-absent');
        expect(await page.textContent(`tr[data-api="querystring.parse"] td[data-for="${PARTIAL.id}"] button`)).to.match(/partial\s*\d+\/\d+/);
        expect(await cspViolations(page)).to.deep.equal([]);
      } finally {
        await page.close();
      }
    });

    it('opens an API cell on its failing rules and cases, restores it from its address, and follows a rule and back', async () => {
      const page = await open(reportUrl);
      try {
        await page.click(`tr[data-api="querystring.parse"] td[data-for="${PARTIAL.id}"] button.api-cell`);
        await page.waitForSelector('dialog[open]');
        expect(await dialogTitle(page)).to.equal('querystring.parse');
        expect(hashParams(page).get('api')).to.equal('querystring.parse');
        expect(hashParams(page).get('for')).to.equal(PARTIAL.id);
        const failing = await page.$$eval('dialog[open] ul.api-failing button[data-rule]', (buttons) => buttons.map((button) => button.getAttribute('data-rule')));
        expect(failing).to.have.members(['querystring.parse.max-keys-default', 'querystring.parse.max-keys-custom', 'querystring.parse.max-keys-zero-unlimited', 'querystring.parse.sep-default']);
        const address = page.url();
        const fresh = await open(address);
        try {
          expect(await dialogTitle(fresh)).to.equal('querystring.parse');
          expect(await fresh.textContent('dialog[open] .api-state-line')).to.contain('partial').and.contain('4 of its');
        } finally {
          await fresh.close();
        }
        await page.click('dialog[open] ul.api-failing button[data-rule="querystring.parse.sep-default"]');
        await page.waitForFunction(() => document.querySelector('dialog[open] #detail-title')?.textContent === 'querystring.parse.sep-default');
        expect(hashParams(page).get('rule')).to.equal('querystring.parse.sep-default');
        await page.goBack();
        await page.waitForFunction(() => document.querySelector('dialog[open] #detail-title')?.textContent === 'querystring.parse');
      } finally {
        await page.close();
      }
    });

    it('restores a rule, a case, a cell, a filter and the comparison from their addresses alone', async () => {
      const views: { hash: string; check: (page: Page) => Promise<void> }[] = [
        {
          hash: '#rule=querystring.escape.percent-encodes',
          check: async (page) => {
            expect(await dialogTitle(page)).to.equal('querystring.escape.percent-encodes');
          },
        },
        {
          hash: '#case=querystring.unescape.decodes.case',
          check: async (page) => {
            expect(await dialogTitle(page)).to.equal('querystring.unescape.decodes.case');
          },
        },
        {
          // A cell: the case for one candidate, whose result is shown first and open, with its replay command.
          hash: `#case=querystring.parse.sep-default.case&for=${encodeURIComponent(PARTIAL.id)}`,
          check: async (page) => {
            const first = page.locator('dialog[open] details.result').first();
            expect(await first.getAttribute('open')).to.not.equal(null);
            expect(await first.locator('.candidate-name').textContent()).to.equal('partial-qs 1.0.0');
            expect(await first.locator('pre.replay').textContent()).to.equal(replayCommand(PARTIAL.id, 'querystring.parse.sep-default.case', REGRESSED.seed));
          },
        },
        {
          hash: `#status=fail&cand=${encodeURIComponent(MISSING.id)}`,
          check: async (page) => {
            expect(await page.inputValue('#filter-status')).to.equal('fail');
            expect(await page.inputValue('#filter-cand')).to.equal(MISSING.id);
            expect(await page.$('dialog[open]')).to.equal(null);
          },
        },
        {
          // The comparison with the baseline: exactly the regressed case.
          hash: '#view=cases&status=regression',
          check: async (page) => {
            const rows = await page.$$eval('table.matrix tbody .rowhead-button code', (codes) => codes.map((code) => code.textContent));
            expect(rows).to.deep.equal(['querystring.parse.sep-default.case']);
          },
        },
      ];
      for (const view of views) {
        const page = await open(`${reportUrl}${view.hash}`);
        try {
          await view.check(page);
          // The page keeps the address it was opened with (nothing is lost or rewritten on the way in).
          expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).toString(), view.hash).to.equal(new URLSearchParams(view.hash.slice(1)).toString());
        } finally {
          await page.close();
        }
      }
    });

    it('hands out the address of the view with Copy link, beside the replay command too, and that address restores it', async () => {
      const page = await open(`${reportUrl}#case=querystring.parse.sep-default.case&for=${encodeURIComponent(PARTIAL.id)}`);
      try {
        const top = await page.getAttribute('dialog[open] .link-row button.copy-link >> nth=0', 'data-href');
        expect(top).to.equal(page.url());
        // Beside the replay command of the failed result: the address of that cell (case × candidate).
        const besideReplay = page.locator('dialog[open] details.result[open] .link-row button.copy-link').first();
        const cell = await besideReplay.getAttribute('data-href');
        expect(new URLSearchParams(new URL(cell ?? '').hash.slice(1)).get('for')).to.equal(PARTIAL.id);
        await besideReplay.click();
        // file:// refuses the clipboard in headless Chromium: the address is then shown, selected, for Ctrl+C.
        await page.waitForFunction(() => /copied|Ctrl\+C/.test(document.querySelector('dialog[open] details.result[open] .link-row button.copy-link')?.textContent ?? ''));
        const shown = page.locator('dialog[open] details.result[open] .link-row input.link-text').first();
        if (await shown.isVisible()) expect(await shown.inputValue()).to.equal(cell);
        const fresh = await open(cell ?? '');
        try {
          expect(await dialogTitle(fresh)).to.equal('querystring.parse.sep-default.case');
          expect(await fresh.locator('dialog[open] details.result').first().locator('.candidate-name').textContent()).to.equal('partial-qs 1.0.0');
        } finally {
          await fresh.close();
        }
      } finally {
        await page.close();
      }
    });

    it('keeps every state readable: text contrast of at least 4.5:1 in light and in dark colour schemes', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await open(reportUrl);
        try {
          await page.emulateMedia({ colorScheme: scheme });
          const ratios = (await page.evaluate(CONTRAST_OF_API_CELLS)) as [string, number][];
          expect(ratios.length).to.be.greaterThan(0);
          expect(ratios.every(([, ratio]) => Number.isFinite(ratio) && ratio >= 1)).to.equal(true);
          const low = ratios.filter(([, ratio]) => ratio < 4.5);
          expect(low, `${scheme} scheme`).to.deep.equal([]);
        } finally {
          await page.close();
        }
      }
    });
  });

  describe('the dashboard', () => {
    const node18 = dashboard.columns.findIndex((column) => column.candidate.id === 'runtime:node@18');
    const bun = dashboard.columns.findIndex((column) => column.candidate.id === 'runtime:bun@1');

    it('opens on the API table: a strip of each export’s state per version, and where it becomes conformant', async () => {
      const page = await open(dashboardUrl);
      try {
        expect(await page.$eval('main > section', (section) => section.id)).to.equal('api-section');
        const strip = await page.$$eval('#api-section tr[data-api="querystring.parse"] td[data-group="runtime:node"] button.api-cell', (buttons) =>
          buttons.map((button) => button.className.split(' ').find((name: string) => name.startsWith('a-'))),
        );
        expect(strip).to.deep.equal(['a-partial', 'a-conformant', 'a-conformant']);
        expect(await page.textContent('#api-section tr[data-api="querystring.parse"] td[data-group="runtime:node"] .history-note')).to.equal('conformant from 20.20.2');
        expect(await page.textContent('#api-section tr[data-api="querystring.stringify"] td[data-group="runtime:node"] .history-note')).to.equal('never conformant');
        // stringify.bigint-values fails in Node 18, 20, 22 and Bun: every implementation differs.
        const differs = await page.$$eval('#differs-section li[data-rule]', (items) => items.map((item) => item.getAttribute('data-rule')));
        expect(differs).to.deep.equal(['querystring.stringify.bigint-values']);
        const history = await page.$$eval('#history-section table[data-group="runtime:node"] tr[data-rule]', (rows) => rows.map((row) => [row.getAttribute('data-rule'), row.querySelectorAll('td')[0]?.textContent]));
        expect(history).to.deep.equal([['querystring.parse.max-keys-default', '20.20.2']]);
      } finally {
        await page.close();
      }
    });

    it('restores an API cell, a rule, a case, a filter and a comparison of columns from their addresses alone', async () => {
      const views: { hash: string; check: (page: Page) => Promise<void> }[] = [
        {
          hash: `#api=querystring.unescape&col=${bun}`,
          check: async (page) => {
            expect(await dialogTitle(page)).to.equal('querystring.unescape');
            expect(await page.textContent('dialog[open] .kind')).to.equal('API in bun 1.4.5');
          },
        },
        {
          hash: `#rule=querystring.parse.max-keys-default&col=${node18}`,
          check: async (page) => {
            expect(await page.textContent('dialog[open] .kind')).to.equal('Rule in node 18.20.8');
          },
        },
        {
          hash: `#case=querystring.parse.max-keys-default.case&col=${node18}`,
          check: async (page) => {
            expect(await page.textContent('dialog[open] .kind')).to.equal('Case in node 18.20.8');
            expect(await page.textContent('dialog[open] pre.replay')).to.equal(replayCommand('runtime:node@18.20.8', 'querystring.parse.max-keys-default.case', 1));
          },
        },
        {
          hash: '#module=querystring&status=fail',
          check: async (page) => {
            expect(await page.inputValue('#filter-status')).to.equal('fail');
          },
        },
        {
          hash: `#cmp=${[node18, bun].sort((a, b) => a - b).join(',')}`,
          check: async (page) => {
            const rows = await page.$$eval('table.dashboard-matrix tbody tr[data-rule-id]', (trs) => trs.map((tr) => tr.getAttribute('data-rule-id')));
            expect(rows.length).to.be.greaterThan(0);
            expect(rows).to.include('querystring.parse.max-keys-default');
          },
        },
      ];
      for (const view of views) {
        const page = await open(`${dashboardUrl}${view.hash}`);
        try {
          await view.check(page);
          expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).toString(), view.hash).to.equal(new URLSearchParams(view.hash.slice(1)).toString());
        } finally {
          await page.close();
        }
      }
    });

    it('links the result beside its replay command to the case in that column, and that link restores it', async () => {
      const page = await open(`${dashboardUrl}#api=querystring.parse&col=${node18}`);
      try {
        await page.click('dialog[open] ul.api-failing button[data-rule="querystring.parse.max-keys-default"]');
        await page.waitForFunction(() => document.querySelector('dialog[open] .kind')?.textContent === 'Rule in node 18.20.8');
        const link = await page.getAttribute('dialog[open] details.result[open] .link-row button.copy-link', 'data-href');
        const params = new URLSearchParams(new URL(link ?? '').hash.slice(1));
        expect([params.get('case'), params.get('col')]).to.deep.equal(['querystring.parse.max-keys-default.case', String(node18)]);
        const fresh = await open(link ?? '');
        try {
          expect(await fresh.textContent('dialog[open] .kind')).to.equal('Case in node 18.20.8');
        } finally {
          await fresh.close();
        }
      } finally {
        await page.close();
      }
    });
  });
});
