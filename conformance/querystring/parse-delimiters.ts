// parse's delimiters: `&` and `=` by default, any string given as sep or eq, eq longer than one character.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { assigner, loose, plain, safeText, separator } from './_util.js';

export const parseDelimiterCases = [
  defineCase({
    id: 'querystring.parse.splits-pairs-on-ampersand-by-default',
    module: 'querystring',
    rules: ['querystring.parse.sep-default'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a=1&b=2;c=3,d=4'))).to.deep.equal({ a: '1', b: '2;c=3,d=4' });
      expect(plain(loose(ctx.qs).parse('a=1&b=2', undefined, undefined))).to.deep.equal({ a: '1', b: '2' });
    },
  }),
  defineCase({
    id: 'querystring.parse.splits-pairs-on-given-sep',
    module: 'querystring',
    rules: ['querystring.parse.sep-custom'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a=1;b=2&c=3', ';'))).to.deep.equal({ a: '1', b: '2&c=3' });
      expect(plain(ctx.qs.parse('a=1, b=2, c=3', ', '))).to.deep.equal({ a: '1', b: '2', c: '3' });
    },
  }),
  defineCase({
    id: 'querystring.parse.splits-key-from-value-on-equals-by-default',
    module: 'querystring',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a=1&b:2=3'))).to.deep.equal({ a: '1', 'b:2': '3' });
    },
  }),
  defineCase({
    id: 'querystring.parse.splits-key-from-value-on-given-eq',
    module: 'querystring',
    rules: ['querystring.parse.eq-custom'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a:1&b:2&c=3:4', '&', ':'))).to.deep.equal({ a: '1', b: '2', 'c=3': '4' });
      expect(plain(ctx.qs.parse('w:1;h:2', ';', ':'))).to.deep.equal({ w: '1', h: '2' });
    },
  }),
  defineCase({
    id: 'querystring.parse.splits-on-multi-character-eq',
    module: 'querystring',
    rules: ['querystring.parse.eq-multi-char'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a=>1&b=>2', '&', '=>'))).to.deep.equal({ a: '1', b: '2' });
      // Each character alone is not the delimiter.
      expect(plain(ctx.qs.parse('x=y=>1&p>q=>2&k=>v', '&', '=>'))).to.deep.equal({ 'x=y': '1', 'p>q': '2', k: 'v' });
      expect(plain(ctx.qs.parse('key is value; other is thing', '; ', ' is '))).to.deep.equal({ key: 'value', other: 'thing' });
    },
  }),
  defineCase({
    id: 'querystring.parse.reads-back-pairs-joined-with-any-sep-and-eq',
    module: 'querystring',
    rules: ['querystring.parse.sep-custom', 'querystring.parse.eq-custom', 'querystring.parse.eq-multi-char'],
    async run(ctx) {
      const fc = ctx.fc;
      // Distinct keys, so each maps to one string; keys and values never contain a delimiter character.
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, separator(fc), assigner(fc), (list, sep, eq) => {
          const input = list.map(([key, value]) => `${key}${eq}${value}`).join(sep);
          expect(plain(ctx.qs.parse(input, sep, eq))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  }),
];
