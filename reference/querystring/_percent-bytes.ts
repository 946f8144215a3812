// The byte-level half of the safe fallback decoder: turns a string into bytes, decoding every well-formed `%XX`
// and keeping anything malformed literally, so it can never fail.
import { HEX_VALUE } from './_char-tables.js';

/**
 * The bytes of `str` with `%XX` escapes decoded. A `%` not followed by two hex digits stays a literal `%`; `+` becomes
 * a space when `decodeSpaces` is set; every other code unit contributes its low byte (the host's fallback keeps only
 * that byte, so characters above U+00FF are not preserved — this is the documented "safer" decoder, not a UTF-8 one).
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
