// Claims an output folder for one rtconf process before anything runs: the folder must be a directory (or be
// creatable) and writable, which is proved by writing the lock itself, not guessed from mode bits (root ignores
// them). The lock file holds the owner's pid, so two runs never interleave their outputs; a lock whose process is
// gone (a run killed with SIGKILL) is taken over.
import { unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock's file name inside the output folder. */
export const LOCK_FILE = '.rtconf.lock';

/** The output folder is unusable or taken: bad input, exit 2, one line. */
class OutDirError extends Error {
  override readonly name = 'OutDirError';
  readonly code = 'ERR_RTCONF_OUT_DIR';
}

export interface OutDirLock {
  /** The locked folder. */
  readonly dir: string;
  /** Removes the lock (and the folder, when this lock created it and nothing was written). Safe to call twice. */
  release(): Promise<void>;
}

/** What a lock file says about its owner. Older or hand-written locks may hold just the pid. */
interface LockOwner {
  readonly pid: number;
  readonly hostname?: string;
  readonly startedAt?: string;
  readonly token?: string;
}

/**
 * Checks that `dir` can hold rtconf's outputs and locks it for this process.
 * @param dir the output folder (absolute), created with its parents when missing
 * @param name how the user named it, for messages (e.g. `rtconf-report`)
 * @param flag what the folder is to the user, prefixed to messages about it (default `--out`)
 * @returns the lock; release it when done (an exit hook also removes it if the process exits first)
 * @throws OutDirError when `dir` is a file, cannot be created or written, or another live rtconf process holds it
 * @example
 * const lock = await lockOutDir(resolve('rtconf-report'), '--out rtconf-report');
 * try { await writeResults(results, lock.dir); } finally { await lock.release(); }
 */
export async function lockOutDir(dir: string, name: string, flag = '--out'): Promise<OutDirLock> {
  const label = `${flag} ${name}`;
  const created = await ensureDirectory(dir, label);
  const lockFile = join(dir, LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), token: Math.random().toString(36).slice(2) };
  try {
    await claim(lockFile, owner, label, name);
  } catch (error) {
    if (created) await rmdir(dir).catch(() => undefined);
    throw error;
  }
  let released = false;
  const onExit = (): void => {
    // A process.exit() (second Ctrl-C) skips every finally: remove the lock synchronously on the way out.
    if (!released) removeOwnLockSync(lockFile);
  };
  process.on('exit', onExit);
  return {
    dir,
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      const current = await readOwner(lockFile);
      if (current?.token === owner.token) await rm(lockFile, { force: true });
      // A folder this run created and left empty (it stopped before writing) is removed with the lock.
      if (created) await rmdir(dir).catch(() => undefined);
    },
  };
}

/** Creates `dir` when missing; returns whether it did. */
async function ensureDirectory(dir: string, label: string): Promise<boolean> {
  try {
    if ((await stat(dir)).isDirectory()) return false;
    throw new OutDirError(`${label}: is an existing file, not a folder (rtconf writes results.json and the reports into a folder)`);
  } catch (error) {
    if (error instanceof OutDirError) throw error;
    const code = errorCode(error);
    if (code === 'ENOTDIR') throw new OutDirError(`${label}: a parent of ${dir} is a file, not a folder`);
    if (code !== 'ENOENT') throw new OutDirError(`${label}: cannot use ${dir} (${describe(error)})`);
  }
  try {
    await mkdir(dir, { recursive: true });
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR' || code === 'EEXIST') throw new OutDirError(`${label}: cannot create ${dir}: a parent is a file, not a folder`);
    throw new OutDirError(`${label}: cannot create ${dir} (${describe(error)})`);
  }
}

/** Takes the lock, or throws naming the live owner. The first write into the folder doubles as the writability probe. */
async function claim(lockFile: string, owner: LockOwner, label: string, name: string): Promise<void> {
  const content = `${JSON.stringify(owner)}\n`;
  const draft = `${lockFile}.${process.pid}.${owner.token ?? ''}.tmp`;
  try {
    await writeFile(draft, content, { flag: 'wx' });
  } catch (error) {
    throw new OutDirError(`${label}: cannot write into it (${describe(error)})`);
  }
  try {
    // Two tries: the second after taking over a stale lock.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await linkExclusively(draft, lockFile, content)) return;
      const holder = await readOwner(lockFile);
      if (holder === undefined) continue; // it went away between our attempt and the read
      if (isAlive(holder)) {
        const where = holder.hostname && holder.hostname !== hostname() ? ` on ${holder.hostname}` : '';
        throw new OutDirError(`another rtconf run is writing ${name} (pid ${holder.pid}${where}); if there is none, delete ${lockFile}`);
      }
      await rm(lockFile, { force: true });
    }
    throw new OutDirError(`${label}: could not take the lock ${lockFile}: another process keeps creating it`);
  } finally {
    await rm(draft, { force: true });
  }
}

/** Publishes the lock in one step (a hard link of the complete draft), so nobody ever reads a half-written lock. */
async function linkExclusively(draft: string, lockFile: string, content: string): Promise<boolean> {
  try {
    await link(draft, lockFile);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    // File systems without hard links: an exclusive create is the next best thing.
    try {
      await writeFile(lockFile, content, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if (errorCode(fallbackError) === 'EEXIST') return false;
      throw new OutDirError(`cannot create ${lockFile} (${describe(fallbackError)})`);
    }
  }
}

async function readOwner(lockFile: string): Promise<LockOwner | undefined> {
  let text: string;
  try {
    text = await readFile(lockFile, 'utf8');
  } catch {
    return undefined;
  }
  return parseOwner(text);
}

/** A lock that cannot be read as an owner counts as held by pid 0, which is never alive: it is taken over. */
function parseOwner(text: string): LockOwner {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const data = JSON.parse(trimmed) as Partial<LockOwner> | null;
    if (data && Number.isSafeInteger(data.pid)) return data as LockOwner;
  } catch {
    // fall through
  }
  return { pid: 0 };
}

/**
 * Whether the owner may still be running. Our own pid in an old lock means pid reuse (containers start every run
 * with the same low pids): stale. A lock from another host cannot be checked: it is respected.
 */
function isAlive(owner: LockOwner): boolean {
  if (owner.hostname && owner.hostname !== hostname()) return true;
  if (owner.pid <= 0 || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function removeOwnLockSync(lockFile: string): void {
  try {
    unlinkSync(lockFile);
  } catch {
    // already gone
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describe(error: unknown): string {
  const code = errorCode(error);
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? (error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
}
