// Writes results.json (atomically: an interrupted write never leaves a truncated file).
import { join } from 'node:path';
import { writeFileAtomically } from '../io/atomic-write.js';
import type { ResultsFile } from './results-file.js';

/** Serialises results the way every results.json is written. */
export function serializeResults(results: ResultsFile): string {
  return `${JSON.stringify(results, null, 1)}\n`;
}

/** Writes `results` as `dir/results.json`; returns the file's path. */
export async function writeResults(results: ResultsFile, dir: string): Promise<string> {
  const file = join(dir, 'results.json');
  await writeFileAtomically(file, serializeResults(results));
  return file;
}
