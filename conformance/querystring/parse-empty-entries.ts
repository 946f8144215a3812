// parse and runs of empty entries: they yield no keys and leave the pairs around them intact.
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { CaseNotApplicable, defineCases } from '../case.js';
import { plain, qsFunction, readsSep, safeText, separator } from './_util.js';

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
      const parse = qsFunction(ctx, 'parse');
      // Short and long (a parser may take a faster path on long queries without escapes), and with no key limit.
      const long = 'k'.repeat(30);
      for (const [input, options] of [['a=1&=&=&=&b=2&c=3'], [`a=1&=&=&=&b=2&c=3&${long}=4`], [`a=1&=&=&=&b=2&c=3&${long}=4`, { maxKeys: 0 }]] as const) {
        const result = plain(parse(input, undefined, undefined, options));
        expect({ a: result['a'], b: result['b'], c: result['c'] }, `parse(${JSON.stringify(input)}${options ? ', undefined, undefined, { maxKeys: 0 }' : ''})`).to.deep.equal({ a: '1', b: '2', c: '3' });
      }
    },
  },
  {
    id: 'querystring.parse.inserted-empty-entries-change-nothing',
    rules: ['querystring.parse.empty-entries'],
    examples: {
      leading: [[[['a', '1'], ['b', '2']], ['&&', '', '', '', '', '', '']]],
      trailing: [[[['a', '1']], ['', '', '', '', '', '', '&&']]],
      run: [[[['a', '1'], ['b', '2']], ['', '&&&', '', '', '', '', '']]],
    },
    classesLeftOut: { 'multi-character-sep': "this case joins with '&' only; empty-entries-change-nothing-with-any-sep has longer seps" },
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
  {
    id: 'querystring.parse.empty-entries-change-nothing-with-any-sep',
    rules: ['querystring.parse.empty-entries'],
    examples: {
      leading: [[[['a', '1'], ['b', '2']], '&', [2, 0, 0, 0, 0, 0, 0]]],
      trailing: [[[['a', '1']], ';', [0, 0, 0, 0, 0, 0, 2]]],
      run: [[[['a', '1'], ['b', '2']], '&', [1, 2, 0, 0, 0, 0, 1]]],
      'multi-character-sep': [[[['a', '1'], ['b', '2']], '&&', [1, 2, 0, 0, 0, 0, 1]]],
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { minLength: 1, maxLength: 6, selector: ([key]) => key });
      // How many empty entries go before each pair and after the last: runs of sep, several characters long too.
      const runs = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 7, maxLength: 7 });
      let observed = 0;
      await ctx.check(
        fc.property(pairs, separator(fc), runs, (list, sep, run) => {
          const clean = list.map(([key, value]) => `${key}=${value}`);
          // Only under a sep the candidate reads, and relative to what it reads without the empty entries: where it
          // misreads those, sep is at fault (another rule's), and what empty entries change cannot be seen.
          if (!readsSep(parse, sep) || !isDeepStrictEqual(plain(parse(clean.join(sep), sep)), Object.fromEntries(list))) return;
          observed++;
          const input = clean.map((pair, i) => `${sep.repeat(run[i] ?? 0)}${pair}`).join(sep) + sep.repeat(run[6] ?? 0);
          expect(plain(parse(input, sep)), `parse(${JSON.stringify(input)}, ${JSON.stringify(sep)})`).to.deep.equal(Object.fromEntries(list));
        }),
      );
      if (observed === 0) throw new CaseNotApplicable('parse misread every query without empty entries under its sep, so what empty entries change could not be observed');
    },
  },
]);
