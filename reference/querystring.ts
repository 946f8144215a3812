// The reference rt:querystring, in the spec's order: parse (alias decode), stringify (alias encode), escape, unescape,
// then the host's extra unescapeBuffer. The default export is the module object applications patch: assigning
// `querystring.escape` or `querystring.unescape` on it changes what stringify and parse use from then on.
//
// The parsers, encoders and decoders live in reference/internal/querystring/; they hold no state of their own.
import { Buffer } from 'node:buffer';
import { decodeUtf8Percent, percentBytes, safeDecode } from './internal/querystring/decode.js';
import { ownOption } from './internal/own-options.js';
import { encodeUtf8Percent } from './internal/querystring/encode.js';
import { EncodedKeyCache, ParsedKeyCache } from './internal/querystring/key-caches.js';
import { parseGeneral } from './internal/querystring/parse-general.js';
import { parseSingle } from './internal/querystring/parse-single.js';
import { newQueryRecord, type Decoder, type ModuleDecoders, type QueryRecord } from './internal/querystring/query-record.js';
import { concatToString, encodedText, primitiveText, stringifyDefault, stringifyGeneral } from './internal/querystring/stringify.js';

export interface ParseOptions {
  /** Most pairs to read; default 1000. Zero, negative, NaN and fractional values mean no limit (as on the host). */
  readonly maxKeys?: number | undefined;
  /** Decodes each percent-encoded key and value; default: the module's current `unescape`. */
  readonly decodeURIComponent?: ((text: string) => string) | undefined;
}

/** The parse result: each key maps to its value, or to all its values in order when it repeats. */
export interface ParsedQuery {
  [key: string]: string | string[];
}

export interface StringifyOptions {
  /** Encodes each key and value; default: the module's current `escape`. */
  readonly encodeURIComponent?: ((text: string) => string) | undefined;
}

/** The module object: the functions under the host's names; `escape` and `unescape` may be replaced. */
export interface QuerystringExports {
  parse: typeof parse;
  decode: typeof parse;
  stringify: typeof stringify;
  encode: typeof stringify;
  escape: typeof escape;
  unescape: typeof unescape;
  unescapeBuffer: typeof unescapeBuffer;
}

// Module state. Besides the module object at the end of this file (the patchable exports), the module keeps two
// process-wide caches of keys. They only save work on repeated keys and never change a result: `parsedKeys` hands
// `parse` the string object it produced last time for a key (512 slots, keys up to 32 characters) and what a recently
// seen key holding `+` or `%` decoded to (128 slots, same length limit), `encodedKeys` hands `stringify` the encoded
// `key=` text for the default delimiters (up to 1024 keys of up to 64 characters, cleared when full).
const parsedKeys = new ParsedKeyCache();
const encodedKeys = new EncodedKeyCache();

/**
 * What the parser reads from the module object, looked up when a part needs it (see `ModuleDecoders`).
 * @rules querystring.unescape.replaceable
 */
const moduleDecoders: ModuleDecoders = {
  fallback: unescapeFallback,
  // beyond-spec: decoder-that-throws
  retry: (text) => (querystring.unescape ?? unescape)(text, true),
};

const DEFAULT_MAX_KEYS = 1000;

/**
 * Parses a URL query string.
 *
 * The result inherits nothing (its prototype is a shared empty object without a prototype; docs/reference.md says
 * why it is not Node's null prototype), so every
 * key — `__proto__`, `constructor`, `hasOwnProperty` — is an ordinary own
 * property. A key that repeats collects its values into an array in input order. `+` means a space; percent-encoded
 * bytes are UTF-8; malformed encoding never throws. Empty `sep`/`eq` arguments mean the defaults.
 *
 * @param str The query string (anything else gives an empty result).
 * @param sep Pair delimiter, default `'&'`; may be several characters.
 * @param eq Key/value delimiter, default `'='`; may be several characters.
 * @param options `maxKeys` and `decodeURIComponent`, read as own properties (inherited ones are ignored).
 * @returns The keys and values.
 * @example
 * ```ts
 * parse('a=1&b=x+y&a=2'); // { a: ['1', '2'], b: 'x y' } (inheriting nothing)
 * parse('w:1;h:2', ';', ':'); // { w: '1', h: '2' }
 * ```
 * @rules querystring.parse.accepts-string, querystring.parse.sep-default, querystring.parse.sep-custom, querystring.parse.eq-default, querystring.parse.eq-custom, querystring.parse.decode-default-unescape, querystring.parse.decode-custom, querystring.parse.max-keys-default, querystring.parse.max-keys-custom, querystring.parse.max-keys-zero-unlimited, querystring.result.null-prototype
 */
export function parse(str: unknown, sep?: unknown, eq?: unknown, options?: ParseOptions | null): ParsedQuery {
  // Without the base-object prototype, as the spec requires (see `newQueryRecord`).
  const record = newQueryRecord();
  if (typeof str !== 'string' || str.length === 0) return record as ParsedQuery;

  const sepText = sep ? String(sep) : '&';
  const eqText = eq ? String(eq) : '=';
  let pairs = DEFAULT_MAX_KEYS;
  let decoder: unknown = querystring.unescape ?? unescape;
  if (options) {
    // Own properties only: once per call, never per pair.
    const maxKeys = ownOption(options, 'maxKeys');
    if (typeof maxKeys === 'number') pairs = maxKeys > 0 ? maxKeys : -1;
    const custom = ownOption(options, 'decodeURIComponent');
    if (typeof custom === 'function') decoder = custom;
  }
  // Our own unescape is inlined by the parser; anything else (an option, or an application's replacement of
  // `unescape`) is called for every non-empty key and value, like the host.
  const decode: Decoder = decoder === unescape ? null : (decoder as (text: string) => unknown);

  if (sepText.length === 1 && eqText.length === 1) {
    parseSingle(str, sepText, eqText, pairs, decode, moduleDecoders, parsedKeys, record);
  } else {
    parseGeneral(str, sepText, eqText, pairs, decode, moduleDecoders, record);
  }
  return record as ParsedQuery;
}

/**
 * `decode` is `parse` under the host's other name.
 * @rules querystring.decode.alias-of-parse
 */
export { parse as decode };

/**
 * Formats an object as a URL query string.
 *
 * Iterates the object's own enumerable string keys in order. Strings, finite numbers, bigints and booleans are
 * written as text, an array writes one `key=value` pair per element, any other value (NaN, Infinity, objects, null)
 * is written as the empty string, and an empty array writes nothing. Output is percent-encoded UTF-8.
 *
 * @param obj The object (anything that is not a non-null object gives `''`).
 * @param sep Pair delimiter, default `'&'`.
 * @param eq Key/value delimiter, default `'='`.
 * @param options `encodeURIComponent`, read as an own property (an inherited one is ignored).
 * @returns The query string.
 * @throws {URIError} code `ERR_INVALID_URI` from the default encoder for a string ending in an unpaired surrogate.
 * @example
 * ```ts
 * stringify({ a: [1, 2], b: 'x y', c: NaN }); // 'a=1&a=2&b=x%20y&c='
 * stringify({ w: 1, h: 2 }, ';', ':'); // 'w:1;h:2'
 * ```
 * @rules querystring.stringify.returns-string, querystring.stringify.sep-default, querystring.stringify.eq-default, querystring.stringify.custom-delimiters, querystring.stringify.encode-default-escape, querystring.stringify.encode-custom, querystring.stringify.own-properties, querystring.stringify.pair-order
 */
export function stringify(obj?: unknown, sep?: unknown, eq?: unknown, options?: StringifyOptions | null): string {
  const pairSep: unknown = sep || '&';
  const keySep: unknown = eq || '=';
  let encode: unknown = querystring.escape ?? escape;
  if (options) {
    const custom = ownOption(options, 'encodeURIComponent');
    if (typeof custom === 'function') encode = custom;
  }
  if (obj === null || typeof obj !== 'object') {
    // beyond-spec: stringify-non-object
    return '';
  }
  const source = obj as Record<string, unknown>;
  const keys = Object.keys(source);
  // Nothing to write (`{}` is a common argument): return before choosing a writer, whose set-up would cost more than
  // the call itself. Nothing observable is skipped: the keys are listed here, where the writers would list them.
  if (keys.length === 0) return '';

  if (encode === escape && typeof pairSep === 'string' && typeof keySep === 'string') {
    return stringifyDefault(source, keys, pairSep, keySep, encodedKeys);
  }
  return stringifyGeneral(source, keys, pairSep, keySep, encode === escape ? encodedText : customConvert(encode as (text: string) => unknown));
}

/**
 * The converter for a custom encoder, made here rather than as a closure inside `stringify`: one there would capture
 * `encode`, which would make every call of `stringify` allocate a context, the default path included.
 * @rules querystring.stringify.encode-custom
 */
function customConvert(encode: (text: string) => unknown): (value: unknown) => unknown {
  return (value) => encode(primitiveText(value));
}

/**
 * `encode` is `stringify` under the host's other name.
 * @rules querystring.encode.alias-of-stringify
 */
export { stringify as encode };

/**
 * Percent-encodes a string as UTF-8, leaving letters, digits and `! ' ( ) * - . _ ~` as they are. `stringify` uses
 * it by default.
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
 * @rules querystring.escape.percent-encodes
 */
export function escape(str: unknown): string {
  if (typeof str === 'string') return str.length === 0 ? '' : encodeUtf8Percent(str);
  const text = typeof str === 'object' ? String(str) : concatToString(str);
  return text.length === 0 ? '' : encodeUtf8Percent(text);
}

/**
 * Decodes percent-encoded UTF-8; `parse` uses it by default. Decodes as the built-in `decodeURIComponent` would (with
 * an exact, faster JavaScript equivalent); when it rejects the input (malformed escapes or invalid UTF-8) falls back
 * to a decoder that never throws: well-formed escapes are decoded, malformed ones kept, invalid UTF-8 replaced by
 * U+FFFD.
 *
 * @param str The text to decode.
 * @param decodeSpaces Whether `+` means a space — honoured by the fallback only, like the host.
 * @returns The decoded text.
 * @example
 * ```ts
 * unescape('a%20b'); // 'a b'
 * unescape('100%'); // '100%' (no error)
 * ```
 * @rules querystring.unescape.decodes, querystring.unescape.builtin-first, querystring.unescape.malformed-fallback
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

/**
 * The never-throwing half of `unescape`: the module's current `unescapeBuffer` when an application replaced it.
 * @rules querystring.unescape.malformed-fallback
 */
function unescapeFallback(str: string, decodeSpaces: boolean | undefined): string {
  const current = querystring.unescapeBuffer;
  if (current !== undefined && current !== unescapeBuffer) {
    // beyond-spec: unescape-buffer
    return current(str, decodeSpaces).toString();
  }
  return safeDecode(str, decodeSpaces);
}

/**
 * Decodes the `%XX` escapes of a string into bytes without ever throwing: malformed escapes stay literal, `+` becomes a
 * space when `decodeSpaces` is set, and other characters keep only their low byte. Exported as the host does;
 * `unescape` falls back to it.
 *
 * @param str The text to decode.
 * @param decodeSpaces Whether `+` means a space.
 * @returns The decoded bytes.
 * @example
 * ```ts
 * unescapeBuffer('a%20b%zz').toString(); // 'a b%zz'
 * ```
 */
// beyond-spec: unescape-buffer
export function unescapeBuffer(str: string, decodeSpaces?: boolean): Buffer {
  const bytes = percentBytes(str, decodeSpaces);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * The reference `rt:querystring` module, shaped like the host's exports (in its order). It is mutable on purpose:
 * parse, stringify and unescape read `escape`, `unescape` and `unescapeBuffer` from it at call time, so an
 * application that assigns a replacement changes what they use.
 * @rules querystring.module.exports, querystring.decode.alias-of-parse, querystring.encode.alias-of-stringify, querystring.escape.replaceable, querystring.unescape.replaceable
 */
const querystring: QuerystringExports = {
  unescapeBuffer,
  unescape,
  escape,
  stringify,
  encode: stringify,
  parse,
  decode: parse,
};

export default querystring;
