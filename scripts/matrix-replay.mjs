#!/usr/bin/env node
// Plays the CI matrix of examples/ci/rtconf-matrix.yml on this machine: for each candidate, N `rtconf run --shard
// i/N` processes at once with one seed (the matrix jobs), `rtconf merge` of their results (the merge job), `rtconf
// dashboard` over the merged files (the publish step); then one unsharded run per candidate with the same seed, and a
// check that the merged statuses are exactly the unsharded ones (same cases, same status for each). Exit 0 when they
// are, 1 when some differ (each difference is listed), 2 when a step itself failed.
//
//   node scripts/matrix-replay.mjs [--shards N] [--candidate SPEC]... [--module NAME]... [--rule GLOB]...
//                                  [--case GLOB]... [--seed N] [--jobs N] [--timeout MS] [--out DIR] [--keep]
//
// Defaults: 3 shards, the reference candidate, seed 20261123, --jobs 1 per shard process, a fresh temp folder
// (removed afterwards unless --keep or --out). The CLI runs from the TypeScript sources (tsx), as the tests do.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSX = import.meta.resolve('tsx');

const USAGE = 'usage: node scripts/matrix-replay.mjs [--shards N] [--candidate SPEC]... [--module NAME]... [--rule GLOB]... [--case GLOB]... [--seed N] [--jobs N] [--timeout MS] [--out DIR] [--keep]';

/** Runs the rtconf CLI from the sources; resolves with its exit code and output (printed as it comes when `echo`). */
export function rtconf(args, { echo = false, prefix = '' } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'cli', 'rtconf.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const relay = (stream, text) => {
      if (!echo) return;
      for (const line of text.split('\n')) if (line.trim() !== '') stream.write(`${prefix}${line}\n`);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk) => ((stdout += chunk), relay(process.stdout, chunk)));
    child.stderr.setEncoding('utf8').on('data', (chunk) => ((stderr += chunk), relay(process.stderr, chunk)));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 70), stdout, stderr }));
  });
}

/** A file-name-safe name for a candidate spec: `runtime:node@22` → `runtime-node-22`. */
export function safeName(spec) {
  return spec.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'candidate';
}

/** case id → status for every run of a results file, keyed by candidate id. */
export async function statusesOf(file) {
  const results = JSON.parse(await readFile(file, 'utf8'));
  const byCandidate = new Map();
  for (const run of results.runs) byCandidate.set(run.candidate.id, new Map(run.results.map((result) => [result.case, result.status])));
  return { seed: results.seed, byCandidate };
}

/** The differences between two `statusesOf` maps, as lines; none when they hold the same cases with the same statuses. */
export function compareStatuses(merged, unsharded) {
  const lines = [];
  for (const id of new Set([...merged.keys(), ...unsharded.keys()])) {
    const a = merged.get(id);
    const b = unsharded.get(id);
    if (!a || !b) {
      lines.push(`${id}: only in the ${a ? 'merged shards' : 'unsharded run'}`);
      continue;
    }
    for (const caseId of new Set([...a.keys(), ...b.keys()])) {
      const sharded = a.get(caseId) ?? 'missing';
      const whole = b.get(caseId) ?? 'missing';
      if (sharded !== whole) lines.push(`${id} ${caseId}: ${sharded} in the merged shards, ${whole} unsharded`);
    }
  }
  return lines;
}

async function main() {
  const { values } = parseArgs({
    options: {
      shards: { type: 'string', default: '3' },
      candidate: { type: 'string', multiple: true },
      module: { type: 'string', multiple: true },
      rule: { type: 'string', multiple: true },
      case: { type: 'string', multiple: true },
      seed: { type: 'string', default: '20261123' },
      jobs: { type: 'string', default: '1' },
      timeout: { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const shards = Number(values.shards);
  if (!Number.isInteger(shards) || shards < 1 || shards > 64) throw new Error(`--shards must be a whole number from 1 to 64, got "${values.shards}"`);
  const candidates = values.candidate ?? ['reference'];
  const selection = [
    ...(values.module ?? []).flatMap((name) => ['--module', name]),
    ...(values.rule ?? []).flatMap((glob) => ['--rule', glob]),
    ...(values.case ?? []).flatMap((glob) => ['--case', glob]),
    '--seed', values.seed,
    '--jobs', values.jobs,
    ...(values.timeout ? ['--timeout', values.timeout] : []),
  ];
  const out = values.out ? resolve(values.out) : await mkdtemp(join(tmpdir(), 'rtconf-matrix-'));
  const started = performance.now();
  try {
    const merged = [];
    const differences = [];
    for (const spec of candidates) {
      const name = safeName(spec);
      // The matrix jobs: every shard at once, each its own process, one seed.
      process.stdout.write(`${spec}: ${shards} shard process(es), seed ${values.seed}\n`);
      const shardRuns = await Promise.all(
        Array.from({ length: shards }, (_, index) =>
          rtconf(['run', '--candidate', spec, ...selection, '--shard', `${index + 1}/${shards}`, '--out', join(out, name, `shard-${index + 1}`)]),
        ),
      );
      shardRuns.forEach((run, index) => check(run, `shard ${index + 1}/${shards} of ${spec}`, [0, 1]));
      // The merge job.
      const mergedFile = join(out, name, 'merged', 'results.json');
      check(await rtconf(['merge', ...shardRuns.map((_, index) => join(out, name, `shard-${index + 1}`, 'results.json')), '--out', mergedFile]), `merge of ${spec}`, [0]);
      merged.push(mergedFile);
      // The reference point: the same selection and seed, not sharded.
      const whole = join(out, name, 'unsharded');
      check(await rtconf(['run', '--candidate', spec, ...selection, '--out', whole]), `unsharded run of ${spec}`, [0, 1]);
      const a = await statusesOf(mergedFile);
      const b = await statusesOf(join(whole, 'results.json'));
      const found = compareStatuses(a.byCandidate, b.byCandidate);
      const count = [...b.byCandidate.values()].reduce((sum, statuses) => sum + statuses.size, 0);
      process.stdout.write(found.length === 0 ? `${spec}: merged shards = unsharded run (${count} statuses)\n` : `${spec}: ${found.length} status(es) differ\n`);
      differences.push(...found);
    }
    // The publish step.
    const site = join(out, 'site');
    // 1 is the gate's verdict over the columns (a runtime failing normative rules), not a broken dashboard.
    check(await rtconf(['dashboard', ...merged, '--out', site]), 'dashboard', [0, 1]);
    process.stdout.write(`dashboard: ${join(site, 'index.html')}\n`);
    for (const line of differences) process.stdout.write(`  differs: ${line}\n`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(differences.length === 0 ? `same statuses sharded and unsharded (${seconds} s)\n` : `${differences.length} difference(s) between the merged shards and the unsharded run (${seconds} s)\n`);
    return differences.length === 0 ? 0 : 1;
  } finally {
    if (!values.keep && !values.out) await rm(out, { recursive: true, force: true });
    else process.stdout.write(`files: ${out}\n`);
  }
}

/** A step that ended with a code it may not end with stops the replay (exit 2), with what it printed. */
function check(run, what, allowed) {
  if (allowed.includes(run.code)) return;
  const error = new Error(`${what} exited ${run.code}: ${(run.stderr.trim().split('\n').pop() ?? '').slice(0, 500)}`);
  error.step = true;
  throw error;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => (process.exitCode = code),
    (error) => {
      process.stderr.write(`matrix-replay: ${error instanceof Error ? error.message : String(error)}\n${error?.step ? '' : `${USAGE}\n`}`);
      process.exitCode = 2;
    },
  );
}
