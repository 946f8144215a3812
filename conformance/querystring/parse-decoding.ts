// parse's decoding: UTF-8 percent-decoding through the module's unescape by default, or a decodeURIComponent option.
import { expect } from 'chai';
import { isDeepStrictEqual } from 'node:util';
import { CaseFailure, CaseNotApplicable, defineCases } from '../case.js';
import { isObjectMemberName, plain, qsFunction, readsDelimiters, replaceExport, safeText, SAFE_CHARS, unicodeText } from './_util.js';

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
    id: 'querystring.parse.decodes-escapes-beside-characters-written-as-they-are',
    rules: ['querystring.parse.utf8-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // The first and last sequence of each UTF-8 length, and the ASCII bounds, between non-ASCII characters written
      // unencoded, in keys and values: well-formed input, decoded as UTF-8 with the characters kept as they are.
      for (const escape of ['%00', '%7F', '%C2%80', '%DF%BF', '%E0%A0%80', '%ED%9F%BF', '%EE%80%80', '%EF%BF%BF', '%F0%90%80%80', '%F4%8F%BF%BF']) {
        const text = `é${escape}😀`;
        const decoded = decodeURIComponent(text);
        const expected: Record<string, string> = { k: decoded };
        Object.defineProperty(expected, decoded, { value: 'v', enumerable: true, writable: true, configurable: true });
        expect(plain(parse(`k=${text}&${text}=v`)), `parse(${JSON.stringify(`k=${text}&${text}=v`)})`).to.deep.equal(expected);
      }
    },
  },
  {
    id: 'querystring.parse.decodes-any-encoded-unicode-text',
    rules: ['querystring.parse.utf8-default'],
    examples: {
      'ascii-escape': [['k&=', '?#/ ', false, false]],
      'two-byte': [['é', 'ß\u0080\u07ff', false, false]],
      'three-byte': [['☃', '€\u0800\uffff', false, false]],
      'four-byte': [['😀', '\u{10ffff}', false, false]],
      'lower-case-hex': [['é', '☃😀', true, true]],
      'long-part': [['k', 'é'.repeat(45), false, false]],
    },
    classesLeftOut: { 'raw-non-ascii': 'this case encodes every character it writes; the utf8-default differential writes non-ASCII characters raw beside escapes' },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // A non-empty key: what an empty key becomes is a question of empty entries, not of decoding. Nor a key naming a
      // member of Object.prototype ('__proto__', 'toString'): whether the result keeps it as its own key is the
      // null-prototype rule's matter, which its own cases check.
      const key = unicodeText(fc).filter((text) => text !== '' && !isObjectMemberName(text));
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
    examples: {
      'ascii-escape': [[[['a&b', 'c=d', 'upper', 'upper'], ['plain', 'text', 'raw', 'raw']]]],
      'two-byte': [[[['é', 'ü', 'upper', 'lower']]]],
      'three-byte': [[[['☃', '€', 'upper', 'upper']]]],
      'four-byte': [[[['😀', 'x', 'upper', 'raw']]]],
      'lower-case-hex': [[[['é', '☃', 'lower', 'lower']]]],
      'long-part': [[[['k', `${'x'.repeat(30)}${'é'.repeat(15)}`, 'raw', 'upper']]]],
    },
    classesLeftOut: { 'raw-non-ascii': 'this case writes a part as it is only when it needs no encoding; the utf8-default differential writes non-ASCII characters raw beside escapes' },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Several pairs in one query, each part encoded in upper- or lower-case hex or (when it is safe text) left as it
      // is; texts short, long, or a long unencoded stretch before the first escape. One query thus takes a parser
      // through every way it may read a pair, and from one way to the next.
      const text = fc.oneof(unicodeText(fc), unicodeText(fc, 40), fc.tuple(safeText(fc, 10, 40), unicodeText(fc, 6)).map(([head, tail]) => head + tail));
      const form = fc.constantFrom('upper', 'lower', 'raw');
      // Keys naming a member of Object.prototype are the null-prototype rule's (see decodes-any-encoded-unicode-text).
      const pairs = fc.uniqueArray(fc.tuple(text.filter((key) => key !== '' && !isObjectMemberName(key)), text, form, form), { minLength: 1, maxLength: 6, selector: ([key]) => key });
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
    id: 'querystring.parse.reads-many-distinct-keys-alike-on-every-call',
    rules: ['querystring.parse.utf8-default'],
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Far more distinct keys than a parser would keep in any cache of recent keys, of every length up to 40, most
      // percent-encoded, parsed three times (the second and third time in another order): a key read back from such a
      // cache must be the key the query holds, never one that merely shares its length or hash.
      const alphabet = [...'abcdefghijklmnopqrstuvwxyzAZ0189-_.~ é☃😀'];
      const keyText = fc
        .array(fc.constantFrom(...alphabet), { minLength: 2, maxLength: 40 })
        .map((chars) => chars.join(''))
        .filter((text) => !isObjectMemberName(text));
      const [keys] = fc.sample(fc.uniqueArray(fc.tuple(keyText, fc.boolean()), { minLength: 1200, maxLength: 1200, selector: ([text]) => text }), { seed: ctx.seed, numRuns: 1 });
      const safe = new RegExp(`^[${SAFE_CHARS.join('').replace(/[-\]\\^]/g, '\\$&')}]*$`);
      const raw = (keys ?? []).map(([text, encode]) => (encode || !safe.test(text) ? encodeURIComponent(text) : text));
      const texts = (keys ?? []).map(([text]) => text);
      const order = [...texts.keys()];
      for (const pass of [0, 1, 2]) {
        if (pass === 1) order.reverse();
        if (pass === 2) order.sort((a, b) => (a % 7) - (b % 7) || a - b);
        for (let from = 0; from < order.length; from += 200) {
          const batch = order.slice(from, from + 200);
          const query = batch.map((i) => `${raw[i]}=${i}`).join('&');
          const expected: Record<string, string> = {};
          for (const i of batch) Object.defineProperty(expected, texts[i] as string, { value: String(i), enumerable: true, writable: true, configurable: true });
          const result = plain(parse(query));
          if (isDeepStrictEqual(result, expected)) continue;
          const wrong = batch.find((i) => result[texts[i] as string] !== String(i));
          const shown = wrong === undefined ? 'a key it was not given' : `${JSON.stringify(raw[wrong])}=${wrong} read as ${JSON.stringify(Object.keys(result).find((key) => result[key] === String(wrong)) ?? null)}`;
          throw new CaseFailure(`parse of ${batch.length} distinct keys (pass ${pass + 1} of 3): ${shown}`, { expected: `the key ${JSON.stringify(wrong === undefined ? '' : texts[wrong])}`, actual: shown });
        }
      }
      // Two keys in a row that a cache could take for one another: keys that differ only in their first character
      // (a and U+0261, whose code units differ by 512, a multiple of any power-of-two table size up to it), plain and
      // percent-encoded, and an encoded key right after a longer one it begins. Each pair of keys is a query of its own.
      const neighbours: (readonly [string, string])[] = [];
      for (let i = 0; i < 200; i++) {
        const rest = `${i.toString(36)}${'b'.repeat(i % 17)}`;
        neighbours.push([`a${rest}`, `\u0261${rest}`], [`a%41${rest}`, `\u0261%41${rest}`]);
      }
      for (let i = 0; i < 1500; i++) for (const more of ['y', 'zz', 'zzz', '%42x']) neighbours.push([`%41${i.toString(36)}${more}`, `%41${i.toString(36)}`]);
      for (const [first, second] of neighbours) {
        const query = `${first}=1&${second}=2`;
        const expected = Object.fromEntries([[decodeURIComponent(first), '1'], [decodeURIComponent(second), '2']]);
        expect(plain(parse(query)), `parse(${JSON.stringify(query)})`).to.deep.equal(expected);
      }
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
    id: 'querystring.parse.options-without-a-decoder-keep-the-default',
    rules: ['querystring.parse.decode-default-unescape'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // An options object that does not name decodeURIComponent leaves the default decoder in place: a query of
      // well-formed escapes reads as it does without options (what the default decoder makes of it is for the decoding rules' cases to say).
      // Observed only where parse decodes without options at all (whether it does is the decoding rules' question).
      if (!isDeepStrictEqual(plain(parse('k%41=caf%C3%A9&x=%E2%9C%93')), { kA: 'café', x: '✓' })) {
        throw new CaseNotApplicable('parse does not decode k%41=caf%C3%A9&x=%E2%9C%93 without options, so keeping its default decoder cannot be observed');
      }
      for (const options of [{}, { maxKeys: 5 }, { maxKeys: 0 }]) {
        for (const [input, sep, eq] of [['k%41=caf%C3%A9&x=%E2%9C%93', undefined, undefined], ['k%41:v%42;b:%c3%a9', ';', ':'], ['k%41=>v%42&&b=>%F0%9F%98%80', '&&', '=>']] as const) {
          const call = `parse(${JSON.stringify(input)}, ${JSON.stringify(sep)}, ${JSON.stringify(eq)}, ${JSON.stringify(options)})`;
          expect(plain(parse(input, sep, eq, options)), `${call}, against the same without options`).to.deep.equal(plain(parse(input, sep, eq)));
        }
      }
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
      // A long query with nothing to decode (a parser may take a faster path on those): the option still sees it all.
      const long = 'k'.repeat(30);
      expect(plain(parse(`x=y&${long}=${long}`, undefined, undefined, { decodeURIComponent: upper })), 'a long query without escapes, with an upper-casing option').to.deep.equal({ X: 'Y', [long.toUpperCase()]: long.toUpperCase() });
      // Under an eq of '%' or '+', characters that otherwise start an escape or may stand for a space: the option
      // decodes the parts they split, one character long or longer.
      for (const eq of ['%', '+']) {
        if (!readsDelimiters(parse, undefined, eq)) continue;
        expect(plain(parse(`a${eq}b&cd${eq}ef`, undefined, eq, { decodeURIComponent: upper })), `parse("a${eq}b&cd${eq}ef", undefined, ${JSON.stringify(eq)}) with an upper-casing option`).to.deep.equal({ A: 'B', CD: 'EF' });
      }
      // Under delimiters of several characters too, and on parts holding a `%` that starts no escape; only where the
      // candidate reads those delimiters (the sep and eq rules judge that).
      if (readsDelimiters(parse, ',', '==')) {
        expect(plain(parse('a%zz==x,b==%G1y', ',', '==', { decodeURIComponent: upper })), "parse('a%zz==x,b==%G1y', ',', '==') with an upper-casing option").to.deep.equal({ 'A%ZZ': 'X', B: '%G1Y' });
      }
    },
  },
]);
