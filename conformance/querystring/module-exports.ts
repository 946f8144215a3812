// The module's exports: the six functions, and decode/encode as aliases of parse/stringify.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { loose, plain, safeText, separator, assigner, unicodeText } from './_util.js';

export const moduleExportsCases = [
  defineCase({
    id: 'querystring.module.exports-six-functions',
    module: 'querystring',
    rules: ['querystring.module.exports'],
    run(ctx) {
      const exported = ctx.qs as unknown as Record<string, unknown>;
      for (const name of ['parse', 'decode', 'stringify', 'encode', 'escape', 'unescape']) {
        expect(typeof exported[name], `typeof querystring.${name}`).to.equal('function');
      }
    },
  }),
  defineCase({
    id: 'querystring.decode.behaves-as-parse',
    module: 'querystring',
    rules: ['querystring.decode.alias-of-parse'],
    async run(ctx) {
      const qs = loose(ctx.qs);
      expect(typeof qs.decode, 'typeof decode').to.equal('function');
      const fc = ctx.fc;
      const pairs = fc.array(fc.tuple(safeText(fc, 1), unicodeText(fc)), { maxLength: 6 });
      await ctx.check(
        fc.property(pairs, separator(fc), assigner(fc), fc.integer({ min: 0, max: 8 }), (list, sep, eq, maxKeys) => {
          const input = list.map(([key, value]) => `${key}${eq}${encodeURIComponent(value)}`).join(sep);
          const decoded = qs.decode(input, sep, eq, { maxKeys });
          expect(Object.getPrototypeOf(decoded), 'prototype of the decode result').to.equal(Object.getPrototypeOf(qs.parse(input, sep, eq, { maxKeys })));
          expect(plain(decoded)).to.deep.equal(plain(qs.parse(input, sep, eq, { maxKeys })));
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.encode.behaves-as-stringify',
    module: 'querystring',
    rules: ['querystring.encode.alias-of-stringify'],
    async run(ctx) {
      const qs = loose(ctx.qs);
      expect(typeof qs.encode, 'typeof encode').to.equal('function');
      const fc = ctx.fc;
      const value = fc.oneof(unicodeText(fc), fc.double(), fc.bigInt(), fc.boolean(), fc.array(unicodeText(fc), { minLength: 1, maxLength: 3 }));
      await ctx.check(
        fc.property(fc.dictionary(safeText(fc, 1), value, { maxKeys: 5 }), separator(fc), assigner(fc), (object, sep, eq) => {
          expect(qs.encode(object, sep, eq)).to.equal(qs.stringify(object, sep, eq));
        }),
      );
    },
  }),
];
