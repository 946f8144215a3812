// Helpers shared by the rt:querystring cases: the candidate's functions checked before use, comparable copies of parse
// results, patching a module property for the length of a case, and the fast-check arbitraries for the inputs whose
// behaviour the spec defines.
import { expect } from 'chai';
import { inspect, isDeepStrictEqual } from 'node:util';
import type * as fcModule from 'fast-check';
import { CaseFailure, type CaseContext } from '../case.js';
import { api, describeThrown, describeValue, returnedBy } from '../kit.js';
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
 * The names of Object.prototype's own members (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, …). As keys
 * they exercise where a result or an input keeps its own properties apart from inherited ones: the null-prototype
 * rule's matter for parse and the own-properties rule's for stringify, whose cases use them on purpose. Every other
 * generator leaves them out (fast-check offers such names among its strings), so that a result that inherits
 * Object.prototype is charged to that rule alone, whatever the seed.
 */
const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Whether `key` names a member of Object.prototype (see OBJECT_MEMBER_NAMES). */
export function isObjectMemberName(key: string): boolean {
  return OBJECT_MEMBER_NAMES.has(key);
}

/**
 * The pairs of a stringify output as a multiset: the output split on `sep`, sorted. The order of the pairs is the
 * pair-order rule's, which has a case of its own; every other stringify case compares pairs this way, so an output
 * with the right pairs in another order (sorted keys, say) is charged to that rule alone.
 * @example
 * ```ts
 * pairsOf('b=2&a=1'); // ['a=1', 'b=2']
 * ```
 */
export function pairsOf(output: unknown, sep = '&'): string[] {
  if (typeof output !== 'string' || output === '') return [];
  return output.split(sep).sort();
}

/**
 * Checks that a stringify output holds exactly `expected` pairs joined by `sep`, in any order (see pairsOf).
 * @example
 * ```ts
 * expectPairs(stringify({ a: '1', b: '2' }), ['a=1', 'b=2']);
 * ```
 */
export function expectPairs(output: unknown, expected: readonly string[], sep = '&', what?: string): void {
  const label = what ?? `the pairs of ${JSON.stringify(output)}, in any order`;
  expect(pairsOf(output, sep), label).to.deep.equal([...expected].sort());
}

/** The properties of the module that the spec says an application may replace. */
export type Replaceable = 'escape' | 'unescape';

/**
 * Assigns `replacement` to the candidate's `escape`/`unescape` (checked to exist) for the rest of the case and restores
 * the original afterwards (the module object is shared with every later case).
 */
export function replaceExport(ctx: CaseContext, name: Replaceable, replacement: (text: string) => string): void {
  // Only an export that is there can be replaced: a module without it fails as not implementing it.
  api(ctx, 'querystring', name);
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
export function safeText(fc: Fc, minLength = 0, maxLength = 8): fcModule.Arbitrary<string> {
  return fc.array(fc.constantFrom(...SAFE_CHARS), { minLength, maxLength }).map((chars) => chars.join(''));
}

/** safeText, short or up to 60 characters long: long keys and values reach past any short-text fast path. */
export function shortOrLongSafeText(fc: Fc, minLength = 0): fcModule.Arbitrary<string> {
  return fc.oneof(safeText(fc, minLength), safeText(fc, Math.max(minLength, 9), 60));
}

/** Any well-formed Unicode text (no lone surrogates), including astral characters and the empty string. */
export function unicodeText(fc: Fc, maxLength = 12): fcModule.Arbitrary<string> {
  return fc.oneof(fc.string({ unit: 'binary', maxLength }), fc.string({ unit: 'grapheme', maxLength }), safeText(fc));
}

/** Pair delimiters and key/value delimiters built from characters outside SAFE_CHARS, several characters long too. */
export function separator(fc: Fc): fcModule.Arbitrary<string> {
  return fc.constantFrom('&', ';', ',', '|', '&&', '; ', '<>', '#!#');
}
/**
 * Whether `parse` splits pairs on `sep` as given: `x=1<sep>y=2` gives two pairs, and the first character of a longer
 * sep alone splits nothing. A case about something else done under a custom sep (empty entries, maxKeys) checks only
 * the seps the candidate reads, so a broken sep is charged to the sep rule's cases alone.
 */
export function readsSep(parse: (str: unknown, sep?: unknown) => unknown, sep: string): boolean {
  const [input, expected] = sep.length === 1 ? [`x=1${sep}y=2`, { x: '1', y: '2' }] : [`x=1${sep[0]}z${sep}y=2`, { x: `1${sep[0]}z`, y: '2' }];
  return isDeepStrictEqual(plain(parse(input, sep)), expected);
}

/**
 * Whether `parse` reads these delimiters (undefined: the default): `x<eq>1<sep>y<eq>2` gives `{ x: '1', y: '2' }`. A
 * case about something else done under custom delimiters checks only those the candidate reads, so a broken sep or
 * eq is charged to the sep and eq rules' cases alone.
 */
export function readsDelimiters(parse: (str: unknown, sep?: unknown, eq?: unknown) => unknown, sep: string | undefined, eq: string | undefined): boolean {
  return isDeepStrictEqual(plain(parse(`x${eq ?? '='}1${sep ?? '&'}y${eq ?? '='}2`, sep, eq)), { x: '1', y: '2' });
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

/** The reference's module (the oracle of the differential properties), typed for calls with any arguments. */
export function loose(module: QuerystringModule | undefined): LooseQuerystring {
  if (!module) throw new Error('the reference querystring module (ctx.oracle.querystring) is missing');
  return module as unknown as LooseQuerystring;
}

/** The names of the module's six functions. */
export type QsFunction = keyof LooseQuerystring;

/**
 * A function as `inspect` shows it, with its name: `[Function: decodeURIComponent2]`, `[class X]`. The name is the one
 * the code it came from was compiled to, which a bundler may have changed (the agent bundle renames a case's
 * `decodeURIComponent` that shadows the global), so a message shows functions without it.
 */
const INSPECTED_FUNCTION = /\[(?:Async)?(?:Generator)?(?:Function|class)(?: \(anonymous\))?(?:: [^\]]*)?\]|\[class [^\]]*\]/g;

/** An argument as a failure message shows it: short, and any value (bigints, symbols, null prototypes) printable. */
function preview(value: unknown): string {
  const text = inspect(value, { depth: 1, breakLength: Infinity, maxArrayLength: 6, maxStringLength: 60 }).replace(INSPECTED_FUNCTION, '[Function]');
  return text.length <= 120 ? text : `${text.slice(0, 120)}…`;
}

/** What each function must return, whatever its input: parse and decode an object, the others a string. */
const RESULT_TYPE: Readonly<Record<QsFunction, 'object' | 'string'>> = {
  parse: 'object',
  decode: 'object',
  stringify: 'string',
  encode: 'string',
  escape: 'string',
  unescape: 'string',
};

/**
 * Fails the case when `value`, what `querystring.<name>` returned, is not of the type the spec gives its result (an
 * object for parse and decode, a string for the others), before a case reads it as one: a mock's function or an
 * `undefined` then fails naming what came back, not with a TypeError of the case's own code.
 */
function checkResult(name: QsFunction, call: string, value: unknown): void {
  const wanted = RESULT_TYPE[name];
  const fits = wanted === 'object' ? typeof value === 'object' && value !== null : typeof value === 'string';
  if (fits) return;
  const what = wanted === 'object' ? 'an object' : 'a string';
  throw new CaseFailure(`${call} returned ${describeValue(value)}, not ${what}`, { expected: what, actual: describeValue(value) });
}

/**
 * The candidate's `querystring.<name>`, checked to exist before the case uses it (a missing one fails the case with
 * `not implemented: querystring.<name>`). The function returned calls it on the module object — so parse and stringify
 * find the module's current unescape/escape — and a throw fails the case naming the call and what the candidate threw,
 * as does a result of the wrong type (see `checkResult`).
 * @example
 * ```ts
 * const parse = qsFunction(ctx, 'parse');
 * expect(plain(parse('a=1'))).to.deep.equal({ a: '1' });
 * ```
 */
export function qsFunction<K extends QsFunction>(ctx: CaseContext, name: K): LooseQuerystring[K] {
  const exported = api(ctx, 'querystring', name) as unknown as (...args: unknown[]) => unknown;
  const module = ctx.qs;
  const call = (...args: unknown[]): unknown => {
    const what = `querystring.${name}(${args.map(preview).join(', ')})`;
    const value = returnedBy(() => Reflect.apply(exported, module, args), what, `querystring.${name}`);
    checkResult(name, what, value);
    return value;
  };
  return call as LooseQuerystring[K];
}

/** What a call did: returned a value, or threw (described as the candidate's error). */
export type Outcome = { readonly value: unknown } | { readonly threw: string };

/**
 * Runs `call` and records its outcome, for comparing two functions that must behave alike even when they throw. A
 * throw is recorded as the candidate's error reads (`Error: not implemented`), so a message that shows it names it.
 */
export function outcomeOf(call: () => unknown): Outcome {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: describeThrown(error) };
  }
}

/**
 * Decimal text of a finite number, in any spelling (querystring.stringify.finite-number-values): digits with an
 * optional sign, fraction and exponent. Number() alone would also read '' as 0 and '0x10' as 16.
 */
export const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;
