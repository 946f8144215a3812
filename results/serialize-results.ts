// How every results.json is written out (the caller writes it atomically, io/atomic-write.ts).
import type { ResultsFile } from './results-file.js';

/** Serialises results the way every results.json is written. */
export function serializeResults(results: ResultsFile): string {
  return `${JSON.stringify(results, null, 1)}\n`;
}
