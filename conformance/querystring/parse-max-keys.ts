// parse's key limit: 1000 by default, options.maxKeys when positive, no limit at 0.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { plain, qsFunction } from './_util.js';

/** `k0=0&k1=1&…` with `count` distinct keys. */
function distinctPairs(count: number): string {
  return Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&');
}

/** The first `count` keys of `distinctPairs`. */
function firstKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `k${i}`);
}

export const parseMaxKeysCases = defineCases('querystring', [
  {
    id: 'querystring.parse.keeps-the-first-1000-keys-by-default',
    rules: ['querystring.parse.max-keys-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(Object.keys(parse(distinctPairs(1500)) as object)).to.deep.equal(firstKeys(1000));
      expect(Object.keys(parse(distinctPairs(1000)) as object), 'exactly 1000 keys are all kept').to.have.length(1000);
    },
  },
  {
    id: 'querystring.parse.keeps-at-most-max-keys',
    rules: ['querystring.parse.max-keys-custom'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1&b=2&c=3&d=4', undefined, undefined, { maxKeys: 2 }))).to.deep.equal({ a: '1', b: '2' });
      expect(Object.keys(parse(distinctPairs(3000), undefined, undefined, { maxKeys: 2000 }) as object)).to.deep.equal(firstKeys(2000));
    },
  },
  {
    id: 'querystring.parse.key-count-never-exceeds-max-keys',
    rules: ['querystring.parse.max-keys-custom'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 50 }), (count, maxKeys) => {
          const keys = Object.keys(parse(distinctPairs(count), undefined, undefined, { maxKeys }) as object);
          expect(keys).to.deep.equal(firstKeys(Math.min(count, maxKeys)));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.max-keys-zero-keeps-every-key',
    rules: ['querystring.parse.max-keys-zero-unlimited'],
    run(ctx) {
      expect(Object.keys(qsFunction(ctx, 'parse')(distinctPairs(5000), undefined, undefined, { maxKeys: 0 }) as object)).to.have.length(5000);
    },
  },
]);
