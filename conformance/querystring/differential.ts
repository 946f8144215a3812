// Differential properties: on generated inputs whose meaning the spec defines, the candidate answers as the reference
// implementation (`ctx.oracle`) does. A generated input mixes many features, so a disagreement alone names no rule:
// each counterexample is classified to the rule it breaks by narrowing it to the smallest part that still disagrees
// (one pair alone, one delimiter alone), and each rule has its own case, which fails only on counterexamples
// classified to it. A disagreement no narrowing pins on a rule (a detail the spec leaves open, such as how a number is
// spelled) is no divergence from the spec and fails nothing.
import { expect } from 'chai';
import { inspect, isDeepStrictEqual } from 'node:util';
import type * as fcModule from 'fast-check';
import { CaseFailure, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { api, describeValue } from '../kit.js';
import { assigner, DECIMAL_TEXT, ESCAPE_EXAMPLES, isObjectMemberName, loose, outcomeOf, pairsOf, plain, SAFE_CHARS, separator, unicodeText, type LooseQuerystring, type Outcome } from './_util.js';

/** A counterexample pinned on a rule: the rule, the narrowed input, and what the candidate and the reference made of it. */
interface Fault {
  readonly rule: string;
  readonly input: string;
  readonly candidate: unknown;
  readonly reference: unknown;
}

/** The candidate's and the reference's module, each call recorded as an outcome (a throw included). */
interface Sides {
  readonly candidate: (name: 'parse' | 'stringify', args: readonly unknown[]) => Outcome;
  readonly reference: LooseQuerystring;
}

function sides(ctx: CaseContext, name: 'parse' | 'stringify'): Sides {
  const exported = api(ctx, 'querystring', name) as unknown as (...args: unknown[]) => unknown;
  const module = ctx.qs;
  return {
    candidate: (_name, args) => outcomeOf(() => Reflect.apply(exported, module, args)),
    reference: loose(ctx.oracle.querystring),
  };
}

/**
 * An outcome as a comparable value: a parse result's own entries, a string as is, or what was thrown. Anything else a
 * candidate returned (a mock's function, undefined) is described, never handled as it is: it may not even convert to
 * a primitive.
 */
function comparable(outcome: Outcome): unknown {
  if ('threw' in outcome) return outcome;
  const { value } = outcome;
  if (typeof value === 'object' && value !== null) return plain(value);
  return typeof value === 'string' ? value : { returned: describeValue(value) };
}

/** A value as the messages show it: as JavaScript would print it (NaN, 1n, undefined and '' keys included), short. */
function show(value: unknown): string {
  const text = inspect(value, { depth: 3, breakLength: Infinity, maxArrayLength: 10, maxStringLength: 80 });
  return text.length <= 300 ? text : `${text.slice(0, 300)}…`;
}

/**
 * A stringify outcome as a comparable value: its pairs as a multiset (split on the sep given, or '&'), so that an
 * output with the reference's pairs in another order agrees (the order is the pair-order rule's, which has a case of
 * its own); a parse outcome as `comparable` gives it (own entries, which compare in any order).
 */
function comparableAs(name: 'parse' | 'stringify', outcome: Outcome, args: readonly unknown[]): unknown {
  const value = comparable(outcome);
  if (name !== 'stringify' || typeof value !== 'string') return value;
  const sep = typeof args[1] === 'string' && args[1] !== '' ? args[1] : '&';
  return { pairs: pairsOf(value, sep) };
}

/** Compares the candidate's and the reference's `name` on `args`: a fault (not yet pinned on a rule) when they differ. */
function differs(both: Sides, name: 'parse' | 'stringify', args: readonly unknown[]): Fault | undefined {
  const candidate = both.candidate(name, args);
  const reference = outcomeOf(() => Reflect.apply(both.reference[name], both.reference, args));
  if (isDeepStrictEqual(comparableAs(name, candidate, args), comparableAs(name, reference, args))) return undefined;
  return { rule: '', input: `${name}(${args.map((arg) => show(arg)).join(', ')})`, candidate: comparable(candidate), reference: comparable(reference) };
}

function describeFault(fault: Fault): string {
  return `on ${fault.input} the candidate gives ${show(fault.candidate)}, the reference ${show(fault.reference)}`;
}

/** What one classified case needs: inputs, the rule a disagreement on one is pinned on, and the rules it shows at work. */
interface Classifier<T> {
  readonly arbitrary: (ctx: CaseContext) => fcModule.Arbitrary<T>;
  /**
   * Inputs tried first, by rule and by input class of that rule (spec/input-classes.ts): each case runs those of its
   * rule on every run, so it observes its rule, and meets every class it names, whatever the seed.
   */
  readonly examples: Readonly<Record<string, Readonly<Record<string, readonly T[]>>>>;
  /** The disagreement on `input`, pinned on the rule it breaks (or on none: rule ''). */
  fault(both: Sides, input: T): Fault | undefined;
  /** The rules `input` exercises on a part where the candidate agrees with the reference: seen working. */
  observed(both: Sides, input: T): ReadonlySet<string>;
}

/**
 * The case for `rule` of a classified differential: it fails on a counterexample pinned on `rule`, and, since a pass
 * must be observed, also when no generated input showed `rule` at work (every part exercising it disagreed, pinned on
 * other rules or on none).
 */
function classifiedCase<T>(id: string, rule: string, name: 'parse' | 'stringify', classifier: Classifier<T>): CaseEntry {
  const examples = Object.fromEntries(Object.entries(classifier.examples[rule] ?? {}).map(([name, inputs]) => [name, inputs.map((input) => [input])]));
  return {
    id,
    rules: [rule],
    examples,
    async run(ctx) {
      const both = sides(ctx, name);
      let seen = false;
      let missed: Fault | undefined;
      await ctx.check(
        ctx.fc.property(classifier.arbitrary(ctx), (input) => {
          const fault = classifier.fault(both, input);
          if (fault?.rule === rule) throw new CaseFailure(describeFault(fault), { expected: fault.reference, actual: fault.candidate });
          if (classifier.observed(both, input).has(rule)) seen = true;
          else missed ??= fault;
        }),
      );
      if (seen) return;
      const example = missed ? `; for example, ${describeFault(missed)}` : '';
      throw new CaseFailure(`no generated input showed ${rule} at work: the candidate disagreed with the reference on every part that exercises it${example}`, {
        expected: `${rule} observed at least once`,
        actual: missed ? describeFault(missed) : 'never observed',
      });
    },
  };
}

/** The suffix of a rule id after its module, as a case id part: `querystring.parse.sep-custom` → `sep-custom`. */
const ruleName = (rule: string): string => rule.split('.').slice(2).join('.');

// ── parse ────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A generated query: pairs of raw (already encoded) key and value, the value null for a pair without eq. */
interface Query {
  readonly pairs: readonly (readonly [string, string | null])[];
  readonly sep: string | undefined;
  readonly eq: string | undefined;
}

function joinQuery(pairs: Query['pairs'], sep = '&', eq = '='): string {
  return pairs.map(([key, value]) => (value === null ? key : `${key}${eq}${value}`)).join(sep);
}

/** Whether a raw key or value holds anything to decode: a percent escape or a non-ASCII character. */
const needsDecoding = (text: string): boolean => /%|[^\x20-\x7e]/.test(text);

function parseFault(parse: Sides, query: Query): Fault | undefined {
  const differsOn = (args: readonly unknown[]): Fault | undefined => differs(parse, 'parse', args);
  const pin = (rule: string, fault: Fault | undefined): Fault | undefined => (fault ? { ...fault, rule } : undefined);
  if (!differsOn([joinQuery(query.pairs, query.sep, query.eq), query.sep, query.eq])) return undefined;
  // A delimiter given: is it the one at fault? Each alone, with the other at its default.
  if (query.sep !== undefined || query.eq !== undefined) {
    if (differsOn([joinQuery(query.pairs)])) return parseDefaultFault(query.pairs, differsOn, pin);
    if (query.sep !== undefined) {
      const fault = pin('querystring.parse.sep-custom', differsOn([joinQuery(query.pairs, query.sep), query.sep]));
      if (fault) return fault;
    }
    if (query.eq !== undefined) {
      const rule = query.eq.length > 1 ? 'querystring.parse.eq-multi-char' : 'querystring.parse.eq-custom';
      return pin(rule, differsOn([joinQuery(query.pairs, '&', query.eq), undefined, query.eq]));
    }
    return undefined;
  }
  return parseDefaultFault(query.pairs, differsOn, pin);
}

/** Narrows a disagreement on a query with the default delimiters: one pair alone, then repeated keys, then empties. */
function parseDefaultFault(
  pairs: Query['pairs'],
  differsOn: (args: readonly unknown[]) => Fault | undefined,
  pin: (rule: string, fault: Fault | undefined) => Fault | undefined,
): Fault | undefined {
  const isEmpty = ([key, value]: readonly [string, string | null]): boolean => key === '' && (value === null || value === '');
  for (const pair of pairs) {
    if (isEmpty(pair)) continue;
    const fault = differsOn([joinQuery([pair])]);
    if (!fault) continue;
    const [key, value] = pair;
    // A pair with something to decode pins decoding; a plain `key=value` the candidate cannot read, the basic rule.
    if (needsDecoding(key) || (value !== null && needsDecoding(value))) return pin('querystring.parse.utf8-default', fault);
    if (key !== '' && value !== null) return pin('querystring.parse.accepts-string', fault);
    // `key` without eq is the eq-default rule's own case's to judge (pair-without-eq-is-all-key); what `=value`
    // becomes the spec leaves open.
    return undefined;
  }
  const counts = new Map<string, number>();
  for (const [key] of pairs) counts.set(key, (counts.get(key) ?? 0) + 1);
  const repeated = pairs.filter(([key]) => (counts.get(key) ?? 0) > 1 && key !== '');
  const fault = repeated.length > 0 ? differsOn([joinQuery(repeated)]) : undefined;
  if (fault) return pin('querystring.parse.repeated-keys', fault);
  if (pairs.some(isEmpty) && !differsOn([joinQuery(pairs.filter((pair) => !isEmpty(pair)))])) {
    return pin('querystring.parse.empty-entries', differsOn([joinQuery(pairs)]));
  }
  return undefined;
}

function queryArbitrary(ctx: CaseContext) {
  const fc = ctx.fc;
  // Keys and values: letters, non-ASCII text and well-formed escapes of any text — never a character of a delimiter,
  // so every delimiter in the input is one the generator wrote. Few distinct tokens, so keys repeat.
  const token = fc.oneof(fc.constantFrom('a', 'b', 'k', 'Z', '9', '-', '.', '~', 'é', '☃', '😀'), unicodeText(fc, 4).map((text) => encodeURIComponent(text)));
  const part = fc.array(token, { maxLength: 4 }).map((tokens) => tokens.join(''));
  // Keys from a small pool half the time, so that keys repeat. Never one that decodes to the name of an
  // Object.prototype member ('__proto__'): whether the result keeps it as its own key is the null-prototype rule's.
  const key = fc.oneof(fc.constantFrom('a', 'b', 'k'), part.filter((raw) => !isObjectMemberName(decodeURIComponent(raw))));
  return fc
    .tuple(fc.array(fc.tuple(key, fc.option(part)), { maxLength: 8 }), fc.option(separator(fc)), fc.option(assigner(fc)))
    .map(([pairs, sep, eq]): Query => ({ pairs, sep: sep ?? undefined, eq: eq ?? undefined }));
}

const PARSE_RULES = [
  'querystring.parse.accepts-string',
  'querystring.parse.sep-custom',
  'querystring.parse.eq-custom',
  'querystring.parse.eq-multi-char',
  'querystring.parse.utf8-default',
  'querystring.parse.repeated-keys',
  'querystring.parse.empty-entries',
] as const;

/** The parse rules a query shows at work: each narrowed part exercising one, where the candidate agrees. */
function parseObserved(parse: Sides, query: Query): ReadonlySet<string> {
  const agrees = (args: readonly unknown[]): boolean => !differs(parse, 'parse', args);
  const seen = new Set<string>();
  const isEmpty = ([key, value]: readonly [string, string | null]): boolean => key === '' && (value === null || value === '');
  const filled = query.pairs.filter((pair) => !isEmpty(pair));
  for (const [key, value] of filled) {
    if (!agrees([joinQuery([[key, value]])])) continue;
    if (needsDecoding(key) || (value !== null && needsDecoding(value))) seen.add('querystring.parse.utf8-default');
    else if (key !== '' && value !== null) seen.add('querystring.parse.accepts-string');
  }
  if (query.sep !== undefined && filled.length >= 2 && agrees([joinQuery(query.pairs, query.sep), query.sep])) seen.add('querystring.parse.sep-custom');
  if (query.eq !== undefined && filled.some(([, value]) => value !== null) && agrees([joinQuery(query.pairs, '&', query.eq), undefined, query.eq])) {
    seen.add(query.eq.length > 1 ? 'querystring.parse.eq-multi-char' : 'querystring.parse.eq-custom');
  }
  const counts = new Map<string, number>();
  for (const [key] of filled) counts.set(key, (counts.get(key) ?? 0) + 1);
  const repeated = filled.filter(([key]) => key !== '' && (counts.get(key) ?? 0) > 1);
  if (repeated.length > 0 && agrees([joinQuery(repeated)])) seen.add('querystring.parse.repeated-keys');
  if (filled.length < query.pairs.length && filled.length > 0 && agrees([joinQuery(query.pairs)])) seen.add('querystring.parse.empty-entries');
  return seen;
}

/** A query of these pairs, with the default delimiters unless given. */
const query = (pairs: Query['pairs'], sep?: string, eq?: string): Query => ({ pairs, sep, eq });
const LONG = 'k'.repeat(60);

const PARSE_EXAMPLES: Classifier<Query>['examples'] = {
  'querystring.parse.accepts-string': {
    short: [query([['a', '1'], ['b', '2']])],
    long: [query([[LONG, 'v'.repeat(60)], ['b', '2']])],
    'empty-value': [query([['k', ''], ['b', '2']])],
  },
  'querystring.parse.sep-custom': {
    'one-character': [query([['a', '1'], ['b', '2']], ';')],
    'several-characters': [query([['a', '1'], ['b', '2']], '#!#')],
    'long-parts': [query([[LONG, 'v'.repeat(60)], ['b', '2']], '<>')],
  },
  'querystring.parse.eq-custom': {
    punctuation: [query([['a', '1'], ['b', '2']], undefined, ':')],
    percent: [query([['a', '1'], ['bc', '2']], undefined, '%')],
    plus: [query([['a', '1'], ['bc', '2']], undefined, '+')],
    'empty-value': [query([['a', ''], ['b', '2']], undefined, '@')],
  },
  'querystring.parse.eq-multi-char': {
    'repeated-character': [query([['a', '1'], ['b', '2']], undefined, '::')],
    word: [query([['key', 'value'], ['b', '2']], undefined, ' is ')],
    'first-character-in-text': [query([['x=y', '1'], ['p', 'q=r']], undefined, '=>')],
  },
  'querystring.parse.utf8-default': {
    'ascii-escape': [query([['k', '%41%26%3D'], ['%2F', 'v']])],
    'two-byte': [query([['k', '%C3%A9'], ['%C3%BC', 'v']])],
    'three-byte': [query([['k', '%E2%82%AC'], ['%E2%9C%93', 'v']])],
    'four-byte': [query([['k', '%F0%9F%98%80'], ['%F4%8F%BF%BF', 'v']])],
    'lower-case-hex': [query([['k', '%c3%a9'], ['%e2%9c%93', 'v']])],
    'raw-non-ascii': [query([['k', 'é%C3%A9'], ['☃', '😀%F0%9F%98%80']])],
    'long-part': [query([['k', encodeURIComponent('é'.repeat(45))]])],
  },
  'querystring.parse.repeated-keys': {
    twice: [query([['a', '1'], ['a', '2']])],
    interleaved: [query([['a', '1'], ['b', '2'], ['a', '3']])],
    'empty-value': [query([['a', ''], ['a', 'x'], ['b', '1']])],
  },
  'querystring.parse.empty-entries': {
    leading: [query([['', null], ['', null], ['a', '1']])],
    trailing: [query([['a', '1'], ['', null]])],
    run: [query([['a', '1'], ['', null], ['', ''], ['', null], ['b', '2']])],
    'multi-character-sep': [query([['a', '1'], ['', null], ['', null], ['b', '2']], '&&')],
  },
};

const PARSE_CLASSIFIER: Classifier<Query> = { arbitrary: queryArbitrary, examples: PARSE_EXAMPLES, fault: parseFault, observed: parseObserved };

function parseCase(rule: string): CaseEntry {
  return classifiedCase(`querystring.parse.agrees-with-reference.${ruleName(rule)}`, rule, 'parse', PARSE_CLASSIFIER);
}

// ── stringify ────────────────────────────────────────────────────────────────────────────────────────────────────────

const SAFE = new RegExp(`^[${SAFE_CHARS.join('').replace(/[-\\\]^]/g, '\\$&')}]*$`);

/** Value types the spec accepts; anything else (and NaN, ±Infinity) becomes the empty string. */
function isAccepted(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A generated stringify call: the object, and the delimiters when given. */
type StringifyInput = readonly [Record<string, unknown>, string | null, string | null];

function stringifyFault(stringify: Sides, [object, givenSep, givenEq]: StringifyInput): Fault | undefined {
  const sep = givenSep ?? undefined;
  const eq = givenEq ?? undefined;
  const differsOn = (args: readonly unknown[]): Fault | undefined => differs(stringify, 'stringify', args);
  const pin = (rule: string, fault: Fault | undefined): Fault | undefined => (fault ? { ...fault, rule } : undefined);
  if (!differsOn([object, sep, eq])) return undefined;
  for (const [key, value] of Object.entries(object)) {
    const fault = pairFault(stringify, differsOn, pin, key, value);
    if (fault) return fault;
  }
  // Every pair alone agrees: with delimiters given, are they at fault?
  if ((sep !== undefined || eq !== undefined) && !differsOn([object])) return pin('querystring.stringify.custom-delimiters', differsOn([object, sep, eq]));
  return undefined;
}

/** Narrows a disagreement to one key and value: the key's encoding, then the value's rule by its type. */
function pairFault(
  stringify: Sides,
  differsOn: (args: readonly unknown[]) => Fault | undefined,
  pin: (rule: string, fault: Fault | undefined) => Fault | undefined,
  key: string,
  value: unknown,
): Fault | undefined {
  const fault = differsOn([{ [key]: value }]);
  if (!fault) return undefined;
  if (!SAFE.test(key) && differsOn([{ [key]: 'x' }])) return pin('querystring.stringify.utf8-percent-encoding', differsOn([{ [key]: 'x' }]));
  if (Array.isArray(value)) {
    for (const element of value) {
      if (Array.isArray(element)) continue;
      const inner = pairFault(stringify, differsOn, pin, key, element);
      if (inner) return inner;
    }
    const accepted = value.filter(isAccepted);
    if (accepted.length < value.length && !differsOn([{ [key]: accepted }])) return pin('querystring.stringify.array-elements-coerced', fault);
    return pin('querystring.stringify.array-repeats-key', fault);
  }
  switch (typeof value) {
    case 'string':
      return pin(SAFE.test(value) ? 'querystring.stringify.string-values' : 'querystring.stringify.utf8-percent-encoding', fault);
    case 'number': {
      if (!Number.isFinite(value)) return pin('querystring.stringify.non-finite-empty', fault);
      // Any decimal text of the same number will do; a character left unencoded (an exponent's '+') will not.
      const outcome = stringify.candidate('stringify', [{ [key]: value }]);
      const written = 'value' in outcome && typeof outcome.value === 'string' ? outcome.value : undefined;
      const text = written?.slice(written.indexOf('=') + 1);
      if (text !== undefined && !/^[A-Za-z0-9\-_.!~*'()%]*$/.test(text)) return pin('querystring.stringify.utf8-percent-encoding', fault);
      if (text !== undefined && DECIMAL_TEXT.test(decodeURIComponent(text)) && Number(decodeURIComponent(text)) === value) return undefined;
      return pin('querystring.stringify.finite-number-values', fault);
    }
    case 'bigint':
      return pin('querystring.stringify.bigint-values', fault);
    case 'boolean':
      return pin('querystring.stringify.boolean-values', fault);
    default:
      return pin('querystring.stringify.unsupported-empty', fault);
  }
}

function objectArbitrary(ctx: CaseContext) {
  const fc = ctx.fc;
  const scalar = fc.oneof(
    unicodeText(fc),
    fc.double(),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
    fc.boolean(),
    fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, 1e21, -1e21, {}, [] as unknown[]),
  );
  // Arrays are non-empty: the spec says nothing about an empty array.
  const value = fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { minLength: 1, maxLength: 4 }) });
  // Ordinary objects whose keys name no Object.prototype member: objects without a prototype, and own keys such as
  // 'toString' or '__proto__', are the own-properties rule's inputs (its own case writes them).
  const object = fc.dictionary(unicodeText(fc).filter((key) => !isObjectMemberName(key)), value, { maxKeys: 6, noNullPrototype: true });
  return fc.tuple(object, fc.option(separator(fc)), fc.option(assigner(fc))).map((input): StringifyInput => input);
}

const STRINGIFY_RULES = [
  'querystring.stringify.string-values',
  'querystring.stringify.finite-number-values',
  'querystring.stringify.bigint-values',
  'querystring.stringify.boolean-values',
  'querystring.stringify.non-finite-empty',
  'querystring.stringify.unsupported-empty',
  'querystring.stringify.array-repeats-key',
  'querystring.stringify.array-elements-coerced',
  'querystring.stringify.custom-delimiters',
  'querystring.stringify.utf8-percent-encoding',
] as const;

/** The stringify rules a value shows at work when written alone under a safe key. */
function valueRules(value: unknown): string[] {
  if (Array.isArray(value)) return value.some((element) => !isAccepted(element)) ? ['querystring.stringify.array-repeats-key', 'querystring.stringify.array-elements-coerced'] : ['querystring.stringify.array-repeats-key'];
  switch (typeof value) {
    case 'string':
      return [SAFE.test(value) ? 'querystring.stringify.string-values' : 'querystring.stringify.utf8-percent-encoding'];
    case 'number':
      return [Number.isFinite(value) ? 'querystring.stringify.finite-number-values' : 'querystring.stringify.non-finite-empty'];
    case 'bigint':
      return ['querystring.stringify.bigint-values'];
    case 'boolean':
      return ['querystring.stringify.boolean-values'];
    default:
      return ['querystring.stringify.unsupported-empty'];
  }
}

/**
 * Whether the candidate writes an array holding a value the spec does not accept (no nested array) as it writes each
 * element alone: the array-elements-coerced rule at work, read relative to the candidate's own single values (its why),
 * so that a candidate that breaks a value rule for single values and arrays alike (writes null as 'null', say) still
 * shows it — whatever the seed, since the examples hold such an array.
 */
function coercedAlike(stringify: Sides, key: string, value: unknown): boolean {
  if (!Array.isArray(value) || value.every(isAccepted) || value.some((element) => Array.isArray(element))) return false;
  const written = (input: unknown): string | undefined => {
    const outcome = stringify.candidate('stringify', [{ [key]: input }]);
    return 'value' in outcome && typeof outcome.value === 'string' ? outcome.value : undefined;
  };
  const whole = written(value);
  const alone = value.map(written);
  if (whole === undefined || alone.some((pair) => pair === undefined)) return false;
  return isDeepStrictEqual(pairsOf(whole), alone.filter((pair): pair is string => pair !== undefined && pair !== '').sort());
}

/** The stringify rules an object shows at work: each pair alone, and the delimiters, where the candidate agrees. */
function stringifyObserved(stringify: Sides, [object, sep, eq]: StringifyInput): ReadonlySet<string> {
  const agrees = (args: readonly unknown[]): boolean => !differs(stringify, 'stringify', args);
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(object)) {
    if (coercedAlike(stringify, key, value)) seen.add('querystring.stringify.array-elements-coerced');
    if (!agrees([{ [key]: value }])) continue;
    for (const rule of valueRules(value)) seen.add(rule);
    if (!SAFE.test(key)) seen.add('querystring.stringify.utf8-percent-encoding');
  }
  const pairs = Object.keys(object).length;
  if (((sep !== null && pairs >= 2) || (eq !== null && pairs >= 1)) && agrees([object, sep ?? undefined, eq ?? undefined])) seen.add('querystring.stringify.custom-delimiters');
  return seen;
}

/** A stringify call on this object, with the default delimiters unless given. */
const call = (object: Record<string, unknown>, sep: string | null = null, eq: string | null = null): StringifyInput => [object, sep, eq];
/** An object whose one key and value are `text`, for the encoding classes. */
const encoded = (key: string, text: string): StringifyInput => call({ [key]: text });

const STRINGIFY_EXAMPLES: Classifier<StringifyInput>['examples'] = {
  'querystring.stringify.string-values': { empty: [call({ s: '' })], 'non-empty': [call({ s: 'abc-_.~', t: 'XYZ019' })] },
  'querystring.stringify.finite-number-values': {
    zero: [call({ z: 0, m: -0 })],
    negative: [call({ n: -12 })],
    fraction: [call({ n: 1.5 })],
    'small-exponent': [call({ n: 1e-7 })],
    'large-integer': [call({ n: 2 ** 60 })],
  },
  'querystring.stringify.bigint-values': { zero: [call({ b: 0n })], negative: [call({ b: -5n })], 'beyond-64-bits': [call({ b: 2n ** 70n })] },
  'querystring.stringify.boolean-values': { true: [call({ t: true })], false: [call({ f: false })] },
  'querystring.stringify.non-finite-empty': { nan: [call({ n: NaN })], infinity: [call({ n: Infinity })], 'negative-infinity': [call({ n: -Infinity })] },
  'querystring.stringify.unsupported-empty': { null: [call({ n: null })], undefined: [call({ u: undefined })], object: [call({ o: {}, a: [] })] },
  'querystring.stringify.array-repeats-key': { 'one-element': [call({ a: ['x'] })], several: [call({ a: ['x', 'y', 'z'] })], 'empty-element': [call({ a: ['', 'x'] })] },
  'querystring.stringify.array-elements-coerced': {
    'unsupported-element': [call({ a: ['x', null, {}] })],
    'non-finite-element': [call({ a: [NaN, 1, -Infinity] })],
    'nested-array': [call({ a: ['x', ['y']] })],
  },
  'querystring.stringify.custom-delimiters': { 'one-character': [call({ a: 'x', b: 'y' }, ';', ':')], 'several-characters': [call({ a: 'x', b: 'y' }, '#!#', '=>')] },
  'querystring.stringify.utf8-percent-encoding': {
    unreserved: [encoded('aZ09-_.~', 'aZ09-_.~')],
    'kept-marks': [encoded("k!'()*", "!'()*")],
    'reserved-ascii': [encoded('k&=', '&=+/?#%;,:@$ ')],
    'ascii-control': [encoded('k', '\u0000\u001f\u007f')],
    'two-byte': [encoded('é', 'ü\u0080\u07ff')],
    'three-byte': [encoded('☃', '\u0800\uffff')],
    'four-byte': [encoded('😀', '\u{10ffff}')],
  },
};

const STRINGIFY_CLASSIFIER: Classifier<StringifyInput> = { arbitrary: objectArbitrary, examples: STRINGIFY_EXAMPLES, fault: stringifyFault, observed: stringifyObserved };

function stringifyCase(rule: string): CaseEntry {
  return classifiedCase(`querystring.stringify.agrees-with-reference.${ruleName(rule)}`, rule, 'stringify', STRINGIFY_CLASSIFIER);
}

export const differentialCases = defineCases('querystring', [
  ...PARSE_RULES.map(parseCase),
  ...STRINGIFY_RULES.map(stringifyCase),
  {
    id: 'querystring.escape.agrees-with-reference-on-unicode-text',
    rules: ['querystring.escape.percent-encodes'],
    examples: ESCAPE_EXAMPLES,
    async run(ctx) {
      const escape = api(ctx, 'querystring', 'escape') as unknown as (text: string) => unknown;
      const oracle = loose(ctx.oracle.querystring);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc, 24), (text) => {
          const escaped = comparable(outcomeOf(() => Reflect.apply(escape, ctx.qs, [text])));
          expect(escaped, `escape(${JSON.stringify(text)})`).to.equal(oracle.escape(text));
        }),
      );
    },
  },
]);
