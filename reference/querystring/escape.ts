// querystring.escape: the percent-encoder `stringify` uses by default.
import { encodeUtf8Percent } from './_encode-utf8-percent.js';
import { concatToString } from './_to-string.js';

/**
 * Percent-encodes a string as UTF-8, leaving letters, digits and `! ' ( ) * - . _ ~` as they are.
 *
 * A non-string is converted first (`String(x)` for objects, `'' + x` otherwise).
 *
 * @param str The text to encode.
 * @returns The encoded text (`str` itself when nothing needed encoding).
 * @throws {URIError} code `ERR_INVALID_URI` when the text ends in an unpaired surrogate.
 * @example
 * ```ts
 * escape('a b&c=é'); // 'a%20b%26c%3D%C3%A9'
 * ```
 */
export function escape(str: unknown): string {
  if (typeof str === 'string') return str.length === 0 ? '' : encodeUtf8Percent(str);
  const text = typeof str === 'object' ? String(str) : concatToString(str);
  return text.length === 0 ? '' : encodeUtf8Percent(text);
}
