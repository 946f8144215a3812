// parse's decoding: UTF-8 percent-decoding through the module's unescape by default, or a decodeURIComponent option.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { plain, qsFunction, replaceExport, safeText, SAFE_CHARS, unicodeText } from './_util.js';

export const parseDecodingCases = defineCases('querystring', [
  {
    id: 'querystring.parse.decodes-percent-encoded-utf8',
    rules: ['querystring.parse.utf8-default'],
    run(ctx) {
      expect(plain(qsFunction(ctx, 'parse')('q=caf%C3%A9&%E2%9C%93=%F0%9F%98%80&sp=a%20b&amp=%26%3D'))).to.deep.equal({
        q: 'café',
        '✓': '😀',
        sp: 'a b',
        amp: '&=',
      });
    },
  },
  {
    id: 'querystring.parse.decodes-any-encoded-unicode-text',
    rules: ['querystring.parse.utf8-default'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // A non-empty key: what an empty key becomes is a question of empty entries, not of decoding.
      const key = unicodeText(fc).filter((text) => text !== '');
      // Hex digits in upper or lower case (percent-encoding is case-insensitive); longer values too, past any
      // short-value fast path a parser may have.
      const valueText = fc.oneof(unicodeText(fc), unicodeText(fc, 40));
      const encode = (text: string, lower: boolean): string => (lower ? encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) : encodeURIComponent(text));
      await ctx.check(
        fc.property(key, valueText, fc.boolean(), fc.boolean(), (name, value, lowerKey, lowerValue) => {
          const result = parse(`${encode(name, lowerKey)}=${encode(value, lowerValue)}`);
          const expected: Record<string, string> = {};
          Object.defineProperty(expected, name, { value, enumerable: true, writable: true, configurable: true });
          expect(plain(result)).to.deep.equal(expected);
        }),
      );
    },
  },
  {
    id: 'querystring.parse.decodes-several-pairs-encoded-or-not',
    rules: ['querystring.parse.utf8-default'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Several pairs in one query, each part encoded in upper- or lower-case hex or (when it is safe text) left as it
      // is; texts short, long, or a long unencoded stretch before the first escape. One query thus takes a parser
      // through every way it may read a pair, and from one way to the next.
      const text = fc.oneof(unicodeText(fc), unicodeText(fc, 40), fc.tuple(safeText(fc, 10, 40), unicodeText(fc, 6)).map(([head, tail]) => head + tail));
      const form = fc.constantFrom('upper', 'lower', 'raw');
      const pairs = fc.uniqueArray(fc.tuple(text.filter((key) => key !== ''), text, form, form), { minLength: 1, maxLength: 6, selector: ([key]) => key });
      const safe = new RegExp(`^[${SAFE_CHARS.join('').replace(/[-\]\\^]/g, '\\$&')}]*$`);
      const encode = (part: string, how: string): string => {
        if (how === 'raw' && safe.test(part)) return part;
        const encoded = encodeURIComponent(part);
        return how === 'lower' ? encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) : encoded;
      };
      await ctx.check(
        fc.property(pairs, (list) => {
          const query = list.map(([key, value, keyForm, valueForm]) => `${encode(key, keyForm)}=${encode(value, valueForm)}`).join('&');
          const expected: Record<string, string> = {};
          for (const [key, value] of list) Object.defineProperty(expected, key, { value, enumerable: true, writable: true, configurable: true });
          expect(plain(parse(query)), `parse(${JSON.stringify(query)})`).to.deep.equal(expected);
        }),
      );
    },
  },
  {
    id: 'querystring.parse.decodes-with-the-module-unescape',
    rules: ['querystring.parse.decode-default-unescape', 'querystring.unescape.replaceable'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const seen: string[] = [];
      replaceExport(ctx, 'unescape', (text) => {
        seen.push(text);
        return `<${text}>`;
      });
      expect(plain(parse('k%41=v%42')), 'parse once querystring.unescape was replaced (it must decode with the replacement)').to.deep.equal({ '<k%41>': '<v%42>' });
      expect(seen, 'texts passed to the replaced unescape').to.include.members(['k%41', 'v%42']);
    },
  },
  {
    id: 'querystring.parse.decodes-with-the-decodeURIComponent-option',
    rules: ['querystring.parse.decode-custom'],
    run(ctx) {
      const seen: string[] = [];
      const decodeURIComponent = (text: string): string => {
        seen.push(text);
        return text.replace(/%41/g, 'Z');
      };
      // Well-formed escapes only: a parse that ignores the option then decodes them its own way and shows that, where
      // a malformed one would make it throw and hide it (what parse does with those is another rule's).
      const result = qsFunction(ctx, 'parse')('k%41=v%41', undefined, undefined, { decodeURIComponent });
      expect(plain(result), 'parse with a decodeURIComponent option (it must decode with the option)').to.deep.equal({ kZ: 'vZ' });
      expect(seen, 'texts passed to the option').to.include.members(['k%41', 'v%41']);
      // The option decodes every key and value, escapes or not, one character long or longer (what an empty one
      // becomes is left open).
      const upper = (text: string): string => text.replace(/%41/g, 'Z').toUpperCase();
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('x=y&ab=cd&k%41=v%41', undefined, undefined, { decodeURIComponent: upper })), 'parse with an upper-casing decodeURIComponent option').to.deep.equal({ X: 'Y', AB: 'CD', KZ: 'VZ' });
    },
  },
]);
