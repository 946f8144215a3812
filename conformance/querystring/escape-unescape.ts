// escape and unescape: percent-encoding and decoding, the built-in decoder's result on well-formed input, and a
// fallback that never throws on malformed input.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { attempt, ENCODED_TEXT, loose, unicodeText } from './_util.js';

/** Text a query string may contain: bare characters, good escapes, bad escapes, stray and trailing `%`. */
const PIECES = ['a', 'Z', '0', ' ', '+', 'é', '😀', '%', '%%', '%2', '%41', '%zz', '%C3%A9', '%C3', '%E9', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', '%F0%9F%98%80'];

export const escapeUnescapeCases = [
  defineCase({
    id: 'querystring.escape.percent-encodes-utf8',
    module: 'querystring',
    rules: ['querystring.escape.percent-encodes'],
    async run(ctx) {
      expect(typeof ctx.qs.escape, 'typeof querystring.escape').to.equal('function');
      expect(ctx.qs.escape('a b&c=é/😀')).to.match(/^a%20b%26c%3D%C3%A9%2F%F0%9F%98%80$/i);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc, 24), (text) => {
          const escaped = ctx.qs.escape(text);
          expect(escaped, 'escaped text').to.match(ENCODED_TEXT);
          expect(decodeURIComponent(escaped)).to.equal(text);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.unescape.decodes-percent-encoded-utf8',
    module: 'querystring',
    rules: ['querystring.unescape.decodes'],
    async run(ctx) {
      expect(typeof ctx.qs.unescape, 'typeof querystring.unescape').to.equal('function');
      expect(ctx.qs.unescape('caf%C3%A9%20%E2%9C%93%F0%9F%98%80')).to.equal('café ✓😀');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc, 24), (text) => {
          expect(ctx.qs.unescape(encodeURIComponent(text))).to.equal(text);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input',
    module: 'querystring',
    rules: ['querystring.unescape.builtin-first'],
    async run(ctx) {
      expect(typeof ctx.qs.unescape, 'typeof querystring.unescape').to.equal('function');
      const fc = ctx.fc;
      const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join(''));
      await ctx.check(
        fc.property(text, (input) => {
          let expected: string;
          try {
            expected = decodeURIComponent(input);
          } catch {
            return; // malformed: the fallback rule, checked by another case
          }
          expect(ctx.qs.unescape(input)).to.equal(expected);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.unescape.never-throws-on-malformed-input',
    module: 'querystring',
    rules: ['querystring.unescape.malformed-fallback'],
    async run(ctx) {
      expect(typeof ctx.qs.unescape, 'typeof querystring.unescape').to.equal('function');
      for (const input of ['%', '100%', '%zz', '%E9', '%C3', '%ED%A0%80', '%41%']) {
        let output: unknown;
        expect(() => (output = loose(ctx.qs).unescape(input)), `unescape(${JSON.stringify(input)})`).not.to.throw();
        expect(output, `unescape(${JSON.stringify(input)})`).to.be.a('string');
      }
      const fc = ctx.fc;
      const text = fc.oneof(fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join('')), fc.string({ maxLength: 20 }));
      await ctx.check(
        fc.property(text, (input) => {
          expect(ctx.qs.unescape(input)).to.be.a('string');
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.unescape.keeps-what-it-cannot-decode',
    module: 'querystring',
    rules: ['querystring.unescape.malformed-fallback'],
    run(ctx) {
      expect(typeof ctx.qs.unescape, 'typeof querystring.unescape').to.equal('function');
      // The fallback still decodes the well-formed escapes and keeps the malformed ones as they were.
      for (const [input, expected] of [['100%', '100%'], ['%41%zz%42', 'A%zzB'], ['%C3%A9%', 'é%']] as const) {
        expect(attempt(`unescape(${JSON.stringify(input)})`, () => ctx.qs.unescape(input))).to.equal(expected);
      }
    },
  }),
  defineCase({
    id: 'querystring.parse.never-throws-on-malformed-encoding',
    module: 'querystring',
    rules: ['querystring.unescape.malformed-fallback', 'querystring.parse.decode-default-unescape'],
    run(ctx) {
      let result: unknown;
      expect(() => (result = ctx.qs.parse('a=%&b=%zz&c=100%25%&d=%41%')), 'parse of malformed escapes').not.to.throw();
      const values = result as Record<string, unknown>;
      expect([values['a'], values['b'], values['c'], values['d']]).to.deep.equal(['%', '%zz', '100%%', 'A%']);
    },
  }),
];
