// Usage errors are exit 2 with one line naming what is wrong (unknown flags, commands and modules, bad numbers, an
// empty selection, a missing or malformed adapter), and `run --help` states every default.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseInteger, parseVerb } from '../../cli/parse.js';
import { UsageError } from '../../cli/usage-error.js';
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

  it('names the flag for a negative number given as --flag -1 (not "argument is ambiguous")', async () => {
    const outcome = await runCli(['run', '--jobs', '-1']);
    expectUsageError(outcome, /^rtconf: --jobs must be a whole number from 1 to 256, got "-1"$/m);
  });

  it('parses --flag -N and --flag=-N alike, so the flag check names the flag and the value', () => {
    for (const [flag, value, min, max] of [['jobs', '-1', 1, 256], ['timeout', '-5', 1, 3_600_000], ['seed', '-3', 0, 0xffffffff]] as const) {
      for (const args of [[`--${flag}`, value], [`--${flag}=${value}`]]) {
        const { values } = parseVerb('run', args);
        expect(values[flag], args.join(' ')).to.equal(value);
        expect(() => parseInteger(flag, values[flag], min, max)).to.throw(UsageError, `--${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
      }
    }
    // Only values of string options are joined: a boolean flag before -1 is still an error about -1.
    expect(() => parseVerb('diff', ['--json', '-1'])).to.throw(UsageError, /-1/);
  });

  it('keeps the whole hint of an option whose value starts with a dash, on one line', () => {
    const error = (() => {
      try {
        parseVerb('run', ['--out', '-x']);
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).to.be.instanceOf(UsageError);
    expect(error?.message).to.contain("'--out=-XYZ'").and.not.contain('\n');
  });

  it('states every default in run --help, and where report writes without --out', async () => {
    const { stdout } = await runCli(['run', '--help']);
    for (const flag of ['--candidate', '--module', '--rule', '--case', '--out', '--seed', '--timeout', '--jobs', '--shard', '--expect', '--baseline']) {
      const lines = stdout.split('\n');
      const line = lines.findIndex((text) => text.startsWith(`  ${flag} `));
      expect(line, flag).to.be.at.least(0);
      // The flag's description (its line and the more indented lines after it, up to the next flag) names its default.
      const next = lines.findIndex((text, index) => index > line && !/^ {5,}/.test(text));
      expect(lines.slice(line, next).join(' '), flag).to.match(/default/);
    }
    expect((await runCli(['report', '--help'])).stdout).to.match(/--out DIR[\s\S]*\(default: the folder that holds RESULTS\)/);
    expect((await runCli(['help'])).stdout).to.match(/rtconf list rules \[options\]/);
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
