// How `stringify` writes an object, and how `stringify` and `escape` turn one key or value into text. (`if` chains on
// `typeof` rather than a `switch`: V8 turns `typeof x === 'string'` into a type check, a switch into string compares.)
// String conversions use the `+` operator rather than `String()`, as the host does; the difference is observable
// (valueOf before toString for objects, a TypeError for symbols).
import { encodeUtf8Percent } from './encode.js';
import type { EncodedKeyCache } from './key-caches.js';

/**
 * The text a value contributes: strings, finite numbers, bigints and booleans; anything else (including NaN and
 * ±Infinity, objects, null, undefined) is the empty string.
 * @rules querystring.stringify.string-values, querystring.stringify.finite-number-values, querystring.stringify.bigint-values, querystring.stringify.boolean-values, querystring.stringify.non-finite-empty, querystring.stringify.unsupported-empty
 */
export function primitiveText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? '' + value : '';
  if (typeof value === 'bigint') return '' + value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/**
 * `primitiveText` already percent-encoded with the default encoder. Only strings need scanning: the text of a
 * finite number below 1e21 in magnitude, a bigint or a boolean has nothing to escape; larger numbers print as
 * `1e+21`, whose `+` is escaped.
 * @rules querystring.stringify.string-values, querystring.stringify.finite-number-values, querystring.stringify.bigint-values, querystring.stringify.boolean-values, querystring.stringify.non-finite-empty, querystring.stringify.unsupported-empty
 */
export function encodedText(value: unknown): string {
  if (typeof value === 'string') return value.length === 0 ? '' : encodeUtf8Percent(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Math.abs(value) < 1e21 ? '' + value : encodeUtf8Percent('' + value);
  }
  if (typeof value === 'bigint') return '' + value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/** `'' + value`: ToPrimitive with the default hint, then ToString. */
export function concatToString(value: unknown): string {
  // The cast only satisfies the compiler: `+` accepts any operand at run time and that conversion is the point.
  return '' + (value as string);
}

/** `left + right` with JavaScript's own semantics (numeric addition when neither side becomes a string). */
function plus(left: unknown, right: unknown): unknown {
  return (left as string) + (right as string);
}

/**
 * Writes `source` as a query string in the common case: the default encoder, string delimiters. The separator is
 * written before every pair but the first rather than dropped from the front at the end: slicing the finished text
 * would flatten the whole rope once more.
 *
 * @param source The object.
 * @param keys Its own enumerable string keys (`Object.keys`, taken once by the caller), written in this order.
 * @param sep The pair delimiter.
 * @param eq The key/value delimiter.
 * @param leads The cache of encoded `key=` and `&key=` texts (used with `&` and `=` only).
 * @returns The query string.
 * @rules querystring.stringify.pair-order, querystring.stringify.array-repeats-key, querystring.stringify.array-elements-coerced, querystring.module.faster-than-url-search-params
 */
export function stringifyDefault(source: Record<string, unknown>, keys: readonly string[], sep: string, eq: string, leads: EncodedKeyCache): string {
  // The cache holds texts joined with `&` and `=`, so it serves only the default delimiters.
  const cacheable = sep === '&' && eq === '=';
  let out = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = source[key];
    // `lead` starts the first pair written, `next` (separator included) every later one.
    let lead: string;
    let next: string;
    if (cacheable && leads.accepts(key)) {
      const texts = leads.get(key) ?? leads.set(key, encodedText(key) + eq);
      lead = texts.lead;
      next = texts.next;
    } else {
      lead = encodedText(key) + eq;
      next = sep + lead;
    }
    if (Array.isArray(value)) {
      const count = value.length;
      if (count === 0) continue;
      out += out.length !== 0 ? next : lead;
      out += encodedText(value[0]);
      for (let j = 1; j < count; j++) {
        out += next;
        out += encodedText(value[j]);
      }
    } else {
      out += out.length !== 0 ? next : lead;
      out += encodedText(value);
    }
  }
  return out;
}

/**
 * Writes `source` as a query string with a custom encoder or non-string delimiters: every concatenation is done as the
 * host does it, so an encoder may return non-strings and a delimiter object is converted each time it is used (its
 * valueOf/toString can observe that).
 *
 * @param source The object.
 * @param keys Its own enumerable string keys (`Object.keys`, taken once by the caller), written in this order.
 * @param sep The pair delimiter, converted with `+` at each use.
 * @param eq The key/value delimiter, likewise.
 * @param convert Turns a key or value into its encoded text (or whatever the custom encoder returns).
 * @returns The query string.
 * @rules querystring.stringify.pair-order, querystring.stringify.array-repeats-key, querystring.stringify.array-elements-coerced, querystring.stringify.custom-delimiters, querystring.stringify.encode-custom
 */
export function stringifyGeneral(
  source: Record<string, unknown>,
  keys: readonly string[],
  sep: unknown,
  eq: unknown,
  convert: (value: unknown) => unknown,
): string {
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
