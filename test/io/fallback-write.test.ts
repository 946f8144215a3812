// writeFileOrFallback: the file where asked when possible, otherwise a file of the same name in a fresh temp folder,
// with a one-line reason.
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { writeFileOrFallback } from '../../io/fallback-write.js';

describe('writeFileOrFallback', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-fallback-unit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes where asked when it can', async () => {
    const file = join(dir, 'out', 'results.json');
    expect(await writeFileOrFallback(file, 'x')).to.deep.equal({ file });
    expect(await readFile(file, 'utf8')).to.equal('x');
  });

  it('writes a file of the same name into a fresh temp folder when the location refuses it, with the reason', async () => {
    await writeFile(join(dir, 'blocker'), '');
    const saved = await writeFileOrFallback(join(dir, 'blocker', 'results.json'), 'precious');
    try {
      expect(saved.failure).to.be.a('string').and.not.contain('\n');
      expect(basename(saved.file)).to.equal('results.json');
      expect(basename(dirname(saved.file))).to.match(/^rtconf-results-\d{4}-\d\d-\d\dT/);
      expect(dirname(dirname(saved.file))).to.equal(tmpdir());
      expect(await readFile(saved.file, 'utf8')).to.equal('precious');
    } finally {
      await rm(dirname(saved.file), { recursive: true, force: true });
    }
  });
});
