// querystring.stringify (alias encode): an object's own enumerable properties as a URL query string.
import { encodedText, primitiveText } from './_stringify-value.js';
import { liveExports } from './_live-exports.js';
import { concatToString, plus } from './_to-string.js';
import { escape } from './escape.js';

export interface StringifyOptions {
  /** Encodes each key and value; default: the module's current `escape`. */
  readonly encodeURIComponent?: ((text: string) => string) | undefined;
}

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
 * @param options `encodeURIComponent`.
 * @returns The query string.
 * @throws {URIError} code `ERR_INVALID_URI` from the default encoder for a string ending in an unpaired surrogate.
 * @example
 * ```ts
 * stringify({ a: [1, 2], b: 'x y', c: NaN }); // 'a=1&a=2&b=x%20y&c='
 * stringify({ w: 1, h: 2 }, ';', ':'); // 'w:1;h:2'
 * ```
 */
export function stringify(obj?: unknown, sep?: unknown, eq?: unknown, options?: StringifyOptions | null): string {
  const pairSep: unknown = sep || '&';
  const keySep: unknown = eq || '=';
  let encode: unknown = liveExports()?.escape ?? escape;
  if (options) {
    const custom: unknown = options.encodeURIComponent;
    if (typeof custom === 'function') encode = custom;
  }
  if (obj === null || typeof obj !== 'object') return '';
  const source = obj as Record<string, unknown>;

  if (encode === escape && typeof pairSep === 'string' && typeof keySep === 'string') {
    return stringifyDefault(source, pairSep, keySep);
  }
  const convert =
    encode === escape
      ? encodedText
      : (value: unknown): unknown => (encode as (text: string) => unknown)(primitiveText(value));
  return stringifyGeneral(source, pairSep, keySep, convert);
}

/**
 * `key=` (encoded key and `=`) of recently seen keys, for the default delimiters: programs stringify objects of the
 * same few shapes again and again, and this saves encoding each key and joining it with `=` for every pair. Bounded in
 * entries and in key length.
 */
const LEADS = new Map<string, string>();
const MAX_LEADS = 1024;
const MAX_CACHED_KEY = 64;

/**
 * The common case: default encoder, string delimiters. The separator is written before every pair but the first
 * rather than dropped from the front at the end: slicing the finished text would flatten the whole rope once more.
 */
function stringifyDefault(source: Record<string, unknown>, sep: string, eq: string): string {
  const keys = Object.keys(source);
  const cacheable = sep === '&' && eq === '=';
  let out = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = source[key];
    const cached = cacheable && key.length <= MAX_CACHED_KEY;
    let lead = cached ? LEADS.get(key) : undefined;
    if (lead === undefined) {
      lead = encodedText(key) + eq;
      if (cached) {
        if (LEADS.size >= MAX_LEADS) LEADS.clear();
        LEADS.set(key, lead);
      }
    }
    if (Array.isArray(value)) {
      const count = value.length;
      if (count === 0) continue;
      if (out.length !== 0) out += sep;
      out += lead;
      out += encodedText(value[0]);
      if (count > 1) {
        // Later elements: one concatenation for separator and key instead of two.
        const next = sep + lead;
        for (let j = 1; j < count; j++) {
          out += next;
          out += encodedText(value[j]);
        }
      }
    } else {
      if (out.length !== 0) out += sep;
      out += lead;
      out += encodedText(value);
    }
  }
  return out;
}

/**
 * Custom encoders and non-string delimiters: every concatenation is done as the host does it, so an encoder may
 * return non-strings and a delimiter object is converted each time it is used (its valueOf/toString can observe that).
 */
function stringifyGeneral(source: Record<string, unknown>, sep: unknown, eq: unknown, convert: (value: unknown) => unknown): string {
  const keys = Object.keys(source);
  let out = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = source[key];
    const prefix = plus(convert(key), eq);
    if (Array.isArray(value)) {
      const count = value.length;
      if (count === 0) continue;
      if (out) out += concatToString(sep);
      for (let j = 0; j < count; j++) {
        if (j) out += concatToString(sep);
        out += concatToString(prefix);
        out += concatToString(convert(value[j]));
      }
    } else {
      if (out) out += concatToString(sep);
      out += concatToString(prefix);
      out += concatToString(convert(value));
    }
  }
  return out;
}
