// End to end through the CLI: shards that merge into one results file (and merges refused), runs gated by expectations
// or a baseline, and Ctrl-C writing the results so far, exiting 130 and leaving no process alive.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative as relativePath } from 'node:path';
import { readResults } from '../../results/read-results.js';
import { cliEntry, ROOT, runCli } from '../cli/run-cli.js';
import { AGENT_FIXTURES, eventually, processesWith } from './agent-helpers.js';

describe('rtconf run --shard/--expect/--baseline, merge, expect and Ctrl-C (end to end)', function () {
  this.timeout(120_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-agent-cli-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('runs shards that merge into one results file covering the selection once', async () => {
    // One agent per shard: these few cases need no more, and each agent is a Node process to start.
    const select = ['--candidate', 'reference', '--case', 'child_process.exec.encoding-*', '--case', 'child_process.exec.exit-*', '--seed', '9', '--jobs', '1'];
    const [one, two] = await Promise.all([
      runCli(['run', ...select, '--shard', '1/2', '--out', join(dir, 's1')]),
      runCli(['run', ...select, '--shard', '2/2', '--out', join(dir, 's2')]),
    ]);
    expect(one.stderr).to.contain('shard 1/2 of ');
    const merged = join(dir, 'merged.json');
    const outcome = await runCli(['merge', join(dir, 's1', 'results.json'), join(dir, 's2', 'results.json'), '--out', merged]);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const results = await readResults(merged);
    const first = await readResults(join(dir, 's1', 'results.json'));
    const second = await readResults(join(dir, 's2', 'results.json'));
    const ids = results.runs[0]?.results.map((result) => result.case) ?? [];
    expect(ids.length).to.equal((first.runs[0]?.results.length ?? 0) + (second.runs[0]?.results.length ?? 0));
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids.length).to.be.greaterThan(1);
    expect(two.code).to.be.oneOf([0, 1]);
  });

  it('refuses to merge files of different runs or overlapping shards (exit 2, with the reason)', async () => {
    const a = join(dir, 's1', 'results.json');
    const other = JSON.parse(await readFile(a, 'utf8')) as { seed: number };
    other.seed += 1;
    const b = join(dir, 'other-seed.json');
    await writeFile(b, JSON.stringify(other));
    const seeds = await runCli(['merge', a, b, '--out', join(dir, 'x.json')]);
    expect(seeds.code).to.equal(2);
    expect(seeds.stderr).to.contain('seed').and.contain('not shards of one run');
    const overlap = await runCli(['merge', a, a, '--out', join(dir, 'y.json')]);
    expect(overlap.code).to.equal(2);
    expect(overlap.stderr).to.contain('shards overlap');
    expect(existsSync(join(dir, 'x.json'))).to.equal(false);
  });

  it('passes a run whose failures are all expected, however the adapter path is typed, and a rerun against its own baseline', async () => {
    const adapter = join(AGENT_FIXTURES, 'broken-exec.mjs');
    const relative = `./${relativePath(ROOT, adapter)}`;
    const cases = ['--case', 'child_process.exec.exit-*', '--case', 'child_process.exec.encoding-*', '--case', 'child_process.exec.promisified-*'];
    // One agent per run: a dozen quick cases need no more, and each agent is a Node process to start.
    const select = ['--candidate', adapter, ...cases, '--jobs', '1'];
    // Written from a run that named the adapter by a relative path; gated below with its absolute path.
    const first = await runCli(['run', '--candidate', relative, ...cases, '--jobs', '1', '--seed', '11', '--out', join(dir, 'broken')]);
    expect(first.code, first.stderr).to.equal(1);
    const recorded = (await readResults(join(dir, 'broken', 'results.json'))).runs[0]?.candidate;
    expect(recorded).to.include({ id: 'adapter:broken exec', kind: 'adapter', path: relative });
    // The replay command names the file, which --candidate can load, not the id.
    expect(first.stdout).to.contain(`--candidate ${relative} --case child_process.exec.`);
    const written = await runCli(['expect', join(dir, 'broken', 'results.json')]);
    expect(written.code, written.stderr).to.equal(0);
    const expectations = JSON.parse(written.stdout) as Record<string, Record<string, { status: string; reason: string }>>;
    // Keyed by the adapter's declared name, not by the path it was given as.
    const entries = Object.values(expectations['adapter:broken exec'] ?? {});
    expect(entries.length).to.be.greaterThan(0);
    expect(entries.every((entry) => entry.reason === 'TODO: why')).to.equal(true);
    const file = join(dir, 'expectations.json');
    await writeFile(file, written.stdout);

    const gated = await runCli(['run', ...select, '--seed', '11', '--expect', file, '--out', join(dir, 'gated')]);
    expect(gated.code, gated.stdout + gated.stderr).to.equal(0);
    expect(gated.stdout).to.contain('0 unexpected result(s)').and.contain('OK, only expected results');

    const again = await runCli(['run', ...select, '--baseline', join(dir, 'broken', 'results.json'), '--out', join(dir, 'again')]);
    expect(again.code, again.stdout + again.stderr).to.equal(0);
    expect(again.stderr).to.contain("seed 11 (the baseline's)");
  });

  it('fails a gated run on an unexpected failure and on a bad expectations file', async () => {
    const adapter = join(AGENT_FIXTURES, 'broken-exec.mjs');
    const empty = join(dir, 'empty-expectations.json');
    await writeFile(empty, '{}');
    const gated = await runCli(['run', '--candidate', adapter, '--case', 'child_process.exec.exit-*', '--jobs', '1', '--expect', empty, '--out', join(dir, 'unexpected')]);
    expect(gated.code).to.equal(1);
    expect(gated.stdout).to.match(/[1-9]\d* unexpected result\(s\), new failures/);
    const bad = join(dir, 'bad-expectations.json');
    await writeFile(bad, '{"x": {"y": {"status": "nope", "reason": "r"}}}');
    const refused = await runCli(['run', '--candidate', 'reference', '--expect', bad]);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('status must be one of');
  });

  it('on Ctrl-C writes the results so far, exits 130 and leaves no process it started alive', async () => {
    const marker = randomBytes(6).toString('hex');
    const out = join(dir, 'interrupted');
    const child = spawn(
      process.execPath,
      [...cliEntry(), 'run', '--candidate', join(AGENT_FIXTURES, 'mutant-cp-hang.mjs'), '--module', 'child_process', '--jobs', '2', '--timeout', '60000', '--out', out],
      { cwd: ROOT, env: { ...process.env, RTCONF_TEST_MARK: marker }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // Wait until both agents are busy in their endless loops, each having started a sleeping grandchild.
      expect(await eventually(() => processesWith(`RTCONF_TEST_MARK=${marker}`, 'sleep').length >= 2, 30_000), stderr).to.equal(true);
      child.kill('SIGINT');
      const code = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000))]);
      expect(code, stderr).to.equal(130);
      const results = await readResults(join(out, 'results.json'));
      expect(results.interrupted).to.equal(true);
      expect(await eventually(() => processesWith(`RTCONF_TEST_MARK=${marker}`).length === 0), `left alive: ${processesWith(`RTCONF_TEST_MARK=${marker}`).join(' ')}`).to.equal(true);
    } finally {
      child.kill('SIGKILL');
      for (const pid of processesWith(`RTCONF_TEST_MARK=${marker}`)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
  });
});
