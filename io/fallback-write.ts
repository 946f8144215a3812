// What a run obtained is never lost to a failing write: when the chosen location refuses the file (the folder was
// removed, the disk filled, permissions changed during the run), it goes to a fresh folder under the system's temp
// directory instead, and the caller says where.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { writeFileAtomically } from './atomic-write.js';

export interface FallbackWrite {
  /** Where the content is now. */
  readonly file: string;
  /** Why the requested location failed; absent when the content is where it was asked to be. */
  readonly failure?: string;
}

/** Neither the requested location nor the temp fallback took the file: bad environment, exit 2. */
class FallbackWriteError extends Error {
  override readonly name = 'FallbackWriteError';
  readonly code = 'ERR_RTCONF_WRITE';
}

/**
 * A new, empty folder `rtconf-results-<time>-XXXXXX` in the system's temp directory.
 * @example
 * await fallbackDirectory(); // '/tmp/rtconf-results-2026-11-23T08-00-00-000Z-a1B2c3'
 */
export async function fallbackDirectory(): Promise<string> {
  return mkdtemp(join(tmpdir(), `rtconf-results-${new Date().toISOString().replace(/[:.]/g, '-')}-`));
}

/**
 * Writes `content` to `file` atomically, or, if that fails, to a file of the same name in a fresh fallback folder.
 * @param file where the content should go
 * @param content the whole content
 * @returns where it went, and why `file` failed if it did
 * @throws FallbackWriteError when both writes fail
 * @example
 * const saved = await writeFileOrFallback('rtconf-report/results.json', serializeResults(results));
 * if (saved.failure) console.error(`could not write rtconf-report/results.json (${saved.failure}); saved ${saved.file}`);
 */
export async function writeFileOrFallback(file: string, content: string | Uint8Array): Promise<FallbackWrite> {
  try {
    await writeFileAtomically(file, content);
    return { file };
  } catch (error) {
    const failure = describeWriteError(error);
    let fallback: string;
    try {
      fallback = join(await fallbackDirectory(), basename(file));
      await writeFileAtomically(fallback, content);
    } catch (fallbackError) {
      throw new FallbackWriteError(`could not write ${file} (${failure}), nor a copy under ${tmpdir()} (${describeWriteError(fallbackError)})`);
    }
    return { file: fallback, failure };
  }
}

/** A one-line reason for a failed write: the system's code in words where it has a common one. */
export function describeWriteError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const words: Readonly<Record<string, string>> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EEXIST: 'a file is in the way of its folder',
    ENOTDIR: 'a parent is a file, not a folder',
    EISDIR: 'a folder is in the way',
    ENOENT: 'its folder is gone',
  };
  const known = typeof code === 'string' ? words[code] : undefined;
  if (known) return `${known}, ${String(code)}`;
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
}
