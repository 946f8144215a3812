import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

interface ReplayModule {
  compareStatuses(merged: Map<string, Map<string, string>>, unsharded: Map<string, Map<string, string>>): string[];
  safeName(spec: string): string;
}

describe('scripts/matrix-replay.mjs (the CI matrix played locally)', function () {
  this.timeout(240_000);
  let out: string;
  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'rtconf-matrix-test-'));
  });
  after(() => rm(out, { recursive: true, force: true }));

  it('runs 3 shards, merges them, builds the dashboard, and finds the same statuses as an unsharded run', async () => {
    const outcome = await runNode(
      [join(ROOT, 'scripts', 'matrix-replay.mjs'), '--module', 'querystring', '--case', 'querystring.parse.*', '--shards', '3', '--seed', '11', '--out', out],
      { timeoutMs: 230_000 },
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.match(/reference: merged shards = unsharded run \(\d+ statuses\)/);
    expect(outcome.stdout).to.contain('same statuses sharded and unsharded');
    const merged = JSON.parse(await readFile(join(out, 'reference', 'merged', 'results.json'), 'utf8')) as { seed: number; runs: { results: unknown[] }[] };
    expect(merged.seed).to.equal(11);
    // Every shard held some of the cases, and together they are the whole selection.
    const sizes = await Promise.all([1, 2, 3].map(async (index) => (JSON.parse(await readFile(join(out, 'reference', `shard-${index}`, 'results.json'), 'utf8')) as { runs: { results: unknown[] }[] }).runs[0]?.results.length ?? 0));
    expect(sizes.every((size) => size > 0), `shard sizes ${sizes.join(', ')}`).to.equal(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).to.equal(merged.runs[0]?.results.length);
    expect(existsSync(join(out, 'site', 'index.html'))).to.equal(true);
  });

  it('lists every case whose status differs, and the cases only one side has', async () => {
    const replay = (await import(join(ROOT, 'scripts', 'matrix-replay.mjs'))) as ReplayModule;
    const merged = new Map([['reference', new Map([['a', 'pass'], ['b', 'fail']])]]);
    const unsharded = new Map([['reference', new Map([['a', 'pass'], ['b', 'pass'], ['c', 'pass']])], ['host', new Map()]]);
    expect(replay.compareStatuses(merged, unsharded)).to.deep.equal([
      'reference b: fail in the merged shards, pass unsharded',
      'reference c: missing in the merged shards, pass unsharded',
      'host: only in the unsharded run',
    ]);
    expect(replay.compareStatuses(merged, merged)).to.deep.equal([]);
    expect(replay.safeName('runtime:node@22')).to.equal('runtime-node-22');
  });
});
