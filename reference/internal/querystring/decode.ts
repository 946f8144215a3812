// The decoders behind `unescape`, `unescapeBuffer` and `parse`: a JavaScript implementation of the built-in
// URI-component decoder for the hot path (for the short parts of a query string it is markedly faster than calling
// `decodeURIComponent`, whose result it reproduces exactly), and the safe fallback that never throws.

// ignoreBOM: a decoded U+FEFF at the start is content, not a byte-order mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** `HEX_VALUE[c]` is the value of hex digit `c` (a UTF-16 code unit below 256), or -1 when `c` is not a hex digit. */
const HEX_VALUE: Int8Array = (() => {
  const table = new Int8Array(256).fill(-1);
  for (let digit = 0; digit < 10; digit++) table[0x30 + digit] = digit;
  for (let digit = 0; digit < 6; digit++) {
    table[0x41 + digit] = 10 + digit;
    table[0x61 + digit] = 10 + digit;
  }
  return table;
})();

/**
 * Whether UTF-16 code unit `code` is a hex digit, for the parser's "is there a valid %XX here" scan.
 *
 * @param code A UTF-16 code unit.
 * @returns Whether it is 0-9, A-F or a-f.
 */
export function isHexDigit(code: number): boolean {
  // Unsigned compares: one branch per range, no table load.
  return (code - 0x30) >>> 0 < 10 || ((code | 0x20) - 0x61) >>> 0 < 6;
}

/**
 * Decodes every `%XX` of `str` as UTF-8 exactly like `decodeURIComponent`, or returns `null` where that would throw:
 * a `%` not followed by two hex digits, a byte sequence that is not well-formed UTF-8 (overlong, surrogate, beyond
 * U+10FFFF, truncated). Everything else is copied unchanged.
 * @rules querystring.unescape.builtin-first, querystring.parse.utf8-default
 */
export function decodeUtf8Percent(str: string): string | null {
  let i = str.indexOf('%');
  if (i < 0) return str;
  const length = str.length;
  let out = i > 0 ? str.slice(0, i) : '';
  for (;;) {
    // str[i] is '%': decode one character, which may take several escapes.
    const lead = byteAt(str, i, length);
    if (lead < 0) return null;
    i += 3;
    if (lead < 0x80) {
      out += String.fromCharCode(lead);
    } else {
      let point: number;
      let count: number; // continuation bytes
      let low = 0x80; // allowed range of the first continuation byte
      let high = 0xbf;
      if (lead >= 0xc2 && lead <= 0xdf) {
        count = 1;
        point = lead & 0x1f;
      } else if (lead >= 0xe0 && lead <= 0xef) {
        count = 2;
        point = lead & 0x0f;
        if (lead === 0xe0) low = 0xa0; // overlong
        else if (lead === 0xed) high = 0x9f; // UTF-16 surrogates
      } else if (lead >= 0xf0 && lead <= 0xf4) {
        count = 3;
        point = lead & 0x07;
        if (lead === 0xf0) low = 0x90; // overlong
        else if (lead === 0xf4) high = 0x8f; // beyond U+10FFFF
      } else {
        return null;
      }
      for (let k = 0; k < count; k++) {
        if (str.charCodeAt(i) !== 0x25) return null;
        const byte = byteAt(str, i, length);
        if (byte < low || byte > high) return null;
        low = 0x80;
        high = 0xbf;
        point = (point << 6) | (byte & 0x3f);
        i += 3;
      }
      out += point < 0x10000 ? String.fromCharCode(point) : String.fromCharCode(0xd7c0 + (point >> 10), 0xdc00 | (point & 0x3ff));
    }
    if (i >= length) return out;
    if (str.charCodeAt(i) === 0x25) continue; // escapes often come in runs: skip the search
    const next = str.indexOf('%', i);
    if (next < 0) return out + str.slice(i);
    out += str.slice(i, next);
    i = next;
  }
}

/** The byte written as `%XX` at `at` (where `str[at]` is `%`), or -1 when the two hex digits are missing. */
function byteAt(str: string, at: number, length: number): number {
  if (at + 2 >= length) return -1;
  const high = str.charCodeAt(at + 1);
  const low = str.charCodeAt(at + 2);
  if (high > 0x66 || low > 0x66) return -1;
  const h = HEX_VALUE[high]!;
  const l = HEX_VALUE[low]!;
  return h < 0 || l < 0 ? -1 : (h << 4) | l;
}

/**
 * Decodes `%XX` escapes as UTF-8 bytes, replacing invalid sequences with U+FFFD; never throws.
 * @rules querystring.unescape.malformed-fallback
 */
export function safeDecode(str: string, decodeSpaces: boolean | undefined): string {
  return utf8.decode(percentBytes(str, decodeSpaces));
}

/**
 * The bytes of `str` with `%XX` escapes decoded. A `%` not followed by two hex digits stays a literal `%`; `+` becomes
 * a space when `decodeSpaces` is set; every other code unit contributes its low byte (the host's fallback keeps only
 * that byte, so characters above U+00FF are not preserved — this is the documented "safer" decoder, not a UTF-8 one).
 * @rules querystring.unescape.malformed-fallback
 */
export function percentBytes(str: string, decodeSpaces: boolean | undefined): Uint8Array {
  const length = str.length;
  const out = new Uint8Array(length);
  const lastEscapeStart = length - 2; // a `%` needs two more code units to start an escape
  let n = 0;
  for (let i = 0; i < length; i++) {
    const code = str.charCodeAt(i);
    if (code === 0x25 && i < lastEscapeStart) {
      const high = hexValue(str.charCodeAt(i + 1));
      const low = high < 0 ? -1 : hexValue(str.charCodeAt(i + 2));
      if (low >= 0) {
        out[n++] = (high << 4) | low;
        i += 2;
        continue;
      }
    } else if (code === 0x2b && decodeSpaces) {
      out[n++] = 0x20;
      continue;
    }
    out[n++] = code; // Uint8Array stores the low byte
  }
  return n === length ? out : out.subarray(0, n);
}

function hexValue(code: number): number {
  return code < 256 ? HEX_VALUE[code]! : -1;
}
