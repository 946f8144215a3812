// A committed mutant list as its reader reads it: the data written to a file of its own in a fresh temp folder, read,
// and the folder removed, so each test's list is independent of the others.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @param data the list's JSON
 * @param read the list's reader (readEquivalentMutants, readUnobservableMutants)
 * @returns what the reader made of it (it rejects as the reader does)
 */
export async function listFile<T>(data: unknown, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'rtconf-mutant-list-'));
  try {
    const file = join(dir, 'list.json');
    await writeFile(file, JSON.stringify(data));
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
