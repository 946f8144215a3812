// How one of Node's core test files is run, shared by scripts/node-core-tests.mjs (the reference against the host) and
// scripts/oracle.mts (the certified runtimes against the host): the three modules' files of a test/ directory, each
// run as its own process group with a time limit and a bound on the output kept, then reaped with everything it
// started (a test's detached child left behind when an assertion fails first included). Loaded through tsx.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { killTree } from '../../runners/agent/kill-tree.js';

/** The file-name prefixes of the three modules' tests in Node's test/parallel/. */
export const MODULE_PREFIXES = ['test-querystring', 'test-child-process', 'test-https'];

/** Output kept per run, so a test that floods cannot exhaust memory. */
export const OUTPUT_LIMIT = 64 * 1024;

/** The variable every process of a test run inherits, so that one which left the run's group is found (kill-tree). */
const TAG_VARIABLE = 'RTCONF_CORE_TEST_TAG';

/** The test runs in flight (pid → tag), killed with everything they started if this process is interrupted or exits first. */
const live = new Map();
let watching = false;

/** Once: on exit, SIGINT or SIGTERM, every test run still in flight is killed with its tree (exit 130 / 143). */
function watchExit() {
  if (watching) return;
  watching = true;
  process.on('exit', () => {
    for (const [pid, tag] of live) killTree(pid, tag);
  });
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.once(signal, () => process.exit(code));
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
  const tag = `${TAG_VARIABLE}=${process.pid}-${randomBytes(6).toString('hex')}`;
  return new Promise((done) => {
    // Its own process group, so a timeout takes the test's children with it; the tag finds those that left it.
    const child = spawn(command, args, { cwd, env: { ...env, [TAG_VARIABLE]: tag.slice(TAG_VARIABLE.length + 1) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) live.set(child.pid, tag);
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reap(child.pid, tag);
    }, timeoutMs);
    let finished = false;
    const finish = (code, signal) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      reap(child.pid, tag); // whatever the test left running, detached children included
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

/**
 * @param {number | undefined} pid
 * @param {string} tag
 */
function reap(pid, tag) {
  if (pid !== undefined) killTree(pid, tag);
}

/**
 * Runs `work` over `items` with at most `jobs` at a time. Each call gets the number of its worker (0 … jobs-1), which
 * no other call running at the same time has: give it to the test as TEST_THREAD_ID (threadEnv), as Node's test
 * runner does, so that tests running side by side get temporary folders of their own (common/tmpdir.js names its
 * folder after it, and refresh() empties that folder).
 *
 * @template T
 * @param {readonly T[]} items
 * @param {number} jobs
 * @param {(item: T, worker: number) => Promise<void>} work
 */
export async function pool(items, jobs, work) {
  let next = 0;
  const workers = Array.from({ length: Math.min(jobs, items.length) }, async (_, worker) => {
    while (next < items.length) {
      const item = items[next++];
      await work(item, worker);
    }
  });
  await Promise.all(workers);
}

/**
 * `env` for a test run by worker `worker` of a pool: its own TEST_THREAD_ID.
 *
 * @param {NodeJS.ProcessEnv} env
 * @param {number} worker
 * @returns {NodeJS.ProcessEnv}
 */
export const threadEnv = (env, worker) => ({ ...env, TEST_THREAD_ID: String(worker) });
