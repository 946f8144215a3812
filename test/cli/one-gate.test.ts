// One gate decides, and every verb that shows a verdict exits and prints by it: `rtconf report --baseline` and
// `rtconf diff` of the same two files, the page and the JUnit XML `run` and `report` write, and `rtconf dashboard
// --expect` say the same thing. The gate is judged once, by the verb, and the renderers show the judgement handed to
// them: a renderer that judged again from its own inputs would be caught here.
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { isFailing } from '../../results/status.js';
import type { ResultsFile } from '../../results/results-file.js';
import { renderJunitXml } from '../../reports/junit-xml.js';
import { buildReportData } from '../../reports/report-data.js';
import { buildDashboardData } from '../../reports/dashboard-data.js';
import { buildSampleResults, withStatuses, writeResults } from '../reports/sample-results.js';
import { runCli } from './run-cli.js';

/** The failures and errors a JUnit document counts in all. */
function junitFailures(xml: string): number {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as { testsuites: { failures: string; errors: string } };
  return Number(doc.testsuites.failures) + Number(doc.testsuites.errors);
}

/** The data block of a generated page. */
function embedded(html: string): { gate?: { unexpected: number } } {
  const json = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as ReturnType<typeof embedded>;
}

/** Normative cases `candidate` passes in `results`, the first `count` of them. */
function passingNormative(results: ResultsFile, candidate: string, count: number): string[] {
  const normative = new Set(results.rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const run = results.runs.find((item) => item.candidate.id === candidate);
  return (run?.results ?? []).filter((result) => result.status === 'pass' && result.rules.some((id) => normative.has(id))).slice(0, count).map((result) => result.case);
}

describe('one gate for run, report, diff and dashboard', function () {
  this.timeout(120_000);
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-one-gate-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('rtconf report --baseline exits 1 and prints the gate when results regressed, as rtconf diff and the page say', async () => {
    const baseline = buildSampleResults({ candidates: 2, cases: 40, seed: 3 });
    const regressed = passingNormative(baseline, 'host', 4);
    expect(regressed).to.have.length(4);
    const later = withStatuses(baseline, regressed.map((id) => ({ candidate: 'host', case: id, status: 'fail' as const })));
    const baseFile = await writeResults(baseline, join(dir, 'base'));
    const laterFile = await writeResults(later, join(dir, 'later'));
    const out = join(dir, 'report');
    const report = await runCli(['report', laterFile, '--baseline', baseFile, '--out', out]);
    const diff = await runCli(['diff', baseFile, laterFile]);
    expect(diff.code).to.equal(1);
    expect(diff.stdout).to.match(/^4 regressions,/);
    expect(report.code, report.stdout + report.stderr).to.equal(1);
    expect(report.stdout).to.contain(`regression gate (baseline ${baseFile})`);
    expect(report.stdout).to.match(/^ {2}4 unexpected result\(s\), new failures:$/m);
    expect(report.stdout).to.match(/^verdict: FAIL, 4 unexpected: /m);
    for (const id of regressed) expect(report.stdout).to.contain(`host  ${id}  `);
    expect(report.stdout).to.contain(join(out, 'index.html'));
    expect(embedded(await readFile(join(out, 'index.html'), 'utf8')).gate).to.include({ unexpected: 4 });
  });

  it('rtconf report --baseline exits 0 when nothing regressed, and rtconf report without a gate exits as rtconf run would', async () => {
    const baseline = buildSampleResults({ candidates: 2, cases: 40, seed: 3 });
    const baseFile = await writeResults(baseline, join(dir, 'same-base'));
    const sameFile = await writeResults(baseline, join(dir, 'same'));
    const gated = await runCli(['report', sameFile, '--baseline', baseFile, '--out', join(dir, 'same-report')]);
    expect(gated.code, gated.stdout + gated.stderr).to.equal(0);
    expect(gated.stdout).to.match(/^verdict: OK, only expected results$/m);
    // Without --expect or --baseline every failing normative result is unexpected, as for rtconf run.
    const failing = baseline.runs.some((run) => run.results.some((result) => isFailing(result.status)));
    expect(failing, 'the sample has failing results').to.equal(true);
    const bare = await runCli(['report', sameFile, '--out', join(dir, 'bare-report')]);
    expect(bare.code, bare.stdout + bare.stderr).to.equal(1);
    expect(bare.stdout).to.match(/^node v20\S* \(host\): \d+ normative rules? not met/m);
    expect(bare.stdout).to.contain('not an error of rtconf');
    const allPass = withStatuses(baseline, baseline.runs.flatMap((run) => run.results.filter((result) => isFailing(result.status)).map((result) => ({ candidate: run.candidate.id, case: result.case, status: 'pass' as const }))));
    const clean = await runCli(['report', await writeResults(allPass, join(dir, 'clean')), '--out', join(dir, 'clean-report')]);
    expect(clean.code, clean.stdout + clean.stderr).to.equal(0);
  });

  it('the page, the dashboard and JUnit show the judgement they are handed, never one of their own', () => {
    const baseline = buildSampleResults({ candidates: 2, cases: 40, seed: 3 });
    const later = withStatuses(baseline, passingNormative(baseline, 'host', 4).map((id) => ({ candidate: 'host', case: id, status: 'fail' as const })));
    // Judged against the baseline, 4 results regressed; judged against expectations of every failure, none did.
    expect(markExpectations(later, gateSources([], { file: 'base.json', results: baseline })).report.unexpected).to.have.length(4);
    const judgement = markExpectations(later, gateSources([{ file: 'all.json', expectations: validateExpectations(expectationsFromResults(later), 'all.json') }]));
    expect(judgement.report.unexpected).to.have.length(0);
    // Handed that judgement beside the baseline (whose comparison the page still shows), each shows it alone.
    const page = buildReportData(later, { judgement, baseline });
    expect(page.gate).to.deep.equal({ sources: ['expectations all.json'], unexpected: 0, unexpectedPasses: 0 });
    expect(page.baseline?.changes.length).to.be.greaterThan(0);
    expect(junitFailures(renderJunitXml(later, judgement))).to.equal(0);
    expect(buildDashboardData([{ file: 'later.json', results: later, judgement }]).gate).to.deep.include({ unexpected: 0 });
  });

  it('rtconf report --expect and --baseline write a junit.xml that counts what the gate counts: nothing when it passes', async () => {
    const baseline = buildSampleResults({ candidates: 2, cases: 40, seed: 3 });
    const baseFile = await writeResults(baseline, join(dir, 'junit-base'));
    const expectFile = join(dir, 'junit-all.json');
    await writeFile(expectFile, JSON.stringify(expectationsFromResults(baseline)));
    const failing = baseline.runs.reduce((count, run) => count + run.results.filter((result) => isFailing(result.status)).length, 0);
    expect(failing, 'the sample has failing results').to.be.greaterThan(0);
    for (const gate of [['--expect', expectFile], ['--baseline', baseFile]]) {
      const out = join(dir, `junit-${gate[0]?.slice(2)}`);
      const outcome = await runCli(['report', baseFile, ...gate, '--out', out]);
      expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
      expect(junitFailures(await readFile(join(out, 'junit.xml'), 'utf8')), gate.join(' ')).to.equal(0);
    }
    const regressed = passingNormative(baseline, 'host', 3);
    const laterFile = await writeResults(withStatuses(baseline, regressed.map((id) => ({ candidate: 'host', case: id, status: 'crash' as const }))), join(dir, 'junit-later'));
    const out = join(dir, 'junit-regressed');
    const outcome = await runCli(['report', laterFile, '--expect', expectFile, '--out', out]);
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.match(/^verdict: FAIL, 3 unexpected: /m);
    expect(junitFailures(await readFile(join(out, 'junit.xml'), 'utf8'))).to.equal(3);
  });

  it('rtconf run --expect exits 0 with a junit.xml counting no failure when every failure was expected', async () => {
    // Six quick parse cases, two of which querystring-es3 fails (a multi-character or custom eq): the gate is the point.
    const selection = ['--candidate', 'npm:querystring-es3', '--case', 'querystring.parse.splits-*', '--seed', '5', '--jobs', '1'];
    const first = await runCli(['run', ...selection, '--out', join(dir, 'run-first')]);
    expect(first.code, 'querystring-es3 fails some parse case').to.equal(1);
    expect(junitFailures(await readFile(join(dir, 'run-first', 'junit.xml'), 'utf8'))).to.be.greaterThan(0);
    const written = await runCli(['expect', join(dir, 'run-first', 'results.json')]);
    const expectFile = join(dir, 'run-expect.json');
    await writeFile(expectFile, written.stdout);
    const gated = await runCli(['run', ...selection, '--expect', expectFile, '--out', join(dir, 'run-gated')]);
    expect(gated.code, gated.stdout + gated.stderr).to.equal(0);
    expect(junitFailures(await readFile(join(dir, 'run-gated', 'junit.xml'), 'utf8'))).to.equal(0);
  });

  it('rtconf dashboard --expect exits 1 and prints the gate when a column has unexpected results, 0 when every failure is expected', async () => {
    const results = buildSampleResults({ candidates: 2, cases: 40, seed: 3 });
    const file = await writeResults(results, join(dir, 'dash-run'));
    const expectFile = join(dir, 'all.json');
    await writeFile(expectFile, JSON.stringify(expectationsFromResults(results)));
    const ok = await runCli(['dashboard', file, '--expect', expectFile, '--out', join(dir, 'dash-ok')]);
    expect(ok.code, ok.stdout + ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/^verdict: OK, only expected results$/m);
    const regressed = passingNormative(results, 'host', 2);
    const later = withStatuses(results, regressed.map((id) => ({ candidate: 'host', case: id, status: 'timeout' as const })));
    const laterFile = await writeResults(later, join(dir, 'dash-later'));
    const bad = await runCli(['dashboard', laterFile, '--expect', expectFile, '--out', join(dir, 'dash-bad')]);
    expect(bad.code, bad.stdout + bad.stderr).to.equal(1);
    expect(bad.stdout).to.match(/^verdict: FAIL, 2 unexpected: /m);
    expect(bad.stdout).to.contain(`dashboard: ${join(dir, 'dash-bad', 'index.html')}`);
    expect(embedded(await readFile(join(dir, 'dash-bad', 'index.html'), 'utf8')).gate).to.include({ unexpected: 2 });
  });
});
