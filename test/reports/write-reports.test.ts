// writeReports: index.html, junit.xml and one badge per candidate under safe, distinct names; when one output cannot
// be written the others still are, the error names it, and results.json is left alone.
import { expect } from 'chai';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportsWriteError, writeReports } from '../../reports/write-reports.js';
import { buildSampleResults, HOSTILE_ID } from './sample-results.js';

describe('writeReports', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-reports-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes index.html, junit.xml and one badge per candidate with a safe file name', async () => {
    const results = buildSampleResults({ candidates: 3, cases: 30, hostile: true });
    const written = await writeReports(results, dir);
    const files = (await readdir(dir)).sort();
    expect(files).to.include.members(['index.html', 'junit.xml']);
    const badges = files.filter((file) => file.startsWith('badge-'));
    expect(badges).to.have.length(results.runs.length);
    expect(badges.every((file) => /^badge-[a-z0-9_@-]+\.svg$/.test(file))).to.equal(true);
    expect(written.badges).to.have.length(results.runs.length);
    expect(files.some((file) => file.endsWith('.tmp'))).to.equal(false);
    expect(HOSTILE_ID).to.contain('/');
  });

  it('gives colliding candidate ids distinct badge files', async () => {
    const base = buildSampleResults({ candidates: 2, cases: 12 });
    const [first, second] = base.runs;
    if (!first || !second) throw new Error('sample too small');
    const results = { ...base, runs: [{ ...first, candidate: { ...first.candidate, id: './a.mjs' } }, { ...second, candidate: { ...second.candidate, id: './a-mjs' } }] };
    const written = await writeReports(results, dir);
    expect(new Set(written.badges).size).to.equal(2);
  });

  it('writes every output it can when one fails, then reports which failed, leaving results.json alone', async () => {
    const results = buildSampleResults({ candidates: 2, cases: 12 });
    await writeFile(join(dir, 'results.json'), 'kept');
    await mkdir(join(dir, 'junit.xml')); // a directory where the file should go: rename onto it fails
    const error = await writeReports(results, dir).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(ReportsWriteError);
    expect((error as ReportsWriteError).message).to.contain('junit.xml').and.not.contain('\n');
    expect((error as ReportsWriteError).code).to.match(/^ERR_RTCONF_/);
    expect((await readFile(join(dir, 'index.html'), 'utf8')).startsWith('<!doctype html>')).to.equal(true);
    expect((await readdir(dir)).filter((file) => file.startsWith('badge-'))).to.have.length(2);
    expect(await readFile(join(dir, 'results.json'), 'utf8')).to.equal('kept');
    expect((await readdir(dir)).some((file) => file.endsWith('.tmp'))).to.equal(false);
  });
});
