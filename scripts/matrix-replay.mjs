#!/usr/bin/env node
// Plays the CI matrix of examples/ci/rtconf-matrix.yml on this machine: for each candidate, N `rtconf run --shard
// i/N` processes at once with one seed (the matrix jobs); then the workflow file's own dashboard job, its `run:` steps
// read from the YAML and run by bash as GitHub runs them (`rtconf merge` per runtime, `rtconf dashboard`), over the
// shards that "uploaded" results; then whether the pages job would publish, by the workflow's own `if:`; then one
// unsharded run per candidate with the same seed, and a check that the merged statuses are exactly the unsharded ones
// (same cases, same status for each). It rehearses the failure paths too: a shard that fails (exit 1: a candidate
// failing without expectations) still uploads and is published; `--drop-shard I` plays a shard that uploaded nothing
// (its column is incomplete, its cases are left out of the comparison); dropping every shard plays a run with nothing
// to publish. Exit 0 when the merged statuses are the unsharded ones, 1 when some differ (each difference is listed),
// 2 when a step itself failed.
//
//   node scripts/matrix-replay.mjs [--shards N] [--candidate SPEC]... [--module NAME]... [--rule GLOB]...
//                                  [--case GLOB]... [--seed N] [--jobs N] [--timeout MS] [--drop-shard I]...
//                                  [--out DIR] [--keep]
//
// Defaults: 3 shards, the reference candidate, seed 20261123, --jobs 1 per shard process, no shard dropped, a fresh
// temp folder (removed afterwards unless --keep or --out). The CLI runs from the TypeScript sources (tsx), as the
// tests do; the workflow's `npx rtconf` is pointed at them.
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from 'js-yaml';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSX = import.meta.resolve('tsx');
const WORKFLOW = join(ROOT, 'examples', 'ci', 'rtconf-matrix.yml');

const USAGE = 'usage: node scripts/matrix-replay.mjs [--shards N] [--candidate SPEC]... [--module NAME]... [--rule GLOB]... [--case GLOB]... [--seed N] [--jobs N] [--timeout MS] [--drop-shard I]... [--out DIR] [--keep]';

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

/**
 * Whether the workflow's job `name` would run after its needs ended as `results` (job → 'success' | 'failure'),
 * read from its `if:` the way GitHub reads one: without a status function (always(), failure(), cancelled()), a job
 * one of whose needs, even indirectly, did not succeed is skipped; `needs.JOB.result == 'success'` must hold. The
 * trigger's conditions (event, branch) are taken as met: the replay plays a push to main.
 */
export function wouldRun(workflow, name, results) {
  const job = workflow.jobs[name];
  const condition = String(job.if ?? '');
  const upstream = (job.needs ? [job.needs].flat() : []).flatMap((need) => [need, ...upstreamOf(workflow, need)]);
  if (!/\b(always|failure|cancelled)\(\)/.test(condition) && upstream.some((need) => results[need] !== 'success')) return false;
  for (const [, need, wanted] of condition.matchAll(/needs\.([\w-]+)\.result\s*==\s*'(\w+)'/g)) if (results[need] !== wanted) return false;
  return true;
}

function upstreamOf(workflow, name) {
  const needs = workflow.jobs[name]?.needs ? [workflow.jobs[name].needs].flat() : [];
  return needs.flatMap((need) => [need, ...upstreamOf(workflow, need)]);
}

/**
 * Runs the `run:` steps of one job of the workflow with bash as GitHub does (`bash --noprofile --norc -eo pipefail`),
 * in `workspace`, with `npx rtconf` running this checkout's CLI; stops at the first step that fails.
 * @returns 'success' or 'failure', and what the steps printed
 */
export async function runJob(workflow, name, workspace, env) {
  const bin = join(workspace, '.bin');
  await mkdir(bin, { recursive: true });
  // `npx rtconf …` in the workflow: this checkout's CLI from its sources.
  await writeFile(join(bin, 'npx'), `#!/bin/sh\nif [ "$1" = rtconf ]; then shift; fi\nexec "${process.execPath}" --import "${TSX}" "${join(ROOT, 'cli', 'rtconf.ts')}" "$@"\n`);
  await chmod(join(bin, 'npx'), 0o755);
  let output = '';
  // `uses:` steps (checkout, setup-node, artifacts) are what this machine has already; so is `npm ci`.
  for (const step of workflow.jobs[name].steps.filter((item) => typeof item.run === 'string' && item.run.trim() !== 'npm ci')) {
    const script = step.run.replace(/\$\{\{\s*env\.(\w+)\s*\}\}/g, (_, key) => env[key] ?? '');
    const run = await spawnCollect('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: workspace, env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` } });
    output += run.stdout + run.stderr;
    if (run.code !== 0) return { result: 'failure', output, failedStep: step.name ?? step.run.split('\n')[0] };
  }
  return { result: 'success', output };
}

/** The workflow's env without the values GitHub fills in (`${{ github.workspace }}`), which mean nothing here. */
function plainEnv(env = {}) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => !String(value).includes('${{')).map(([key, value]) => [key, String(value)]));
}

/** Runs a command, collecting its exit code and output (scripts/action-replay.mjs runs the action's steps with it). */
export function spawnCollect(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 70), stdout, stderr }));
  });
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
      'drop-shard': { type: 'string', multiple: true },
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
  const dropped = new Set((values['drop-shard'] ?? []).map((text) => {
    const index = Number(text);
    if (!Number.isInteger(index) || index < 1 || index > shards) throw new Error(`--drop-shard must be a shard number from 1 to ${shards}, got "${text}"`);
    return index;
  }));
  const candidates = values.candidate ?? ['reference'];
  const selection = [
    ...(values.module ?? []).flatMap((name) => ['--module', name]),
    ...(values.rule ?? []).flatMap((glob) => ['--rule', glob]),
    ...(values.case ?? []).flatMap((glob) => ['--case', glob]),
    '--seed', values.seed,
    '--jobs', values.jobs,
    ...(values.timeout ? ['--timeout', values.timeout] : []),
  ];
  const workflow = load(await readFile(WORKFLOW, 'utf8'));
  const out = values.out ? resolve(values.out) : await mkdtemp(join(tmpdir(), 'rtconf-matrix-'));
  const started = performance.now();
  try {
    // The workspace of the dashboard job: the downloaded artifacts under shards/, and the checkout's expectations/.
    const workspace = join(out, 'workspace');
    await mkdir(join(workspace, 'shards'), { recursive: true });
    if (!existsSync(join(workspace, 'expectations'))) await symlink(join(ROOT, 'expectations'), join(workspace, 'expectations'), 'dir');
    const jobs = { shard: 'success' };
    const plans = [];
    for (const spec of candidates) {
      const name = safeName(spec);
      // The matrix jobs: every shard at once, each its own process, one seed.
      process.stdout.write(`${spec}: ${shards} shard process(es), seed ${values.seed}\n`);
      const shardRuns = await Promise.all(
        Array.from({ length: shards }, (_, index) =>
          rtconf(['run', '--candidate', spec, ...selection, '--shard', `${index + 1}/${shards}`, '--out', join(out, name, `shard-${index + 1}`)]),
        ),
      );
      const droppedCases = [];
      for (const [index, run] of shardRuns.entries()) {
        const what = `shard ${index + 1}/${shards} of ${spec}`;
        check(run, what, [0, 1]);
        // A shard that exits 1 found an unexpected result: its job fails, after uploading (`if: always()`).
        if (run.code !== 0) jobs.shard = 'failure';
        const file = join(out, name, `shard-${index + 1}`, 'results.json');
        if (dropped.has(index + 1)) {
          // A shard that uploaded nothing (its runner died, say): the job failed and its artifact is missing.
          jobs.shard = 'failure';
          const status = await statusesOf(file);
          for (const statuses of status.byCandidate.values()) droppedCases.push(...statuses.keys());
          process.stdout.write(`${what}: exit ${run.code}, dropped: no results uploaded (--drop-shard)\n`);
          continue;
        }
        process.stdout.write(`${what}: exit ${run.code}${run.code === 1 ? ' (an unexpected result: the job fails after the upload)' : ''}\n`);
        const artifact = join(workspace, 'shards', `shard-${name}-${index + 1}`);
        await mkdir(artifact, { recursive: true });
        await copyFile(file, join(artifact, 'results.json'));
      }
      plans.push({ spec, name, droppedCases: new Set(droppedCases), uploaded: shards - dropped.size });
    }
    // The dashboard job, as the workflow file says it (if: always()).
    const dashboard = wouldRun(workflow, 'dashboard', jobs) ? await runJob(workflow, 'dashboard', workspace, { ...plainEnv(workflow.env), SHARDS: String(shards) }) : { result: 'skipped', output: '' };
    jobs.dashboard = dashboard.result;
    for (const line of dashboard.output.split('\n')) if (/^::(warning|error)::/.test(line)) process.stdout.write(`  ${line}\n`);
    process.stdout.write(`dashboard job: ${dashboard.result}${dashboard.failedStep ? ` (step "${dashboard.failedStep}")` : ''}\n`);
    const anyUploaded = plans.some((plan) => plan.uploaded > 0);
    if (dashboard.result !== 'success' && anyUploaded) {
      const error = new Error(`the dashboard job failed though shards uploaded results: ${dashboard.output.trim().split('\n').slice(-3).join(' | ')}`);
      error.step = true;
      throw error;
    }
    if (dashboard.result === 'success') process.stdout.write(`dashboard: ${join(workspace, 'site', 'index.html')}\n`);
    const publishes = wouldRun(workflow, 'pages', jobs);
    process.stdout.write(`pages job: ${publishes ? 'publishes the dashboard' : 'skipped, nothing is published'} (shard jobs: ${jobs.shard}, dashboard job: ${jobs.dashboard})\n`);

    const differences = [];
    for (const plan of plans) {
      if (plan.uploaded === 0) {
        process.stdout.write(`${plan.spec}: no shard uploaded results, nothing to compare\n`);
        continue;
      }
      // The reference point: the same selection and seed, not sharded.
      const whole = join(out, plan.name, 'unsharded');
      check(await rtconf(['run', '--candidate', plan.spec, ...selection, '--out', whole]), `unsharded run of ${plan.spec}`, [0, 1]);
      const a = await statusesOf(join(workspace, 'merged', `${plan.name}.json`));
      const b = await statusesOf(join(whole, 'results.json'));
      // The cases of a dropped shard are missing by design: left out of the comparison, and counted.
      for (const statuses of b.byCandidate.values()) for (const id of plan.droppedCases) statuses.delete(id);
      const found = compareStatuses(a.byCandidate, b.byCandidate);
      const count = [...b.byCandidate.values()].reduce((sum, statuses) => sum + statuses.size, 0);
      const left = plan.droppedCases.size > 0 ? ` (${plan.droppedCases.size} case(s) of the dropped shard(s) left out)` : '';
      process.stdout.write(found.length === 0 ? `${plan.spec}: merged shards = unsharded run (${count} statuses)${left}\n` : `${plan.spec}: ${found.length} status(es) differ${left}\n`);
      differences.push(...found);
    }
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
