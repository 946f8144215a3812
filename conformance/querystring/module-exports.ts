// The module's exports: the six functions, and decode/encode as aliases of parse/stringify.
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { aliasIdentity, api, unimplementedExports } from '../kit.js';
import { outcomeOf, plain, qsFunction, safeText, separator, assigner, unicodeText, type Outcome, type QsFunction } from './_util.js';

const FUNCTIONS: readonly QsFunction[] = ['parse', 'decode', 'stringify', 'encode', 'escape', 'unescape'];

/** An ordinary call of each function, which any implementation answers without complaint. */
const BENIGN_ARGS: Readonly<Record<QsFunction, readonly unknown[]>> = {
  parse: ['a=1'],
  decode: ['a=1'],
  stringify: [{ a: '1' }],
  encode: [{ a: '1' }],
  escape: ['a b'],
  unescape: ['a%20b'],
};

/** Calls the candidate's `name` on its module and records what it did, throws included: aliases throw alike too. */
function outcome(ctx: CaseContext, name: QsFunction, args: readonly unknown[]): Outcome {
  const exported = api(ctx, 'querystring', name) as unknown as (...all: unknown[]) => unknown;
  return outcomeOf(() => Reflect.apply(exported, ctx.qs, args));
}

/** A parse outcome as a comparable value: the result's prototype and own entries, or what was thrown. */
function comparableParse(result: Outcome): unknown {
  if ('threw' in result) return result;
  return { prototype: Object.getPrototypeOf(result.value) === null ? null : 'not null', entries: plain(result.value) };
}

export const moduleExportsCases = defineCases('querystring', [
  {
    id: 'querystring.module.exports-six-functions',
    rules: ['querystring.module.exports'],
    run(ctx) {
      // Whether each alias is its original's very function object (per-API state judges such a pair as one).
      aliasIdentity(ctx, 'querystring', 'decode', 'parse');
      aliasIdentity(ctx, 'querystring', 'encode', 'stringify');
      // An export that is there but answers an ordinary call with "not implemented" is not implemented either.
      const missing = unimplementedExports(ctx.qs, FUNCTIONS, (name, fn) => Reflect.apply(fn, ctx.qs, BENIGN_ARGS[name]));
      if (missing.length > 0) {
        throw new CaseFailure(`not implemented: ${missing.map(([name]) => `querystring.${name}`).join(', ')}`, {
          expected: 'all six exported as functions that do not say they are not implemented',
          actual: Object.fromEntries(missing),
          unimplemented: missing.map(([name, , observed]) => ({ api: `querystring.${name}`, observed })),
        });
      }
    },
  },
  {
    id: 'querystring.decode.behaves-as-parse',
    rules: ['querystring.decode.alias-of-parse'],
    async run(ctx) {
      api(ctx, 'querystring', 'decode');
      aliasIdentity(ctx, 'querystring', 'decode', 'parse');
      // The control: a parse that throws whatever it is given would make any decode that throws look like it.
      qsFunction(ctx, 'parse')('a=1');
      const fc = ctx.fc;
      // Relative to the candidate's own parse: whatever parse does with an input (even throw), decode does the same.
      const pairs = fc.array(fc.tuple(safeText(fc, 1), unicodeText(fc)), { maxLength: 6 });
      await ctx.check(
        fc.property(pairs, separator(fc), assigner(fc), fc.integer({ min: 0, max: 8 }), (list, sep, eq, maxKeys) => {
          const input = list.map(([key, value]) => `${key}${eq}${encodeURIComponent(value)}`).join(sep);
          const args = [input, sep, eq, { maxKeys }];
          expect(comparableParse(outcome(ctx, 'decode', args)), `decode(${JSON.stringify(input)}, …) against parse`).to.deep.equal(comparableParse(outcome(ctx, 'parse', args)));
        }),
      );
    },
  },
  {
    id: 'querystring.encode.behaves-as-stringify',
    rules: ['querystring.encode.alias-of-stringify'],
    async run(ctx) {
      api(ctx, 'querystring', 'encode');
      aliasIdentity(ctx, 'querystring', 'encode', 'stringify');
      // The control: a stringify that throws whatever it is given would make any encode that throws look like it.
      qsFunction(ctx, 'stringify')({ a: '1' });
      const fc = ctx.fc;
      const value = fc.oneof(unicodeText(fc), fc.double(), fc.bigInt(), fc.boolean(), fc.array(unicodeText(fc), { minLength: 1, maxLength: 3 }));
      await ctx.check(
        fc.property(fc.dictionary(safeText(fc, 1), value, { maxKeys: 5 }), separator(fc), assigner(fc), (object, sep, eq) => {
          const args = [object, sep, eq];
          expect(outcome(ctx, 'encode', args), 'encode against stringify').to.deep.equal(outcome(ctx, 'stringify', args));
        }),
      );
    },
  },
]);
