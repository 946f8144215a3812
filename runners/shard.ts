// Deterministic sharding: `--shard i/n` keeps the cases whose id hashes to bucket i of n. A case's shard depends on
// its id alone, so it stays put when other cases are added or removed, and n CI jobs cover the suite exactly once.

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** A malformed `--shard`: bad usage, exit 2. */
export class ShardError extends Error {
  override readonly name = 'ShardError';
  readonly code = 'ERR_RTCONF_USAGE';
}

/** FNV-1a of the id, 32-bit. */
function shardHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > 10_000 || index < 1 || index > count) {
    throw new ShardError(`--shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got "${text}"`);
  }
  return { index, count };
}

function inShard(id: string, shard: Shard): boolean {
  return shardHash(id) % shard.count === shard.index - 1;
}

export function selectShard<T extends { readonly id: string }>(cases: readonly T[], shard: Shard | undefined): T[] {
  return shard ? cases.filter((meta) => inShard(meta.id, shard)) : [...cases];
}
