// Seeded draws for `rtconf mutate`: the order mutants run in and the sample `--max` takes, the same for the same seed
// on every platform (xorshift32), so two runs of one seed compare.

/** Shuffles `items` in place with a seeded generator (the same order for the same seed). */
export function shuffle<T>(items: T[], seed: number): void {
  const random = seededRandom(seed ^ 0x5bd1e995);
  for (let at = items.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [items[at], items[other]] = [items[other] as T, items[at] as T];
  }
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

/** `count` items drawn without replacement by a seeded shuffle, kept in their original order. */
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
