// When the tests may run the compiled CLI: only while dist/ holds the code of every source the build compiles and the
// bundles it makes are no older than any source. A tree of a few files stands for the package, its times set by hand.
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUNDLES, staleBuild } from './current-build.js';

describe('the compiled build the CLI tests run (test/cli/current-build.ts)', () => {
  let root: string;
  /** Writes `file` under the tree with its modification time `minutes` after a fixed moment. */
  const write = (file: string, minutes: number): void => {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
    const time = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
    utimesSync(path, time, time);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'rtconf-current-build-'));
    writeFileSync(join(root, 'tsconfig.build.json'), JSON.stringify({ include: ['cli', 'reports'], exclude: ['reports/html/page/**'] }));
    write('cli/main.ts', 0);
    write('cli/types.d.ts', 0);
    write('reports/html/page/report.ts', 0);
    write('dist/cli/main.js', 1);
    for (const bundle of BUNDLES) write(bundle, 2);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is current when every compiled file and bundle is at least as new as the sources', () => {
    expect(staleBuild(root)).to.equal(undefined);
  });

  it('is stale when a source is newer than its compiled file', () => {
    write('cli/main.ts', 3);
    expect(staleBuild(root)).to.equal('cli/main.ts is newer than dist/cli/main.js');
  });

  it('is stale when a source has no compiled file (a new file the build has not seen)', () => {
    write('cli/verbs.ts', 0);
    expect(staleBuild(root)).to.equal('dist/cli/verbs.js is missing');
  });

  it('is stale when a source only bundled (a page script, excluded from tsc) is newer than a bundle', () => {
    write('reports/html/page/report.ts', 3);
    expect(staleBuild(root)).to.equal(`reports/html/page/report.ts is newer than ${BUNDLES[0]}`);
  });

  it('is stale when a bundle is missing', () => {
    rmSync(join(root, BUNDLES[BUNDLES.length - 1] ?? ''));
    expect(staleBuild(root)).to.equal(`${BUNDLES[BUNDLES.length - 1]} is missing`);
  });
});
