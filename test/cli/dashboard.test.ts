// `rtconf dashboard RESULTS... --out DIR`, and expectations reaching the report of `rtconf run --expect`.
import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { RUNTIME_RUNS, sampleRunFile } from '../reports/dashboard-samples.js';
import { runCli } from './run-cli.js';

/** The data block of a generated page. */
function embedded(html: string): { columns: { candidate: { id: string } }[]; gate?: unknown; candidates?: { results: ({ expectation?: { outcome: string } } | null)[] }[] } {
  const json = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as ReturnType<typeof embedded>;
}

describe('rtconf dashboard', function () {
  this.timeout(120_000);
  let dir = '';
  const files: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-dashboard-cli-'));
    for (const spec of RUNTIME_RUNS.slice(0, 3)) files.push(await writeResults(sampleRunFile(spec), join(dir, spec.file.replace(/\.json$/, ''))));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes one page, DIR/index.html, with a column per run of the given files', async () => {
    const out = join(dir, 'site');
    const outcome = await runCli(['dashboard', ...files, '--out', out]);
    // Without --expect, a column failing a normative rule is exit 1, as rtconf run of that runtime would be.
    expect(outcome.code, outcome.stderr).to.equal(1);
    expect(outcome.stdout.split('\n')[0]).to.equal(`dashboard: ${join(out, 'index.html')} (3 runs from 3 results files)`);
    const data = embedded(await readFile(join(out, 'index.html'), 'utf8'));
    expect(data.columns.map((column) => column.candidate.id)).to.deep.equal(['runtime:deno@2', 'runtime:node@18', 'runtime:node@22']);
  });

  it('marks results with --expect, and warns about an expectations file that names none of the runs', async () => {
    const expectations = join(dir, 'bun.json');
    await writeFile(expectations, JSON.stringify({ 'runtime:bun@1': { 'x.y': { status: 'fail', reason: 'known' } } }));
    const outcome = await runCli(['dashboard', ...files, '--expect', expectations, '--out', join(dir, 'gated')]);
    expect(outcome.code, outcome.stderr).to.equal(1);
    expect(outcome.stderr).to.contain(`warning: expectations ${expectations} names runtime:bun@1`).and.contain('it marks nothing');
    expect(embedded(await readFile(join(dir, 'gated', 'index.html'), 'utf8')).gate).to.deep.include({ sources: [`expectations ${expectations}`] });
  });

  it('exits 2 with one line for a bad results file, no file, no --out, or an --out holding a run', async () => {
    const truncated = join(dir, 'truncated.json');
    const text = await readFile(files[0] ?? '', 'utf8');
    await writeFile(truncated, text.slice(0, text.length / 2));
    const runFolder = join(dir, 'run-folder');
    await mkdir(runFolder, { recursive: true });
    await writeFile(join(runFolder, 'results.json'), text);
    const cases: [string[], RegExp][] = [
      [['dashboard', files[0] ?? '', truncated, '--out', join(dir, 'x')], new RegExp(truncated.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      [['dashboard', '--out', join(dir, 'x')], /expected at least one results file/],
      [['dashboard', ...files], /--out DIR is required/],
      [['dashboard', ...files, '--out', runFolder], /holds a run's results\.json/],
      [['dashboard', ...files, '--out', join(dir, 'x'), '--colour'], /dashboard: Unknown option/],
    ];
    for (const [args, reason] of cases) {
      const outcome = await runCli(args);
      expect(outcome.code, args.join(' ')).to.equal(2);
      expect(outcome.stderr.trimEnd().split('\n'), outcome.stderr).to.have.length(1);
      expect(outcome.stderr).to.match(reason);
    }
  });
});

describe('rtconf run --expect writes the marks into its report', function () {
  this.timeout(120_000);
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-run-expect-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('marks the host’s expected failure expected, and the gate passes', async () => {
    const id = 'https.server.set-timeout-without-msecs-is-120000';
    const expectations = join(dir, 'host.json');
    await writeFile(expectations, JSON.stringify({ host: { [id]: { status: 'fail', reason: 'setTimeout() without msecs leaves server.timeout undefined' } } }));
    const out = join(dir, 'run');
    const outcome = await runCli(['run', '--candidate', 'host', '--case', id, '--case', 'https.server.set-timeout-returns-server', '--expect', expectations, '--out', out]);
    expect(outcome.code, outcome.stderr + outcome.stdout).to.equal(0);
    const data = embedded(await readFile(join(out, 'index.html'), 'utf8'));
    expect(data.gate).to.deep.include({ unexpected: 0, sources: [`expectations ${expectations}`] });
    const marks = data.candidates?.[0]?.results.map((result) => result?.expectation?.outcome ?? null);
    expect(marks).to.include('expected');
  });
});
