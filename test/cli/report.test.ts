// `rtconf report RESULTS`: the reports beside the file or in --out, the changes against --baseline, and exit 2 with one
// line for a truncated or foreign file, an unknown flag or a missing argument.
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { buildSampleResults, withStatuses } from '../reports/sample-results.js';
import { runCli } from './run-cli.js';

describe('rtconf report', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-report-cli-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('regenerates index.html, junit.xml and badges next to the results file', async () => {
    const results = buildSampleResults({ candidates: 2, cases: 20 });
    const file = await writeResults(results, join(dir, 'run'));
    const outcome = await runCli(['report', file]);
    // The sample's host fails normative cases: without a gate that is exit 1, as rtconf run would have exited.
    expect(outcome.code, outcome.stderr).to.equal(1);
    const files = await readdir(join(dir, 'run'));
    expect(files).to.include.members(['results.json', 'index.html', 'junit.xml', 'badge-reference.svg', 'badge-host.svg']);
    expect(outcome.stdout).to.contain(join(dir, 'run', 'index.html'));
  });

  it('writes into --out and shows the changes against --baseline', async () => {
    const baseline = buildSampleResults({ candidates: 2, cases: 20 });
    const regressed = baseline.runs[1]?.results.find((result) => result.status === 'pass');
    const later = withStatuses(baseline, [{ candidate: 'host', case: regressed?.case ?? '', status: 'fail' }]);
    const baseFile = await writeResults(baseline, join(dir, 'base'));
    const laterFile = await writeResults(later, join(dir, 'later'));
    const out = join(dir, 'elsewhere');
    const outcome = await runCli(['report', laterFile, '--baseline', baseFile, '--out', out]);
    // The regressed case fails the gate against the baseline.
    expect(outcome.code, outcome.stderr).to.equal(1);
    const html = await readFile(join(out, 'index.html'), 'utf8');
    expect(html).to.contain('"kind":"regression"').and.contain(JSON.stringify(regressed?.case));
  });

  it('exits 2 with a one-line reason for a truncated results file', async () => {
    const results = buildSampleResults({ candidates: 1, cases: 10 });
    const text = JSON.stringify(results);
    const file = join(dir, 'truncated.json');
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    const outcome = await runCli(['report', file]);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr.trimEnd().split('\n')).to.have.length(1);
    expect(outcome.stderr).to.contain(file);
  });

  it('exits 2 for a file that is JSON but not a results file, and for unknown flags or missing arguments', async () => {
    const file = join(dir, 'other.json');
    await writeFile(file, '{"schemaVersion":1,"runs":[]}');
    for (const args of [['report', file], ['report', file, '--colour'], ['report']]) {
      const outcome = await runCli(args);
      expect(outcome.code, args.join(' ')).to.equal(2);
      expect(outcome.stderr.trimEnd().split('\n'), outcome.stderr).to.have.length(1);
    }
  });
});
