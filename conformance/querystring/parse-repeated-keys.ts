// parse's repeated keys: every value kept, in input order, in an array.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { plain, qsFunction, safeText } from './_util.js';

export const parseRepeatedKeyCases = defineCases('querystring', [
  {
    id: 'querystring.parse.repeated-key-collects-values-in-order',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1&b=x&a=2&a=&a=3'))).to.deep.equal({ a: ['1', '2', '', '3'], b: 'x' });
      expect(plain(parse('t=x&t=x'))).to.deep.equal({ t: ['x', 'x'] });
    },
  },
  {
    id: 'querystring.parse.repeated-keys-match-their-occurrences',
    rules: ['querystring.parse.repeated-keys'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), safeText(fc)), { maxLength: 12 });
      await ctx.check(
        fc.property(pairs, (list) => {
          const values = new Map<string, string[]>();
          for (const [key, value] of list) values.set(key, [...(values.get(key) ?? []), value]);
          const result = plain(parse(list.map(([key, value]) => `${key}=${value}`).join('&')));
          // Only the keys that repeat: what a key that occurs once maps to is another rule's (single-value-string).
          for (const [key, all] of values) if (all.length > 1) expect(result[key], `values of ${key}`).to.deep.equal(all);
        }),
      );
    },
  },
]);
