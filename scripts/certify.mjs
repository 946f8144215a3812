#!/usr/bin/env node
// `npm run certify`: the published certification. Runs the whole suite against every runtime and npm polyfill we
// certify, one `rtconf run` per candidate with one seed, each gated by the expectations files that name it; keeps
// each run (results.json, report, badge) in docs/conformance/runs/<name>/, builds the dashboard over all of them into
// docs/conformance/index.html, and writes docs/conformance/README.md with what was run, where and with what outcome.
//
//   npm run certify [-- --only NAME]... [--seed N] [--jobs N] [--timeout MS] [--out DIR] [--dry-run]
//
// Exit 0 when every run finished and no gated candidate had an unexpected result, 1 when one had, 2 when a run or
// the dashboard could not be made. Candidates no expectations file names are certified without a gate: their
// failures are reported, not counted against the exit code. The CLI runs from the TypeScript sources (tsx).
import { spawn } from 'node:child_process';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { cpus, release, platform, arch } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSX = import.meta.resolve('tsx');

/**
 * What we certify, in the dashboard's order. `name` names the folder of the run; runtimes resolve their range against
 * the npm registry (runners/runtimes/), so `runtime:node@26` is the newest published 26.x. Polyfills are the npm
 * packages of the repo's devDependencies that implement one module; any other `npm:` candidate an expectations file
 * names is added after them (see `discoverCandidates`).
 */
export const CANDIDATES = [
  { name: 'node-18', spec: 'runtime:node@18' },
  { name: 'node-20', spec: 'runtime:node@20' },
  { name: 'node-22', spec: 'runtime:node@22' },
  { name: 'node-24', spec: 'runtime:node@24' },
  { name: 'node-25', spec: 'runtime:node@25' },
  { name: 'node-26', spec: 'runtime:node@26' },
  { name: 'bun-1', spec: 'runtime:bun@1' },
  { name: 'deno-2', spec: 'runtime:deno@2' },
  { name: 'querystring-es3', spec: 'npm:querystring-es3' },
  { name: 'fast-querystring', spec: 'npm:fast-querystring' },
];

/** The seed docs/runtimes.md and expectations/ were measured with: property cases draw the same inputs every time. */
const DEFAULT_SEED = '20261123';
const USAGE = 'usage: npm run certify -- [--only NAME]... [--seed N] [--jobs N] [--timeout MS] [--out DIR] [--dry-run]';

/** Reads every expectations file: path → the candidate ids it names. */
export async function expectationFiles(dir = join(ROOT, 'expectations')) {
  const files = new Map();
  for (const entry of (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
    const file = join(dir, entry);
    const data = JSON.parse(await readFile(file, 'utf8'));
    files.set(file, Object.keys(data).filter((key) => !key.startsWith('$')));
  }
  return files;
}

/** CANDIDATES, then every `npm:` candidate an expectations file names that is not among them. */
export function discoverCandidates(files, base = CANDIDATES) {
  const known = new Set(base.map((candidate) => candidate.spec));
  const extra = [];
  for (const ids of files.values()) {
    for (const id of ids) {
      if (!id.startsWith('npm:') || known.has(id)) continue;
      known.add(id);
      extra.push({ name: id.slice('npm:'.length).replace(/[^A-Za-z0-9._-]+/g, '-'), spec: id });
    }
  }
  return [...base, ...extra];
}

function rtconf(args, label) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'cli', 'rtconf.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    // Progress (downloads, failing cases as they happen) goes through, prefixed, so a long certification shows life.
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      for (const line of chunk.split('\n')) if (line.trim() !== '') process.stderr.write(`[${label}] ${line}\n`);
    });
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 70), stdout, stderr }));
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      seed: { type: 'string', default: DEFAULT_SEED },
      jobs: { type: 'string', default: String(Math.max(1, cpus().length)) },
      timeout: { type: 'string' },
      out: { type: 'string', default: join(ROOT, 'docs', 'conformance') },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const files = await expectationFiles();
  let candidates = discoverCandidates(files);
  if (values.only) {
    const unknown = values.only.filter((name) => !candidates.some((candidate) => candidate.name === name || candidate.spec === name));
    if (unknown.length > 0) throw new Error(`--only ${unknown.join(', ')}: not a candidate we certify (${candidates.map((candidate) => candidate.name).join(', ')})`);
    candidates = candidates.filter((candidate) => values.only.includes(candidate.name) || values.only.includes(candidate.spec));
  }
  const out = resolve(values.out);
  const runsDir = join(out, 'runs');
  const plan = candidates.map((candidate) => ({
    ...candidate,
    out: join(runsDir, candidate.name),
    expect: [...files].filter(([, ids]) => ids.includes(candidate.spec)).map(([file]) => file),
  }));
  for (const item of plan) {
    const gate = item.expect.length > 0 ? item.expect.map((file) => relative(ROOT, file)).join(', ') : 'no expectations file: not gated';
    process.stdout.write(`${item.spec.padEnd(24)} → ${relative(ROOT, item.out)}  (${gate})\n`);
  }
  if (values['dry-run']) return 0;

  const started = new Date();
  const outcomes = [];
  for (const item of plan) {
    await mkdir(item.out, { recursive: true });
    const args = ['run', '--candidate', item.spec, '--seed', values.seed, '--jobs', values.jobs, '--out', item.out, ...(values.timeout ? ['--timeout', values.timeout] : []), ...item.expect.flatMap((file) => ['--expect', file])];
    const t0 = performance.now();
    const run = await rtconf(args, item.name);
    const seconds = (performance.now() - t0) / 1000;
    const outcome = await describeRun(item, run, seconds);
    outcomes.push(outcome);
    process.stdout.write(`${item.spec}: ${outcome.line}\n`);
  }

  const usable = outcomes.filter((outcome) => outcome.results);
  const dashboard = await rtconf(
    ['dashboard', ...usable.map((outcome) => outcome.resultsFile), ...[...files].filter(([, ids]) => ids.some((id) => usable.some((outcome) => outcome.id === id))).flatMap(([file]) => ['--expect', file]), '--out', out],
    'dashboard',
  );
  if (dashboard.code !== 0) process.stderr.write(`certify: the dashboard could not be built (exit ${dashboard.code}): ${dashboard.stderr.trim().split('\n').pop() ?? ''}\n`);
  else process.stdout.write(dashboard.stdout);
  writeFileSync(join(out, 'README.md'), summaryPage(outcomes, { started, seed: values.seed, jobs: values.jobs, out }));
  process.stdout.write(`summary: ${join(out, 'README.md')}\n`);

  if (dashboard.code !== 0 || outcomes.some((outcome) => outcome.broken)) return 2;
  return outcomes.some((outcome) => outcome.gated && outcome.unexpected > 0) ? 1 : 0;
}

/** What a run obtained: its counts from results.json, and from the summary the gate's verdict. */
async function describeRun(item, run, seconds) {
  const resultsFile = join(item.out, 'results.json');
  const base = { name: item.name, spec: item.spec, seconds, gated: item.expect.length > 0, expect: item.expect, resultsFile };
  // 0: nothing unexpected; 1: some result regressed (a verdict); anything else: the run itself failed.
  if (run.code !== 0 && run.code !== 1) {
    const reason = (run.stderr.trim().split('\n').pop() ?? '').slice(0, 300);
    return { ...base, broken: true, unexpected: 0, line: `the run failed (exit ${run.code}): ${reason}` };
  }
  const results = JSON.parse(await readFile(resultsFile, 'utf8'));
  const runOf = results.runs[0];
  const summary = runOf.summary;
  const unexpected = Number(/(\d+) unexpected result/.exec(run.stdout)?.[1] ?? (run.code === 1 ? NaN : 0));
  const notPassing = summary.total - summary.pass - summary.skip - summary.na;
  const gate = base.gated ? (run.code === 0 ? 'gate passed: every failure expected' : `${Number.isNaN(unexpected) ? 'some' : unexpected} unexpected result(s)`) : 'not gated';
  return {
    ...base,
    id: runOf.candidate.id,
    version: runOf.candidate.version ?? '',
    results,
    summary,
    unexpected: Number.isNaN(unexpected) ? 1 : unexpected,
    line: `${runOf.candidate.name} ${runOf.candidate.version ?? ''}: ${summary.pass} pass, ${notPassing} not passing, ${summary.skip} skip, ${summary.na} n/a of ${summary.total}; ${gate} (${seconds.toFixed(0)} s)`,
  };
}

function summaryPage(outcomes, { started, seed, jobs, out }) {
  const rows = outcomes.map((outcome) => {
    if (outcome.broken) return `| \`${outcome.spec}\` | — | — | — | — | — | — | ${outcome.line} |`;
    const s = outcome.summary;
    const failing = s.fail + s.error + s.timeout + s.crash + (s.flaky ?? 0);
    const gate = outcome.gated ? (outcome.unexpected === 0 ? `passed (${outcome.expect.map((file) => `[${relative(ROOT, file)}](../../${relative(ROOT, file)})`).join(', ')})` : `**${outcome.unexpected} unexpected**`) : 'not gated';
    return `| \`${outcome.spec}\` | ${outcome.version} | ${s.pass} | ${failing} | ${s.skip} | ${s.na} | [report](runs/${outcome.name}/index.html) | ${gate} |`;
  });
  const results = outcomes.find((outcome) => outcome.results)?.results;
  const suite = results?.tool?.version ?? '?';
  return `# Conformance certification

Written by \`npm run certify\` (\`scripts/certify.mjs\`) on ${started.toISOString().slice(0, 10)}: the whole suite (rt-conformance
${suite}) against each candidate below, one \`rtconf run\` each, seed ${seed}, \`--jobs ${jobs}\`, on ${platform()}-${arch()}
(${release()}, ${cpus().length} CPUs). Open [index.html](index.html) (the dashboard: rule × runtime and version) from
a checkout, or any run's own report; every run's \`results.json\` is in \`runs/<name>/\`.

| candidate | version | pass | not passing | skip | n/a | report | expectations gate |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

"not passing" counts fail, error, timeout, crash and flaky results; why each runtime fails what it fails is in
[docs/runtimes.md](../runtimes.md) and, case by case, in the expectations files. Rebuild the dashboard from these
files alone with

\`\`\`sh
npx rtconf dashboard ${outcomes.filter((outcome) => outcome.results).map((outcome) => relative(ROOT, outcome.resultsFile)).join(' ')} \\
  ${[...new Set(outcomes.flatMap((outcome) => outcome.expect))].map((file) => `--expect ${relative(ROOT, file)}`).join(' ')} --out ${relative(ROOT, out)}
\`\`\`
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => (process.exitCode = code),
    (error) => {
      process.stderr.write(`certify: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
      process.exitCode = 2;
    },
  );
}
