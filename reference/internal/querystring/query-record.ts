// The result object `parse` fills, how a pair is decoded and added to it, and what the parser needs from the module
// object to decode (handed in by the caller, so this file holds no module state).
import { decodeUtf8Percent } from './decode.js';

/** Key → value (string, or array of strings for a repeated key). A custom decoder may produce other values. */
export type QueryRecord = Record<string, unknown>;

/**
 * The constructor of parse results. Its prototype is an empty object that itself has no prototype, so a result
 * inherits nothing: not `toString`, and no `__proto__` accessor or `constructor`, so every key is an ordinary own
 * property and the string paths that prototype-pollution gadgets follow (`obj['__proto__']`,
 * `obj['constructor']['prototype']`) lead nowhere from a result. The spec asks for an object without the base-object
 * prototype. Node 20 and later give each result a null prototype instead; V8 allocates instances of one constructor
 * with in-object property slots and starts a prototype-less object in dictionary mode, so this shape is faster on short
 * queries (docs/reference.md, "The parse result's shared prototype", gives the measurement). The prototype is not frozen: V8 then sends every store of an integer-like key (`0=a&1=b`) down a slow
 * path that checks the chain for read-only elements (3× slower, measured), and only code holding a result and calling
 * `Object.getPrototypeOf` on it could reach the prototype at all. The single-character parser relies on the prototype
 * staying empty: it stores a key it knows to be new without reading it first (`addNew` in parse-single.ts).
 * @rules querystring.result.null-prototype
 */
const ParsedQueryRecord = function ParsedQueryRecord(): void {} as unknown as new () => QueryRecord;
ParsedQueryRecord.prototype = Object.create(null) as QueryRecord;

/**
 * A new, empty parse result (see `ParsedQueryRecord`).
 * @rules querystring.result.null-prototype
 */
export function newQueryRecord(): QueryRecord {
  return new ParsedQueryRecord();
}

/** A caller-supplied decoder, or `null` for the default one (built-in first, safe fallback on failure). */
export type Decoder = ((text: string) => unknown) | null;

/**
 * What the parser reads from the public module when a part needs it: an application may have replaced `unescape` or
 * `unescapeBuffer` on the module object, so these look the current functions up each time they are called.
 */
export interface ModuleDecoders {
  /** The never-throwing decoder for a part the built-in decoder rejects (`unescape`'s fallback). */
  readonly fallback: (text: string, decodeSpaces: boolean | undefined) => string;
  /** The decoder a part is retried with when a custom decoder throws: the module's `unescape`, spaces decoded. */
  readonly retry: (text: string) => unknown;
}

/**
 * Decodes one key or value. The default decoder is inlined (no call through `unescape`, and our exact JavaScript
 * equivalent of `decodeURIComponent`, faster on short parts) because it runs for every encoded part. A custom decoder
 * that throws is retried with the module's current `unescape`, spaces decoded, as the host does.
 *
 * @param text The raw part (`+` already replaced).
 * @param decode The custom decoder, or `null`.
 * @param decoders The module's current fallback decoders.
 * @returns The decoded part.
 * @rules querystring.parse.decode-default-unescape, querystring.parse.decode-custom, querystring.parse.utf8-default
 */
export function decodePart(text: string, decode: Decoder, decoders: ModuleDecoders): unknown {
  if (decode === null) return decodeUtf8Percent(text) ?? decoders.fallback(text, undefined);
  try {
    return decode(text);
  } catch {
    return decoders.retry(text);
  }
}

/**
 * Adds a pair: the first value of a key is stored as is, the second turns it into an array, later ones are appended,
 * so repeated keys keep their order. The array test is `.pop`, as the host's, which matters only for values a custom
 * decoder returned (a `null` there makes the host throw, and so does this).
 *
 * @param record The result being filled.
 * @param key The decoded key (any property key: custom decoders may return symbols or numbers).
 * @param value The decoded value.
 * @rules querystring.result.single-value-string, querystring.parse.repeated-keys
 */
export function addPair(record: QueryRecord, key: unknown, value: unknown): void {
  const name = key as string;
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
