// querystring.unescape: the decoder `parse` uses by default.
import { decodeUtf8Percent } from './_decode-utf8-percent.js';
import { unescapeFallback } from './_unescape-fallback.js';

/**
 * Decodes percent-encoded UTF-8. Decodes as the built-in `decodeURIComponent` would (with an exact, faster
 * JavaScript equivalent); when it rejects the input (malformed
 * escapes or invalid UTF-8) falls back to a decoder that never throws: well-formed escapes are decoded, malformed ones
 * kept, invalid UTF-8 replaced by U+FFFD.
 *
 * @param str The text to decode.
 * @param decodeSpaces Whether `+` means a space — honoured by the fallback only, like the host.
 * @returns The decoded text.
 * @example
 * ```ts
 * unescape('a%20b'); // 'a b'
 * unescape('100%'); // '100%' (no error)
 * ```
 */
export function unescape(str: string, decodeSpaces?: boolean): string {
  if (typeof str === 'string') return decodeUtf8Percent(str) ?? unescapeFallback(str, decodeSpaces);
  // Not a string (callers without types): let the built-in do its own conversion, as the host does.
  try {
    return decodeURIComponent(str);
  } catch {
    return unescapeFallback(str, decodeSpaces);
  }
}

