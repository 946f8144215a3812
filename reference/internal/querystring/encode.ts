// The percent-encoder behind `escape`: UTF-8 bytes of every code unit outside the unreserved set as `%XX`, with the
// host's handling of unpaired surrogates (see below), which `encodeURIComponent` does not share. Its lookup tables are
// built once at load so the hot loop only indexes arrays.
import { invalidUri } from '../errors.js';

/** `PERCENT_ENCODED[b]` is the upper-case `%XX` form of byte `b`. */
const PERCENT_ENCODED: readonly string[] = Array.from(
  { length: 256 },
  (_, byte) => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`,
);

/**
 * `PERCENT_ENCODED_TWO_BYTES[c]` is the UTF-8 encoding of code point `c` (0x80 to 0x7FF, two bytes) as `%XX%XX`, so
 * the encoder appends one string per accented Latin, Greek, Cyrillic, Hebrew or Arabic letter instead of building it.
 */
const PERCENT_ENCODED_TWO_BYTES: readonly string[] = Array.from({ length: 0x800 }, (_, code) =>
  code < 0x80 ? '' : PERCENT_ENCODED[0xc0 | (code >> 6)]! + PERCENT_ENCODED[0x80 | (code & 0x3f)]!,
);

/**
 * `UNRESERVED[c]` is 1 for the ASCII characters `escape` leaves as they are: letters, digits and `! ' ( ) * - . _ ~`
 * (the set `encodeURIComponent` also leaves alone), 0 for every other ASCII code.
 */
const UNRESERVED: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const marks = "!'()*-._~";
  for (let c = 0x30; c <= 0x39; c++) table[c] = 1;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = 1;
  for (let c = 0x61; c <= 0x7a; c++) table[c] = 1;
  for (let i = 0; i < marks.length; i++) table[marks.charCodeAt(i)] = 1;
  return table;
})();

/** Text at least this long is searched natively for its first character to escape (see `encodeUtf8Percent`). */
const LONG_TEXT = 64;
/** Any character `UNRESERVED` does not list (non-ASCII included). */
const TO_ESCAPE = /[^A-Za-z0-9!'()*\-._~]/;
/** The built-in `exec`, taken at load: an application replacing `RegExp.prototype.exec` cannot change what we encode. */
const regexpExec: (this: RegExp, text: string) => RegExpExecArray | null = RegExp.prototype.exec;

/**
 * Percent-encodes `str` (a string). Returns `str` itself when nothing needs escaping, so the common all-ASCII case
 * allocates nothing. A surrogate code unit (high or low) is combined with whatever code unit follows it into one
 * four-byte sequence, as the host does; a surrogate in last position throws `ERR_INVALID_URI` (see `invalidUri`).
 * @rules querystring.escape.percent-encodes, querystring.stringify.utf8-percent-encoding
 */
export function encodeUtf8Percent(str: string): string {
  const length = str.length;
  let out = '';
  let copied = 0; // str[0, copied) is already in `out`
  let i = 0;
  if (length >= LONG_TEXT) {
    // Long text (tokens, payloads) is often all unreserved: the native regular-expression scan finds the first
    // character to escape, or that there is none, faster than the loop below walks to it.
    const match = regexpExec.call(TO_ESCAPE, str);
    if (match === null) return str;
    i = match.index;
  }
  while (i < length) {
    let code = str.charCodeAt(i);
    // Runs of ASCII, the common case, stay in this tight inner loop.
    while (code < 0x80) {
      if (UNRESERVED[code] !== 1) {
        if (copied < i) out += str.slice(copied, i);
        out += PERCENT_ENCODED[code];
        copied = i + 1;
      }
      if (++i === length) return copied === 0 ? str : copied < length ? out + str.slice(copied) : out;
      code = str.charCodeAt(i);
    }
    if (copied < i) out += str.slice(copied, i);
    if (code < 0x800) {
      out += PERCENT_ENCODED_TWO_BYTES[code]!;
    } else if (code < 0xd800 || code >= 0xe000) {
      out +=
        PERCENT_ENCODED[0xe0 | (code >> 12)]! +
        PERCENT_ENCODED[0x80 | ((code >> 6) & 0x3f)]! +
        PERCENT_ENCODED[0x80 | (code & 0x3f)]!;
    } else {
      if (++i === length) throw invalidUri();
      const point = 0x10000 + (((code & 0x3ff) << 10) | (str.charCodeAt(i) & 0x3ff));
      out +=
        PERCENT_ENCODED[0xf0 | (point >> 18)]! +
        PERCENT_ENCODED[0x80 | ((point >> 12) & 0x3f)]! +
        PERCENT_ENCODED[0x80 | ((point >> 6) & 0x3f)]! +
        PERCENT_ENCODED[0x80 | (point & 0x3f)]!;
    }
    copied = ++i;
  }
  return copied < length ? out + str.slice(copied) : out;
}
