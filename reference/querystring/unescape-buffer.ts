// querystring.unescapeBuffer: the byte-level safe decoder, exported as the host does (unescape falls back to it).
import { Buffer } from 'node:buffer';
import { percentBytes } from './_percent-bytes.js';

/**
 * Decodes the `%XX` escapes of a string into bytes without ever throwing: malformed escapes stay literal, `+` becomes a
 * space when `decodeSpaces` is set, and other characters keep only their low byte.
 *
 * @param str The text to decode.
 * @param decodeSpaces Whether `+` means a space.
 * @returns The decoded bytes.
 * @example
 * ```ts
 * unescapeBuffer('a%20b%zz').toString(); // 'a b%zz'
 * ```
 */
export function unescapeBuffer(str: string, decodeSpaces?: boolean): Buffer {
  const bytes = percentBytes(str, decodeSpaces);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
