// `rtconf run --out` is checked and locked before anything runs (exit 2 with one line for a file, an unwritable folder
// or a live holder); run, report and merge save in a temp folder what a failed write after the run would lose.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readResults } from '../../results/read-results.js';
import { writeResults } from '../reports/sample-results.js';
import { LOCK_FILE } from '../../io/out-dir-lock.js';
import { buildSampleResults } from '../reports/sample-results.js';
import { cliEntry, ROOT, runCli, type CliOutcome } from './run-cli.js';

const ONE_CASE = ['--candidate', 'reference', '--case', 'querystring.module.exports-six-functions'];

/** The stderr line rtconf prints when it starts running cases: absent means nothing ran. */
const RUN_STARTED = /candidate\(s\) ×/;

function expectRefusedBeforeRunning(outcome: CliOutcome, pattern: RegExp): void {
  expect(outcome.code, outcome.stderr).to.equal(2);
  expect(outcome.stderr.trim().split('\n'), outcome.stderr).to.have.length(1);
  expect(outcome.stderr).to.match(pattern).and.not.match(RUN_STARTED);
  expect(outcome.stderr).not.to.contain('internal error');
}

/** The pid of a process that has exited (and whose pid is not reused within the test). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('rtconf run --out: checked and locked before anything runs', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-out-'));
  });
  afterEach(async () => {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 2 with one line, before running anything, when --out is an existing regular file', async () => {
    const file = join(dir, 'report.txt');
    await writeFile(file, 'mine');
    expectRefusedBeforeRunning(await runCli(['run', ...ONE_CASE, '--out', file]), /--out .*report\.txt: is an existing file, not a folder/);
    expect(await readFile(file, 'utf8')).to.equal('mine');
  });

  it('exits 2 with one line, before running anything, when --out is inside a regular file', async () => {
    const file = join(dir, 'report.txt');
    await writeFile(file, 'mine');
    expectRefusedBeforeRunning(await runCli(['run', ...ONE_CASE, '--out', join(file, 'sub')]), /--out .*: .*parent .*is a file/);
  });

  it('exits 2 with one line when --out is a folder the user cannot write (by a probe write, not mode bits)', async function () {
    if (process.getuid?.() === 0) this.skip(); // root writes through chmod 0500: see the next test
    const locked = join(dir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o500);
    expectRefusedBeforeRunning(await runCli(['run', ...ONE_CASE, '--out', locked]), /--out .*locked: cannot write into it \(permission denied\)/);
  });

  it('exits 2 with one line for an unwritable --out when run as an unprivileged user (root test machines)', async function () {
    const setpriv = '/usr/bin/setpriv';
    if (process.getuid?.() !== 0 || !existsSync(setpriv)) this.skip();
    await chmod(dir, 0o777);
    const locked = join(dir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o500);
    const { chown } = await import('node:fs/promises');
    await chown(locked, 65534, 65534);
    const outcome = await runAs(setpriv, ['--reuid=65534', '--regid=65534', '--clear-groups'], ['run', ...ONE_CASE, '--out', locked], dir);
    expectRefusedBeforeRunning(outcome, /--out .*locked: cannot write into it \(permission denied\)/);
  });

  it('exits 2 naming the pid when another live rtconf run holds the folder', async () => {
    const out = join(dir, 'busy');
    await mkdir(out);
    // This test process stands in for the other run: alive, and not the CLI's own pid.
    await writeFile(join(out, LOCK_FILE), JSON.stringify({ pid: process.pid }));
    expectRefusedBeforeRunning(await runCli(['run', ...ONE_CASE, '--out', out]), new RegExp(`another rtconf run is writing .*busy \\(pid ${process.pid}`));
    expect(await readdir(out)).to.deep.equal([LOCK_FILE]);
  });

  it('takes over the lock of a run that died, and releases its own lock at the end', async () => {
    const out = join(dir, 'stale');
    await mkdir(out);
    await writeFile(join(out, LOCK_FILE), `${deadPid()}\n`);
    const outcome = await runCli(['run', ...ONE_CASE, '--out', out]);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const files = await readdir(out);
    expect(files).to.include('results.json').and.not.include(LOCK_FILE);
  });

  it('releases the lock when interrupted with Ctrl-C', async () => {
    const out = join(dir, 'interrupted');
    // One agent: the run is interrupted as it starts, and the child_process cases take far longer than that.
    const outcome = await runUntil(['run', '--candidate', 'reference', '--module', 'child_process', '--jobs', '1', '--out', out], /reference: \d+ case/, 'SIGINT');
    expect(outcome.code, outcome.stderr).to.equal(130);
    expect(existsSync(join(out, LOCK_FILE)), 'lock left behind').to.equal(false);
    expect((await readResults(join(out, 'results.json'))).interrupted).to.equal(true);
  });

  it('leaves no folder behind when it stops before running (a missing adapter)', async () => {
    const out = join(dir, 'never');
    const outcome = await runCli(['run', '--candidate', join(dir, 'missing.mjs'), '--out', out]);
    expect(outcome.code).to.equal(2);
    expect(existsSync(out)).to.equal(false);
  });
});

describe('rtconf never loses results to a write that fails after the run', function () {
  this.timeout(120_000);
  let dir: string;
  const fallbacks: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-fallback-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    for (const folder of fallbacks.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  /** The fallback folder named on stderr ("… saved in /tmp/rtconf-results-…/…"). */
  function savedIn(stderr: string): string {
    const match = /saved in (\S*rtconf-results-[^/\s]+)/.exec(stderr);
    expect(match, stderr).to.not.equal(null);
    fallbacks.push(match?.[1] ?? '');
    return match?.[1] ?? '';
  }

  it('run: writes results.json to a fresh temp folder, says where, and exits 2 (not 70) when --out is gone', async () => {
    const out = join(dir, 'out');
    const adapter = join(dir, 'saboteur.mjs');
    // The candidate replaces the output folder with a regular file while the run goes on: the write after the run fails.
    await writeFile(
      adapter,
      `import qs from 'node:querystring';
       import { rmSync, writeFileSync } from 'node:fs';
       let done = false;
       const sabotage = () => { if (!done) { done = true; rmSync(${JSON.stringify(out)}, { recursive: true, force: true }); writeFileSync(${JSON.stringify(out)}, 'in the way'); } };
       // Its results inherit Object.prototype, a normative failure: the run still exits 2, not 1, and says no "exit 1".
       const parse = (...args) => { sabotage(); return { ...qs.parse(...args) }; };
       export default { name: 'saboteur', modules: { querystring: { ...qs, parse, decode: parse } } };`,
    );
    // A few quick cases, one of them failing (result-lacks-object-prototype), in one agent: the write after the run is
    // what this is about, not the cases.
    const cases = ['--case', 'querystring.parse.splits-*', '--case', 'querystring.parse.result-lacks-object-prototype'];
    const outcome = await runCli(['run', '--candidate', adapter, ...cases, '--jobs', '1', '--seed', '5', '--out', out]);
    expect(outcome.code, outcome.stderr).to.equal(2);
    expect(outcome.stderr).not.to.contain('internal error');
    expect(outcome.stderr).to.match(/could not write .*out[/\\]results\.json \(.*\); the results are saved in /);
    const folder = savedIn(outcome.stderr);
    const results = await readResults(join(folder, 'results.json'));
    expect(results.runs[0]?.results.length).to.be.greaterThan(1);
    expect(results.seed).to.equal(5);
    expect(outcome.stdout).to.contain(join(folder, 'results.json'));
    expect(existsSync(join(folder, 'index.html')), 'the reports go with the results').to.equal(true);
    expect(await readFile(out, 'utf8')).to.equal('in the way');
    expect(results.runs[0]?.results.some((result) => result.status === 'fail'), 'a normative failure to explain').to.equal(true);
    expect(outcome.stdout).not.to.contain('exit 1:');
  });

  it('report: writes the reports to a temp folder, says where, and exits 2 when the folder refuses them', async () => {
    const file = await writeResults(buildSampleResults({ candidates: 2, cases: 12, failureRate: 0.5 }), join(dir, 'run'));
    await mkdir(join(dir, 'run', 'index.html')); // a folder where the page should go: the write fails after the lock
    const outcome = await runCli(['report', file]);
    expect(outcome.code, outcome.stderr).to.equal(2);
    expect(outcome.stderr).not.to.contain('internal error');
    const folder = savedIn(outcome.stderr);
    expect(await readdir(folder)).to.include.members(['index.html', 'junit.xml']);
    // The sample has failing normative results, but the verb exits 2, so it does not explain an exit 1.
    expect(outcome.stdout).to.match(/normative rules? not met/);
    expect(outcome.stdout).not.to.contain('exit 1:');
  });

  it('merge: writes the merged file to a temp folder, says where, and exits 2 when --out cannot be written', async () => {
    const file = await writeResults(buildSampleResults({ candidates: 1, cases: 8 }), join(dir, 'shard'));
    await writeFile(join(dir, 'blocker'), '');
    const outcome = await runCli(['merge', file, '--out', join(dir, 'blocker', 'merged.json')]);
    expect(outcome.code, outcome.stderr).to.equal(2);
    expect(outcome.stderr).not.to.contain('internal error');
    const folder = savedIn(outcome.stderr);
    expect((await readResults(join(folder, 'merged.json'))).runs).to.have.length(1);
  });

  it('merge: exits 2 at once when --out is a folder', async () => {
    const file = await writeResults(buildSampleResults({ candidates: 1, cases: 8 }), join(dir, 'shard'));
    const outcome = await runCli(['merge', file, '--out', dir]);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr).to.match(/is a folder/);
  });
});

/** Runs the CLI as another user through setpriv (root test machines), collecting its outcome. */
function runAs(setpriv: string, privileges: readonly string[], args: readonly string[], home: string): Promise<CliOutcome> {
  // That user could not write c8's coverage files (and would say so on stderr), and spawn passes NODE_V8_COVERAGE on
  // unless the environment sets it: it gets a folder of its own.
  const env = { ...process.env, HOME: home, TMPDIR: home, ...(process.env.NODE_V8_COVERAGE ? { NODE_V8_COVERAGE: join(home, 'coverage') } : {}) };
  return collect(spawn(setpriv, [...privileges, process.execPath, ...cliEntry(), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** Runs the CLI until stderr matches `ready`, then sends `signal`, and collects the outcome. */
function runUntil(args: readonly string[], ready: RegExp, signal: NodeJS.Signals): Promise<CliOutcome> {
  const child = spawn(process.execPath, [...cliEntry(), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let sent = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (!sent && ready.test(chunk)) {
      sent = true;
      child.kill(signal);
    }
  });
  return collect(child);
}

function collect(child: ReturnType<typeof spawn>): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
