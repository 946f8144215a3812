// Writes mutation.json, atomically. Reading one back (validated, older versions upgraded) is results/read-mutation.ts.
import { join } from 'node:path';
import { writeFileAtomically } from '../io/atomic-write.js';
import type { MutationFile } from './mutation-file.js';

/** Writes `mutation` as `dir/mutation.json`; returns the file's path. */
export async function writeMutation(mutation: MutationFile, dir: string): Promise<string> {
  const file = join(dir, 'mutation.json');
  await writeFileAtomically(file, `${JSON.stringify(mutation, null, 1)}\n`);
  return file;
}
