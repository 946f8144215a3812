// `npm run oracle`: Node's own core tests for querystring, child_process and https as an independent oracle on each
// certified runtime. Every test file runs on the host Node (the control) and on the runtime; a file that passes on
// the host and fails there is a difference, classified by hand in scripts/oracle/classification.json (covered by a
// rule of spec/, spec-silent, or harness-only), and a covered one is caught by a failing conformance case of that
// rule on the runtime, or MISSED: a case that cannot tell the runtime from a conforming implementation.
//
//   npm run oracle [-- [runtime:SPEC]... [--skip-certified] [--tests DIR] [--filter TEXT]... [--jobs N] [--timeout MS]
//                      [--fresh] [--json FILE] [--publish] [--classification FILE]]
//
// The certified runtimes are the Bun and Deno of the published certification, at the versions it ran
// (docs/conformance/runs/*/results.json); a `runtime:` spec (the grammar of `rtconf run --candidate`) adds one, fetched
// into $RTCONF_CACHE as rtconf fetches it. Node's tests come from Debian's nodejs source package of the host's major
// version, fetched by scripts/node-core-tests/fetch-tests.sh as .ci/node-core-tests fetches them (never kept), unless
// --tests DIR or NODE_TEST_DIR names a test/ directory at hand. The case results that decide caught or MISSED are the
// published run of that runtime and version, or a fresh `rtconf run` of the rules in question (always, with --fresh:
// the cases of this checkout, when they changed since the certification). --publish writes the JSON to
// docs/oracle.json and the table into docs/runtimes.md.
//
// Exit status: 0 when every difference is classified and none is MISSED, 1 otherwise, 2 for bad usage or input (an
// unknown flag, a spec that is not a process runtime, a malformed classification, tests that cannot be fetched).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CandidateError, parseCandidateSpec } from '../results/candidate-spec.js';
import { ensureRuntime } from '../runners/runtimes/ensure-runtime.js';
import { moduleTestFiles } from './node-core-tests/run-test-file.mjs';
import { certifiedSpecs, freshCaseResults, publishedRunOf, publishedRuns } from './oracle/case-results.mjs';
import { ClassificationError, readClassification, type Classification } from './oracle/classification.mjs';
import { classifyRuntime, oracleExitCode, type RuntimeReport, type RuntimeUnderTest } from './oracle/classify-differences.mjs';
import { runCoreTests, type TestRuntime } from './oracle/core-test-runs.mjs';
import { consoleReport, markdownSection, replaceSection, type OracleDocument } from './oracle/oracle-report.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const USAGE =
  'usage: npm run oracle -- [runtime:SPEC]... [--skip-certified] [--tests DIR] [--filter TEXT]... [--jobs N] [--timeout MS] [--fresh] [--json FILE] [--publish] [--classification FILE]';
/** The seed of a fresh run of the cases: the certification's, so property cases draw what the published runs drew. */
const SEED = '20261123';
const RUNTIMES_DOC = join(ROOT, 'docs', 'runtimes.md');
const PUBLISHED_JSON = join(ROOT, 'docs', 'oracle.json');
const DOC_HEADING = "## Node's core tests as an oracle: `npm run oracle`";

/** Bad usage or input: one line on stderr, exit 2. */
class UsageError extends Error {}

/** Where the oracle prints: the process's own streams, or a test's collectors (an in-process run). */
export interface OracleOutput {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
}

interface Options {
  readonly specs: readonly string[];
  readonly testDir?: string;
  readonly filters: readonly string[];
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly fresh: boolean;
  readonly json?: string;
  readonly publish: boolean;
  readonly classification: string;
}

function options(argv: readonly string[]): Options & { readonly skipCertified: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'skip-certified': { type: 'boolean', default: false },
        tests: { type: 'string' },
        filter: { type: 'string', multiple: true },
        jobs: { type: 'string', default: '2' },
        timeout: { type: 'string', default: '30000' },
        fresh: { type: 'boolean', default: false },
        json: { type: 'string' },
        publish: { type: 'boolean', default: false },
        classification: { type: 'string', default: join(ROOT, 'scripts', 'oracle', 'classification.json') },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const jobs = Number(values.jobs);
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError('--jobs must be a positive integer');
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000) throw new UsageError('--timeout must be an integer of at least 1000 (milliseconds)');
  const testDir = values.tests ?? (process.env.NODE_TEST_DIR || undefined);
  return {
    specs: positionals,
    skipCertified: values['skip-certified'] === true,
    ...(testDir !== undefined ? { testDir: resolve(testDir) } : {}),
    filters: values.filter ?? [],
    jobs,
    timeoutMs,
    fresh: values.fresh === true,
    ...(values.json !== undefined ? { json: resolve(values.json) } : {}),
    publish: values.publish === true,
    classification: resolve(values.classification),
  };
}

/** Each spec as a process runtime, fetched into the cache when it is not there yet. */
async function resolveRuntimes(specs: readonly string[]): Promise<{ runtime: RuntimeUnderTest; test: TestRuntime }[]> {
  const resolved = [];
  for (const text of specs) {
    let parsed;
    try {
      parsed = parseCandidateSpec(text);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (parsed.kind !== 'runtime') throw new UsageError(`${text}: not a process runtime: Node's test files run here on node, bun or deno (runtime:node|bun|deno[@RANGE], or runtime:/path to one of them)`);
    const ensured = await ensureRuntime(parsed, {}).catch((error: unknown) => {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    });
    resolved.push({
      runtime: { name: ensured.profile.name, version: ensured.version, spec: ensured.spec },
      test: { name: ensured.profile.name, executable: ensured.executable, env: ensured.profile.env },
    });
  }
  return resolved;
}

/** Node's tests: the folder given, or Debian's, fetched into `work` by the script .ci/node-core-tests uses too. */
async function testsAtHand(given: string | undefined, work: string, io: OracleOutput): Promise<{ dir: string; source: string }> {
  if (given !== undefined) {
    if (!existsSync(join(given, 'common', 'index.js')) || !existsSync(join(given, 'parallel'))) throw new UsageError(`${given} is not a Node test/ directory (no common/index.js or parallel/)`);
    return { dir: given, source: `the tests in ${given}` };
  }
  const script = join(ROOT, 'scripts', 'node-core-tests', 'fetch-tests.sh');
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(script, [work], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-8000);
      io.stderr.write(chunk);
    });
    child.on('error', fail);
    child.on('close', (exit) => done({ code: exit, stdout: out, stderr: err }));
  });
  const dir = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !existsSync(join(dir, 'parallel'))) throw new UsageError(`Node's tests could not be fetched: ${stderr.trim().split('\n').at(-1) ?? `exit ${code}`}`);
  const debian = /Debian's nodejs (\S+)/.exec(stderr)?.[1];
  return { dir, source: debian ? `Debian's nodejs ${debian} source package` : dir };
}

/** The rules the covered entries of a runtime name: what a fresh run of its cases must judge. */
function coveredRules(classification: Classification, runtime: RuntimeUnderTest): string[] {
  const rules = new Set<string>();
  for (const entries of classification.get(runtime.name)?.values() ?? []) for (const entry of entries) for (const rule of entry.rules ?? []) rules.add(rule);
  return [...rules].sort();
}

async function main(argv: readonly string[], io: OracleOutput): Promise<number> {
  const started = new Date();
  const config = options(argv);
  const classification = await readClassification(config.classification);
  const published = await publishedRuns(ROOT);
  const specs = [...(config.skipCertified ? [] : certifiedSpecs(published)), ...config.specs];
  if (specs.length === 0) throw new UsageError('no runtime to run: give a runtime: spec, or leave out --skip-certified');
  const runtimes = await resolveRuntimes(specs);
  const work = await mkdtemp(join(tmpdir(), 'rtconf-oracle-'));
  // Interrupted (SIGINT, SIGTERM: the runner exits at once, its test runs reaped), no finally runs: remove it then too.
  const removeWork = (): void => rmSync(work, { recursive: true, force: true });
  process.on('exit', removeWork);
  try {
    const tests = await testsAtHand(config.testDir, work, io);
    const files = moduleTestFiles(join(tests.dir, 'parallel'), config.filters);
    if (files.length === 0) throw new UsageError('no test file matched');
    const total = files.length * (runtimes.length + 1);
    let done = 0;
    io.stderr.write(`oracle: ${files.length} files on the host (${process.version}) and on ${runtimes.map(({ runtime }) => `${runtime.name} ${runtime.version}`).join(', ')}, ${config.jobs} at a time\n`);
    const rowsByRuntime = await runCoreTests(
      runtimes.map(({ test }) => test),
      {
        testDir: tests.dir,
        files,
        jobs: config.jobs,
        timeoutMs: config.timeoutMs,
        onRun: () => {
          done += 1;
          if (io.stderr.isTTY) io.stderr.write(`\r${done}/${total}`);
        },
      },
    );
    if (io.stderr.isTTY) io.stderr.write('\n');
    const reports: RuntimeReport[] = [];
    for (const [index, { runtime }] of runtimes.entries()) {
      const run = config.fresh ? undefined : publishedRunOf(published, runtime.name, runtime.version);
      const caseResults = run ? run.results : await freshCaseResults(ROOT, runtime.spec, coveredRules(classification, runtime), SEED);
      const from = run ? run.path : `a fresh rtconf run of ${runtime.spec} (seed ${SEED})`;
      reports.push(classifyRuntime(runtime, rowsByRuntime[index] ?? [], classification.get(runtime.name), caseResults, from));
    }
    io.stdout.write(`${consoleReport(reports)}\n`);
    const document: OracleDocument = { schemaVersion: 1, host: `Node ${process.version}`, tests: tests.source, startedAt: started.toISOString(), durationMs: Date.now() - started.getTime(), runtimes: reports };
    const json = `${JSON.stringify(document, null, 2)}\n`;
    if (config.json !== undefined) await writeFile(config.json, json);
    if (config.publish) {
      await writeFile(PUBLISHED_JSON, json);
      await writeFile(RUNTIMES_DOC, replaceSection(await readFile(RUNTIMES_DOC, 'utf8'), markdownSection(document), DOC_HEADING));
      io.stdout.write('oracle: wrote docs/oracle.json and the oracle section of docs/runtimes.md\n');
    }
    const code = oracleExitCode(reports);
    io.stdout.write(`oracle: ${Math.round(document.durationMs / 1000)} s; ${code === 0 ? 'every difference classified, none MISSED' : 'MISSED or unclassified differences (see above)'}\n`);
    return code;
  } finally {
    process.off('exit', removeWork);
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The oracle on `argv`, as `npm run oracle -- ARGV` runs it: its exit status (0, 1, or 2 for bad usage or input, whose
 * reason is on stderr, its first line saying why).
 */
export async function oracle(argv: readonly string[], io: OracleOutput = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof ClassificationError) {
      io.stderr.write(`oracle: the classification is not usable (${error.problems.length} problem(s)):\n${error.problems.map((problem) => `  ${problem}`).join('\n')}\n`);
    } else if (error instanceof UsageError || error instanceof CandidateError) {
      io.stderr.write(`oracle: ${error.message}\n${USAGE}\n`);
    } else {
      io.stderr.write(`oracle: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return 2;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exitCode = await oracle(process.argv.slice(2));
