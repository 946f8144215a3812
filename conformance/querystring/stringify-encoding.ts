// stringify's encoding: UTF-8 percent-encoding through the module's escape by default, or an encodeURIComponent
// option; the output never holds a character outside the unreserved set except as %XX.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { ENCODED_TEXT, replaceExport, unicodeText } from './_util.js';

export const stringifyEncodingCases = [
  defineCase({
    id: 'querystring.stringify.percent-encodes-utf8',
    module: 'querystring',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    run(ctx) {
      expect(ctx.qs.stringify({ 'k é': 'a b&c=d/☃😀+' })).to.match(
        /^k%20%C3%A9=a%20b%26c%3Dd%2F%E2%98%83%F0%9F%98%80%2B$/i,
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.output-is-unreserved-or-percent-encoded',
    module: 'querystring',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    async run(ctx) {
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.dictionary(unicodeText(fc), unicodeText(fc), { maxKeys: 5 }), (object) => {
          const output = ctx.qs.stringify(object);
          for (const pair of output === '' ? [] : output.split('&')) {
            const at = pair.indexOf('=');
            expect(at, `pair ${JSON.stringify(pair)} has =`).to.be.at.least(0);
            const [key, value] = [pair.slice(0, at), pair.slice(at + 1)];
            expect(key, 'encoded key').to.match(ENCODED_TEXT);
            expect(value, 'encoded value').to.match(ENCODED_TEXT);
            // Decoding gives back the text: the bytes were UTF-8.
            expect(Object.prototype.hasOwnProperty.call(object, decodeURIComponent(key)), `decoded key ${key}`).to.equal(true);
            expect(decodeURIComponent(value)).to.equal((object as Record<string, string>)[decodeURIComponent(key)]);
          }
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.encodes-with-the-module-escape',
    module: 'querystring',
    rules: ['querystring.stringify.encode-default-escape', 'querystring.escape.replaceable'],
    run(ctx) {
      replaceExport(ctx, 'escape', (text) => `<${String(text).toUpperCase()}>`);
      expect(ctx.qs.stringify({ key: 'a b' })).to.equal('<KEY>=<A B>');
    },
  }),
  defineCase({
    id: 'querystring.stringify.encodes-with-the-encodeURIComponent-option',
    module: 'querystring',
    rules: ['querystring.stringify.encode-custom'],
    run(ctx) {
      const encodeURIComponent = (text: string): string => `[${text}]`;
      expect(ctx.qs.stringify({ k: 'v w', n: ['x', 'y'] }, undefined, undefined, { encodeURIComponent })).to.equal('[k]=[v w]&[n]=[x]&[n]=[y]');
    },
  }),
];
