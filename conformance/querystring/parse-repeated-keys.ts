// parse's repeated keys: every value kept, in input order, in an array.
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { defineCases } from '../case.js';
import { plain, qsFunction, readsDelimiters, safeText } from './_util.js';

export const parseRepeatedKeyCases = defineCases('querystring', [
  {
    id: 'querystring.parse.repeated-key-collects-values-in-order',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1&b=x&a=2&a=&a=3'))).to.deep.equal({ a: ['1', '2', '', '3'], b: 'x' });
      expect(plain(parse('t=x&t=x'))).to.deep.equal({ t: ['x', 'x'] });
      // A key repeated at the very end of a long query (a parser may take a faster path on long queries without
      // escapes), with and without eq; the empty value a pair without eq has is the eq rule's, so that occurrence is
      // checked only where the candidate reads a lone key so.
      const long = 'longkey'.repeat(5);
      expect(plain(parse(`${long}=1&x=2&${long}=3`))).to.deep.equal({ [long]: ['1', '3'], x: '2' });
      if (isDeepStrictEqual(plain(parse(long)), { [long]: '' })) {
        expect(plain(parse(`${long}=1&x=2&${long}`)), 'a repeated key whose last pair has no eq').to.deep.equal({ [long]: ['1', ''], x: '2' });
      }
    },
  },
  {
    id: 'querystring.parse.repeated-key-first-seen-with-an-encoded-part',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // A key whose first pair holds an escape (in its value, or in the key itself) and whose later pairs hold none:
      // a parser that reads the two kinds of pair apart must still collect every value under the one key.
      const cases: readonly (readonly [string, string | undefined, string | undefined, Record<string, unknown>])[] = [
        ['key=%41&key=b&key=c%20d', undefined, undefined, { key: ['A', 'b', 'c d'] }],
        ['some key~=%C3%A9&some key~=x&other=1&some key~=y', undefined, undefined, { 'some key~': ['é', 'x', 'y'], other: '1' }],
        ['k%65y=1&key=2', undefined, undefined, { key: ['1', '2'] }],
        ['key:%41;key:b', ';', ':', { key: ['A', 'b'] }],
        ['~~ @x%7e&~~ @y&~~ @z', undefined, '@', { '~~ ': ['x~', 'y', 'z'] }],
        ['key=>%41&&key=>b', '&&', '=>', { key: ['A', 'b'] }],
      ];
      // Custom delimiters only where the candidate reads them (the sep and eq rules judge that); the default rows always.
      for (const [input, sep, eq, expected] of cases) {
        if ((sep !== undefined || eq !== undefined) && !readsDelimiters(parse, sep, eq)) continue;
        const call = `parse(${[input, sep, eq].map((arg) => JSON.stringify(arg)).join(', ')})`;
        expect(plain(parse(input, sep, eq)), call).to.deep.equal(expected);
      }
    },
  },
  {
    id: 'querystring.parse.repeated-keys-match-their-occurrences',
    rules: ['querystring.parse.repeated-keys'],
    examples: {
      twice: [[[['a', '1'], ['a', '2']]]],
      interleaved: [[[['a', '1'], ['b', 'x'], ['a', '2'], ['c', ''], ['a', '3']]]],
      'empty-value': [[[['b', ''], ['b', 'y']]]],
    },
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
