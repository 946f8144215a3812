// The seeded generator behind `rtconf mutate`'s sample (`--max`) and its run order: the same seed gives the same
// draw and the same order on every platform, so two runs compare and an interrupted run has scored a fair sample.

/** Shuffles `items` in place with a seeded generator (the same order for the same seed). */
export function shuffle<T>(items: T[], seed: number): void {
  const random = seededRandom(seed ^ 0x5bd1e995);
  for (let at = items.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [items[at], items[other]] = [items[other] as T, items[at] as T];
  }
}

/**
 * `count` items drawn without replacement by a seeded shuffle, kept in their original order.
 * @example
 * sample(mutants, 30, 15); // the same 30, in file order, for seed 15
 */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  const random = seededRandom(seed);
  const indices = items.map((_, index) => index);
  for (let at = indices.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [indices[at], indices[other]] = [indices[other] as number, indices[at] as number];
  }
  return indices
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => items[index] as T);
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: small, seeded, and the same on every platform.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}
