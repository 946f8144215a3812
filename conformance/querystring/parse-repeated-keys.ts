// parse's repeated keys: every value kept, in input order, in an array. Each assertion looks at the repeated keys only:
// what a key that occurs once maps to is the single-value rule's, and how a key or value is decoded the decoding rules'
// (a pair's values are compared with what the candidate makes of each pair alone).
import { expect } from 'chai';
import { CaseNotApplicable, defineCases } from '../case.js';
import { plain, qsFunction, readsDelimiters, safeText, type LooseQuerystring } from './_util.js';

/** What the candidate makes of one pair on its own: its one key and that key's value, or undefined for anything else. */
function alone(parse: LooseQuerystring['parse'], pair: string, sep?: string, eq?: string): readonly [string, unknown] | undefined {
  const entries = Object.entries(plain(parse(pair, sep, eq)));
  return entries.length === 1 ? entries[0] : undefined;
}

/**
 * The values the first key of `input` (its pairs split on `sep`) must collect: the value of each pair of that key as
 * the candidate reads the pair alone, in order. Undefined when the key does not occur at least twice so read, or a
 * pair does not read alone as one key with one string value (decoding is another rule's): the row then says nothing
 * of repeated keys.
 */
function collected(parse: LooseQuerystring['parse'], input: string, sep?: string, eq?: string): { key: string; values: string[] } | undefined {
  const read = input.split(sep ?? '&').map((pair) => {
    const [key, value] = alone(parse, pair, sep, eq) ?? [];
    // A value written as an array of one is the single-value rule's fault, not a reason to leave the row out.
    const text = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
    return key !== undefined && typeof text === 'string' ? ([key, text] as const) : undefined;
  });
  if (!read.every((entry) => entry !== undefined)) return undefined;
  const key = read[0]?.[0];
  const values = read.filter((entry) => entry?.[0] === key).map((entry) => entry?.[1] as string);
  return key !== undefined && values.length > 1 ? { key, values } : undefined;
}

export const parseRepeatedKeyCases = defineCases('querystring', [
  {
    id: 'querystring.parse.repeated-key-collects-values-in-order',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // The repeated key only (b occurs once: the single-value rule's).
      expect(plain(parse('a=1&b=x&a=2&a=&a=3'))['a'], "a's values").to.deep.equal(['1', '2', '', '3']);
      expect(plain(parse('t=x&t=x'))['t'], "t's values").to.deep.equal(['x', 'x']);
      // A key repeated at the very end of a long query (a parser may take a faster path on long queries without
      // escapes), with and without eq; the empty value a pair without eq has is the eq rule's, so that occurrence is
      // checked only where the candidate reads a lone key so.
      const long = 'longkey'.repeat(5);
      expect(plain(parse(`${long}=1&x=2&${long}=3`))[long], `${long}'s values`).to.deep.equal(['1', '3']);
      const lone = alone(parse, long)?.[1];
      if (lone === '' || (Array.isArray(lone) && lone.length === 1 && lone[0] === '')) {
        expect(plain(parse(`${long}=1&x=2&${long}`))[long], 'a repeated key whose last pair has no eq').to.deep.equal(['1', '']);
      }
    },
  },
  {
    id: 'querystring.parse.repeated-key-first-seen-with-an-encoded-part',
    rules: ['querystring.parse.repeated-keys'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // A key whose first pair holds an escape (in its value, or in the key itself) and whose later pairs hold none:
      // a parser that reads the two kinds of pair apart must still collect every value under the one key. The values
      // due are each pair's as the candidate reads it alone, so how it decodes is not this rule's to judge.
      const rows: readonly (readonly [string, string | undefined, string | undefined])[] = [
        ['key=%41&key=b&key=c%20d', undefined, undefined],
        ['some key~=%C3%A9&some key~=x&other=1&some key~=y', undefined, undefined],
        ['k%65y=1&key=2', undefined, undefined],
        ['key:%41;key:b', ';', ':'],
        ['~~ @x%7e&~~ @y&~~ @z', undefined, '@'],
        ['key=>%41&&key=>b', '&&', '=>'],
      ];
      let observed = 0;
      for (const [input, sep, eq] of rows) {
        // Custom delimiters only where the candidate reads them (the sep and eq rules judge that).
        if ((sep !== undefined || eq !== undefined) && !readsDelimiters(parse, sep, eq)) continue;
        const due = collected(parse, input, sep, eq);
        if (!due) continue;
        observed++;
        const call = `parse(${[input, sep, eq].map((arg) => JSON.stringify(arg)).join(', ')})`;
        expect(plain(parse(input, sep, eq))[due.key], `${call}: the values of ${JSON.stringify(due.key)}, each as its pair alone reads`).to.deep.equal(due.values);
      }
      if (observed === 0) throw new CaseNotApplicable('parse reads none of the pairs alone as one key with a string value, so what it collects for a repeated key cannot be told');
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
