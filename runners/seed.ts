// Seeds: a run has one seed; each case derives its own from it and the case id, so a case replays identically
// whatever else was selected and in whatever order cases ran.

/** A random 31-bit seed for a run when the user gave none. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** FNV-1a over `runSeed:caseId`, folded to a non-negative 31-bit integer (fast-check accepts any 32-bit int). */
export function caseSeed(runSeed: number, caseId: string): number {
  const text = `${runSeed}:${caseId}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}
