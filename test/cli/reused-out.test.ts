// A reused output folder: `rtconf report` and `rtconf run` remove the badges of candidates no longer in the run (run
// says so) and keep the files a user put there.
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResults } from '../reports/sample-results.js';
import { buildSampleResults } from '../reports/sample-results.js';
import { runCli } from './run-cli.js';

describe('a reused output folder', function () {
  this.timeout(120_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-reuse-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('loses the badges of candidates no longer in the run, and keeps the files a user put there', async () => {
    const out = join(dir, 'report');
    const three = buildSampleResults({ candidates: 3, cases: 12 });
    const first = await runCli(['report', await writeResults(three, join(dir, 'three')), '--out', out]);
    // Exit 1: the sample's host fails normative cases (the verdict, as rtconf run would give it); the files are written.
    expect(first.code, first.stderr).to.equal(1);
    const badgesBefore = (await readdir(out)).filter((file) => file.startsWith('badge-'));
    expect(badgesBefore).to.have.length(3);
    await writeFile(join(out, 'notes.md'), 'mine');
    await writeFile(join(out, 'badge-mine.svg'), '<svg/>');

    const one = { ...three, runs: three.runs.slice(0, 1) };
    const second = await runCli(['report', await writeResults(one, join(dir, 'one')), '--out', out]);
    expect(second.code, second.stderr).to.equal(0);
    const files = await readdir(out);
    expect(files.filter((file) => file.startsWith('badge-')).sort()).to.deep.equal(['badge-reference.svg', 'badge-mine.svg'].sort());
    expect(await readFile(join(out, 'notes.md'), 'utf8')).to.equal('mine');
    expect(JSON.parse(await readFile(join(out, '.rtconf-manifest.json'), 'utf8')).files).to.not.include('badge-mine.svg');
  });

  it('rtconf run removes the stale badge of an earlier run with another candidate, and says so', async () => {
    const out = join(dir, 'run');
    const args = ['--case', 'querystring.module.exports-six-functions', '--out', out];
    const both = await runCli(['run', '--candidate', 'reference', '--candidate', 'host', ...args]);
    expect(both.code, both.stderr).to.equal(0);
    expect((await readdir(out)).filter((file) => file.startsWith('badge-')).sort()).to.deep.equal(['badge-host.svg', 'badge-reference.svg']);
    const alone = await runCli(['run', '--candidate', 'reference', ...args]);
    expect(alone.code, alone.stderr).to.equal(0);
    expect((await readdir(out)).filter((file) => file.startsWith('badge-'))).to.deep.equal(['badge-reference.svg']);
    expect(alone.stderr).to.match(/removed .*badge-host\.svg/);
  });
});
