// The output folder's manifest: a write removes only what the previous one generated and it did not, never a user's
// file, anything outside the folder, results.json or the lock; an unreadable manifest counts as none.
import { expect } from 'chai';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { recordGeneratedFiles } from '../../io/generated-files.js';
import { LOCK_FILE } from '../../io/out-dir-lock.js';

/** The manifest's name in the output folder, as the README states it. */
const MANIFEST_FILE = '.rtconf-manifest.json';

describe('recordGeneratedFiles (the output folder manifest)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-manifest-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const touch = (...names: string[]): Promise<void[]> => Promise.all(names.map((name) => writeFile(join(dir, name), name)));

  it('removes what the previous write generated and this one did not, and nothing else', async () => {
    await touch('index.html', 'junit.xml', 'badge-a.svg', 'badge-b.svg');
    await recordGeneratedFiles(dir, ['index.html', 'junit.xml', 'badge-a.svg', 'badge-b.svg']);
    await touch('notes.md', 'badge-mine.svg'); // the user's own files, one named like ours
    const removed = await recordGeneratedFiles(dir, ['index.html', 'junit.xml', 'badge-a.svg']);
    expect(removed).to.deep.equal(['badge-b.svg']);
    expect((await readdir(dir)).sort()).to.deep.equal([MANIFEST_FILE, 'badge-a.svg', 'badge-mine.svg', 'index.html', 'junit.xml', 'notes.md'].sort());
    expect(JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')).files).to.deep.equal(['badge-a.svg', 'index.html', 'junit.xml']);
  });

  it('removes nothing in a folder without a manifest (outputs of an older rtconf, or a user folder)', async () => {
    await touch('badge-old.svg', 'index.html');
    expect(await recordGeneratedFiles(dir, ['index.html'])).to.deep.equal([]);
    expect(await readdir(dir)).to.include('badge-old.svg');
  });

  it('never follows a manifest outside the folder, nor onto results.json, the lock or a folder', async () => {
    const outside = join(dirname(dir), `${basename(dir)}-outside.txt`);
    await writeFile(outside, 'keep');
    await touch('results.json', LOCK_FILE);
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'x'), 'keep');
    await writeFile(join(dir, MANIFEST_FILE), JSON.stringify({ files: [`../${basename(outside)}`, outside, 'results.json', LOCK_FILE, 'sub', 'sub/x', '.', '..'] }));
    try {
      expect(await recordGeneratedFiles(dir, [])).to.deep.equal([]);
      expect(await readFile(outside, 'utf8')).to.equal('keep');
      expect(await readdir(dir)).to.include.members(['results.json', LOCK_FILE, 'sub']);
      expect(await readFile(join(dir, 'sub', 'x'), 'utf8')).to.equal('keep');
    } finally {
      await rm(outside, { force: true });
    }
  });

  it('after a partial write, keeps listing the earlier files so the next complete write cleans them up', async () => {
    await touch('index.html', 'badge-a.svg', 'badge-b.svg');
    await recordGeneratedFiles(dir, ['index.html', 'badge-a.svg', 'badge-b.svg']);
    expect(await recordGeneratedFiles(dir, ['index.html'], { keepPrevious: true })).to.deep.equal([]);
    expect(await readdir(dir)).to.include('badge-b.svg');
    expect(await recordGeneratedFiles(dir, ['index.html', 'badge-a.svg'])).to.deep.equal(['badge-b.svg']);
  });

  it('treats an unreadable or foreign manifest as none', async () => {
    await touch('badge-a.svg');
    await writeFile(join(dir, MANIFEST_FILE), '{ truncated');
    expect(await recordGeneratedFiles(dir, [])).to.deep.equal([]);
    expect(await readdir(dir)).to.include('badge-a.svg');
  });
});
