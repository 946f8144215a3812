// lockOutDir: one run writes a folder at a time (a live holder named by its pid, a dead or garbled lock taken over), a
// folder left empty is removed on release, and a file in the way is refused in one line.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockOutDir } from '../../io/out-dir-lock.js';

/** The refusal of a folder: an OutDirError, bad input (exit 2) on one line. */
async function refusal(promise: Promise<unknown>): Promise<Error & { code: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).to.be.instanceOf(Error).with.property('name', 'OutDirError');
  expect(error).to.have.property('code', 'ERR_RTCONF_OUT_DIR');
  expect((error as Error).message).not.to.contain('\n');
  return error as Error & { code: string };
}

describe('lockOutDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a missing folder, locks it with this pid, and removes both on release when nothing was written', async () => {
    const out = join(dir, 'a', 'b');
    const lock = await lockOutDir(out, 'a/b');
    expect(JSON.parse(await readFile(join(out, LOCK_FILE), 'utf8'))).to.include({ pid: process.pid });
    await lock.release();
    expect(existsSync(out)).to.equal(false);
  });

  it('keeps a folder that holds outputs on release, and only removes the lock', async () => {
    const lock = await lockOutDir(dir, 'dir');
    await writeFile(join(dir, 'results.json'), '{}');
    await lock.release();
    await lock.release(); // twice is harmless
    expect(await readdir(dir)).to.deep.equal(['results.json']);
  });

  it('refuses a regular file', async () => {
    const file = join(dir, 'file');
    await writeFile(file, '');
    expect((await refusal(lockOutDir(file, 'file'))).message).to.equal('--out file: is an existing file, not a folder (rtconf writes results.json and the reports into a folder)');
  });

  it('refuses a second lock while the first holder lives, naming its pid', async () => {
    const lock = await lockOutDir(dir, 'shared');
    try {
      // Our own pid counts as stale (pid reuse), so the holder is made another live process: this one's parent.
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid }));
      expect((await refusal(lockOutDir(dir, 'shared'))).message).to.match(new RegExp(`^another rtconf run is writing shared \\(pid ${process.ppid}\\)`));
    } finally {
      await lock.release();
    }
  });

  it('takes over a lock whose process is gone, or that is not a lock at all', async () => {
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    for (const content of [`${dead}`, JSON.stringify({ pid: dead, hostname: hostname() }), 'garbage', '']) {
      await writeFile(join(dir, LOCK_FILE), content);
      const lock = await lockOutDir(dir, 'dir');
      expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).to.include({ pid: process.pid });
      await lock.release();
      expect(existsSync(join(dir, LOCK_FILE))).to.equal(false);
    }
  });

  it('does not remove a lock it does not own on release', async () => {
    const lock = await lockOutDir(dir, 'dir');
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, token: 'someone else' }));
    await lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).to.equal(true);
  });

  it('refuses a folder under a regular file', async () => {
    await writeFile(join(dir, 'file'), '');
    expect((await refusal(lockOutDir(join(dir, 'file', 'sub'), 'file/sub'))).message).to.match(/parent .*is a file/);
  });
});
