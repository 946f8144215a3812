// Differential properties: on generated inputs whose meaning the spec defines, the candidate answers exactly as the
// reference implementation (`ctx.oracle`) does.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { assigner, loose, plain, separator, unicodeText } from './_util.js';

export const differentialCases = [
  defineCase({
    id: 'querystring.parse.agrees-with-reference-on-generated-queries',
    module: 'querystring',
    rules: ['querystring.parse.accepts-string', 'querystring.parse.sep-custom', 'querystring.parse.eq-custom', 'querystring.parse.utf8-default', 'querystring.parse.repeated-keys', 'querystring.parse.empty-entries'],
    async run(ctx) {
      const oracle = loose(ctx.oracle.querystring);
      const fc = ctx.fc;
      // Keys and values: letters, non-ASCII text and well-formed escapes of any text — never a character of a
      // delimiter, so every delimiter in the input is one the generator wrote.
      const token = fc.oneof(
        fc.constantFrom('a', 'b', 'k', 'Z', '9', '-', '.', '~', 'é', '☃', '😀'),
        unicodeText(fc, 4).map((text) => encodeURIComponent(text)),
      );
      const part = fc.array(token, { maxLength: 4 }).map((tokens) => tokens.join(''));
      await ctx.check(
        fc.property(fc.array(fc.tuple(part, fc.option(part)), { maxLength: 8 }), fc.option(separator(fc)), fc.option(assigner(fc)), (pairs, sep, eq) => {
          const useSep = sep ?? '&';
          const useEq = eq ?? '=';
          const input = pairs.map(([key, value]) => (value === null ? key : `${key}${useEq}${value}`)).join(useSep);
          const args = [input, sep ?? undefined, eq ?? undefined] as const;
          const expected = oracle.parse(...args);
          const actual = ctx.qs.parse(...(args as unknown as [string, string?, string?]));
          expect(plain(actual), `parse(${JSON.stringify(input)}, ${JSON.stringify(sep)}, ${JSON.stringify(eq)})`).to.deep.equal(plain(expected));
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.agrees-with-reference-on-generated-objects',
    module: 'querystring',
    rules: [
      'querystring.stringify.string-values',
      'querystring.stringify.finite-number-values',
      'querystring.stringify.bigint-values',
      'querystring.stringify.boolean-values',
      'querystring.stringify.non-finite-empty',
      'querystring.stringify.unsupported-empty',
      'querystring.stringify.array-repeats-key',
      'querystring.stringify.custom-delimiters',
      'querystring.stringify.utf8-percent-encoding',
    ],
    async run(ctx) {
      const oracle = loose(ctx.oracle.querystring);
      const fc = ctx.fc;
      const scalar = fc.oneof(
        unicodeText(fc),
        fc.double(),
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
        fc.boolean(),
        fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, 1e21, -1e21, {}, [] as unknown[]),
      );
      // Arrays are non-empty: the spec says nothing about an empty array.
      const value = fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { minLength: 1, maxLength: 4 }) });
      await ctx.check(
        fc.property(fc.dictionary(unicodeText(fc), value, { maxKeys: 6 }), fc.option(separator(fc)), fc.option(assigner(fc)), (object, sep, eq) => {
          const args = [object, sep ?? undefined, eq ?? undefined] as const;
          expect(loose(ctx.qs).stringify(...args)).to.equal(oracle.stringify(...args));
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.escape.agrees-with-reference-on-unicode-text',
    module: 'querystring',
    rules: ['querystring.escape.percent-encodes', 'querystring.unescape.decodes'],
    async run(ctx) {
      const oracle = loose(ctx.oracle.querystring);
      expect([typeof ctx.qs.escape, typeof ctx.qs.unescape], 'typeof escape, unescape').to.deep.equal(['function', 'function']);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc, 24), (text) => {
          const escaped = ctx.qs.escape(text);
          expect(escaped, `escape(${JSON.stringify(text)})`).to.equal(oracle.escape(text));
          expect(ctx.qs.unescape(escaped), `unescape(${JSON.stringify(escaped)})`).to.equal(oracle.unescape(escaped));
        }),
      );
    },
  }),
];
