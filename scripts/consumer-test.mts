#!/usr/bin/env node
// The package as its users get it: packs this checkout (`npm pack`, which builds dist/ by prepack), installs the
// tarball into a fresh project from the npm registry, and there does what the README tells a user to: runs the worked
// adapter of examples/, the same adapter in Chromium, and runtimes (this Node's own binary by path, a local build, and
// runtime:node@22 from the registry); writes expectations with `rtconf expect` and gates a run and a report by them
// (exit 0, junit.xml counting no failure); imports the library. It also checks that installing ran no script of ours
// (npm lists none of ours among the install scripts to review) and that the files help texts name are there.
// Prints the tarball's size, the install's time and the README's length. Exit 0 when every check passed, 1 when one
// failed (each is listed), 2 when a step could not run at all (packing, installing).
//
//   node --import tsx scripts/consumer-test.mts [--keep] [--json FILE] [--no-registry-runtime]     (npm run test:consumer)
//
// --keep leaves the temp folder (its path is printed); --json writes the measurements and checks; --no-registry-runtime
// leaves out runtime:node@22 (it is downloaded into $RTCONF_CACHE on first use).
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const USAGE = 'usage: node --import tsx scripts/consumer-test.mts [--keep] [--json FILE] [--no-registry-runtime]';
const SEED = '20261128';
/** The files a help text or message sends a user to, which must be in the installed package. */
const NAMED_FILES = ['LICENSE', 'README.md', 'docs/runtimes.md', 'docs/rules.md', 'docs/cli.md', 'expectations/node-20.json', 'examples/adapter.mjs', 'spec/rt-library-interface.md', 'reports/export.schema.json', 'results/mutation.schema.json'];
/** A step that runs longer than this is stopped (with its process group) and counts as failed. */
const STEP_MS = 10 * 60_000;

/** A step that could not run: the test cannot go on (exit 2). */
class StepError extends Error {}

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail?: string;
}

type CheckFn = (name: string, ok: boolean, detail?: string) => void;

/** What `npm pack --json` says of the tarball it made. */
interface Packed {
  readonly name: string;
  readonly version: string;
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
}

/** What this test reads of a results.json. */
interface ResultsSeen {
  readonly runs: readonly {
    readonly candidate: { readonly id: string; readonly kind: string; readonly page?: { readonly browser: string }; readonly build?: { readonly path: string; readonly sha256: string } };
    readonly results: readonly { readonly module: string; readonly status: string }[];
  }[];
}

/** Runs a command; resolves with its exit code, output and wall time. Its whole process group is killed after `timeoutMs`. */
function run(command: string, args: readonly string[], { cwd, timeoutMs = STEP_MS }: { cwd?: string; timeoutMs?: number } = {}): Promise<Outcome> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\nconsumer-test: stopped after ${timeoutMs} ms`;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : 70), stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** The JSON document npm prints after whatever a lifecycle script printed before it. */
function jsonAfterScripts(stdout: string): unknown {
  const start = stdout.search(/^\[\s*$|^\[\s*\{/m);
  if (start < 0) throw new StepError(`npm printed no JSON: ${stdout.slice(-300)}`);
  return JSON.parse(stdout.slice(start));
}

export interface JunitCounts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

/**
 * The tests, failures, errors and skips of a junit.xml: the sums its testsuites state.
 * @example
 * junitCounts('<testsuite tests="2" failures="1">…'); // { tests: 2, failures: 1, errors: 0, skipped: 0 }
 */
export function junitCounts(xml: string): JunitCounts {
  const counts: JunitCounts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const match of xml.matchAll(/<testsuite\b([^>]*)>/g)) {
    for (const key of Object.keys(counts) as (keyof JunitCounts)[]) {
      const value = new RegExp(`\\b${key}="(\\d+)"`).exec(match[1] ?? '')?.[1];
      counts[key] += Number(value ?? 0);
    }
  }
  return counts;
}

/**
 * The packages npm's install-script advisory lists, e.g. `rt-conformance@0.1.0 (prepare: npm run build)`.
 * @example
 * unreviewedScripts('npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)'); // ['esbuild@0.28.2 (postinstall: node install.js)']
 */
export function unreviewedScripts(npmOutput: string): string[] {
  return npmOutput
    .split('\n')
    .map((line) => /^npm warn install-scripts\s+(\S+@\S+ \(.*\))\s*$/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined);
}

async function main(): Promise<number> {
  let values: { keep?: boolean; json?: string; 'no-registry-runtime'?: boolean };
  try {
    ({ values } = parseArgs({ options: { keep: { type: 'boolean', default: false }, json: { type: 'string' }, 'no-registry-runtime': { type: 'boolean', default: false } }, strict: true }));
  } catch (error) {
    process.stderr.write(`consumer-test: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const dir = await mkdtemp(join(tmpdir(), 'rtconf-consumer-'));
  const checks: Check[] = [];
  const check: CheckFn = (name, ok, detail = '') => {
    checks.push({ name, ok, ...(detail ? { detail } : {}) });
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}\n`);
  };
  const measured: Record<string, number> = {};
  try {
    // 1. The tarball, as npm publish would make it (prepack builds dist/).
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT });
    if (packed.code !== 0) throw new StepError(`npm pack exited ${packed.code}: ${packed.stderr.trim().split('\n').pop()}`);
    const [pack] = jsonAfterScripts(packed.stdout) as [Packed];
    const tarball = join(dir, pack.filename);
    Object.assign(measured, { tarballBytes: pack.size, unpackedBytes: pack.unpackedSize, files: pack.entryCount, packSeconds: round(packed.ms / 1000) });

    // 2. A fresh project, the package installed from the tarball, its dependencies from the registry.
    const project = join(dir, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'rtconf-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
    const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', tarball], { cwd: project });
    if (installed.code !== 0) throw new StepError(`npm install of the tarball exited ${installed.code}: ${installed.stderr.trim().split('\n').pop()}`);
    measured.installSeconds = round(installed.ms / 1000);
    const ours = unreviewedScripts(`${installed.stdout}\n${installed.stderr}`).filter((line) => line.startsWith(`${pack.name}@`));
    check('installing runs no script of ours (npm lists none of ours to review)', ours.length === 0, ours.join('; '));
    // The worked adapter certifies querystring-es3: a user installs what their adapter imports.
    const polyfill = await run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', 'querystring-es3@^0.2.1'], { cwd: project });
    if (polyfill.code !== 0) throw new StepError(`npm install querystring-es3 exited ${polyfill.code}: ${polyfill.stderr.trim().split('\n').pop()}`);

    const packageDir = join(project, 'node_modules', pack.name);
    const missing = NAMED_FILES.filter((file) => !existsSync(join(packageDir, file)));
    check('ships the files its help and messages name', missing.length === 0, missing.join(', '));
    const bin = join(project, 'node_modules', '.bin', 'rtconf');
    const rtconf = (args: readonly string[]): Promise<Outcome> => run(bin, args, { cwd: project });
    const version = await run('npx', ['rtconf', '--version'], { cwd: project });
    check('npx rtconf --version', version.code === 0 && version.stdout.trim() === pack.version, version.stdout.trim() || version.stderr.trim());

    // 3. The adapter in Node and in Chromium, and this Node's binary by path (a local build), the whole suite.
    await copyFile(join(packageDir, 'examples', 'adapter.mjs'), join(project, 'adapter.mjs'));
    const candidates = ['./adapter.mjs', 'chromium:./adapter.mjs', `runtime:${process.execPath}`];
    const first = await rtconf(['run', ...candidates.flatMap((spec) => ['--candidate', spec]), '--seed', SEED, '--out', 'first']);
    measured.firstRunSeconds = round(first.ms / 1000);
    check('rtconf run: the adapter, the adapter in Chromium and a local build, the whole suite (exit 0 or 1)', first.code === 0 || first.code === 1, `exit ${first.code}${first.code > 1 ? `: ${first.stderr.trim().split('\n').pop()}` : ''}`);
    const results: ResultsSeen = existsSync(join(project, 'first', 'results.json')) ? (JSON.parse(await readFile(join(project, 'first', 'results.json'), 'utf8')) as ResultsSeen) : { runs: [] };
    type Run = ResultsSeen['runs'][number];
    const byKind = (test: (candidate: Run['candidate']) => boolean): Run | undefined => results.runs.find((item) => test(item.candidate));
    const passes = (item: Run | undefined): boolean => item?.results.some((result) => result.status === 'pass') === true;
    const inNode = byKind((candidate) => candidate.kind === 'adapter' && !candidate.page);
    const inPage = byKind((candidate) => candidate.page !== undefined);
    const local = byKind((candidate) => candidate.kind === 'runtime');
    check('  the adapter ran in Node, with observed passes', passes(inNode), inNode?.candidate.id ?? 'no run');
    check('  the adapter ran in a page of Chromium, which results.json names', passes(inPage) && /^Chromium /.test(inPage?.candidate.page?.browser ?? ''), inPage ? `${inPage.candidate.id} in ${inPage.candidate.page?.browser ?? '?'}` : 'no run');
    check('  the local build ran every module, labelled by its path and digest', passes(local) && local?.candidate.build?.path === process.execPath && new Set(local.results.map((result) => result.module)).size === 3, local?.candidate.build?.sha256.slice(0, 12) ?? 'no run');

    // 4. A runtime from the registry (downloaded once into $RTCONF_CACHE).
    if (!values['no-registry-runtime']) {
      const node22 = await rtconf(['run', '--candidate', 'runtime:node@22', '--module', 'querystring', '--seed', SEED, '--out', 'node22']);
      check('rtconf run --candidate runtime:node@22 (exit 0 or 1, results written)', (node22.code === 0 || node22.code === 1) && existsSync(join(project, 'node22', 'results.json')), `exit ${node22.code}`);
    }

    // 5. Expectations from the first run gate a run and a report: exit 0, and junit.xml counts no failure.
    const expected = await rtconf(['expect', 'first/results.json']);
    check('rtconf expect writes expectations', expected.code === 0 && expected.stdout.trim().startsWith('{'), `exit ${expected.code}`);
    await writeFile(join(project, 'expected.json'), expected.stdout);
    const gated = await rtconf(['run', '--candidate', './adapter.mjs', '--candidate', 'chromium:./adapter.mjs', '--module', 'querystring', '--seed', SEED, '--expect', 'expected.json', '--out', 'gated']);
    check('rtconf run --expect (the same candidates, the same seed) exits 0', gated.code === 0, `exit ${gated.code}${gated.code ? `: ${gated.stdout.trim().split('\n').pop()}` : ''}`);
    await checkJunit(check, join(project, 'gated', 'junit.xml'), 'run --expect');
    const reported = await rtconf(['report', 'first/results.json', '--expect', 'expected.json', '--out', 'reported']);
    check('rtconf report --expect over the whole first run exits 0', reported.code === 0, `exit ${reported.code}`);
    await checkJunit(check, join(project, 'reported', 'junit.xml'), 'report --expect');

    // 6. The library, as a tool imports it.
    const imported = await run(process.execPath, ['--input-type=module', '-e', `const api = await import(${JSON.stringify(pack.name)}); console.log(Object.keys(api).sort().join(' '));`], { cwd: project });
    check(`import ${pack.name} (the library)`, imported.code === 0 && imported.stdout.trim() !== '', imported.code === 0 ? imported.stdout.trim() : (imported.stderr.trim().split('\n').find((line) => /Error/.test(line)) ?? `exit ${imported.code}`));

    measured.readmeLines = (await readFile(join(ROOT, 'README.md'), 'utf8')).split('\n').length - 1;
    const failed = checks.filter((item) => !item.ok);
    process.stdout.write(
      `consumer-test: ${failed.length === 0 ? 'ok' : `${failed.length} of ${checks.length} checks failed`} — tarball ${kb(pack.size)} (${kb(pack.unpackedSize)} unpacked, ${pack.entryCount} files), install ${measured.installSeconds} s, README ${measured.readmeLines} lines\n`,
    );
    if (values.json) await writeFile(values.json, `${JSON.stringify({ measured, checks }, null, 2)}\n`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    if (values.keep) process.stdout.write(`consumer-test: kept ${dir}\n`);
    else await rm(dir, { recursive: true, force: true });
  }
}

async function checkJunit(check: CheckFn, file: string, what: string): Promise<void> {
  if (!existsSync(file)) return check(`  ${what}: junit.xml written`, false, 'missing');
  const counts = junitCounts(await readFile(file, 'utf8'));
  check(`  ${what}: junit.xml counts no failure and no error`, counts.tests > 0 && counts.failures === 0 && counts.errors === 0, `${counts.tests} tests, ${counts.failures} failures, ${counts.errors} errors, ${counts.skipped} skipped`);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => (process.exitCode = code),
    (error) => {
      // A step that could not run says why in one line; anything else is a bug of this script, with its stack.
      process.stderr.write(`consumer-test: ${error instanceof StepError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
