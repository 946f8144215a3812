// The lines that changed between two versions of a file, as one block: the common first and last lines set apart.
// `rtconf mutate --incremental` moves earlier coverage by it (update-coverage.ts); several changes far apart make one
// large block, which only measures more cases again, never fewer.

/** The lines of a file that changed: old lines [from, oldTo) became new lines [from, newTo). */
export interface LineChange {
  readonly from: number;
  readonly oldTo: number;
  readonly newTo: number;
}

/** The changed block of lines between two texts: their common first and last lines set apart. */
export function changedLines(before: string, after: string): LineChange {
  const a = before.split('\n');
  const b = after.split('\n');
  let from = 0;
  while (from < a.length && from < b.length && a[from] === b[from]) from++;
  let tail = 0;
  while (tail < a.length - from && tail < b.length - from && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { from, oldTo: a.length - tail, newTo: b.length - tail };
}
