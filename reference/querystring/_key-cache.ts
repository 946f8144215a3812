// A small process-wide cache of recently parsed keys. Query strings reuse a small vocabulary of keys (`id`, `page`,
// `sort`...); handing back the string object seen last time instead of slicing a new one skips the copy and, more
// importantly, V8's string-table lookup when the key is used as a property name. Bounded: a fixed number of slots.
const SLOTS = 512; // power of two
/** Longer keys are rarely repeated verbatim and cost more to compare; they bypass the cache. */
export const MAX_CACHED_KEY = 32;

const cache: string[] = new Array<string>(SLOTS).fill('');

/**
 * The key `str[start, end)` whose running hash (`h = h * 31 + code`, 32-bit) is `hash`: the cached string when one
 * with the same content is in its slot, otherwise a fresh slice, which then takes the slot.
 */
export function cachedKey(str: string, start: number, end: number, hash: number): string {
  const length = end - start;
  if (length === 0) return '';
  if (length > MAX_CACHED_KEY) return str.slice(start, end);
  const slot = (hash ^ length) & (SLOTS - 1);
  const candidate = cache[slot]!;
  if (candidate.length === length) {
    let i = 0;
    while (i < length && candidate.charCodeAt(i) === str.charCodeAt(start + i)) i++;
    if (i === length) return candidate;
  }
  const key = str.slice(start, end);
  cache[slot] = key;
  return key;
}
