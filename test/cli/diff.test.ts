// `rtconf diff BASE LATER`: exit 1 naming a normative case that stopped passing, 0 when things only got better (JSON
// with --json), and 2 with one line for a bad file or bad usage.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { buildSampleResults, withStatuses } from '../reports/sample-results.js';
import { runCli } from './run-cli.js';

describe('rtconf diff', function () {
  this.timeout(60_000);
  let dir: string;
  let baseFile: string;
  let regressedFile: string;
  let fixedFile: string;
  let regressedCase: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-diff-cli-'));
    const base = buildSampleResults({ candidates: 2, cases: 40 });
    const host = base.runs[1]?.results ?? [];
    regressedCase = host.find((result) => result.status === 'pass')?.case ?? '';
    const failing = host.find((result) => result.status !== 'pass' && result.status !== 'na')?.case ?? '';
    baseFile = await writeResults(base, join(dir, 'base'));
    regressedFile = await writeResults(withStatuses(base, [{ candidate: 'host', case: regressedCase, status: 'crash' }]), join(dir, 'regressed'));
    fixedFile = await writeResults(withStatuses(base, [{ candidate: 'host', case: failing, status: 'pass' }]), join(dir, 'fixed'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('exits 1 and names the regressed case when a normative case stopped passing', async () => {
    const outcome = await runCli(['diff', baseFile, regressedFile]);
    expect(outcome.code, outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.match(new RegExp(`REGRESSED\\s+host\\s+${regressedCase.replaceAll('.', '\\.')}\\s+pass → crash`));
  });

  it('exits 0 when things only got better, and prints JSON with --json', async () => {
    const text = await runCli(['diff', baseFile, fixedFile]);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout).to.match(/^0 regressions, 1 fix,/);
    const json = await runCli(['diff', baseFile, fixedFile, '--json']);
    expect(json.code).to.equal(0);
    expect(JSON.parse(json.stdout).counts).to.deep.equal({ regression: 0, fix: 1, change: 0, new: 0, removed: 0 });
  });

  it('exits 2 with one line on a bad file or bad usage', async () => {
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"schemaVersion": 1, "tool": ');
    for (const args of [['diff', baseFile, broken], ['diff', baseFile], ['diff', baseFile, fixedFile, '--nope'], ['diff', baseFile, join(dir, 'missing.json')]]) {
      const outcome = await runCli(args);
      expect(outcome.code, args.join(' ')).to.equal(2);
      expect(outcome.stderr.trimEnd().split('\n'), outcome.stderr).to.have.length(1);
    }
  });
});
