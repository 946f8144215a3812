// stringify's encoding: UTF-8 percent-encoding through the module's escape by default, or an encodeURIComponent
// option; the output never holds a character outside the unreserved set except as %XX.
import { expect } from 'chai';
import { CaseNotApplicable, defineCases } from '../case.js';
import { ENCODED_TEXT, expectPairs, isObjectMemberName, pairsOf, qsFunction, replaceExport, unicodeText } from './_util.js';

export const stringifyEncodingCases = defineCases('querystring', [
  {
    id: 'querystring.stringify.percent-encodes-utf8',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    run(ctx) {
      expect(qsFunction(ctx, 'stringify')({ 'k é': 'a b&c=d/☃😀+' })).to.match(/^k%20%C3%A9=a%20b%26c%3Dd%2F%E2%98%83%F0%9F%98%80%2B$/i);
    },
  },
  {
    id: 'querystring.stringify.percent-encodes-utf8-at-sequence-length-boundaries',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // Keys and values at the ends of each UTF-8 length (see the escape case of the same name), short and long: an
      // encoder whose bounds are off by one writes one of them with the wrong number of bytes.
      const texts = ['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}'];
      for (const text of [...texts, texts.join('x'), `${'x'.repeat(40)}${texts.join('')}`]) {
        const expected = `${encodeURIComponent(text)}=${encodeURIComponent(text)}`;
        expect(stringify({ [text]: text }), `stringify({ ${JSON.stringify(text)}: ${JSON.stringify(text)} })`).to.equal(expected);
      }
    },
  },
  {
    id: 'querystring.stringify.percent-encodes-number-text',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    run(ctx) {
      // The text of a large number may hold a '+' ('1e+21'), which in a query string would read as a space: whatever
      // decimal text the candidate writes, it is encoded and reads back as the number.
      const stringify = qsFunction(ctx, 'stringify');
      for (const value of [1e21, -1.5e300, 2 ** 80]) {
        const output = String(stringify({ n: value }));
        const text = output.slice(output.indexOf('=') + 1);
        expect(text, `the value part of ${JSON.stringify(output)}`).to.match(ENCODED_TEXT);
        expect(Number(decodeURIComponent(text)), `the number read back from ${JSON.stringify(text)}`).to.equal(value);
      }
    },
  },
  {
    id: 'querystring.stringify.output-is-unreserved-or-percent-encoded',
    rules: ['querystring.stringify.utf8-percent-encoding'],
    examples: {
      unreserved: [[{ 'aZ09-_.~': 'aZ09-_.~' }]],
      'kept-marks': [[{ "k!'()*": "!'()*" }]],
      'reserved-ascii': [[{ 'k&=': '&=+/?#%;,:@$ ' }]],
      'ascii-control': [[{ k: '\u0000\u001f\u007f' }]],
      'two-byte': [[{ é: 'ü\u0080\u07ff' }]],
      'three-byte': [[{ '☃': '\u0800\uffff' }]],
      'four-byte': [[{ '😀': '\u{10ffff}' }]],
    },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      const fc = ctx.fc;
      await ctx.check(
        // Ordinary objects whose keys name no inherited member: what becomes of those is the own-properties rule's.
        fc.property(fc.dictionary(unicodeText(fc).filter((key) => !isObjectMemberName(key)), unicodeText(fc), { maxKeys: 5, noNullPrototype: true }), (object) => {
          const output = String(stringify(object));
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
  },
  {
    id: 'querystring.stringify.encodes-with-the-module-escape',
    rules: ['querystring.stringify.encode-default-escape', 'querystring.escape.replaceable'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      replaceExport(ctx, 'escape', (text) => `<${String(text).toUpperCase()}>`);
      expect(stringify({ key: 'a b' }), 'stringify once querystring.escape was replaced (it must encode with the replacement)').to.equal('<KEY>=<A B>');
    },
  },
  {
    id: 'querystring.stringify.options-without-an-encoder-keep-the-default',
    rules: ['querystring.stringify.encode-default-escape'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // An options object that does not name encodeURIComponent leaves the default encoder in place: the output is
      // the one without options (what the default encoder writes is for the encoding rules' cases to say).
      const input = { 'k é': 'a b', n: ['1', 'x/y'], t: 'true' };
      // Observed only where stringify encodes without options at all (whether it does is the encoding rules' question).
      const written = pairsOf(stringify(input)).map((pair) => pair.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()));
      if (written.join('&') !== ['k%20%C3%A9=a%20b', 'n=1', 'n=x%2Fy', 't=true'].sort().join('&')) {
        throw new CaseNotApplicable("stringify does not write { 'k é': 'a b', n: ['1', 'x/y'], t: 'true' } percent-encoded without options, so keeping its default encoder cannot be observed");
      }
      for (const [sep, eq] of [[undefined, undefined], [';', ':'], ['&&', '=>']] as const) {
        const call = `stringify({ 'k é': 'a b', n: ['1', 'x/y'], t: 'true' }, ${JSON.stringify(sep)}, ${JSON.stringify(eq)}, {})`;
        expectPairs(stringify(input, sep, eq, {}), pairsOf(stringify(input, sep, eq), sep ?? '&'), sep ?? '&', `the pairs of ${call}, against the same without options`);
      }
    },
  },
  {
    id: 'querystring.stringify.encodes-with-the-encodeURIComponent-option',
    rules: ['querystring.stringify.encode-custom'],
    run(ctx) {
      const encodeURIComponent = (text: string): string => `[${text}]`;
      expectPairs(qsFunction(ctx, 'stringify')({ k: 'v w', n: 'x' }, undefined, undefined, { encodeURIComponent }), ['[k]=[v w]', '[n]=[x]'], '&', 'the pairs of stringify with an encodeURIComponent option (it must encode with the option)');
    },
  },
  {
    id: 'querystring.stringify.an-option-encoding-as-escape-changes-nothing',
    rules: ['querystring.stringify.encode-custom'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // The module's escape is only the yardstick here: a module without one has not broken this rule, and the other
      // encode-custom cases judge its option.
      const escape: unknown = (ctx.qs as unknown as Record<string, unknown> | undefined)?.['escape'];
      if (typeof escape !== 'function') throw new CaseNotApplicable('the module exports no escape, so an option that encodes as its escape does cannot be built');
      // The option replaces the encoding only: each value is first written by the value rules (NaN as '', a bigint
      // as its digits, an array as one pair per element), then encoded. An option that encodes as the module's escape
      // does therefore gives the output of the default, relative to the candidate's own (whatever that makes of
      // each value is for the value rules' cases to say).
      const encodeURIComponent = (text: string): unknown => Reflect.apply(escape, ctx.qs, [text]);
      const input = { s: 'a b', n: 1.5, big: 12n, yes: true, nan: NaN, inf: -Infinity, nul: null, obj: {}, list: ['x', 2, false, NaN], one: ['é'], huge: 1e21 };
      expectPairs(stringify(input, undefined, undefined, { encodeURIComponent }), pairsOf(stringify(input)), '&', 'the pairs of stringify with an option calling the module\'s escape, against stringify without it');
      expectPairs(stringify(input, ';', ':', { encodeURIComponent }), pairsOf(stringify(input, ';', ':'), ';'), ';', 'the same with sep ";" and eq ":"');
      // An array as the first value too: its first pair starts the output.
      const first = { list: ['x', 'y'], s: 'a b' };
      expectPairs(stringify(first, ';', ':', { encodeURIComponent }), pairsOf(stringify(first, ';', ':'), ';'), ';', 'the same on an object whose first value is an array');
    },
  },
]);
