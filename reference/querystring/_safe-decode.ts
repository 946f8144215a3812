// The safe fallback decoder the spec asks `unescape` to use when the built-in URI decoder rejects its input.
import { percentBytes } from './_percent-bytes.js';

// ignoreBOM: a decoded U+FEFF at the start is content, not a byte-order mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes `%XX` escapes as UTF-8 bytes, replacing invalid sequences with U+FFFD; never throws. */
export function safeDecode(str: string, decodeSpaces: boolean | undefined): string {
  return utf8.decode(percentBytes(str, decodeSpaces));
}
