// "Ignores it" candidates of rt:querystring for the vacuity audit: the reference with one argument, option or value
// rule undone (a delimiter dropped, an option ignored, a value written as the default for unsupported values), edited
// where the application hands it over. What each one must fail is listed in querystring-audit.ts.
import type { QuerystringModule } from '../../../conformance/modules.js';

// The loose signatures an application may call the functions with, and the reference typed so: the mutant kit's.
import { ref, type Mutable as LooseQuerystring } from '../querystring-mutant-kit.js';

/**
 * A module behaving as the reference, bound to itself: its parse and stringify use *its* current unescape/escape, so
 * the cases that replace those properties see the edit as they see the reference. `edit` then undoes one thing; it
 * gets the faithful functions to build on.
 */
export function querystringWith(edit: (base: LooseQuerystring) => Partial<LooseQuerystring>): QuerystringModule {
  const module: LooseQuerystring = {
    parse: (str, sep, eq, options) => ref.parse(str, sep, eq, { ...options, decodeURIComponent: options?.['decodeURIComponent'] ?? module.unescape }),
    decode: (...args) => module.parse(...args),
    stringify: (obj, sep, eq, options) => ref.stringify(obj, sep, eq, { ...options, encodeURIComponent: options?.['encodeURIComponent'] ?? module.escape }),
    encode: (...args) => module.stringify(...args),
    escape: ref.escape,
    unescape: ref.unescape,
  };
  Object.assign(module, edit({ ...module }));
  return module as unknown as QuerystringModule;
}

/** An object for stringify with `map` applied to each value (`elements`: to each element of an array value only). */
export function mappedInput(obj: unknown, map: (value: unknown) => unknown, elements = false): unknown {
  if (obj === null || typeof obj !== 'object') return obj;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    const value = (obj as Record<string, unknown>)[key];
    // defineProperty, not assignment: an own key named __proto__ must stay a key.
    Object.defineProperty(out, key, { value: elements ? (Array.isArray(value) ? value.map(map) : value) : map(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A parse result rebuilt with `map` applied to each value. */
export function mappedResult(result: unknown, map: (value: unknown) => unknown): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(result as object)) out[key] = map(value);
  return out;
}

/** Percent-encodes each UTF-16 code unit below 256 as its one byte (Latin-1), the rest as UTF-8: not the spec's UTF-8. */
export function latin1Escape(text: string): string {
  return [...text].map((char) => (char.length === 1 && char.charCodeAt(0) < 256 && !/[A-Za-z0-9\-_.!~*'()]/.test(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : /[A-Za-z0-9\-_.!~*'()]/.test(char) ? char : encodeURIComponent(char))).join('');
}

/** Decodes each %XX as the one Latin-1 character of its byte: not the spec's UTF-8. */
export function latin1Unescape(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** encodeURIComponent, and also the characters it leaves alone that are not unreserved in RFC 3986: ! ' ( ) *. */
export function overEncodingEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
