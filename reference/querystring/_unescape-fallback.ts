// The never-throwing half of `unescape`, shared with `parse` (which inlines the built-in first attempt).
import { liveExports } from './_live-exports.js';
import { safeDecode } from './_safe-decode.js';
import { unescapeBuffer } from './unescape-buffer.js';

/** Decodes `str` with the safe decoder — the module's current `unescapeBuffer` when an application replaced it. */
export function unescapeFallback(str: string, decodeSpaces: boolean | undefined): string {
  const patched = liveExports()?.unescapeBuffer;
  if (patched !== undefined && patched !== unescapeBuffer) return patched(str, decodeSpaces).toString();
  return safeDecode(str, decodeSpaces);
}
