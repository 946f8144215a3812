// Writes results.json atomically (temp file + rename), so an interrupted write never leaves a truncated file.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResultsFile } from './results.js';

export async function writeResults(results: ResultsFile, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'results.json');
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(results, null, 1)}\n`);
  await rename(temporary, file);
  return file;
}
