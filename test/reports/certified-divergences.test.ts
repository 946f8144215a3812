// The published certification (docs/conformance) against the divergences we document. With every runtime column
// compared, the dashboard's "rules whose status differs" filter must list exactly the rules that the runtimes'
// expectations files (the machine-readable form of docs/runtimes.md, one reason per case) expect some runtimes, and not
// all, to fail; a rule listed without an expectation, or an expectation the published runs do not show, fails this.
// The committed page itself is opened from file:// in Chromium, like the report: it must draw all nine runtimes with
// their versions and, asked to compare them, list those rules, with nothing on its console and nothing fetched.
// The runtimes compared are those that provide every module: a run of workerd dated before its https and
// child_process modules exist differs from every other runtime by not providing them, a verdict of its own ("not
// provided"), not a divergence an expectations file lists.
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDashboardData, type DashboardData } from '../../reports/dashboard-data.js';
import { createDashboardRowFilter } from '../../reports/html/page/dashboard/row-filter.js';
import { cmpOf, DEFAULTS } from '../../reports/html/page/dashboard/state.js';
import { readExpectations } from '../../results/expectations.js';
import { readResults } from '../../results/read-results.js';
import { isFailing } from '../../results/status.js';
import type { ResultsFile } from '../../results/results-file.js';
import { launchChromium, type Browser, skipWithoutChromium } from './browser.js';
import { cspViolations, openWatched } from './page-watch.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const RUNS = join(ROOT, 'docs', 'conformance', 'runs');
const EXPECTATIONS = join(ROOT, 'expectations');
/** Node 18, 20, 22, 24, 25, 26, Bun 1, Deno 2 and workerd at its release's date. */
// Node 18 to 26 (six), Bun, Deno, workerd at its own date and Bare; workerd at 2025-08-14 has no https.
const RUNTIMES = 10;

declare const document: { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null; textContent: string | null }> };

async function publishedRuns(): Promise<{ file: string; results: ResultsFile }[]> {
  const inputs: { file: string; results: ResultsFile }[] = [];
  for (const name of readdirSync(RUNS).sort()) inputs.push({ file: `${name}/results.json`, results: await readResults(join(RUNS, name, 'results.json')) });
  return inputs;
}

/** The column indices of `data` that are runtime runs providing every module. */
function runtimeColumns(data: DashboardData): number[] {
  const providesAll = (c: number): boolean => data.modules.every((module) => data.columns[c]?.rates[module].verdict !== 'not-provided');
  return data.columns.flatMap((column, c) => (column.candidate.kind === 'runtime' && providesAll(c) ? [c] : []));
}

/** The rules the expectations files expect some of `columns`, and not all, to fail. */
async function documentedDivergences(data: DashboardData, columns: readonly number[]): Promise<string[]> {
  const expected = new Map<string, Set<string>>();
  for (const name of readdirSync(EXPECTATIONS)) {
    const file = await readExpectations(join(EXPECTATIONS, name));
    for (const [candidate, cases] of Object.entries(file)) {
      const rules = expected.get(candidate) ?? new Set<string>();
      for (const [caseId, expectation] of Object.entries(cases)) {
        if (!expectation.allowed.some((status) => isFailing(status))) continue;
        const cited = (data.cases.find((item) => item.id === caseId)?.rules ?? []).map((index) => data.rules[index]?.id ?? '');
        expect(cited, `${name}: ${candidate} expects ${caseId}, a case the published runs do not have`).to.not.be.empty;
        for (const rule of cited) rules.add(rule);
      }
      expected.set(candidate, rules);
    }
  }
  const perColumn = columns.map((c) => {
    const id = data.columns[c]?.candidate.id ?? '';
    const rules = expected.get(id);
    expect(rules, `no expectations file names ${id}`).to.not.equal(undefined);
    return rules as Set<string>;
  });
  return data.rules
    .map((rule) => rule.id)
    .filter((id) => {
      const failingIn = perColumn.filter((rules) => rules.has(id)).length;
      return failingIn > 0 && failingIn < perColumn.length;
    })
    .sort();
}

describe('the published certification (docs/conformance)', function () {
  this.timeout(120_000);

  it("lists in its 'differs' filter exactly the runtime divergences the expectations files document", async () => {
    const data = buildDashboardData(await publishedRuns());
    const columns = runtimeColumns(data);
    expect(columns, 'the ten certified runtimes that provide every module').to.have.length(RUNTIMES);
    // The page's own filter, with those columns compared: the rules it shows are the ones whose status differs.
    const differing = createDashboardRowFilter(data).visibleRules({ ...DEFAULTS, cmp: cmpOf(columns) }).map((r) => data.rules[r]?.id ?? '');
    expect(differing.sort()).to.deep.equal(await documentedDivergences(data, columns));
    expect(differing.length, 'the runtimes do differ somewhere').to.be.greaterThan(0);
  });

  describe('the committed page, in headless Chromium', () => {
    let browser: Browser | undefined;
    before(async function () {
      skipWithoutChromium(this);
      browser = await launchChromium();
    });
    after(() => browser?.close());

    it('draws all ten runtimes with their versions and, comparing them, lists the documented divergences', async () => {
      const data = buildDashboardData(await publishedRuns());
      const columns = runtimeColumns(data);
      const page = `${pathToFileURL(join(ROOT, 'docs', 'conformance', 'index.html')).href}#cmp=${columns.join(',')}`;
      const { page: tab, problems, requests } = await openWatched(browser as Browser, page);
      try {
        const headers = await tab.evaluate(() => Array.from(document.querySelectorAll('table.matrix thead th'), (th) => th.textContent ?? '').join(' | '));
        for (const c of columns) {
          const column = data.columns[c];
          expect(headers, `the matrix names ${column?.candidate.id} ${column?.version}`).to.contain(column?.version ?? '?');
        }
        const listed = await tab.evaluate(() => Array.from(document.querySelectorAll('table.matrix tbody tr[data-rule-id]'), (row) => row.getAttribute('data-rule-id') ?? ''));
        expect(listed.sort()).to.deep.equal(await documentedDivergences(data, columns));
        expect(problems).to.deep.equal([]);
        expect(await cspViolations(tab)).to.deep.equal([]);
        expect(requests.every((url) => url.startsWith('file:'))).to.equal(true);
      } finally {
        await tab.close();
      }
    });
  });
});
