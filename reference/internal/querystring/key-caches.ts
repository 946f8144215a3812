// Bounded caches of keys for `parse` and `stringify`. They hold no state of their own at module level: the public
// module (reference/querystring.ts) owns one instance of each, for the whole process, where a reader of the interface
// sees them.

/** Number of slots of a ParsedKeyCache; a power of two so a hash maps to a slot with a mask. */
const PARSED_SLOTS = 512;
/** Longer keys are rarely repeated verbatim and cost more to compare; they bypass the parse cache. */
const MAX_PARSED_KEY = 32;

/**
 * Recently parsed keys. Query strings reuse a small vocabulary of keys (`id`, `page`, `sort`...); handing back the
 * string object seen last time instead of slicing a new one skips the copy and, more importantly, V8's string-table
 * lookup when the key is used as a property name. Bounded: a fixed number of slots, each holding the last key that
 * hashed to it.
 */
export class ParsedKeyCache {
  readonly #slots: string[] = new Array<string>(PARSED_SLOTS).fill('');

  /**
   * The key `str[start, end)`, from the cache when possible.
   *
   * @param str The query string.
   * @param start First code unit of the key.
   * @param end One past its last code unit.
   * @param hash The key's running hash (`h = h * 31 + code`, 32-bit). A wrong hash only costs a miss: the cache
   *   compares contents.
   * @returns The cached string when one with the same content is in its slot, otherwise a fresh slice, which then
   *   takes the slot.
   */
  get(str: string, start: number, end: number, hash: number): string {
    const length = end - start;
    if (length === 0) return '';
    // V8 keeps one internalized string per one-byte character: that is a hit without a slot or a comparison.
    if (length === 1) return str.charAt(start);
    if (length > MAX_PARSED_KEY) return str.slice(start, end);
    const slots = this.#slots;
    const slot = (hash ^ length) & (PARSED_SLOTS - 1);
    const candidate = slots[slot]!;
    if (candidate.length === length) {
      let i = 0;
      while (i < length && candidate.charCodeAt(i) === str.charCodeAt(start + i)) i++;
      if (i === length) return candidate;
    }
    const key = str.slice(start, end);
    slots[slot] = key;
    return key;
  }
}

/** Most entries an EncodedKeyCache holds before it starts over. */
const MAX_ENCODED_ENTRIES = 1024;
/** Longer keys bypass the stringify cache. */
const MAX_ENCODED_KEY = 64;

/**
 * `key=` (the encoded key and `=`) of recently stringified keys, for the default delimiters: programs stringify
 * objects of the same few shapes again and again, and this saves encoding each key and joining it with `=` for every
 * pair. Bounded in entries (cleared when full) and in key length.
 */
export class EncodedKeyCache {
  readonly #leads = new Map<string, string>();

  /**
   * Whether `key` may be cached at all.
   *
   * @param key A key of the object being stringified.
   * @returns `false` for keys too long to be worth it.
   */
  accepts(key: string): boolean {
    return key.length <= MAX_ENCODED_KEY;
  }

  /**
   * @param key A key `accepts` took.
   * @returns Its cached `key=` text, or `undefined`.
   */
  get(key: string): string | undefined {
    return this.#leads.get(key);
  }

  /**
   * Remembers the `key=` text of `key`, starting over when the cache is full.
   *
   * @param key A key `accepts` took.
   * @param lead Its encoded form followed by `=`.
   */
  set(key: string, lead: string): void {
    if (this.#leads.size >= MAX_ENCODED_ENTRIES) this.#leads.clear();
    this.#leads.set(key, lead);
  }
}
