// Runs Node's core tests of the three modules on the host and on each runtime with the shared per-file runner
// (scripts/node-core-tests/run-test-file.mjs: own process group, time limit, bounded output, reaped), and runs a
// differing file once more on both sides before it counts, so one slow run on a busy machine is not a finding.
import { dirname, join } from 'node:path';
import type { RuntimeName } from '../../results/candidate-spec.js';
import { flagsOf, pool, runTestFile, threadEnv, type FileRun } from '../node-core-tests/run-test-file.mjs';
import { differs, type CoreTestRow } from './classify-differences.mjs';

/** A runtime to run the tests on: its name and executable, and the environment its profile adds. */
export interface TestRuntime {
  readonly name: RuntimeName;
  readonly executable: string;
  readonly env: Readonly<Record<string, string>>;
}

export interface CoreTestRunOptions {
  /** The test/ directory of a Node checkout or source tarball. */
  readonly testDir: string;
  /** File names in test/parallel/. */
  readonly files: readonly string[];
  readonly jobs: number;
  readonly timeoutMs: number;
  /** Called after each file run, for progress. */
  readonly onRun?: () => void;
}

/**
 * The command that runs one test file. The host, and a Node runtime, get the file's `// Flags:` as Node's test runner
 * passes them; Bun and Deno get none (they are Node's flags: a test that needs one is classified harness-only, rather
 * than every run failing on an option the runtime refuses). Deno is told to load the tests as CommonJS, as Node does
 * (`--unstable-detect-cjs`: the test tree has no package.json saying so) with every permission and no config lookup.
 */
export function testCommand(name: RuntimeName | 'host', executable: string, file: string): { command: string; args: string[] } {
  switch (name) {
    case 'host':
    case 'node':
      return { command: executable, args: [...flagsOf(file), file] };
    case 'bun':
      return { command: executable, args: [file] };
    case 'deno':
      return { command: executable, args: ['run', '--allow-all', '--no-config', '--no-lock', '--no-prompt', '--quiet', '--unstable-detect-cjs', file] };
  }
}

/**
 * The environment of every run: ours without NODE_OPTIONS, the flag check of Node's `common` off (flags are given
 * here, or not at all), and its check for leaked globals off, since each runtime has globals of its own that Node
 * lacks (`Bun`, `Deno`, `navigator`): a test hygiene check of Node's, not behaviour of the three modules.
 */
export function testEnvironment(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_SKIP_FLAG_CHECK: '1', NODE_TEST_KNOWN_GLOBALS: '0', ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

/** Runs one file, as pool worker `worker` (its own TEST_THREAD_ID, so its own temporary folder of `common`). */
function runOn(name: RuntimeName | 'host', executable: string, env: NodeJS.ProcessEnv, file: string, worker: number, options: CoreTestRunOptions): Promise<FileRun> {
  const { command, args } = testCommand(name, executable, file);
  return runTestFile({ command, args, cwd: dirname(options.testDir), env: threadEnv(env, worker), timeoutMs: options.timeoutMs });
}

/**
 * Runs every file on the host once, then on each runtime, and reruns a differing file on both sides once.
 *
 * @returns for each runtime, in order, a row per file in the order of `options.files`
 */
export async function runCoreTests(runtimes: readonly TestRuntime[], options: CoreTestRunOptions): Promise<CoreTestRow[][]> {
  const parallel = join(options.testDir, 'parallel');
  const hostEnv = testEnvironment();
  const host = new Map<string, FileRun>();
  await pool(options.files, options.jobs, async (name, worker) => {
    host.set(name, await runOn('host', process.execPath, hostEnv, join(parallel, name), worker, options));
    options.onRun?.();
  });
  const byRuntime: CoreTestRow[][] = [];
  for (const runtime of runtimes) {
    const env = testEnvironment(runtime.env);
    const rows = new Map<string, CoreTestRow>();
    await pool(options.files, options.jobs, async (name, worker) => {
      const file = join(parallel, name);
      let hostRun = host.get(name) as FileRun;
      let runtimeRun = await runOn(runtime.name, runtime.executable, env, file, worker, options);
      let retried = false;
      if (differs({ host: hostRun, runtime: runtimeRun })) {
        retried = true;
        hostRun = await runOn('host', process.execPath, hostEnv, file, worker, options);
        runtimeRun = await runOn(runtime.name, runtime.executable, env, file, worker, options);
      }
      rows.set(name, { file: `parallel/${name}`, host: hostRun, runtime: runtimeRun, ...(retried ? { retried } : {}) });
      options.onRun?.();
    });
    byRuntime.push(options.files.map((name) => rows.get(name) as CoreTestRow));
  }
  return byRuntime;
}
