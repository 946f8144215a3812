// `rtconf list rules|cases` narrowed by --rule and --case, the exports each case judges, an empty selection exit 2
// with one line (for cases, run's own); and output into a closed pipe (`| head`) ending with the verb's own exit code and no stack trace.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { buildSampleResults, withStatuses } from '../reports/sample-results.js';
import { ROOT, runCli, TSX, type CliOutcome } from './run-cli.js';

interface ListedRule {
  readonly id: string;
  readonly cases: readonly string[];
}

describe('rtconf list', function () {
  this.timeout(60_000);

  it('list rules --rule GLOB lists only the rules whose id matches', async () => {
    const outcome = await runCli(['list', 'rules', '--json', '--rule', 'querystring.parse.max-keys*']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const listed = JSON.parse(outcome.stdout) as ListedRule[];
    expect(listed.length).to.be.greaterThan(0);
    expect(listed.every((rule) => rule.id.startsWith('querystring.parse.max-keys'))).to.equal(true);
  });

  it('list rules --case GLOB lists only the rules the matching cases cite, with those cases', async () => {
    const cases = JSON.parse((await runCli(['list', 'cases', '--json', '--case', 'querystring.module.*'])).stdout) as { id: string; rules: string[] }[];
    const cited = new Set(cases.flatMap((item) => item.rules));
    const outcome = await runCli(['list', 'rules', '--json', '--case', 'querystring.module.*']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const listed = JSON.parse(outcome.stdout) as ListedRule[];
    expect(listed.map((rule) => rule.id).sort()).to.deep.equal([...cited].sort());
    expect(listed.flatMap((rule) => rule.cases).every((id) => id.startsWith('querystring.module.'))).to.equal(true);
  });

  it('list cases --json names the exports each case judges', async () => {
    const outcome = await runCli(['list', 'cases', '--json', '--case', 'child_process.*.returns-child-process']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const listed = JSON.parse(outcome.stdout) as { id: string; apis: string[] }[];
    expect(listed.map((item) => [item.id, item.apis])).to.have.deep.members([
      ['child_process.spawn.returns-child-process', ['child_process.spawn']],
      ['child_process.exec.returns-child-process', ['child_process.exec']],
      ['child_process.execFile.returns-child-process', ['child_process.execFile']],
      ['child_process.fork.returns-child-process', ['child_process.fork']],
    ]);
  });

  it('list rules in text form honours the selection too', async () => {
    const outcome = await runCli(['list', 'rules', '--rule', 'querystring.parse.max-keys*']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const lines = outcome.stdout.split('\n').filter((line) => /^\S+\s+(normative|informative)\s/.test(line));
    expect(lines.length).to.be.greaterThan(0);
    expect(lines.every((line) => line.startsWith('querystring.parse.max-keys'))).to.equal(true);
  });

  it('list cases with no match exits 2 with the same one-line message as run', async () => {
    const list = await runCli(['list', 'cases', '--case', 'no.such.case.*']);
    const run = await runCli(['run', '--case', 'no.such.case.*']);
    expect(list.code).to.equal(2);
    expect(run.code).to.equal(2);
    expect(list.stderr).to.equal(run.stderr);
    expect(list.stderr.trim().split('\n')).to.have.length(1);
    expect(list.stdout).to.equal('');
  });

  it('list rules with no match exits 2 with a one-line message', async () => {
    const outcome = await runCli(['list', 'rules', '--rule', 'no.such.rule']);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr).to.match(/^rtconf: no rule matches the selection/);
  });
});

describe('rtconf output into a closed pipe (| head)', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-pipe-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('list rules exits 0 without a stack trace when the reader has gone', async () => {
    const outcome = await runWithClosedStdout(['list', 'rules']);
    expect(outcome.stderr).to.equal('');
    expect(outcome.code).to.equal(0);
  });

  it('diff --json exits with its own code (1: a regression) without a stack trace', async () => {
    const before = buildSampleResults({ candidates: 2, cases: 30 });
    const regressed = before.runs[1]?.results.find((result) => result.status === 'pass' && result.rules.length > 0);
    const after = withStatuses(before, [{ candidate: before.runs[1]?.candidate.id ?? '', case: regressed?.case ?? '', status: 'fail' }]);
    const a = await writeResults(before, join(dir, 'a'));
    const b = await writeResults(after, join(dir, 'b'));
    const expected = await runCli(['diff', '--json', a, b]);
    const outcome = await runWithClosedStdout(['diff', '--json', a, b]);
    expect(outcome.stderr).to.equal('');
    expect(outcome.code).to.equal(expected.code);
  });
});

/**
 * Runs the CLI with its stdout a pipe whose reading end is closed before it writes: every write meets EPIPE, as with
 * `rtconf list rules | head -1` once head has exited (a literal `| head` only reproduces it when the output outgrows
 * the pipe's buffer before head exits, which depends on timing).
 */
function runWithClosedStdout(args: readonly string[]): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, `${ROOT}cli/rtconf.ts`, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: '', stderr });
    });
  });
}
