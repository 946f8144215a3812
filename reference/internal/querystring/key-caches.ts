// Bounded caches of keys for `parse` and `stringify`. They hold no state of their own at module level: the public
// module (reference/querystring.ts) owns one instance of each, for the whole process, where a reader of the interface
// sees them.

/** Number of slots of a ParsedKeyCache; a power of two so a hash maps to a slot with a mask. */
const PARSED_SLOTS = 512;
/** Longer keys are rarely repeated verbatim and cost more to compare; they bypass the parse cache. */
const MAX_PARSED_KEY = 32;
/** Number of slots for encoded keys (and their decoded forms); a power of two. */
const ENCODED_SLOTS = 128;

/**
 * Recently parsed keys. Query strings reuse a small vocabulary of keys (`id`, `page`, `sort`...); handing back the
 * string object seen last time instead of slicing a new one skips the copy and, more importantly, V8's string-table
 * lookup when the key is used as a property name. Bounded: a fixed number of slots, each holding the last key that
 * hashed to it.
 * @rules querystring.module.faster-than-url-search-params
 */
export class ParsedKeyCache {
  readonly #slots: string[] = new Array<string>(PARSED_SLOTS).fill('');
  /** Raw keys holding `+` or `%`, and in the same slot of `#decodedSlots` what each decodes to. */
  readonly #encodedSlots: string[] = new Array<string>(ENCODED_SLOTS).fill('');
  readonly #decodedSlots: string[] = new Array<string>(ENCODED_SLOTS).fill('');

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

  /**
   * The decoded form of the key `str[start, end)` that holds `+` or `%`, when that key was decoded recently (see
   * `rememberDecoded`). Encoded keys repeat like plain ones (`user%5Bname%5D`, `filter%5Bstatus%5D`), and a decoded
   * key is a freshly concatenated string: reusing the one decoded last time skips the decoding and, as for plain keys,
   * V8's string-table lookup when it becomes a property name. Separate slots from the plain keys', so neither kind
   * evicts the other.
   *
   * @param str The query string.
   * @param start First code unit of the key.
   * @param end One past its last code unit.
   * @param hash The key's running hash, as for `get`.
   * @returns The decoded key, or `undefined` when this raw key is not in its slot.
   */
  decoded(str: string, start: number, end: number, hash: number): string | undefined {
    const length = end - start;
    if (length > MAX_PARSED_KEY) return undefined;
    const slot = (hash ^ length) & (ENCODED_SLOTS - 1);
    const candidate = this.#encodedSlots[slot]!;
    if (candidate.length !== length) return undefined;
    let i = 0;
    while (i < length && candidate.charCodeAt(i) === str.charCodeAt(start + i)) i++;
    return i === length ? this.#decodedSlots[slot] : undefined;
  }

  /**
   * Remembers that the raw key `raw` (holding `+` or `%`) decodes to `decoded` with the default decoder. Only a key
   * that decoded successfully is remembered: one the default decoder rejects takes the exact walk every time.
   *
   * @param raw The key as it appears in the query string.
   * @param hash Its running hash, as passed to `decoded`.
   * @param decoded Its decoded form.
   */
  rememberDecoded(raw: string, hash: number, decoded: string): void {
    const length = raw.length;
    if (length > MAX_PARSED_KEY) return;
    const slot = (hash ^ length) & (ENCODED_SLOTS - 1);
    this.#encodedSlots[slot] = raw;
    this.#decodedSlots[slot] = decoded;
  }
}

/** Most entries an EncodedKeyCache holds before it starts over. */
const MAX_ENCODED_ENTRIES = 1024;
/** Longer keys bypass the stringify cache. */
const MAX_ENCODED_KEY = 64;

/** What stringify writes for a key with the default delimiters: `key=` for a first pair, `&key=` for any later one. */
export interface KeyTexts {
  readonly lead: string;
  readonly next: string;
}

/**
 * `key=` and `&key=` (the encoded key between the default delimiters) of recently stringified keys: programs stringify
 * objects of the same few shapes again and again, and this saves encoding each key and joining it with the delimiters
 * for every pair (the joined `&key=` saves one concatenation per pair). Bounded in entries (cleared when full) and in
 * key length.
 * @rules querystring.module.faster-than-url-search-params
 */
export class EncodedKeyCache {
  readonly #leads = new Map<string, KeyTexts>();

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
   * @returns Its cached texts, or `undefined`.
   */
  get(key: string): KeyTexts | undefined {
    return this.#leads.get(key);
  }

  /**
   * Remembers the texts of `key`, starting over when the cache is full.
   *
   * @param key A key `accepts` took.
   * @param lead Its encoded form followed by `=`.
   * @returns The texts remembered: `lead`, and `&` followed by `lead`.
   */
  set(key: string, lead: string): KeyTexts {
    if (this.#leads.size >= MAX_ENCODED_ENTRIES) this.#leads.clear();
    const texts: KeyTexts = { lead, next: '&' + lead };
    this.#leads.set(key, texts);
    return texts;
  }
}
