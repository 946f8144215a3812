// stringify's value rules: strings, finite numbers, bigints and booleans as text; NaN, infinities and every other
// value as the empty string; arrays as one pair per element under the same rules. Outputs of several pairs are
// compared as a multiset of pairs: their order is the pair-order rule's.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { DECIMAL_TEXT, expectPairs, outcomeOf, pairsOf, qsFunction, safeText } from './_util.js';

/** The value part of `key=value` output for one key. */
function valueOf(output: unknown, key: string): string {
  expect(output).to.be.a('string');
  const text = output as string;
  expect(text.startsWith(`${key}=`), `output ${JSON.stringify(text)} starts with ${key}=`).to.equal(true);
  return text.slice(key.length + 1);
}

export const stringifyValueCases = defineCases('querystring', [
  {
    id: 'querystring.stringify.writes-string-values',
    rules: ['querystring.stringify.string-values'],
    examples: { empty: [['']], 'non-empty': [['abc-_.~XYZ019']] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expectPairs(stringify({ a: 'plain', b: '' }), ['a=plain', 'b=']);
      const fc = ctx.fc;
      // Text that needs no encoding: how other characters are encoded is the encoding rule's, not this one's.
      await ctx.check(
        fc.property(safeText(fc), (value) => {
          expect(valueOf(stringify({ v: value }), 'v')).to.equal(value);
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.writes-finite-numbers-as-decimal-text',
    rules: ['querystring.stringify.finite-number-values'],
    examples: { zero: [[0], [-0]], negative: [[-12]], fraction: [[1.5]], 'small-exponent': [[1e-7]], 'large-integer': [[2 ** 60]] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // Any decimal text that reads back as the number will do ('1e-7' or '0.0000001'): its spelling is left open.
      // It must be decimal text first: Number() alone would read '' as 0 and '0x10' as 16.
      const numbers: Record<string, number> = { a: 0, b: -12, c: 1.5, d: 1e-7 };
      const written = stringify(numbers);
      const values = pairsOf(written).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const);
      for (const [key, text] of values) expect(text, `the text written for ${key} in ${JSON.stringify(written)}`).to.match(DECIMAL_TEXT);
      const read = Object.fromEntries(values.map(([key, text]) => [key, Number(text)]));
      expect(read, `the numbers read back from ${JSON.stringify(written)}`).to.deep.equal(numbers);
      const fc = ctx.fc;
      // Numbers whose text has no character to encode (an exponent's '+' is the encoding rule's, checked there).
      const number = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !String(value).includes('+'));
      await ctx.check(
        fc.property(number, (value) => {
          const written = valueOf(stringify({ n: value }), 'n');
          expect(written, 'the text written').to.match(DECIMAL_TEXT);
          expect(Number(written), `the number read back from ${JSON.stringify(written)}`).to.equal(value === 0 ? 0 : value);
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.writes-bigints-as-digits',
    rules: ['querystring.stringify.bigint-values'],
    examples: { zero: [[0n]], negative: [[-5n]], 'beyond-64-bits': [[2n ** 70n]] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expectPairs(stringify({ a: 10n, b: -(2n ** 70n) }), ['a=10', `b=-${2n ** 70n}`]);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.bigInt(), (value) => {
          expect(stringify({ n: value })).to.equal(`n=${value}`);
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.writes-booleans-as-words',
    rules: ['querystring.stringify.boolean-values'],
    run(ctx) {
      expectPairs(qsFunction(ctx, 'stringify')({ yes: true, no: false }), ['yes=true', 'no=false']);
    },
  },
  {
    id: 'querystring.stringify.writes-non-finite-numbers-as-empty',
    rules: ['querystring.stringify.non-finite-empty'],
    run(ctx) {
      expectPairs(qsFunction(ctx, 'stringify')({ a: NaN, b: Infinity, c: -Infinity, d: 'x' }), ['a=', 'b=', 'c=', 'd=x']);
    },
  },
  {
    id: 'querystring.stringify.writes-unsupported-values-as-empty',
    rules: ['querystring.stringify.unsupported-empty'],
    run(ctx) {
      const input = {
        nul: null,
        undef: undefined,
        obj: { toString: () => 'object' },
        date: new Date(0),
        fn: () => 'function',
        sym: Symbol('s'),
        boxed: Object('boxed') as unknown,
        regexp: /x/,
      };
      expectPairs(qsFunction(ctx, 'stringify')(input), ['nul=', 'undef=', 'obj=', 'date=', 'fn=', 'sym=', 'boxed=', 'regexp=']);
    },
  },
  {
    id: 'querystring.stringify.writes-one-pair-per-array-element',
    rules: ['querystring.stringify.array-repeats-key'],
    examples: { 'one-element': [[['x']]], several: [[['x', 'y', 'z']]], 'empty-element': [[['', 'x']]] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expectPairs(stringify({ a: ['x', 'y', 'z'], b: 'w' }), ['a=x', 'a=y', 'a=z', 'b=w']);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.array(safeText(fc), { minLength: 1, maxLength: 6 }), (values) => {
          expectPairs(stringify({ k: values }), values.map((value) => `k=${value}`));
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.coerces-array-elements-like-values',
    rules: ['querystring.stringify.array-elements-coerced'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // Each element as the candidate writes the same value alone: the array follows the value rules, whatever they
      // make of each value (whether that is right is for the value rules' cases to say).
      // A value the candidate cannot write alone (it throws) is left out: that is its value rule's failure.
      const candidates: unknown[] = ['ok', 3, true, 2n, NaN, Infinity, null, undefined, {}, () => 1];
      const written = candidates.map((element) => ({ element, alone: outcomeOf(() => stringify({ a: element })) }));
      const elements = written.filter(({ alone }) => 'value' in alone);
      const expected = elements.map(({ alone }) => String((alone as { value: unknown }).value)).filter((pair) => pair !== '');
      expectPairs(stringify({ a: elements.map(({ element }) => element) }), expected, '&', 'the pairs of the array against its elements written alone, in any order');
      // An array inside an array is no accepted value, so it is written as the empty string.
      expectPairs(stringify({ a: ['x', ['nested'], 'y'] }), ['a=x', 'a=', 'a=y']);
    },
  },
]);
