// The one way this tool writes a file others read: to a temporary name beside it, then renamed over it, so an
// interrupted or failed write never leaves a truncated file (readers see the old file or the new one, nothing between).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `content` to `file` atomically, creating its directory if needed.
 * @param file the destination path
 * @param content the whole new content
 * @example
 * await writeFileAtomically('rtconf-report/results.json', `${JSON.stringify(results)}\n`);
 */
export async function writeFileAtomically(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
