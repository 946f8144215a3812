// querystring.parse (alias decode): a URL query string into a prototype-less object of keys to values.
import { liveExports } from './_live-exports.js';
import { parseGeneral } from './_parse-general.js';
import { parseSingle } from './_parse-single.js';
import type { Decoder, QueryRecord } from './_query-record.js';
import { unescape } from './unescape.js';

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

const DEFAULT_MAX_KEYS = 1000;

/**
 * Parses a URL query string.
 *
 * The result has no prototype, so every key — `__proto__`, `constructor`, `hasOwnProperty` — is an ordinary own
 * property. A key that repeats collects its values into an array in input order. `+` means a space; percent-encoded
 * bytes are UTF-8; malformed encoding never throws. Empty `sep`/`eq` arguments mean the defaults.
 *
 * @param str The query string (anything else gives an empty result).
 * @param sep Pair delimiter, default `'&'`; may be several characters.
 * @param eq Key/value delimiter, default `'='`; may be several characters.
 * @param options `maxKeys` and `decodeURIComponent`.
 * @returns The keys and values.
 * @example
 * ```ts
 * parse('a=1&b=x+y&a=2'); // { a: ['1', '2'], b: 'x y' } (prototype-less)
 * parse('w:1;h:2', ';', ':'); // { w: '1', h: '2' }
 * ```
 */
export function parse(str: unknown, sep?: unknown, eq?: unknown, options?: ParseOptions | null): ParsedQuery {
  // Prototype-less, as the spec requires. setPrototypeOf on a fresh literal keeps V8's fast (non-dictionary) property
  // storage, which Object.create(null) gives up; measured faster for typical queries (bench/querystring.ts).
  const record = Object.setPrototypeOf({}, null) as QueryRecord;
  if (typeof str !== 'string' || str.length === 0) return record as ParsedQuery;

  const sepText = sep ? String(sep) : '&';
  const eqText = eq ? String(eq) : '=';
  let pairs = DEFAULT_MAX_KEYS;
  let decoder: unknown = liveExports()?.unescape ?? unescape;
  if (options) {
    const maxKeys: unknown = options.maxKeys;
    if (typeof maxKeys === 'number') pairs = maxKeys > 0 ? maxKeys : -1;
    const custom: unknown = options.decodeURIComponent;
    if (typeof custom === 'function') decoder = custom;
  }
  // Our own unescape is inlined by the parser; anything else (an option, or an application's replacement of
  // `unescape`) is called for every non-empty key and value, like the host.
  const decode: Decoder = decoder === unescape ? null : (decoder as (text: string) => unknown);

  if (sepText.length === 1 && eqText.length === 1) {
    parseSingle(str, sepText, eqText, pairs, decode, record);
  } else {
    parseGeneral(str, sepText, eqText, pairs, decode, record);
  }
  return record as ParsedQuery;
}
