// The result object `parse` fills, and how a decoded pair is added to it.
import { decodeUtf8Percent } from './_decode-utf8-percent.js';
import { liveExports } from './_live-exports.js';
import { unescape } from './unescape.js';
import { unescapeFallback } from './_unescape-fallback.js';

/** Key → value (string, or array of strings for a repeated key). A custom decoder may produce other values. */
export type QueryRecord = Record<string, unknown>;

/** A caller-supplied decoder, or `null` for the default one (built-in first, safe fallback on failure). */
export type Decoder = ((text: string) => unknown) | null;

/**
 * Decodes one key or value. The default decoder is inlined (no call through `unescape`, and our exact JavaScript
 * equivalent of `decodeURIComponent`, faster on short parts) because it runs for every encoded part. A custom decoder
 * that throws is retried with the module's current `unescape`, spaces decoded, as the host does.
 */
export function decodePart(text: string, decode: Decoder): unknown {
  if (decode === null) return decodeUtf8Percent(text) ?? unescapeFallback(text, undefined);
  try {
    return decode(text);
  } catch {
    return (liveExports()?.unescape ?? unescape)(text, true);
  }
}

/**
 * Adds a pair: the first value of a key is stored as is, the second turns it into an array, later ones are appended,
 * so repeated keys keep their order. The array test is `.pop`, as the host's, which matters only for values a custom
 * decoder returned (a `null` there makes the host throw, and so does this).
 */
export function addPair(record: QueryRecord, key: unknown, value: unknown): void {
  const name = key as string; // any property key works here; custom decoders may return symbols or numbers
  const current = record[name];
  if (current === undefined) {
    record[name] = value;
  } else if ((current as { pop?: unknown }).pop) {
    const list = current as unknown[];
    list[list.length] = value;
  } else {
    record[name] = [current, value];
  }
}
