#!/usr/bin/env node
// `npm run certify`: the published certification. Runs the whole suite against every runtime and npm polyfill we
// certify, one `rtconf run` per candidate with one seed, each gated by the expectations files that name it; keeps
// each run (results.json, report, badges, shields.io endpoints) in docs/conformance/runs/<name>/, builds the dashboard
// over all of them into docs/conformance/index.html and their export (rtconf export) into docs/conformance/export.json,
// and writes docs/conformance/README.md with what was run, where and with what outcome, the API table (each export's
// state per runtime and version), the history across versions and the rules every implementation fails.
//
//   npm run certify [-- --only NAME]... [--seed N] [--jobs N] [--runs N] [--timeout MS] [--out DIR] [--dry-run] [--rebuild]
//
// --runs N certifies N candidates at once (default 2), longest first by their last certification's time; --jobs is
// each run's own. --only reruns some candidates; the dashboard and the summary still cover every run in docs/conformance/runs/.
// --rebuild runs nothing: it rebuilds each run's report, badges and endpoints (rtconf report, gated as the run was),
// the dashboard, the export and the summary from the runs there. Last, scripts/docs-figures.mts writes the figures
// and screenshots the README quotes from these runs (--no-figures leaves them).
// Exit 0 when every run finished and no gated candidate had an unexpected result, 1 when one had, 2 when a run or
// the dashboard could not be made. Candidates no expectations file names are certified without a gate: their
// failures are reported, not counted against the exit code. The CLI runs from the TypeScript sources (tsx).
import { spawn } from 'node:child_process';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

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
  // Cloudflare's workerd, newest release, at two compatibility dates: the last before node:http/node:https switch on by
  // default (enable_nodejs_http_modules, 2025-08-15), and the release's own (the newest a Worker can ask for).
  { name: 'workerd-1-2025-08-14', spec: 'runtime:workerd@1,date=2025-08-14' },
  { name: 'workerd-1', spec: 'runtime:workerd@1' },
  // Holepunch's Bare, newest release, through its Node compatibility layer (bare-node-runtime) at the recorded version.
  { name: 'bare-1', spec: 'runtime:bare@1' },
  { name: 'querystring-es3', spec: 'npm:querystring-es3' },
  { name: 'fast-querystring', spec: 'npm:fast-querystring' },
  // Querystring polyfills as bundlers ship them to a page, run in headless Chromium (the machine's own): querystring-es3
  // is what browserify, webpack 4 (node-libs-browser) and Parcel inject; node-stdlib-browser's proxy over it what
  // vite-plugin-node-polyfills and node-stdlib-browser's own esbuild, rollup and webpack helpers inject; @jspm/core's
  // browser nodelib what jspm maps querystring to. An adapter's results name it by its declared name (`id`).
  { name: 'chromium-querystring-es3', spec: 'chromium:npm:querystring-es3' },
  { name: 'chromium-node-stdlib-browser', spec: 'chromium:test/certification/page-candidates/node-stdlib-browser.mjs', id: 'chromium:adapter:node-stdlib-browser querystring' },
  { name: 'chromium-jspm-core', spec: 'chromium:test/certification/page-candidates/jspm-core.mjs', id: 'chromium:adapter:@jspm/core nodelibs/browser querystring' },
];

/** The id a candidate's results carry: its spec, except for an adapter, named by what it declares. */
const idOf = (candidate) => candidate.id ?? candidate.spec;

/** The seed docs/runtimes.md and expectations/ were measured with: property cases draw the same inputs every time. */
const DEFAULT_SEED = '20261123';
const USAGE = 'usage: npm run certify -- [--only NAME]... [--seed N] [--jobs N] [--runs N] [--timeout MS] [--out DIR] [--dry-run] [--rebuild] [--no-figures]';
/**
 * Candidates certified at once (`--runs`), each its own `rtconf run` with `--jobs` slots: most of a run's time is
 * spent waiting on the processes, sockets and timers of its cases, so two of them share the cores without slowing
 * each other much, and the certification takes little more than half the sum of its runs.
 */
const RUNS_AT_ONCE = 2;

/**
 * The runs in the order to start them: longest first by how long each took the last time it was certified (its
 * certify.json), so that a long run does not start last and hold up the end; runs never made go first, in plan order.
 */
export async function longestFirst(plan) {
  const seconds = await Promise.all(plan.map((item) => readFile(join(item.out, 'certify.json'), 'utf8').then((text) => Number(JSON.parse(text).seconds) || 0, () => Infinity)));
  return plan.map((item, index) => ({ item, index, seconds: seconds[index] })).sort((a, b) => b.seconds - a.seconds || a.index - b.index).map(({ item }) => item);
}

/** Calls `work` on every item, at most `count` at a time, in the items' order; resolves when all are done. */
export async function runAtOnce(items, count, work) {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(count, queue.length) }, lane));
}

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
  const known = new Set(base.map(idOf));
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

function spawnNode(args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 70), stdout, stderr }));
  });
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
      runs: { type: 'string', default: String(RUNS_AT_ONCE) },
      timeout: { type: 'string' },
      out: { type: 'string', default: join(ROOT, 'docs', 'conformance') },
      'dry-run': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
      'no-figures': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!/^[1-9]\d*$/.test(values.runs)) throw new Error(`--runs takes a whole number of at least 1, got ${values.runs}`);
  const files = await expectationFiles();
  let candidates = discoverCandidates(files);
  if (values.only) {
    const unknown = values.only.filter((name) => !candidates.some((candidate) => candidate.name === name || candidate.spec === name || idOf(candidate) === name));
    if (unknown.length > 0) throw new Error(`--only ${unknown.join(', ')}: not a candidate we certify (${candidates.map((candidate) => candidate.name).join(', ')})`);
    candidates = candidates.filter((candidate) => values.only.includes(candidate.name) || values.only.includes(candidate.spec) || values.only.includes(idOf(candidate)));
  }
  const out = resolve(values.out);
  const runsDir = join(out, 'runs');
  const planOf = (candidate) => ({
    ...candidate,
    out: join(runsDir, candidate.name),
    expect: [...files].filter(([, ids]) => ids.includes(idOf(candidate))).map(([file]) => file),
  });
  const everything = discoverCandidates(files).map(planOf);
  const plan = candidates.map(planOf);
  for (const item of plan) {
    const gate = item.expect.length > 0 ? item.expect.map((file) => relative(ROOT, file)).join(', ') : 'no expectations file: not gated';
    process.stdout.write(`${item.spec.padEnd(24)} → ${relative(ROOT, item.out)}  (${gate})${values.rebuild ? ' (not run: --rebuild)' : ''}\n`);
  }
  if (values['dry-run']) return 0;

  let broken = false;
  let unexpected = false;
  if (!values.rebuild) {
    const certifyOne = async (item) => {
      await mkdir(item.out, { recursive: true });
      // Paths relative to the package root (rtconf's working directory): results.json records its command line, and
      // the committed files should not name the machine's folders.
      const args = ['run', '--candidate', item.spec, '--seed', values.seed, '--jobs', values.jobs, '--out', relative(ROOT, item.out), ...(values.timeout ? ['--timeout', values.timeout] : []), ...item.expect.flatMap((file) => ['--expect', relative(ROOT, file)])];
      const t0 = performance.now();
      const run = await rtconf(args, item.name);
      const record = runRecord(item, run, (performance.now() - t0) / 1000);
      // Beside the run's own files, what only this script knows of it: the gate's outcome and how long it took.
      writeFileSync(join(item.out, 'certify.json'), `${JSON.stringify(record, null, 2)}\n`);
      broken ||= record.broken;
      unexpected ||= record.gated && record.unexpected > 0;
      const outcome = await readOutcome(item);
      process.stdout.write(`${item.spec}: ${outcome ? outcome.line : `the run failed (exit ${record.exitCode}): ${record.reason}`}\n`);
    };
    await runAtOnce(await longestFirst(plan), Number(values.runs), certifyOne);
  }

  // The dashboard and the summary cover every run on disk, so that `--only` refreshes some columns, not all of them.
  const outcomes = (await Promise.all(everything.map(readOutcome))).filter((outcome) => outcome !== undefined);
  if (values.rebuild) {
    // Each run's own pages from its results.json, as `rtconf run` wrote them (same expectations), drawn by this
    // checkout's page code: the API table, the shields.io endpoints (exit 1 is the run's verdict, not a failure).
    for (const outcome of outcomes.filter((item) => plan.some((chosen) => chosen.name === item.name))) {
      const report = await rtconf(['report', relative(ROOT, outcome.resultsFile), ...outcome.expect.flatMap((file) => ['--expect', relative(ROOT, file)])], outcome.name);
      if (report.code !== 0 && report.code !== 1) {
        broken = true;
        process.stderr.write(`certify: the report of ${outcome.name} could not be rebuilt (exit ${report.code}): ${report.stderr.trim().split('\n').pop() ?? ''}\n`);
      }
    }
  }
  const ids = new Set(outcomes.map((outcome) => outcome.id));
  const gateFiles = [...files].filter(([, names]) => names.some((id) => ids.has(id))).map(([file]) => file);
  const dashboard = await rtconf(['dashboard', ...outcomes.map((outcome) => relative(ROOT, outcome.resultsFile)), ...gateFiles.flatMap((file) => ['--expect', relative(ROOT, file)]), '--out', relative(ROOT, out)], 'dashboard');
  // The dashboard exits by the same gate as the runs (1: some column has an unexpected result, already counted above).
  const dashboardBroken = dashboard.code !== 0 && dashboard.code !== 1;
  if (dashboardBroken) process.stderr.write(`certify: the dashboard could not be built (exit ${dashboard.code}): ${dashboard.stderr.trim().split('\n').pop() ?? ''}\n`);
  else process.stdout.write(dashboard.stdout);
  const exported = await rtconf(['export', ...outcomes.map((outcome) => relative(ROOT, outcome.resultsFile)), '--out', relative(ROOT, join(out, 'export.json'))], 'export');
  if (exported.code !== 0) process.stderr.write(`certify: the export could not be written (exit ${exported.code}): ${exported.stderr.trim().split('\n').pop() ?? ''}\n`);
  else process.stdout.write(exported.stdout);
  const answers = await apiAnswers(outcomes, gateFiles);
  writeFileSync(join(out, 'README.md'), summaryPage(outcomes, { gateFiles, out, answers }));
  process.stdout.write(`summary: ${join(out, 'README.md')}\n`);
  // The figures and screenshots the README quotes, from the published runs (only when they are the published ones).
  if (!values['no-figures'] && !dashboardBroken && resolve(out) === resolve(ROOT, 'docs', 'conformance')) {
    const figures = await spawnNode(['--import', TSX, join(ROOT, 'scripts', 'docs-figures.mts')]);
    if (figures.code !== 0) {
      broken = true;
      process.stderr.write(`certify: the docs' figures could not be written (exit ${figures.code}): ${figures.stderr.trim().split('\n').pop() ?? ''}\n`);
    } else process.stdout.write(figures.stdout);
  }

  if (dashboardBroken || exported.code !== 0 || broken) return 2;
  return unexpected ? 1 : 0;
}

/** What the run's exit code and summary say: 0 nothing unexpected, 1 some result regressed, anything else a failed run. */
function runRecord(item, run, seconds) {
  const base = { spec: item.spec, exitCode: run.code, seconds: Math.round(seconds), gated: item.expect.length > 0, expect: item.expect.map((file) => relative(ROOT, file)) };
  if (run.code !== 0 && run.code !== 1) return { ...base, broken: true, unexpected: 0, stale: 0, reason: (run.stderr.trim().split('\n').pop() ?? '').slice(0, 300) };
  const count = (pattern) => Number(pattern.exec(run.stdout)?.[1] ?? 0);
  // Without a gate every failing normative case is unexpected (exit 1); with one, the gate's summary counts them.
  const unexpected = base.gated ? count(/(\d+) unexpected result\(s\)/) || (run.code === 1 ? 1 : 0) : 0;
  return { ...base, broken: false, unexpected, stale: count(/(\d+) new pass\(es\)/) };
}

/** A run on disk: its results.json and, when certify made it, its certify.json; undefined when it has no results. */
async function readOutcome(item) {
  const resultsFile = join(item.out, 'results.json');
  let results;
  try {
    results = JSON.parse(await readFile(resultsFile, 'utf8'));
  } catch {
    return undefined;
  }
  const record = await readFile(join(item.out, 'certify.json'), 'utf8').then((text) => JSON.parse(text), () => undefined);
  const run = results.runs[0];
  const summary = run.summary;
  const notPassing = summary.total - summary.pass - summary.skip - summary.na;
  const gate = !record ? 'gate not recorded' : !record.gated ? 'not gated' : record.unexpected === 0 ? 'gate passed: every failure expected' : `${record.unexpected} unexpected result(s)`;
  const stale = record?.stale ? `, ${record.stale} stale expectation(s)` : '';
  return {
    ...item,
    id: run.candidate.id,
    // workerd's compatibility date and flags are part of what ran: two dates of one release are two rows.
    version: [run.candidate.version ?? '', ...(run.candidate.compatibility ? [`(compat ${[run.candidate.compatibility.date, ...run.candidate.compatibility.flags.map((flag) => `+${flag}`)].join(' ')})`] : [])].join(' ').trim(),
    startedAt: results.startedAt,
    seed: results.seed,
    suite: results.tool?.version ?? '?',
    environment: results.environment,
    resultsFile,
    record,
    summary,
    line: `${run.candidate.name} ${run.candidate.version ?? ''}: ${summary.pass} pass, ${notPassing} not passing, ${summary.skip} skip, ${summary.na} n/a of ${summary.total}; ${gate}${stale}${record ? ` (${record.seconds} s)` : ''}`,
  };
}

/**
 * The API table, the history across versions and the rules every implementation fails, as Markdown: the dashboard's
 * data (reports/dashboard-data.ts) over the runs on disk, rendered by reports/dashboard-markdown.ts.
 */
async function apiAnswers(outcomes, gateFiles) {
  const load = (path) => tsImport(join(ROOT, path), import.meta.url);
  const [{ readResults }, { readExpectations }, { gateSources, markExpectations }, { buildDashboardData }, markdown] = await Promise.all([
    load('results/read-results.ts'),
    load('results/expectations.ts'),
    load('results/expectation-marks.ts'),
    load('reports/dashboard-data.ts'),
    load('reports/dashboard-markdown.ts'),
  ]);
  const expectations = [];
  for (const file of gateFiles) expectations.push({ file: relative(ROOT, file), expectations: await readExpectations(file) });
  const sources = gateSources(expectations);
  const inputs = [];
  for (const outcome of outcomes) {
    const results = await readResults(outcome.resultsFile);
    inputs.push({ file: relative(ROOT, outcome.resultsFile), results, judgement: markExpectations(results, sources) });
  }
  const data = buildDashboardData(inputs);
  return { table: markdown.apiTableMarkdown(data), history: markdown.historyMarkdown(data), differs: markdown.differsMarkdown(data) };
}

function summaryPage(outcomes, { gateFiles, out, answers }) {
  const link = (file) => `[${file}](../../${file})`;
  const rows = outcomes.map((outcome) => {
    const s = outcome.summary;
    const failing = s.fail + s.error + s.timeout + s.crash + (s.flaky ?? 0);
    const record = outcome.record;
    const gate = !record ? 'not recorded' : !record.gated ? 'not gated' : record.unexpected === 0 ? `passed (${record.expect.map(link).join(', ')})` : `**${record.unexpected} unexpected** (${record.expect.map(link).join(', ')})`;
    const stale = record?.stale ? `; ${record.stale} stale` : '';
    return `| \`${outcome.spec}\` | ${outcome.version} | ${s.pass} | ${failing} | ${s.skip} | ${s.na} | ${gate}${stale} | ${(outcome.startedAt ?? '').slice(0, 10)}${record ? `, ${record.seconds} s` : ''} | [report](runs/${outcome.name}/index.html) |`;
  });
  const seeds = [...new Set(outcomes.map((outcome) => outcome.seed))];
  const suites = [...new Set(outcomes.map((outcome) => outcome.suite))];
  const where = outcomes.find((outcome) => outcome.environment)?.environment;
  const machine = where ? `${where.os}, ${where.arch}, ${where.cpus} CPUs, harness Node ${where.node}` : 'the machine each results.json names';
  return `# Conformance certification

Written by \`npm run certify\` (\`scripts/certify.mjs\`): the whole suite (rt-conformance ${suites.join(', ')}) against each
candidate below, one \`rtconf run\` each with seed ${seeds.join(', ')}, on ${machine}. [index.html](index.html) is
the dashboard over all of these runs (rule × runtime and version; open it from a checkout, it needs no server); each
run's own report, badge and \`results.json\` are in \`runs/<name>/\`, with \`certify.json\` (the gate's outcome and
the run's duration).

| candidate | version | pass | not passing | skip | n/a | expectations gate | run on, taking | report |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

"not passing" counts fail, error, timeout, crash and flaky results, "stale" expectations that now pass. Why each
runtime fails what it fails is in [docs/runtimes.md](../runtimes.md) and, case by case, in the expectations files;
why each npm polyfill fails what it fails, in \`expectations/npm-*.json\` (run in a page of headless Chromium, as a
bundler ships it, in \`expectations/chromium-*.json\`: every verdict in the page equals the one under Node,
\`test/certification/page-vs-node.test.ts\`), whose reasons come from the hand-audited verdicts of the certification
corpus (\`test/certification/verdicts/\`). \`npm run certify -- --rebuild\`
rebuilds the dashboard and this page from the runs here without running anything, as does

\`\`\`sh
npx rtconf dashboard ${relative(ROOT, join(out, 'runs'))}/*/results.json \\
  ${gateFiles.map((file) => `--expect ${relative(ROOT, file)}`).join(' ')} --out ${relative(ROOT, out)}
\`\`\`

## Can I use it? Every export, per runtime and version

The state of each export of the three modules, from the behaviour the cases observed (not from its presence alone):
✓ conformant (every normative rule of the export passes), ◐ partial (it works; passed/evaluated rules shown), ⊘ stub
(exported, but calls throw "not implemented"), ✗ absent (not exported), – module not provided, "not fully tested" when
some of its rules were not run. The dashboard ([index.html](index.html)) opens on the same table, each cell leading to
the rules and cases behind it.

${answers.table}

The same data for tools: [export.json](export.json), written by \`rtconf export\` in the format of
[reports/export.schema.json](../../reports/export.schema.json) (shipped in the package), and a shields.io endpoint per
candidate and module beside each run's badge (\`runs/<name>/shields-<candidate>-<module>.json\`).

## History across versions

${answers.history}

## Every implementation differs: the spec or the case may be wrong

Normative rules that every run of every implementation judging them fails (an implementation whose exports of the
rule are absent or stubs does not judge it). When all of them disagree with a rule the same way, the spec, our
reading of it or the case is the first suspect.

${answers.differs}
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
