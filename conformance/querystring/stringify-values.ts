// stringify's value rules: strings, finite numbers, bigints and booleans as text; NaN, infinities and every other
// value as the empty string; arrays as one pair per element under the same rules.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { ENCODED_TEXT, loose, plain, safeText, unicodeText } from './_util.js';

/** The value part of `key=value` output for one key. */
function valueOf(output: unknown, key: string): string {
  expect(output).to.be.a('string');
  const text = output as string;
  expect(text.startsWith(`${key}=`), `output ${JSON.stringify(text)} starts with ${key}=`).to.equal(true);
  return text.slice(key.length + 1);
}

export const stringifyValueCases = [
  defineCase({
    id: 'querystring.stringify.writes-string-values',
    module: 'querystring',
    rules: ['querystring.stringify.string-values'],
    async run(ctx) {
      expect(ctx.qs.stringify({ a: 'plain', b: '' })).to.equal('a=plain&b=');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc), (value) => {
          expect(decodeURIComponent(valueOf(ctx.qs.stringify({ v: value }), 'v'))).to.equal(value);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-finite-numbers-as-decimal-text',
    module: 'querystring',
    rules: ['querystring.stringify.finite-number-values'],
    async run(ctx) {
      expect(ctx.qs.stringify({ a: 0, b: -12, c: 1.5, d: 1e-7 })).to.equal('a=0&b=-12&c=1.5&d=1e-7');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e21, -1e21, 2 ** 80, -(2 ** 80))), (value) => {
          const written = valueOf(ctx.qs.stringify({ n: value }), 'n');
          expect(written, 'encoded text').to.match(ENCODED_TEXT);
          expect(Number(decodeURIComponent(written)), `decoded ${written}`).to.equal(value === 0 ? 0 : value);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-bigints-as-digits',
    module: 'querystring',
    rules: ['querystring.stringify.bigint-values'],
    async run(ctx) {
      expect(loose(ctx.qs).stringify({ a: 10n, b: -(2n ** 70n) })).to.equal(`a=10&b=-${2n ** 70n}`);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.bigInt(), (value) => {
          expect(loose(ctx.qs).stringify({ n: value })).to.equal(`n=${value}`);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-booleans-as-words',
    module: 'querystring',
    rules: ['querystring.stringify.boolean-values'],
    run(ctx) {
      expect(ctx.qs.stringify({ yes: true, no: false })).to.equal('yes=true&no=false');
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-non-finite-numbers-as-empty',
    module: 'querystring',
    rules: ['querystring.stringify.non-finite-empty'],
    run(ctx) {
      expect(ctx.qs.stringify({ a: NaN, b: Infinity, c: -Infinity, d: 1 })).to.equal('a=&b=&c=&d=1');
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-unsupported-values-as-empty',
    module: 'querystring',
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
      let output: unknown;
      expect(() => (output = loose(ctx.qs).stringify(input)), 'stringify with unsupported values').not.to.throw();
      expect(output).to.equal('nul=&undef=&obj=&date=&fn=&sym=&boxed=&regexp=');
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-one-pair-per-array-element',
    module: 'querystring',
    rules: ['querystring.stringify.array-repeats-key'],
    async run(ctx) {
      expect(loose(ctx.qs).stringify({ a: ['x', 1, true, 2n], b: 'y' })).to.equal('a=x&a=1&a=true&a=2&b=y');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.array(safeText(fc), { minLength: 1, maxLength: 6 }), (values) => {
          expect(ctx.qs.stringify({ k: values })).to.equal(values.map((value) => `k=${value}`).join('&'));
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.coerces-array-elements-like-values',
    module: 'querystring',
    rules: ['querystring.stringify.array-elements-coerced'],
    run(ctx) {
      const input = { a: [NaN, Infinity, null, undefined, {}, ['nested'], () => 1, 'ok', 3] };
      expect(loose(ctx.qs).stringify(input)).to.equal('a=&a=&a=&a=&a=&a=&a=&a=ok&a=3');
    },
  }),
  defineCase({
    id: 'querystring.stringify.round-trips-through-parse',
    module: 'querystring',
    rules: ['querystring.stringify.string-values', 'querystring.stringify.array-repeats-key', 'querystring.parse.repeated-keys', 'querystring.parse.utf8-default'],
    async run(ctx) {
      const fc = ctx.fc;
      // Arrays of two or more: a one-element array reads back as a plain string, which the spec also requires.
      const value = fc.oneof(unicodeText(fc), fc.array(unicodeText(fc), { minLength: 2, maxLength: 4 }));
      await ctx.check(
        fc.property(fc.dictionary(unicodeText(fc), value, { maxKeys: 6 }), (object) => {
          expect(plain(ctx.qs.parse(ctx.qs.stringify(object)))).to.deep.equal(plain(object));
        }),
      );
    },
  }),
];
