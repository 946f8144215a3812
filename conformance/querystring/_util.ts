// Helpers shared by the rt:querystring cases: comparable copies of parse results, patching a module property for the
// length of a case, and the fast-check arbitraries for the inputs whose behaviour the spec defines.
import type * as fcModule from 'fast-check';
import { CaseFailure, type CaseContext } from '../case.js';
import type { QuerystringModule } from '../modules.js';

type Fc = typeof fcModule;

/** A plain, comparable copy of a parse result: own enumerable string keys, arrays copied. */
export function plain(result: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  if (result === null || typeof result !== 'object') return copy;
  for (const key of Object.keys(result)) {
    const value = (result as Record<string, unknown>)[key];
    // defineProperty, not assignment: a key named __proto__ must stay a key.
    Object.defineProperty(copy, key, { value: Array.isArray(value) ? [...(value as unknown[])] : value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * Runs `call` and turns anything it throws into a `CaseFailure`: for these cases a candidate that throws (a missing
 * function, a decoder error escaping) is breaking the rule, not crashing the harness.
 */
export function attempt<T>(label: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new CaseFailure(`${label} threw ${described}`, { expected: 'a result', actual: described });
  }
}

/** The properties of the module that the spec says an application may replace. */
export type Replaceable = 'escape' | 'unescape';

/**
 * Assigns `replacement` to the candidate's `escape`/`unescape` for the rest of the case and restores the original
 * afterwards (the module object is shared with every later case).
 */
export function replaceExport(ctx: CaseContext, name: Replaceable, replacement: (text: string) => string): void {
  const module = ctx.qs as unknown as Record<Replaceable, unknown>;
  const original = module[name];
  module[name] = replacement;
  ctx.defer(() => {
    module[name] = original;
  });
}

/** Characters no query delimiter used by the cases contains, safe inside keys and values without encoding. */
export const SAFE_CHARS = 'abcxyzABCXYZ0189-_.~'.split('');

/** A key or value the spec defines unambiguously: safe characters only, possibly empty. */
export function safeText(fc: Fc, minLength = 0): fcModule.Arbitrary<string> {
  return fc.array(fc.constantFrom(...SAFE_CHARS), { minLength, maxLength: 8 }).map((chars) => chars.join(''));
}

/** Any well-formed Unicode text (no lone surrogates), including astral characters and the empty string. */
export function unicodeText(fc: Fc, maxLength = 12): fcModule.Arbitrary<string> {
  return fc.oneof(fc.string({ unit: 'binary', maxLength }), fc.string({ unit: 'grapheme', maxLength }), safeText(fc));
}

/** Pair delimiters and key/value delimiters built from characters outside SAFE_CHARS, several characters long too. */
export function separator(fc: Fc): fcModule.Arbitrary<string> {
  return fc.constantFrom('&', ';', ',', '|', '&&', '; ', '<>', '#!#');
}
export function assigner(fc: Fc): fcModule.Arbitrary<string> {
  return fc.constantFrom('=', ':', '=>', '::', ' is ', '@');
}

/** The characters the default encoder may leave as they are (the set `encodeURIComponent` leaves alone). */
export const ENCODED_TEXT = /^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-Fa-f]{2})*$/;

/** The module's functions with the loose signatures the cases call them with (non-string arguments on purpose). */
export interface LooseQuerystring {
  parse(str: unknown, sep?: unknown, eq?: unknown, options?: unknown): unknown;
  decode(str: unknown, sep?: unknown, eq?: unknown, options?: unknown): unknown;
  stringify(obj: unknown, sep?: unknown, eq?: unknown, options?: unknown): unknown;
  encode(obj: unknown, sep?: unknown, eq?: unknown, options?: unknown): unknown;
  escape(str: unknown): unknown;
  unescape(str: unknown): unknown;
}

/** The candidate's module, typed for calls the declared signatures would reject. */
export function loose(module: QuerystringModule | undefined): LooseQuerystring {
  if (!module) throw new Error('the reference querystring module (ctx.oracle.querystring) is missing');
  return module as unknown as LooseQuerystring;
}
