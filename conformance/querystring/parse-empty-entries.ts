// parse and runs of empty entries: they yield no keys and leave the pairs around them intact.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { plain, safeText } from './_util.js';

export const parseEmptyEntryCases = [
  defineCase({
    id: 'querystring.parse.empty-entries-yield-no-keys',
    module: 'querystring',
    rules: ['querystring.parse.empty-entries'],
    run(ctx) {
      expect(plain(ctx.qs.parse('&&a=1&&&b=2&&'))).to.deep.equal({ a: '1', b: '2' });
      expect(plain(ctx.qs.parse(';;a=1;;;b=2', ';'))).to.deep.equal({ a: '1', b: '2' });
    },
  }),
  defineCase({
    id: 'querystring.parse.runs-of-empty-pairs-keep-neighbours-intact',
    module: 'querystring',
    rules: ['querystring.parse.empty-entries'],
    run(ctx) {
      const result = plain(ctx.qs.parse('a=1&=&=&=&b=2&c=3'));
      expect({ a: result['a'], b: result['b'], c: result['c'] }).to.deep.equal({ a: '1', b: '2', c: '3' });
    },
  }),
  defineCase({
    id: 'querystring.parse.inserted-empty-entries-change-nothing',
    module: 'querystring',
    rules: ['querystring.parse.empty-entries'],
    async run(ctx) {
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 6, selector: ([key]) => key });
      const gaps = fc.array(fc.constantFrom('', '&', '&&', '&&&'), { minLength: 7, maxLength: 7 });
      await ctx.check(
        fc.property(pairs, gaps, (list, gap) => {
          const input = list.map(([key, value], i) => `${gap[i]}${key}=${value}`).join('&') + gap[6];
          expect(plain(ctx.qs.parse(input))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  }),
];
