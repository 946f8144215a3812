// Runs the project's tests as test-suites.ts classifies them: `npm test` (no argument) runs every file no long suite
// names, in parallel mocha workers, then the serial files alone; `run-tests.ts NAME…` or `--long` runs long suites.
//   node --import tsx test/run-tests.ts [--jobs N] [--long | NAME…] [-- MOCHA-ARGS…]
// Every part runs even when an earlier one failed (no result is lost); the exit code is the worst of them.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { ALL_TEST_FILES, LONG_SUITES, LONG_WAITING_FILES, SERIAL_FILES, type LongSuiteName } from './test-suites.js';

/** One mocha invocation: its files, and whether they run in parallel workers. */
export interface TestPart {
  readonly name: string;
  readonly files: readonly string[];
  readonly parallel: boolean;
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MOCHA = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
/** Makes parallel workers write their coverage after each file: mocha's pool may kill a worker before it exits. */
const FLUSH_COVERAGE = fileURLToPath(new URL('tools/flush-coverage.mjs', import.meta.url));

/** Every file under test/ matching `ALL_TEST_FILES`, relative to the root, sorted (mocha's own order). */
export function testFiles(root = ROOT): string[] {
  const isTest = picomatch(ALL_TEST_FILES);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const file = relative(root, path).split(sep).join('/');
        if (isTest(file)) found.push(file);
      }
    }
  };
  walk(join(root, 'test'));
  return found.sort();
}

/** The files of one long suite. */
export function suiteFiles(name: LongSuiteName, files: readonly string[] = testFiles()): string[] {
  const matches = picomatch([...LONG_SUITES[name].files]);
  return files.filter((file) => matches(file));
}

/** `files` with the long-waiting ones first, in their order of LONG_WAITING_FILES; mocha's workers take them in order. */
export function longWaitingFirst(files: readonly string[]): string[] {
  const rank = (file: string): number => {
    const index = LONG_WAITING_FILES.indexOf(file);
    return index === -1 ? LONG_WAITING_FILES.length : index;
  };
  // Array.prototype.sort is stable: the other files keep their order.
  return [...files].sort((a, b) => rank(a) - rank(b));
}

/** `npm test`'s parts: the files no long suite names, the serial ones apart, the long-waiting ones first. */
export function defaultParts(files: readonly string[] = testFiles()): TestPart[] {
  const long = new Set((Object.keys(LONG_SUITES) as LongSuiteName[]).flatMap((name) => suiteFiles(name, files)));
  const serial = picomatch([...SERIAL_FILES]);
  const kept = files.filter((file) => !long.has(file));
  return [
    { name: 'npm test (parallel)', files: longWaitingFirst(kept.filter((file) => !serial(file))), parallel: true },
    { name: 'npm test (serial)', files: kept.filter((file) => serial(file)), parallel: false },
  ].filter((part) => part.files.length > 0);
}

/** The parts of the long suites named (every one with `--long`), each in parallel workers. */
export function longParts(names: readonly LongSuiteName[], files: readonly string[] = testFiles()): TestPart[] {
  return names.map((name) => ({ name: `test:${name}`, files: suiteFiles(name, files), parallel: true }));
}

/**
 * Parallel workers by default: two per core and one more, since many test files spend their time waiting on the
 * processes they start (CLI runs, agents, browsers) rather than on the CPU.
 */
export function defaultJobs(): number {
  return 2 * availableParallelism() + 1;
}

function runPart(part: TestPart, jobs: number, mochaArgs: readonly string[]): Promise<number> {
  const parallel = part.parallel && part.files.length > 1 ? ['--parallel', '--jobs', String(jobs), '--require', FLUSH_COVERAGE] : [];
  const args = [MOCHA, ...parallel, ...mochaArgs, ...part.files];
  process.stdout.write(`\n${part.name}: ${part.files.length} file(s)${part.parallel ? `, ${jobs} at a time` : ', one at a time'}\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      process.stderr.write(`run-tests: ${part.name} could not start: ${error.message}\n`);
      resolve(2);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(argv: readonly string[]): Promise<number> {
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const mochaArgs = dashes === -1 ? [] : argv.slice(dashes + 1);
  let jobs = defaultJobs();
  const names: LongSuiteName[] = [];
  for (let index = 0; index < own.length; index++) {
    const arg = own[index] ?? '';
    if (arg === '--jobs') {
      jobs = Number(own[++index]);
      if (!Number.isInteger(jobs) || jobs < 1) {
        process.stderr.write(`run-tests: --jobs takes a whole number of at least 1, got ${own[index] ?? 'nothing'}\n`);
        return 2;
      }
    } else if (arg === '--long') names.push(...(Object.keys(LONG_SUITES) as LongSuiteName[]));
    else if (Object.hasOwn(LONG_SUITES, arg)) names.push(arg as LongSuiteName);
    else {
      process.stderr.write(`run-tests: unknown suite or flag ${arg} (suites: ${Object.keys(LONG_SUITES).join(', ')}; flags: --jobs N, --long)\n`);
      return 2;
    }
  }
  const parts = names.length === 0 ? defaultParts() : longParts([...new Set(names)]);
  let worst = 0;
  for (const part of parts) {
    const code = await runPart(part, jobs, mochaArgs);
    if (code !== 0) process.stdout.write(`${part.name}: exit ${code}\n`);
    worst = Math.max(worst, code);
  }
  return worst;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
