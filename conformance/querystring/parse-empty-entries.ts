// parse and runs of empty entries: they yield no keys and leave the pairs around them intact.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { plain, qsFunction, safeText } from './_util.js';

export const parseEmptyEntryCases = defineCases('querystring', [
  {
    id: 'querystring.parse.empty-entries-yield-no-keys',
    rules: ['querystring.parse.empty-entries'],
    run(ctx) {
      expect(plain(qsFunction(ctx, 'parse')('&&a=1&&&b=2&&'))).to.deep.equal({ a: '1', b: '2' });
    },
  },
  {
    id: 'querystring.parse.runs-of-empty-pairs-keep-neighbours-intact',
    rules: ['querystring.parse.empty-entries'],
    run(ctx) {
      const result = plain(qsFunction(ctx, 'parse')('a=1&=&=&=&b=2&c=3'));
      expect({ a: result['a'], b: result['b'], c: result['c'] }).to.deep.equal({ a: '1', b: '2', c: '3' });
    },
  },
  {
    id: 'querystring.parse.inserted-empty-entries-change-nothing',
    rules: ['querystring.parse.empty-entries'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 6, selector: ([key]) => key });
      const gaps = fc.array(fc.constantFrom('', '&', '&&', '&&&'), { minLength: 7, maxLength: 7 });
      await ctx.check(
        fc.property(pairs, gaps, (list, gap) => {
          const input = list.map(([key, value], i) => `${gap[i]}${key}=${value}`).join('&') + gap[6];
          expect(plain(parse(input))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
]);
