// Stable candidate ids: an adapter is its declared name wherever its file is; two adapters of one name, and --expect
// naming no candidate of the run, are refused before running, and such a baseline is only warned about.
import { expect } from 'chai';
import { formatGate } from '../../cli/terminal-text.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSourcesMatch, evaluateGate, sourceFromBaseline, sourceFromExpectations } from '../../results/regression-gate.js';
import { replayCommand } from '../../results/replay.js';
import type { ResultsFile } from '../../results/results-file.js';
import { runCli } from '../cli/run-cli.js';

const GOOD = 'test/fixtures/agent/good.mjs';

function resultsOf(candidates: readonly string[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    rules: [{ id: 'querystring.r.one', module: 'querystring', level: 'normative', title: 't' }],
    runs: candidates.map((id) => ({
      candidate: { id, name: id, kind: 'adapter' as const },
      summary: { total: 1, pass: 0, fail: 1, error: 0, timeout: 0, crash: 0, flaky: 0, skip: 0, na: 0 },
      results: [{ case: 'querystring.c.one', module: 'querystring' as const, rules: ['querystring.r.one'], status: 'fail' as const, durationMs: 1, message: 'no' }],
    })),
  };
}

describe('stable candidate ids: an adapter is its declared name, wherever its file is', () => {
  it('refuses --expect files that name no candidate of the run, and only warns for such a baseline', () => {
    const expectations = sourceFromExpectations({ './examples/adapter.mjs': { 'querystring.c.one': { allowed: ['fail'], reason: 'r' } } }, 'expectations old.json');
    const baseline = sourceFromBaseline(resultsOf(['host']), 'baseline host.json');
    expect(() => checkSourcesMatch([baseline], ['adapter:x'])).to.not.throw();
    expect(() => checkSourcesMatch([sourceFromExpectations({}, 'expectations empty.json')], ['adapter:x'])).to.not.throw();
    expect(() => checkSourcesMatch([expectations], ['adapter:x', 'host']))
      .to.throw(/expectations old\.json names \.\/examples\/adapter\.mjs, but this run's candidates are adapter:x, host; adapters are identified as adapter:<name>/)
      .with.property('code', 'ERR_RTCONF_EXPECTATIONS');

    const run = resultsOf(['adapter:x']);
    const report = evaluateGate(run, [expectations, baseline], new Set(['querystring.c.one']));
    expect(report.unmatchedCandidates.map((item) => [item.source, item.kind, item.candidates])).to.deep.equal([
      ['expectations old.json', 'expectations', ['./examples/adapter.mjs']],
      ['baseline host.json', 'baseline', ['host']],
    ]);
    expect(formatGate(report, [expectations, baseline])).to.contain('warning: baseline host.json names host, but this run\'s candidates are adapter:x');
    expect(evaluateGate(run, [sourceFromBaseline(run, 'itself')], new Set()).unmatchedCandidates).to.deep.equal([]);
  });

  it('replays an adapter by its recorded path, other candidates by their id', () => {
    expect(replayCommand({ id: 'adapter:my qs', path: './my adapter.mjs' }, 'querystring.c.one', 5)).to.equal(
      "npx rtconf run --candidate './my adapter.mjs' --case querystring.c.one --seed 5 --out rtconf-replay",
    );
    expect(replayCommand({ id: 'host' }, 'querystring.c.one', 5)).to.contain('--candidate host ');
  });

  describe('through the CLI', function () {
    this.timeout(120_000);
    let dir: string;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'rtconf-stable-ids-'));
    });
    after(() => rm(dir, { recursive: true, force: true }));

    it('refuses two adapters with one name (exit 2, one line) before running anything', async () => {
      const outcome = await runCli(['run', '--candidate', GOOD, '--candidate', `./${GOOD}`, '--module', 'querystring', '--out', join(dir, 'twice')]);
      expect(outcome.code).to.equal(2);
      expect(outcome.stderr.trim().split('\n')).to.have.length(1);
      expect(outcome.stderr).to.contain('two candidates have the id adapter:good').and.contain(GOOD);
    });

    it('refuses --expect that matches no candidate (exit 2), and warns about such a baseline', async () => {
      const elsewhere = join(dir, 'deno-only.json');
      await writeFile(elsewhere, JSON.stringify({ 'runtime:deno@2': { 'querystring.parse.reads-pairs-of-a-string': { allowed: ['fail'], reason: 'r' } } }));
      const refused = await runCli(['run', '--candidate', 'reference', '--case', 'querystring.parse.reads-pairs-of-a-string', '--expect', elsewhere, '--out', join(dir, 'refused')]);
      expect(refused.code).to.equal(2);
      expect(refused.stderr.trim().split('\n')).to.have.length(1);
      expect(refused.stderr).to.contain('names runtime:deno@2').and.contain('match no candidate');

      const base = join(dir, 'reference-baseline.json');
      await writeFile(base, JSON.stringify(resultsOf(['reference'])));
      const other = await runCli(['run', '--candidate', 'host', '--case', 'querystring.parse.reads-pairs-of-a-string', '--baseline', base, '--out', join(dir, 'other')]);
      expect(other.code, other.stderr).to.equal(0);
      expect(other.stdout).to.contain("names reference, but this run's candidates are host");
    });
  });
});
