// parse's key limit: 1000 by default, options.maxKeys when positive, no limit at 0. Each assertion looks at which keys
// are kept, never at what they map to (the single-value rule's) or how they are decoded (the decoding rules').
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { CaseNotApplicable, defineCases } from '../case.js';
import { plain, qsFunction, readsSep, separator } from './_util.js';

/** `k0=0&k1=1&…` with `count` distinct keys. */
function distinctPairs(count: number): string {
  return Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&');
}

/** The first `count` keys of `distinctPairs`, sorted. */
function firstKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `k${i}`).sort();
}

/**
 * The keys of a parse result, sorted: which keys are kept is the maxKeys rules' matter, the order in which a result
 * lists them no rule's (the spec leaves it open).
 */
function keysOf(result: unknown): string[] {
  return Object.keys(result as object).sort();
}

export const parseMaxKeysCases = defineCases('querystring', [
  {
    id: 'querystring.parse.keeps-the-first-1000-keys-by-default',
    rules: ['querystring.parse.max-keys-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(keysOf(parse(distinctPairs(1500))), 'the keys kept of 1500, in any order').to.deep.equal(firstKeys(1000));
      expect(keysOf(parse(distinctPairs(1000))), 'exactly 1000 keys are all kept').to.have.length(1000);
      // Options that do not name maxKeys keep the default limit (the keys here decode to themselves with any decoder).
      for (const [options, what] of [[{}, '{}'], [{ decodeURIComponent: (text: string) => text }, 'a decodeURIComponent option alone']] as const) {
        expect(keysOf(parse(distinctPairs(1500), undefined, undefined, options)), `the keys kept with ${what}, in any order`).to.deep.equal(firstKeys(1000));
      }
    },
  },
  {
    id: 'querystring.parse.keeps-at-most-max-keys',
    rules: ['querystring.parse.max-keys-custom'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // Which keys are kept only: what each maps to is the single-value rule's.
      expect(keysOf(parse('a=1&b=2&c=3&d=4', undefined, undefined, { maxKeys: 2 })), 'the keys kept of four with maxKeys 2, in any order').to.deep.equal(['a', 'b']);
      expect(keysOf(parse(distinctPairs(3000), undefined, undefined, { maxKeys: 2000 })), 'the keys kept of 3000 with maxKeys 2000, in any order').to.deep.equal(firstKeys(2000));
    },
  },
  {
    id: 'querystring.parse.key-count-never-exceeds-max-keys',
    rules: ['querystring.parse.max-keys-custom'],
    examples: { below: [[3, 5]], equal: [[5, 5]], above: [[10, 3]], one: [[4, 1]] },
    classesLeftOut: { 'empty-entries-before-the-limit': 'this case parses distinct pairs only; keeps-the-keys-of-the-first-max-keys-entries has empty entries' },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 50 }), (count, maxKeys) => {
          const keys = keysOf(parse(distinctPairs(count), undefined, undefined, { maxKeys }));
          expect(keys, `the keys kept of ${count} with maxKeys ${maxKeys}, in any order`).to.deep.equal(firstKeys(Math.min(count, maxKeys)));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.keeps-the-keys-of-the-first-max-keys-entries',
    rules: ['querystring.parse.max-keys-custom'],
    // Past the limit under '&' (which every candidate that reads a query reads), so a parse without a key limit fails
    // here for every seed; and empty entries under the default and a longer sep.
    examples: {
      below: [[[true, true], '&', 5]],
      equal: [[[true, true, true], '&', 3]],
      above: [[[true, true, true, true, true], '&', 2]],
      one: [[[true, true, true], ';', 1]],
      'empty-entries-before-the-limit': [[[false, false, true, true, true], '&', 3], [[true, false, false, true, true, true], '&&', 2]],
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Entries, each a pair (true) or empty (false), joined by a sep of one or several characters. Whether an empty
      // entry counts against maxKeys is left open; either way the keys kept are the first ones, at most maxKeys of
      // them, and at least every key among the first maxKeys entries.
      const entries = fc.array(fc.boolean(), { minLength: 1, maxLength: 12 });
      let observed = 0;
      await ctx.check(
        fc.property(entries, separator(fc), fc.integer({ min: 1, max: 12 }), (shape, sep, maxKeys) => {
          let next = 0;
          const texts = shape.map((pair) => (pair ? `k${next}=${next++}` : ''));
          const keys = Array.from({ length: next }, (_, i) => `k${i}`);
          const input = texts.join(sep);
          // Only under a sep the candidate reads, and where it reads every key without a limit: where it misreads
          // those, sep or empty entries are at fault (other rules'), and the limit cannot be seen. Keys only: what
          // they map to is the single-value rule's.
          if (!readsSep(parse, sep) || !isDeepStrictEqual(keysOf(parse(input, sep)), [...keys].sort())) return;
          observed++;
          const kept = keysOf(parse(input, sep, undefined, { maxKeys }));
          const call = `parse(${JSON.stringify(input)}, ${JSON.stringify(sep)}, undefined, { maxKeys: ${maxKeys} })`;
          expect(kept, `${call}: the first keys, in any order`).to.deep.equal(keys.slice(0, kept.length).sort());
          expect(kept.length, `${call}: keys kept`).to.be.at.most(maxKeys);
          const within = shape.slice(0, maxKeys).filter(Boolean).length;
          expect(kept.length, `${call}: keys kept (the first ${maxKeys} entries hold ${within})`).to.be.at.least(within);
        }),
      );
      if (observed === 0) throw new CaseNotApplicable('parse misread every query without a key limit, so the limit could not be observed');
    },
  },
  {
    id: 'querystring.parse.max-keys-zero-keeps-every-key',
    rules: ['querystring.parse.max-keys-zero-unlimited'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(Object.keys(parse(distinctPairs(5000), undefined, undefined, { maxKeys: 0 }) as object)).to.have.length(5000);
      // Ending in separators: with no limit there is no count to stop at, so the parse must stop at the end of input,
      // and a query far below the default limit reads as it does without the option (whatever the candidate makes of
      // empty entries and of sep, which other rules judge).
      // Short and long (a parser may take a faster path on long queries without escapes).
      const long = 'k'.repeat(30);
      for (const [input, sep] of [['a=1&b=2&&', undefined], ['a=1;;b=2;', ';'], ['a=1<>b=2<>', '<>'], [`a=1&${long}=2&&`, undefined], [`${long}=1;b=2;`, ';']] as const) {
        const call = `parse(${JSON.stringify(input)}, ${JSON.stringify(sep)}, undefined, { maxKeys: 0 })`;
        expect(plain(parse(input, sep, undefined, { maxKeys: 0 })), `${call}, against the same without options`).to.deep.equal(plain(parse(input, sep)));
      }
    },
  },
]);
