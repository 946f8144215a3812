// One results file through every consumer of the verdict: the console summary, the exit code's regression gate,
// `rtconf diff`, the badges, JUnit XML and the HTML page's data must tell the same story.
import { expect } from 'chai';
import { XMLParser } from 'fast-xml-parser';
import { Writable } from 'node:stream';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { printSummary } from '../../cli/summary.js';
import { renderBadge } from '../../reports/badge.js';
import { renderJunitXml } from '../../reports/junit-xml.js';
import { buildReportData } from '../../reports/report-data.js';
import { diffResults } from '../../results/diff.js';
import { evaluateGate, sourceFromBaseline } from '../../results/regression-gate.js';
import type { ResultsFile } from '../../results/results-file.js';
import { isFailing } from '../../results/status.js';
import { passRate } from '../../results/verdict.js';
import { buildSampleResults, withStatuses } from '../reports/sample-results.js';

function summaryText(results: ResultsFile): string {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  printSummary(sink, results);
  return text;
}

function allCaseIds(results: ResultsFile): Set<string> {
  return new Set(results.runs.flatMap((run) => run.results.map((result) => result.case)));
}

const keyOf = (candidate: string, caseId: string): string => `${candidate}\u0000${caseId}`;

describe('one verdict for every output', () => {
  const sample = buildSampleResults({ candidates: 5, cases: 150, failureRate: 0.12, seed: 11 });
  // One candidate that does not provide https at all: its cases are skipped.
  const adapter = sample.runs[4];
  const results = withStatuses(
    sample,
    (adapter?.results ?? []).filter((result) => result.module === 'https').map((result) => ({ candidate: adapter?.candidate.id ?? '', case: result.case, status: 'skip' as const })),
  );
  const modulesOf = (run: ResultsFile['runs'][number]): ModuleName[] => MODULES.filter((module) => run.results.some((result) => result.module === module));

  it('has a sample with conformant, not-conformant and not-provided modules and every status', () => {
    const verdicts = new Set(results.runs.flatMap((run) => modulesOf(run).map((module) => passRate(run, results.rules, module).verdict)));
    expect([...verdicts]).to.include.members(['conformant', 'not-conformant', 'not-provided']);
    const statuses = new Set(results.runs.flatMap((run) => run.results.map((result) => result.status)));
    expect([...statuses]).to.include.members(['pass', 'fail', 'error', 'timeout', 'crash', 'skip']);
  });

  it('prints in the console summary the verdict and rule counts of passRate', () => {
    const lines = summaryText(results).split('\n');
    for (const run of results.runs) {
      for (const module of modulesOf(run)) {
        const rate = passRate(run, results.rules, module);
        const row = lines.find((line) => line.startsWith(`${run.candidate.id} `) && line.split(/\s+/)[1] === module);
        const expected = { conformant: `PASS ${rate.passed}/${rate.evaluated} rules`, 'not-conformant': `FAIL ${rate.passed}/${rate.evaluated} rules`, 'not-provided': 'SKIP', 'not-applicable': 'N/A', untested: 'UNTESTED' }[rate.verdict];
        expect(row, `${run.candidate.id} ${module}`).to.match(new RegExp(`${expected.replace('/', '\\/')}$`));
      }
    }
  });

  it('fails the run (no gate) exactly when some candidate module is not conformant', () => {
    const gate = evaluateGate(results, [], allCaseIds(results));
    const notConformant = results.runs.some((run) => modulesOf(run).some((module) => passRate(run, results.rules, module).verdict === 'not-conformant'));
    expect(gate.unexpected.length > 0).to.equal(notConformant);
    const allPassing = withStatuses(results, gate.unexpected.map((item) => ({ candidate: item.candidate, case: item.case, status: 'pass' as const })));
    expect(evaluateGate(allPassing, [], allCaseIds(allPassing)).unexpected).to.deep.equal([]);
    for (const run of allPassing.runs) for (const module of modulesOf(run)) expect(passRate(run, allPassing.rules, module).verdict).to.not.equal('not-conformant');
  });

  it('finds the same regressions with the gate against a baseline as rtconf diff does', () => {
    // The baseline: every failing result passed back then, except a few that failed the same way or otherwise.
    const failing = results.runs.flatMap((run) => run.results.filter((result) => isFailing(result.status)).map((result) => ({ candidate: run.candidate.id, case: result.case, status: result.status })));
    const baseline = withStatuses(
      results,
      failing.map((item, index) => ({ ...item, status: index % 5 === 0 ? item.status : index % 5 === 1 ? ('fail' as const) : ('pass' as const) })),
    );
    const gate = evaluateGate(results, [sourceFromBaseline(baseline, 'baseline')], allCaseIds(results));
    const diff = diffResults(baseline, results);
    const fromGate = gate.unexpected.map((item) => keyOf(item.candidate, item.case)).sort();
    const fromDiff = diff.changes.filter((change) => change.kind === 'regression').map((change) => keyOf(change.candidate, change.case)).sort();
    expect(fromGate.length).to.be.greaterThan(5);
    expect(fromGate).to.deep.equal(fromDiff);
    expect(evaluateGate(results, [sourceFromBaseline(results, 'itself')], allCaseIds(results)).unexpected).to.deep.equal([]);
    expect(diffResults(results, results).counts.regression).to.equal(0);
  });

  it('shows on each badge the pass rate of passRate', () => {
    for (const run of results.runs) {
      const rate = passRate(run, results.rules);
      const title = /<title>([^<]*)<\/title>/.exec(renderBadge(run, results.rules))?.[1] ?? '';
      if (rate.evaluated > 0) expect(title).to.contain(`${rate.passed} of ${rate.evaluated} normative rules pass`);
    }
  });

  it('gives the HTML page the rates and verdicts of passRate', () => {
    const data = buildReportData(results);
    data.candidates.forEach((candidate, index) => {
      const run = results.runs[index];
      if (!run) throw new Error('candidate without run');
      expect(candidate.rates.all).to.deep.equal(passRate(run, results.rules));
      for (const module of data.modules) expect(candidate.rates[module], module).to.deep.equal(passRate(run, results.rules, module));
    });
  });

  it('writes into JUnit the verdict of passRate and counts exactly the failing statuses as failures and errors', () => {
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name) }).parse(renderJunitXml(results)) as {
      testsuites: { failures: string; errors: string; testsuite: { name: string; properties: { property: { name: string; value: string }[] } }[] };
    };
    const failingCount = results.runs.flatMap((run) => run.results).filter((result) => isFailing(result.status)).length;
    expect(Number(doc.testsuites.failures) + Number(doc.testsuites.errors)).to.equal(failingCount);
    for (const suite of doc.testsuites.testsuite) {
      const property = (name: string): string | undefined => suite.properties.property.find((item) => item.name === name)?.value;
      const run = results.runs.find((item) => item.candidate.id === property('candidate.id'));
      const module = suite.name.slice(suite.name.lastIndexOf('.') + 1) as ModuleName;
      if (!run) throw new Error(`no run for ${suite.name}`);
      expect(property('verdict'), suite.name).to.equal(passRate(run, results.rules, module).verdict);
    }
  });
});
