// parse's delimiters: `&` and `=` by default, any string given as sep or eq, eq longer than one character. Each case
// varies one delimiter and keeps the rest at its default, so a failure names the delimiter that is broken.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { plain, qsFunction, safeText, separator, shortOrLongSafeText } from './_util.js';

export const parseDelimiterCases = defineCases('querystring', [
  {
    id: 'querystring.parse.splits-pairs-on-ampersand-by-default',
    rules: ['querystring.parse.sep-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1&b=2;c,d'))).to.deep.equal({ a: '1', b: '2;c,d' });
      expect(plain(parse('a=1&b=2', undefined, undefined))).to.deep.equal({ a: '1', b: '2' });
    },
  },
  {
    id: 'querystring.parse.splits-pairs-on-given-sep',
    rules: ['querystring.parse.sep-custom'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1;b=2&c', ';'))).to.deep.equal({ a: '1', b: '2&c' });
      expect(plain(parse('a=1, b=2, c=3', ', '))).to.deep.equal({ a: '1', b: '2', c: '3' });
    },
  },
  {
    id: 'querystring.parse.splits-key-from-value-on-equals-by-default',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      expect(plain(qsFunction(ctx, 'parse')('a=1&b:2=3'))).to.deep.equal({ a: '1', 'b:2': '3' });
    },
  },
  {
    id: 'querystring.parse.splits-at-the-first-equals',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      // eq delimits a key from its value: the first one does, and any later one belongs to the value.
      expect(plain(qsFunction(ctx, 'parse')('a==b&k=v=w'))).to.deep.equal({ a: '=b', k: 'v=w' });
    },
  },
  {
    id: 'querystring.parse.splits-key-from-value-on-given-eq',
    rules: ['querystring.parse.eq-custom'],
    run(ctx) {
      expect(plain(qsFunction(ctx, 'parse')('a:1&b:2&c=3:4', '&', ':'))).to.deep.equal({ a: '1', b: '2', 'c=3': '4' });
    },
  },
  {
    id: 'querystring.parse.splits-on-multi-character-eq',
    rules: ['querystring.parse.eq-multi-char'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=>1&b=>2', '&', '=>'))).to.deep.equal({ a: '1', b: '2' });
      // Each character alone is not the delimiter.
      expect(plain(parse('x=y=>1&p>q=>2&k=>v', '&', '=>'))).to.deep.equal({ 'x=y': '1', 'p>q': '2', k: 'v' });
      expect(plain(parse('key is value&other is thing', '&', ' is '))).to.deep.equal({ key: 'value', other: 'thing' });
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-joined-with-any-sep',
    rules: ['querystring.parse.sep-custom'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Distinct keys, so each maps to one string; keys and values never contain a delimiter character. Long ones too.
      const pairs = fc.uniqueArray(fc.tuple(shortOrLongSafeText(fc, 1), shortOrLongSafeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, separator(fc), (list, sep) => {
          const input = list.map(([key, value]) => `${key}=${value}`).join(sep);
          expect(plain(parse(input, sep))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-split-by-any-one-character-eq',
    rules: ['querystring.parse.eq-custom'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        // '%' too: a delimiter, not the start of an escape, when it is eq.
        fc.property(pairs, fc.constantFrom(':', '@', '|', '=', '!', '*', '%'), (list, eq) => {
          const input = list.map(([key, value]) => `${key}${eq}${value}`).join('&');
          expect(plain(parse(input, '&', eq))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-split-by-any-longer-eq',
    rules: ['querystring.parse.eq-multi-char'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, fc.constantFrom('=>', '::', ' is ', '<->', '==', '=:='), (list, eq) => {
          const input = list.map(([key, value]) => `${key}${eq}${value}`).join('&');
          expect(plain(parse(input, '&', eq))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
]);
