// One gate decides, and every verb that shows a verdict exits and prints by it: `rtconf report --baseline` and
// `rtconf diff` of the same two files, the page `report` writes, and `rtconf dashboard --expect` say the same thing.
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectationsFromResults } from '../../results/expectations.js';
import { isFailing } from '../../results/status.js';
import type { ResultsFile } from '../../results/results-file.js';
import { buildSampleResults, withStatuses, writeResults } from '../reports/sample-results.js';
import { runCli } from './run-cli.js';

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
