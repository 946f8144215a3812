// `rtconf export RESULTS... --out FILE`: the export of the given runs, written atomically; bad usage and bad input are
// exit 2 with one line, and an unwritable FILE leaves the export in a temp folder named on stderr.
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { RUNTIME_RUNS, sampleRunFile } from '../reports/dashboard-samples.js';
import { runCli } from './run-cli.js';

describe('rtconf export', function () {
  this.timeout(120_000);
  let dir = '';
  const files: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-export-cli-'));
    for (const spec of RUNTIME_RUNS.slice(0, 2)) files.push(await writeResults(sampleRunFile(spec), join(dir, spec.file.replace(/\.json$/, ''))));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes FILE with one candidate entry per run of the given files, in order, and says what it wrote', async () => {
    const out = join(dir, 'out', 'export.json');
    const outcome = await runCli(['export', ...files, '--out', out]);
    expect(outcome.code, outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.equal(`export: ${out} (2 candidate runs from 2 results files, format rt-conformance-export v2)\n`);
    const data = JSON.parse(await readFile(out, 'utf8')) as { format: string; sources: { file: string }[]; candidates: { id: string; source: number }[] };
    expect(data.format).to.equal('rt-conformance-export');
    expect(data.sources.map((source) => source.file)).to.deep.equal(files);
    expect(data.candidates.map((candidate) => [candidate.id, candidate.source])).to.deep.equal([
      ['runtime:node@22', 0],
      ['runtime:deno@2', 1],
    ]);
  });

  it('refuses bad usage and bad input with exit 2 and one line, writing nothing', async () => {
    const noOut = await runCli(['export', ...files]);
    expect([noOut.code, noOut.stderr]).to.deep.equal([2, 'rtconf: export: --out FILE is required (rtconf export RESULTS... --out FILE)\n']);
    const noInput = await runCli(['export', '--out', join(dir, 'x.json')]);
    expect(noInput.code).to.equal(2);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"schemaVersion": 1}');
    const outcome = await runCli(['export', files[0] ?? '', bad, '--out', join(dir, 'never.json')]);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr.trim().split('\n')).to.have.length(1);
    expect(outcome.stderr).to.contain(bad);
    const written = await readFile(join(dir, 'never.json'), 'utf8').catch(() => 'absent');
    expect(written).to.equal('absent');
  });

  it('saves the export in a temp folder, exit 2, when FILE cannot be written', async () => {
    const blocker = join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    const outcome = await runCli(['export', ...files, '--out', join(blocker, 'export.json')]);
    expect(outcome.code).to.equal(2);
    const saved = /the export is saved in (\S+)\n/.exec(outcome.stderr)?.[1];
    expect(saved, outcome.stderr).to.be.a('string');
    expect((JSON.parse(await readFile(saved ?? '', 'utf8')) as { format: string }).format).to.equal('rt-conformance-export');
    await rm(join(saved ?? '', '..'), { recursive: true, force: true });
  });
});
