// parse's repeated keys: every value kept, in input order, in an array.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { plain, safeText } from './_util.js';

export const parseRepeatedKeyCases = [
  defineCase({
    id: 'querystring.parse.repeated-key-collects-values-in-order',
    module: 'querystring',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      expect(plain(ctx.qs.parse('a=1&b=x&a=2&a=&a=3'))).to.deep.equal({ a: ['1', '2', '', '3'], b: 'x' });
      expect(plain(ctx.qs.parse('t=%C3%A9&t=%C3%A9'))).to.deep.equal({ t: ['é', 'é'] });
    },
  }),
  defineCase({
    id: 'querystring.parse.repeated-keys-match-their-occurrences',
    module: 'querystring',
    rules: ['querystring.parse.repeated-keys', 'querystring.result.single-value-string'],
    async run(ctx) {
      const fc = ctx.fc;
      const pairs = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'hasOwnProperty'), safeText(fc)), { maxLength: 12 });
      await ctx.check(
        fc.property(pairs, (list) => {
          const expected: Record<string, string | string[]> = {};
          for (const [key, value] of list) {
            const current = Object.prototype.hasOwnProperty.call(expected, key) ? expected[key] : undefined;
            expected[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
          }
          const input = list.map(([key, value]) => `${key}=${value}`).join('&');
          expect(plain(ctx.qs.parse(input))).to.deep.equal(expected);
        }),
      );
    },
  }),
];
