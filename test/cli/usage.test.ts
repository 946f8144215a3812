import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.js';

describe('rtconf usage errors', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-cli-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const expectUsageError = (outcome: { code: number | null; stderr: string }, pattern: RegExp): void => {
    expect(outcome.code, outcome.stderr).to.equal(2);
    expect(outcome.stderr.trim().split('\n'), 'one line').to.have.length(1);
    expect(outcome.stderr).to.match(pattern);
  };

  it('prints help and exits 0 for --help', async () => {
    const outcome = await runCli(['--help']);
    expect(outcome.code).to.equal(0);
    expect(outcome.stdout).to.contain('rtconf run').and.contain('--candidate');
  });

  it('exits 2 with a one-line reason for an unknown flag', async () => {
    expectUsageError(await runCli(['run', '--no-such-flag']), /no-such-flag/);
  });

  it('exits 2 for an unknown command', async () => {
    expectUsageError(await runCli(['frobnicate']), /unknown command "frobnicate"/);
  });

  it('exits 2 for an unknown module', async () => {
    expectUsageError(await runCli(['run', '--module', 'http']), /--module must be one of/);
  });

  it('exits 2 for a seed or timeout that is not a whole number', async () => {
    expectUsageError(await runCli(['run', '--seed', 'abc']), /--seed must be a whole number/);
    expectUsageError(await runCli(['run', '--timeout', '-5']), /--timeout/);
  });

  it('exits 2 when the selection matches no case', async () => {
    expectUsageError(await runCli(['run', '--case', 'no.such.case.*', '--out', join(dir, 'x')]), /no case matches/);
  });

  it('exits 2 naming the file for a missing adapter, and writes nothing', async () => {
    const out = join(dir, 'missing');
    const outcome = await runCli(['run', '--candidate', join(dir, 'missing-adapter.mjs'), '--out', out]);
    expectUsageError(outcome, /missing-adapter\.mjs/);
  });

  it('exits 2 for an adapter of the wrong shape', async () => {
    const file = join(dir, 'bad-shape.mjs');
    await writeFile(file, 'export default { nope: true };');
    expectUsageError(await runCli(['run', '--candidate', file, '--out', join(dir, 'y')]), /bad-shape\.mjs/);
  });

  it('exits 2 for list without rules or cases', async () => {
    expectUsageError(await runCli(['list', 'everything']), /expected "rules" or "cases"/);
  });
});
