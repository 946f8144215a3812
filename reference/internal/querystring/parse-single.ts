// The parser's fast path: one-character `sep` and `eq` (the defaults and the usual `;`/`:`), which is nearly every
// call. Keys and the start of values are walked in JavaScript (short, and keys are hashed for the key cache); the rest
// of a long value is skipped with native `indexOf` searches for the separator, `+` and `%`. A plain pair (nearly all
// of them) is sliced as is, its key through the key cache. Measured against a character loop over whole pairs and
// against `indexOf` for everything: this mix was the fastest of the three on every parse shape of bench/querystring.ts.
import { decodeUtf8Percent, isHexDigit } from './decode.js';
import type { ParsedKeyCache } from './key-caches.js';
import { addPair, decodePart, type Decoder, type ModuleDecoders, type QueryRecord } from './query-record.js';

const PERCENT = 0x25;
const PLUS = 0x2b;
/** Bits of a pair's `special` mask: `+` or `%` seen in the key, in the value. */
const KEY_PLUS = 1;
const KEY_PERCENT = 2;
const VALUE_PLUS = 4;
const VALUE_PERCENT = 8;
/** Queries up to this length skip the native pre-scan for `+`/`%`: on them it costs more than it saves. */
const PLAIN_SCAN = 24;
/** How many characters of a value are walked in JavaScript before native searches take over. */
const LONG_VALUE = 16;

/**
 * Parses `str` into `record`. The searches for `+` and `%` reuse their last hit until the parse passes it, so the whole
 * parse stays linear.
 *
 * @param str The query string (non-empty).
 * @param sep The pair delimiter, one character.
 * @param eq The key/value delimiter, one character.
 * @param pairs The pair budget as the host counts it: decremented after every pair ended by a separator (empty ones
 *   included) and the parse stops when it reaches exactly 0, so 0/negative/fractional budgets never stop it.
 * @param decode A custom decoder, or `null` for the default one.
 * @param decoders The module's current fallback decoders.
 * @param keys The cache plain keys are taken from.
 * @param record The result to fill.
 * @rules querystring.parse.sep-default, querystring.parse.sep-custom, querystring.parse.eq-default, querystring.parse.eq-custom, querystring.parse.max-keys-default, querystring.parse.max-keys-custom, querystring.parse.max-keys-zero-unlimited, querystring.parse.empty-entries, querystring.module.faster-than-url-search-params
 */
export function parseSingle(
  str: string,
  sep: string,
  eq: string,
  pairs: number,
  decode: Decoder,
  decoders: ModuleDecoders,
  keys: ParsedKeyCache,
  record: QueryRecord,
): void {
  const length = str.length;
  const sepCode = sep.charCodeAt(0);
  // A `sep` equal to `eq` always wins, so such an `eq` never splits a pair.
  const eqCode = eq === sep ? -1 : eq.charCodeAt(0);
  // Most queries hold neither `+` nor `%`: two native searches find that out, and the walk then has less to test.
  if (length > PLAIN_SCAN && decode === null && eqCode !== PLUS && eqCode !== PERCENT && str.indexOf('%') < 0 && str.indexOf('+') < 0) {
    parsePlain(str, sepCode, eqCode, pairs, keys, record);
    return;
  }
  // The next `+` / `%` at or after a point, found once and reused until the parse passes it.
  let nextPlus = -1;
  let nextPercent = -1;
  let seen = 0; // keys added so far, as a one-word Bloom filter (see `addNew`)
  let start = 0; // first code unit of the current pair
  while (start < length) {
    // The key, walked in JavaScript: keys are short, and their hash feeds the key cache. `+`/`%` are tested before
    // `eq`, so an `eq` of `+` or `%` never splits here; `addEncoded` hands such pairs to the exact walk.
    let special = 0;
    let hash = 0;
    let i = start;
    let code = -1;
    for (; i < length; i++) {
      code = str.charCodeAt(i);
      if (code === sepCode) break;
      if (code === PLUS) special |= KEY_PLUS;
      else if (code === PERCENT) special |= KEY_PERCENT;
      else if (code === eqCode) break;
      else hash = (hash * 31 + code) | 0;
    }
    let eqAt = -1;
    let end = i;
    if (i < length && code !== sepCode) {
      eqAt = i;
      // The value: its first characters walked in JavaScript (most values are short, and a native search costs more
      // than a few iterations); the rest of a long one skipped with native searches, since all it can tell is whether
      // it holds `+` or `%`.
      let j = i + 1;
      const walked = j + LONG_VALUE < length ? j + LONG_VALUE : length;
      for (; j < walked; j++) {
        const c = str.charCodeAt(j);
        if (c === sepCode) break;
        if (c === PLUS) special |= VALUE_PLUS;
        else if (c === PERCENT) special |= VALUE_PERCENT;
      }
      end = j;
      if (j === walked && j < length) {
        end = str.indexOf(sep, j);
        if (end < 0) end = length;
        // beyond-spec: plus-as-space
        if (nextPlus < j) nextPlus = indexOrLength(str, '+', j);
        if (nextPercent < j) nextPercent = indexOrLength(str, '%', j);
        // beyond-spec: plus-as-space
        if (nextPlus < end) special |= VALUE_PLUS;
        if (nextPercent < end) special |= VALUE_PERCENT;
      }
    } else if (i === start) {
      // Nothing between two separators: no pair, but it still uses up budget.
      if (--pairs === 0) return;
      start = i + 1;
      continue;
    }
    if (special !== 0 || decode !== null) {
      addEncoded(record, str, start, eqAt, end, special, hash, eqCode, decode, decoders, keys);
      // A key taken as it is has this hash; a decoded one may be any key, so the filter can no longer rule keys out.
      seen |= (special & (KEY_PLUS | KEY_PERCENT)) === 0 && decode === null ? 1 << hash : -1;
    } else {
      seen = addFiltered(record, keys.get(str, start, eqAt < 0 ? end : eqAt, hash), eqAt < 0 ? '' : str.slice(eqAt + 1, end), hash, seen);
    }
    if (end === length || --pairs === 0) return;
    start = end + 1;
  }
}

/**
 * What a '+' is read as: a space, as Node reads it (a departure: docs/reference.md), handed to a custom decoder as
 * `%20`. The statements that decide to replace a part's '+' are marked; the replacing itself is not: whatever '+' is
 * read as, the text around it must come out once and whole (querystring.parse.plus-reads-as-*).
 */
const SPACE = ' ';
const PLUS_FOR_DECODER = '%20';

/** Parts up to this length get their `+` replaced by a JavaScript walk; longer ones by native `replaceAll`. */
const SHORT_PART = 64;

/**
 * `text` with every `+` replaced by `by`. On short parts (nearly all keys and values) a walk that concatenates the
 * pieces is about twice as fast as `replaceAll`, whose per-call set-up dominates there (measured on the "plus as
 * space" shape of bench/querystring.ts); on long parts the native search wins.
 */
function replacePlus(text: string, by: string): string {
  const length = text.length;
  if (length > SHORT_PART) return text.replaceAll('+', by);
  let out = '';
  let from = 0;
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) === PLUS) {
      out += text.slice(from, i) + by;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * `parseSingle` for a query without `+` or `%` and the default decoder: every key and value is taken as it is, so the
 * walk only looks for the delimiters (keys are still hashed for the key cache), and long values are skipped natively.
 * @rules querystring.parse.empty-entries, querystring.parse.max-keys-default, querystring.parse.max-keys-custom
 */
function parsePlain(str: string, sepCode: number, eqCode: number, pairs: number, keys: ParsedKeyCache, record: QueryRecord): void {
  const length = str.length;
  const sep = String.fromCharCode(sepCode);
  let seen = 0; // keys added so far, as a one-word Bloom filter (see `addNew`)
  let start = 0;
  while (start < length) {
    let hash = 0;
    let i = start;
    let code = -1;
    for (; i < length; i++) {
      code = str.charCodeAt(i);
      if (code === sepCode || code === eqCode) break;
      hash = (hash * 31 + code) | 0;
    }
    let end = i;
    if (i < length && code !== sepCode) {
      let j = i + 1;
      const walked = j + LONG_VALUE < length ? j + LONG_VALUE : length;
      while (j < walked && str.charCodeAt(j) !== sepCode) j++;
      if (j === walked && j < length) {
        j = str.indexOf(sep, j);
        if (j < 0) j = length;
      }
      end = j;
    } else if (i === start) {
      if (--pairs === 0) return;
      start = i + 1;
      continue;
    }
    seen = addFiltered(record, keys.get(str, start, i, hash), end === i ? '' : str.slice(i + 1, end), hash, seen);
    if (end === length || --pairs === 0) return;
    start = end + 1;
  }
}

function indexOrLength(str: string, char: string, from: number): number {
  const at = str.indexOf(char, from);
  return at < 0 ? str.length : at;
}

/**
 * Adds a pair whose key this parse has not added yet, skipping `addPlain`'s read of the key. The parsers know a key is
 * new from a one-word Bloom filter of the keys' hashes (bit `hash & 31`): a clear bit proves no key with that hash was
 * added, while a set bit (an earlier key, or a collision) sends the pair through `addPlain`. Most keys of a query are
 * distinct, and the read is a megamorphic property lookup that walks to the end of the prototype chain; skipping it
 * saves a good part of the cost of adding a key (bench/querystring.ts: 10-30% on short queries, against the same
 * parser reading every key). The result's prototype is empty, so for a new key the read would have given `undefined`.
 * (Only code that took that prototype from a result with `Object.getPrototypeOf` and gave it properties could tell
 * the difference: a key proven new then ignores the inherited value instead of collecting it into an array with the
 * parsed one.)
 * @rules querystring.result.single-value-string
 */
function addNew(record: QueryRecord, key: string, value: string): void {
  record[key] = value;
}

/**
 * Adds a pair of strings whose key has the hash `hash`: through `addNew` when the filter `seen` proves the key new,
 * else through `addPlain`. Both parsers use it, so the filter has one definition.
 * @returns The filter with the key's bit set.
 */
function addFiltered(record: QueryRecord, key: string, value: string, hash: number, seen: number): number {
  const bit = 1 << hash;
  if ((seen & bit) === 0) addNew(record, key, value);
  else addPlain(record, key, value);
  return seen | bit;
}

/**
 * Adds a pair of strings: with the default decoder values are strings, so a `typeof` test replaces `.pop`.
 * @rules querystring.result.single-value-string, querystring.parse.repeated-keys
 */
function addPlain(record: QueryRecord, key: string, value: string): void {
  const current = record[key];
  if (current === undefined) record[key] = value;
  else if (typeof current === 'string') record[key] = [current, value];
  else (current as string[]).push(value);
}

/**
 * Adds the pair `str[start, end)` when it contains `+`/`%` or a custom decoder is in use.
 *
 * With the default decoder the host decodes a part only when its one-pass `%XX` check fires; that check matters only
 * when decoding would fail (a part without `%` decodes to itself, and a part that decodes has a valid `%XX`, which
 * fires the check). So decode optimistically and fall back to the exact walk only when decoding fails. A custom
 * decoder sees every non-empty part, with `+` handed over as `%20`.
 * @rules querystring.parse.decode-default-unescape, querystring.parse.decode-custom, querystring.parse.utf8-default
 */
function addEncoded(
  record: QueryRecord,
  str: string,
  start: number,
  eqAt: number,
  end: number,
  special: number,
  hash: number,
  eqCode: number,
  decode: Decoder,
  decoders: ModuleDecoders,
  keys: ParsedKeyCache,
): void {
  // The first pass looks at `+`/`%` before `eq`, so with such an `eq` its split is not the host's.
  if (special !== 0 && (eqCode === PLUS || eqCode === PERCENT)) {
    addExact(str, start, end, eqCode, decode, decoders, record);
    return;
  }
  const keyEnd = eqAt < 0 ? end : eqAt;
  let value = eqAt < 0 ? '' : str.slice(eqAt + 1, end);
  if (decode !== null) {
    // The cache compares contents, so a hash that skipped `+`/`%` characters only costs a miss, never a wrong key.
    let key = keys.get(str, start, keyEnd, hash);
    // beyond-spec: plus-as-space
    if ((special & KEY_PLUS) !== 0) key = replacePlus(key, PLUS_FOR_DECODER);
    // beyond-spec: plus-as-space
    if ((special & VALUE_PLUS) !== 0) value = replacePlus(value, PLUS_FOR_DECODER);
    addPair(
      record,
      key.length > 0 ? decodePart(key, decode, decoders) : key,
      value.length > 0 ? decodePart(value, decode, decoders) : value,
    );
    return;
  }
  let key: string;
  if ((special & (KEY_PLUS | KEY_PERCENT)) === 0) {
    key = keys.get(str, start, keyEnd, hash);
  } else {
    // An encoded key: the decoded form from the cache when this raw key was decoded recently.
    const known = keys.decoded(str, start, keyEnd, hash);
    if (known !== undefined) {
      key = known;
    } else {
      const raw = str.slice(start, keyEnd);
      key = raw;
      if ((special & KEY_PLUS) !== 0) {
        // beyond-spec: plus-as-space
        key = replacePlus(raw, SPACE);
      }
      if ((special & KEY_PERCENT) !== 0) {
        const decoded = decodeUtf8Percent(key);
        if (decoded === null) {
          addExact(str, start, end, eqCode, decode, decoders, record);
          return;
        }
        key = decoded;
      }
      keys.rememberDecoded(raw, hash, key);
    }
  }
  // beyond-spec: plus-as-space
  if ((special & VALUE_PLUS) !== 0) value = replacePlus(value, SPACE);
  if ((special & VALUE_PERCENT) !== 0) {
    const decoded = decodeUtf8Percent(value);
    if (decoded === null) {
      addExact(str, start, end, eqCode, decode, decoders, record);
      return;
    }
    value = decoded;
  }
  addPlain(record, key, value);
}

/**
 * The pair `str[start, end)` walked character by character with the host's exact rules: `+` is a space (`%20` for a
 * custom decoder), and a part is decoded only when the host's one-pass `%XX` check says it is encoded.
 * That check shares its state between key and value, and once the key is known to be encoded it goes on scanning the
 * rest of the key on the value's behalf — hence the `else if (!valueEncoded)` in the key branch; the differential
 * tests pin this down.
 */
function addExact(
  str: string,
  start: number,
  end: number,
  eqCode: number,
  decode: Decoder,
  decoders: ModuleDecoders,
  record: QueryRecord,
): void {
  const custom = decode !== null;
  let eqAt = -1;
  let keyPlus = false;
  let valuePlus = false;
  let keyEncoded = custom;
  let valueEncoded = custom;
  let escape = 0; // progress through a `%XX`: 1 after `%`, 2 after `%X`, 3 and up once complete
  for (let i = start; i < end; i++) {
    const code = str.charCodeAt(i);
    if (eqAt < 0) {
      if (code === eqCode) {
        eqAt = i;
        escape = 0;
      } else if (code === PLUS) {
        keyPlus = true;
        if (!keyEncoded) escape = 0;
      } else if (!keyEncoded) {
        if (code === PERCENT) escape = 1;
        else if (escape > 0 && isHexDigit(code)) {
          if (++escape === 3) keyEncoded = true;
        } else escape = 0;
      } else if (!valueEncoded) {
        if (code === PERCENT) escape = 1;
        else if (escape > 0 && isHexDigit(code)) {
          if (++escape === 3) valueEncoded = true;
        } else escape = 0;
      }
    } else if (code === PLUS) {
      valuePlus = true;
    } else if (!valueEncoded) {
      if (code === PERCENT) escape = 1;
      else if (escape > 0 && isHexDigit(code)) {
        if (++escape === 3) valueEncoded = true;
      } else escape = 0;
    }
  }
  // With a custom decoder `+` is handed over as `%20`, otherwise as a literal space.
  const plusText = custom ? PLUS_FOR_DECODER : SPACE;
  let keyText = str.slice(start, eqAt < 0 ? end : eqAt);
  // beyond-spec: plus-as-space
  if (keyPlus) keyText = replacePlus(keyText, plusText);
  let valueText = eqAt < 0 ? '' : str.slice(eqAt + 1, end);
  // beyond-spec: plus-as-space
  if (valuePlus) valueText = replacePlus(valueText, plusText);
  addPair(
    record,
    keyEncoded && keyText.length > 0 ? decodePart(keyText, decode, decoders) : keyText,
    valueEncoded && valueText.length > 0 ? decodePart(valueText, decode, decoders) : valueText,
  );
}
