// The published certification (docs/conformance) against the divergences we document: with every runtime column
// compared, the dashboard's "rules whose status differs" filter must list exactly the rules that the runtimes'
// expectations files (the machine-readable form of docs/runtimes.md, one reason per case) expect some runtimes, and not
// all, to fail. A rule listed without an expectation, or an expectation the published runs do not show, fails this.
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDashboardData } from '../../reports/dashboard-data.js';
import { statusDiffers } from '../../reports/html/page/dashboard/row-filter.js';
import { readExpectations } from '../../results/expectations.js';
import { readResults } from '../../results/read-results.js';
import { isFailing } from '../../results/status.js';
import type { ResultsFile } from '../../results/results-file.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const RUNS = join(ROOT, 'docs', 'conformance', 'runs');
const EXPECTATIONS = join(ROOT, 'expectations');

describe('the published certification (docs/conformance)', () => {
  it("lists in its 'differs' filter exactly the runtime divergences the expectations files document", async () => {
    const inputs: { file: string; results: ResultsFile }[] = [];
    for (const name of readdirSync(RUNS).sort()) {
      const file = join(RUNS, name, 'results.json');
      inputs.push({ file: `${name}/results.json`, results: await readResults(file) });
    }
    const runtimeInputs = inputs.filter((input) => input.results.runs.every((run) => run.candidate.kind === 'runtime'));
    expect(runtimeInputs.map((input) => input.file).sort(), 'the eight certified runtimes').to.have.length(8);
    const data = buildDashboardData(runtimeInputs);
    const columns = data.columns.map((_, c) => c);
    const differing = data.rules.filter((_, r) => statusDiffers(data, r, columns)).map((rule) => rule.id);

    // Per runtime column: the rules cited by the cases its expectations file expects not to pass.
    const expected = new Map<string, Set<string>>();
    for (const name of readdirSync(EXPECTATIONS)) {
      const file = await readExpectations(join(EXPECTATIONS, name));
      for (const [candidate, cases] of Object.entries(file)) {
        const rules = expected.get(candidate) ?? new Set<string>();
        for (const [caseId, expectation] of Object.entries(cases)) {
          const statuses = Array.isArray(expectation.status) ? expectation.status : [expectation.status];
          if (!statuses.some((status) => isFailing(status))) continue;
          const cited = (data.cases.find((item) => item.id === caseId)?.rules ?? []).map((index) => data.rules[index]?.id ?? '');
          expect(cited, `${name}: ${candidate} expects ${caseId}, a case the published runs do not have`).to.not.be.empty;
          for (const rule of cited) rules.add(rule);
        }
        expected.set(candidate, rules);
      }
    }
    const perColumn = data.columns.map((column) => {
      const rules = expected.get(column.candidate.id);
      expect(rules, `no expectations file names ${column.candidate.id}`).to.not.equal(undefined);
      return rules as Set<string>;
    });
    const documented = data.rules
      .map((rule) => rule.id)
      .filter((id) => {
        const failingIn = perColumn.filter((rules) => rules.has(id)).length;
        return failingIn > 0 && failingIn < perColumn.length;
      });
    expect(differing.sort()).to.deep.equal(documented.sort());
    expect(differing.length, 'the runtimes do differ somewhere').to.be.greaterThan(0);
  });
});
