#!/usr/bin/env node
// Runs Node.js's own core tests for querystring, child_process and https against the reference and against the host,
// each test file as its own process, and prints the files whose outcome differs. Node's tests are an independent check
// of the reference's fidelity where the spec is silent; they are never vendored here: pass the `test/` directory of a
// Node checkout or source tarball of the line you compare with (`.ci/node-core-tests` fetches Debian's at CI time).
//
//   npm run build && node --import tsx scripts/node-core-tests.mjs /path/to/node/test [--known FILE] [--filter TEXT] [--jobs N] [--timeout MS] [--json FILE]
//
// Exit status: 1 when a file passes on the host and fails on the reference, unless `--known FILE` (docs/reference.md)
// lists it with its reason in the table under "### Core test files the reference fails"; 0 otherwise (a file that
// differs the other way, or a listed one, is printed but does not fail the run); 2 for bad usage. Without `--known`,
// every differing file fails the run. A file that fails on the reference only is run once more on both sides before it
// counts (unless listed), so one slow run on a busy machine does not fail the gate; it is reported as retried.
//
// In the reference run, `require('querystring' | 'child_process' | 'https')` (and the ES imports of the same names)
// load the reference's build from dist/reference (scripts/node-core-tests/use-reference.cjs); nothing else changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flagsOf, moduleTestFiles, pool, runTestFile, threadEnv } from './node-core-tests/run-test-file.mjs';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const referenceDir = join(projectRoot, 'dist', 'reference');
const preload = join(projectRoot, 'scripts', 'node-core-tests', 'use-reference.cjs');

/** @typedef {import('./node-core-tests/run-test-file.d.mts').FileRun} FileRun */

function usage(message) {
  process.stderr.write(`node-core-tests: ${message}\nusage: node --import tsx scripts/node-core-tests.mjs NODE_TEST_DIR [--known FILE] [--filter TEXT] [--jobs N] [--timeout MS] [--json FILE]\n`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        filter: { type: 'string', multiple: true },
        known: { type: 'string' },
        jobs: { type: 'string', default: '2' },
        timeout: { type: 'string', default: '60000' },
        json: { type: 'string' },
      },
    });
  } catch (error) {
    usage(error.message);
  }
  const [testDir, ...extra] = parsed.positionals;
  if (!testDir || extra.length > 0) usage('expected exactly one argument, the test/ directory of a Node checkout');
  const parallel = join(resolve(testDir), 'parallel');
  if (!existsSync(join(resolve(testDir), 'common', 'index.js')) || !existsSync(parallel)) {
    usage(`${testDir} is not a Node test/ directory (no common/index.js or parallel/)`);
  }
  if (!existsSync(join(referenceDir, 'https.cjs'))) usage('dist/reference is not built: run `npm run build` first');
  const jobs = Number(parsed.values.jobs);
  const timeoutMs = Number(parsed.values.timeout);
  if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs must be a positive integer');
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) usage('--timeout must be a positive integer (milliseconds)');
  const known = parsed.values.known === undefined ? undefined : knownFailures(parsed.values.known);
  return { testDir: resolve(testDir), parallel, filters: parsed.values.filter ?? [], jobs, timeoutMs, json: parsed.values.json, known };
}

/** The heading of the table of known failures in docs/reference.md. */
const KNOWN_HEADING = '### Core test files the reference fails';

/**
 * The files the reference is known to fail, each with its reason: the rows of the table under KNOWN_HEADING, whose
 * first cell is the file in backquotes (`parallel/test-….js`) and whose last cell says why.
 *
 * @returns {Map<string, string>} file → reason
 */
function knownFailures(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    usage(`--known ${file}: cannot read it (${error.code ?? error.message})`);
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === KNOWN_HEADING);
  if (start < 0) usage(`--known ${file}: no "${KNOWN_HEADING}" section`);
  const known = new Map();
  for (const line of lines.slice(start + 1)) {
    if (/^#/.test(line)) break;
    const cells = line.trim().startsWith('|') ? line.trim().slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()) : [];
    const name = /^`(parallel\/test-[^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!name) continue;
    const reason = cells.at(-1) ?? '';
    if (cells.length < 2 || reason.length < 20) usage(`--known ${file}: the row of ${name} gives no reason`);
    known.set(name, reason);
  }
  if (known.size === 0) usage(`--known ${file}: the "${KNOWN_HEADING}" section lists no file`);
  return known;
}

/**
 * Runs one test file the way Node's test runner does (its flags, the checkout's root as working directory, the pool
 * worker's TEST_THREAD_ID), on the host or with the builtins redirected to the reference.
 *
 * @returns {Promise<FileRun>}
 */
async function runFile(file, { testDir, timeoutMs }, withReference, worker) {
  const args = [...(withReference ? ['--require', preload] : []), ...flagsOf(file), file];
  const env = threadEnv({ ...process.env, NODE_SKIP_FLAG_CHECK: '1', RTCONF_REFERENCE_DIR: referenceDir }, worker);
  delete env.NODE_OPTIONS;
  // The whole output stays here: the JSON and the listing keep only its tail.
  const { output: _output, ...run } = await runTestFile({ command: process.execPath, args, cwd: dirname(testDir), env, timeoutMs });
  return run;
}

/** What a file is known to depend on that the reference cannot offer, from its source. */
function notesOf(file) {
  const source = readFileSync(file, 'utf8');
  const notes = [];
  if (/--expose-internals/.test(source) || /require\('internal\//.test(source)) notes.push('reads Node internals');
  if (/require\('_http_\w+'\)/.test(source)) notes.push("reads Node's http internals (_http_*)");
  if (/process\.binding\(|internalBinding\(/.test(source)) notes.push('reads Node bindings');
  return notes;
}

/** A file that passes on the host and not on the reference: what the gate is about. */
const regressed = (row) => row.host.outcome === 'pass' && (row.reference.outcome === 'fail' || row.reference.outcome === 'timeout');

async function main() {
  const started = Date.now();
  const config = options();
  const files = moduleTestFiles(config.parallel, config.filters);
  if (files.length === 0) usage('no test file matched');
  process.stderr.write(`${files.length} files, each run on the host and on the reference (${config.jobs} at a time)\n`);
  const rows = [];
  let done = 0;
  await pool(files, config.jobs, async (name, worker) => {
    const file = join(config.parallel, name);
    let host = await runFile(file, config, false, worker);
    let reference = await runFile(file, config, true, worker);
    let retried = false;
    if (regressed({ host, reference }) && !config.known?.has(`parallel/${name}`)) {
      // Once more on both sides: a test that timed out on a busy machine is not a finding.
      retried = true;
      host = await runFile(file, config, false, worker);
      reference = await runFile(file, config, true, worker);
    }
    rows.push({ file: `parallel/${name}`, host, reference, retried, notes: notesOf(file) });
    done += 1;
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${files.length}`);
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  rows.sort((a, b) => a.file.localeCompare(b.file));
  const differing = rows.filter((row) => row.host.outcome !== row.reference.outcome);
  const count = (side, outcome) => rows.filter((row) => row[side].outcome === outcome).length;
  const failing = [];
  for (const row of differing) {
    const reason = config.known?.get(row.file);
    const gating = config.known ? regressed(row) && reason === undefined : true;
    if (gating) failing.push(row);
    const notes = [...row.notes, ...(row.retried ? ['retried'] : [])];
    const label = reason !== undefined ? ' [known: docs/reference.md]' : gating && config.known ? ' [NOT LISTED]' : '';
    process.stdout.write(`${row.file}: host ${row.host.outcome}, reference ${row.reference.outcome}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}${label}\n`);
    const tail = row.host.outcome === 'pass' ? row.reference.tail : row.host.tail;
    for (const line of tail.split('\n').slice(-6)) process.stdout.write(`    ${line}\n`);
  }
  const stale = config.known ? [...config.known.keys()].filter((name) => rows.some((row) => row.file === name && !regressed(row))) : [];
  for (const name of stale) process.stdout.write(`${name}: listed as failing on the reference, but it does not now: remove it from the list\n`);
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(
    `\n${rows.length} files: host ${count('host', 'pass')} pass, ${count('host', 'skip')} skip, ${count('host', 'fail') + count('host', 'timeout')} fail; ` +
      `reference ${count('reference', 'pass')} pass, ${count('reference', 'skip')} skip, ${count('reference', 'fail') + count('reference', 'timeout')} fail; ` +
      `${differing.length} differ` +
      (config.known ? `, ${differing.length - failing.length} of them listed or not a regression, ${failing.length} failing the gate` : '') +
      `; ${seconds} s\n`,
  );
  if (config.json) writeFileSync(config.json, `${JSON.stringify({ node: process.version, files: rows }, null, 2)}\n`);
  process.exitCode = failing.length > 0 ? 1 : 0;
}

await main();
