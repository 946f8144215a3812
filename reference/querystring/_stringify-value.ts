// How `stringify` turns one key or value into text, for the default encoder and for a custom one. (`if` chains on
// `typeof` rather than a `switch`: V8 turns `typeof x === 'string'` into a type check, a switch into string compares.)
import { encodeUtf8Percent } from './_encode-utf8-percent.js';

/**
 * The text a value contributes: strings, finite numbers, bigints and booleans; anything else (including NaN and
 * ±Infinity, objects, null, undefined) is the empty string.
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
