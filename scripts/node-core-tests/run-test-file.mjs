// How one of Node's core test files is run, shared by scripts/node-core-tests.mjs (the reference against the host) and
// scripts/oracle.mts (the certified runtimes against the host): the three modules' files of a test/ directory, each
// run as its own process group with a time limit and a bound on the output kept, then reaped.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The file-name prefixes of the three modules' tests in Node's test/parallel/. */
export const MODULE_PREFIXES = ['test-querystring', 'test-child-process', 'test-https'];

/** Output kept per run, so a test that floods cannot exhaust memory. */
export const OUTPUT_LIMIT = 64 * 1024;

/** The process groups of the test runs in flight, killed if this process is interrupted or exits first. */
const live = new Set();
let watching = false;

/** Once: on exit, SIGINT or SIGTERM, every test run still in flight is killed with its group (exit 130 / 143). */
function watchExit() {
  if (watching) return;
  watching = true;
  process.on('exit', () => {
    for (const pid of live) killGroup(pid);
  });
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.once(signal, () => {
      for (const pid of live) killGroup(pid);
      process.exit(code);
    });
  }
}

/**
 * The three modules' test files of `parallelDir`, sorted, keeping those whose name contains one of `filters` (all when
 * none is given).
 *
 * @param {string} parallelDir
 * @param {readonly string[]} [filters]
 * @returns {string[]}
 */
export function moduleTestFiles(parallelDir, filters = []) {
  return readdirSync(parallelDir)
    .filter((name) => MODULE_PREFIXES.some((prefix) => name.startsWith(prefix)) && /\.(c|m)?js$/.test(name))
    .filter((name) => filters.length === 0 || filters.some((text) => name.includes(text)))
    .sort();
}

/**
 * The `// Flags:` line of a Node test, which Node's test runner passes to node.
 *
 * @param {string} file
 * @returns {string[]}
 */
export function flagsOf(file) {
  const head = readFileSync(file, 'utf8').slice(0, 1500);
  const match = /\/\/ Flags:\s+(--.*)/.exec(head);
  return match ? match[1].trim().split(/\s+/) : [];
}

/**
 * Runs one test file as Node's test runner would: `command args…` in `cwd` (the checkout's root), its own process
 * group, killed with that group at `timeoutMs` and reaped when it ends. A run that exits 0 after printing TAP's
 * `1..0 # Skipped` is a skip.
 *
 * @param {{ command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number }} how
 * @returns {Promise<import('./run-test-file.d.mts').FileRun>}
 */
export function runTestFile({ command, args, cwd, env, timeoutMs }) {
  const started = Date.now();
  watchExit();
  return new Promise((done) => {
    // Its own process group, so a timeout takes the test's children with it.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) live.add(child.pid);
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    let finished = false;
    const finish = (code, signal) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      killGroup(child.pid); // reap whatever the test left running
      live.delete(child.pid);
      const skipped = code === 0 && /^1\.\.0 # Skipped/m.test(output);
      const outcome = timedOut ? 'timeout' : code === 0 ? (skipped ? 'skip' : 'pass') : 'fail';
      const text = output.trim();
      done({ outcome, code, signal, ms: Date.now() - started, tail: text.split('\n').slice(-12).join('\n'), output: text });
    };
    child.on('error', (error) => {
      output += `\n${error.message}`;
      finish(null, null);
    });
    child.on('close', finish);
  });
}

/** @param {number | undefined} pid */
function killGroup(pid) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Runs `work` over `items` with at most `jobs` at a time.
 *
 * @template T
 * @param {readonly T[]} items
 * @param {number} jobs
 * @param {(item: T) => Promise<void>} work
 */
export async function pool(items, jobs, work) {
  let next = 0;
  const workers = Array.from({ length: Math.min(jobs, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(workers);
}
