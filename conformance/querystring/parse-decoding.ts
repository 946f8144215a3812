// parse's decoding: UTF-8 percent-decoding through the module's unescape by default, or a decodeURIComponent option.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { attempt, plain, replaceExport, unicodeText } from './_util.js';

export const parseDecodingCases = [
  defineCase({
    id: 'querystring.parse.decodes-percent-encoded-utf8',
    module: 'querystring',
    rules: ['querystring.parse.utf8-default'],
    run(ctx) {
      expect(plain(ctx.qs.parse('q=caf%C3%A9&%E2%9C%93=%F0%9F%98%80&sp=a%20b&amp=%26%3D'))).to.deep.equal({
        q: 'café',
        '✓': '😀',
        sp: 'a b',
        amp: '&=',
      });
    },
  }),
  defineCase({
    id: 'querystring.parse.decodes-any-encoded-unicode-text',
    module: 'querystring',
    rules: ['querystring.parse.utf8-default'],
    async run(ctx) {
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc), unicodeText(fc), (key, value) => {
          const result = ctx.qs.parse(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
          const expected: Record<string, string> = {};
          Object.defineProperty(expected, key, { value, enumerable: true, writable: true, configurable: true });
          expect(plain(result)).to.deep.equal(expected);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.parse.decodes-with-the-module-unescape',
    module: 'querystring',
    rules: ['querystring.parse.decode-default-unescape', 'querystring.unescape.replaceable'],
    run(ctx) {
      const seen: string[] = [];
      replaceExport(ctx, 'unescape', (text) => {
        seen.push(text);
        return `<${text}>`;
      });
      expect(plain(ctx.qs.parse('k%41=v%42'))).to.deep.equal({ '<k%41>': '<v%42>' });
      expect(seen, 'texts passed to the replaced unescape').to.include.members(['k%41', 'v%42']);
    },
  }),
  defineCase({
    id: 'querystring.parse.decodes-with-the-decodeURIComponent-option',
    module: 'querystring',
    rules: ['querystring.parse.decode-custom'],
    run(ctx) {
      const seen: string[] = [];
      const decodeURIComponent = (text: string): string => {
        seen.push(text);
        return text.replace(/%41/g, 'Z');
      };
      const result = attempt('parse with a decodeURIComponent option', () => ctx.qs.parse('k%41=v%41&x=%E9', undefined, undefined, { decodeURIComponent }));
      expect(plain(result)).to.deep.equal({ kZ: 'vZ', x: '%E9' });
      expect(seen, 'texts passed to the option').to.include.members(['k%41', 'v%41', '%E9']);
    },
  }),
];
