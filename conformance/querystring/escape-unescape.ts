// escape and unescape: percent-encoding and decoding, the built-in decoder's result on well-formed input, and a
// fallback that never throws on malformed input.
import { expect } from 'chai';
import { CaseFailure, CaseNotApplicable, defineCases, type CaseContext } from '../case.js';
import { api } from '../kit.js';
import { ENCODED_TEXT, ESCAPE_EXAMPLES, isObjectMemberName, outcomeOf, plain, qsFunction, readsDelimiters, unicodeText } from './_util.js';

/** Text a query string may contain: bare characters, good escapes, bad escapes, stray and trailing `%`. */
// Lower-case hex digits too ('%c3%a9', '%aF'): percent-encoding is case-insensitive, and the built-in decoder takes both.
const PIECES = ['a', 'Z', '0', ' ', '+', 'é', '😀', '%', '%%', '%2', '%41', '%zz', '%C3%A9', '%C3', '%E9', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', '%F0%9F%98%80', '%c3%a9', '%e2%9c%93', '%2f', '%3d', '%aF', '%C2%aF', '%dF%bf', '%Ef%bF%Bd', '%f0%9f%98%80', '%e9'];

/**
 * Query text mixing malformed escapes with well-formed ones, built so that every piece means one thing whatever
 * follows it: literal pieces hold no hex digit, `%` or `+`, and every escape piece starts with `%`, so a malformed
 * piece's `%` never borrows hex digits from its neighbour. Well-formed escape pieces spell whole UTF-8 sequences
 * (the first and last of each length among them), in upper- or lower-case hex. ASCII only: what the fallback makes of
 * a literal non-ASCII character, or of `+`, the spec leaves open.
 */
function malformedQueryText(fc: CaseContext['fc'], avoid = '') {
  const literal = fc.constantFrom('x', 'Z', ' ', '-', '.', '~', '!', '*', 'xyz', 'z'.repeat(20));
  // Besides the usual, a `%` before the characters just outside each hex range ('/' ':' '@' 'G' '`' 'g'): a decoder
  // whose ranges are off by one reads one of them as a digit.
  // `avoid`: characters (delimiters) no piece may hold.
  const malformedPieces = ['%', '%x', '%Zz', '%4', '%%', '%G1', '%1G', '%%%', '%/0', '%:0', '%0:', '%@A', '%A@', '%`a', '%a`', '%g0', '%0g'];
  const malformed = fc.constantFrom(...malformedPieces.filter((text) => ![...avoid].some((char) => text.includes(char))));
  const sequence = fc.oneof(
    fc.constantFrom('%00', '%41', '%7F', '%7e', '%25', '%26', '%3D', '%2B', '%C2%80', '%DF%BF', '%E0%A0%80', '%ED%9F%BF', '%EE%80%80', '%EF%BF%BF', '%F0%90%80%80', '%F4%8F%BF%BF'),
    // Every byte escaped, letters and digits too: a piece that began with a bare letter could complete an escape.
    unicodeText(fc, 3)
      .filter((text) => text !== '')
      .map((text) => Array.from(new TextEncoder().encode(text), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')),
  );
  const escape = fc.tuple(sequence, fc.boolean()).map(([text, lower]) => (lower ? text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()) : text));
  const piece = fc.oneof(literal.map((text) => [text, text] as const), malformed.map((text) => [text, text] as const), escape.map((text) => [text, decodeURIComponent(text)] as const));
  // At least one malformed piece, somewhere: the whole text is then malformed, and the fallback decodes it.
  return fc
    // Nothing after the malformed piece a third of the time: malformed escapes at the very end are where a decoder
    // is most likely to read past the text.
    .tuple(fc.array(piece, { maxLength: 8 }), malformed, fc.oneof(fc.constant([]), fc.array(piece, { maxLength: 8 }), fc.array(piece, { maxLength: 8 })))
    .map(([before, bad, after]) => {
      const pieces = [...before, [bad, bad] as const, ...after];
      return { raw: pieces.map(([raw]) => raw).join(''), decoded: pieces.map(([, decoded]) => decoded).join('') };
    });
}

export const escapeUnescapeCases = defineCases('querystring', [
  {
    id: 'querystring.escape.percent-encodes-utf8',
    rules: ['querystring.escape.percent-encodes'],
    examples: ESCAPE_EXAMPLES,
    async run(ctx) {
      const escape = qsFunction(ctx, 'escape');
      expect(escape('a b&c=é/😀')).to.match(/^a%20b%26c%3D%C3%A9%2F%F0%9F%98%80$/i);
      const fc = ctx.fc;
      await ctx.check(
        fc.property(unicodeText(fc, 24), (text) => {
          const escaped = escape(text);
          expect(escaped, 'escaped text').to.match(ENCODED_TEXT);
          expect(decodeURIComponent(String(escaped))).to.equal(text);
        }),
      );
    },
  },
  {
    id: 'querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does',
    rules: ['querystring.escape.percent-encodes'],
    run(ctx) {
      const escape = qsFunction(ctx, 'escape');
      // Every ASCII character alone, then amid letters in a text long enough for an encoder to take a faster path on
      // long texts: left as it is exactly when it is one of A–Z a–z 0–9 - _ . ! ~ * ' ( ), %XX of its byte otherwise.
      const padding = 'x'.repeat(70);
      for (let code = 0; code < 0x80; code++) {
        const char = String.fromCharCode(code);
        for (const text of [char, `${padding}${char}`, `${char}${padding}`, `ab${char}cd`]) {
          expect(escape(text), `escape(${JSON.stringify(text.length > 8 ? text.replace(padding, 'x'.repeat(3) + '…') : text)})`).to.equal(encodeURIComponent(text));
        }
      }
    },
  },
  {
    id: 'querystring.escape.encodes-utf8-at-sequence-length-boundaries',
    rules: ['querystring.escape.percent-encodes'],
    run(ctx) {
      const escape = qsFunction(ctx, 'escape');
      // The last character of each UTF-8 length and the first of the next (U+007F/U+0080, U+07FF/U+0800,
      // U+FFFF/U+10000), the ends of the surrogate gap and the last code point: an encoder whose bounds are off by one
      // writes one of them with the wrong number of bytes.
      for (const text of ['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}', 'a\u0800b\u07ffc']) {
        expect(escape(text), `escape(${JSON.stringify(text)})`).to.equal(encodeURIComponent(text));
      }
    },
  },
  {
    id: 'querystring.unescape.decodes-percent-encoded-utf8',
    rules: ['querystring.unescape.decodes'],
    examples: {
      plain: [['plain text', false]],
      'ascii-escape': [['&=?#/ ', false]],
      'two-byte': [['é\u0080\u07ff', false]],
      'three-byte': [['€☃\u0800\uffff', false]],
      'four-byte': [['😀\u{10ffff}', false]],
      'lower-case-hex': [['é☃😀&', true]],
    },
    async run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
      expect(unescape('caf%C3%A9%20%E2%9C%93%F0%9F%98%80')).to.equal('café ✓😀');
      // Hex digits in either case: every letter a-f and A-F in a high and a low digit.
      expect(unescape('caf%c3%a9%2f%3D%e2%9c%93%Ef%Bb%bF%c2%aF')).to.equal('café/=✓\ufeff\u00af');
      // Only '%' starts an escape: hex digits after any other character (a query delimiter, say) are text.
      expect(unescape('%41&42%26=43')).to.equal('A&42&=43');
      const fc = ctx.fc;
      // Any text, percent-encoded in upper- or lower-case hex.
      await ctx.check(
        fc.property(unicodeText(fc, 24), fc.boolean(), (text, lower) => {
          const encoded = lower ? encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) : encodeURIComponent(text);
          expect(unescape(encoded), `unescape(${JSON.stringify(encoded)})`).to.equal(text);
        }),
      );
    },
  },
  {
    id: 'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input',
    rules: ['querystring.unescape.builtin-first'],
    examples: {
      plain: [['aZ0 xyz']],
      escapes: [['%41%C3%A9%E2%9C%93%F0%9F%98%80']],
      'lower-case-hex': [['%c3%a9%2f%e2%9c%93']],
      'raw-non-ascii': [['é%C3%A9😀%F0%9F%98%80']],
      plus: [['a+b%2B+']],
    },
    async run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
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
          expect(unescape(input)).to.equal(expected);
        }),
      );
    },
  },
  {
    id: 'querystring.unescape.decodes-utf8-at-lead-byte-boundaries',
    // Both: alone, each input is well-formed (the built-in's result); before `%zz` the fallback must decode it alike.
    rules: ['querystring.unescape.builtin-first', 'querystring.unescape.malformed-fallback'],
    run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
      // The first and last well-formed sequence of each length and lead-byte range (U+0080, U+07FF, U+0800, U+D7FF,
      // U+E000, U+FFFF, U+10000, U+10FFFF): a decoder whose byte bounds are off by one rejects or misreads one of them.
      // Each alone (the fast path) and followed by a malformed escape (the fallback must decode them alike).
      for (const input of ['%C2%80', '%DF%BF', '%E0%A0%80', '%ED%9F%BF', '%EE%80%80', '%EF%BF%BF', '%F0%90%80%80', '%F4%8F%BF%BF']) {
        expect(unescape(input), `unescape(${JSON.stringify(input)})`).to.equal(decodeURIComponent(input));
        expect(unescape(`${input}%zz`), `unescape(${JSON.stringify(`${input}%zz`)})`).to.equal(`${decodeURIComponent(input)}%zz`);
      }
      // The same sequences, and the ASCII bounds %00 and %7F, between characters written as they are (non-ASCII
      // included): still well-formed input, so still exactly the built-in decoder's result.
      for (const input of ['%00', '%7F', '%C2%80', '%DF%BF', '%E0%A0%80', '%ED%9F%BF', '%EE%80%80', '%EF%BF%BF', '%F0%90%80%80', '%F4%8F%BF%BF']) {
        const text = `é${input}😀x`;
        expect(unescape(text), `unescape(${JSON.stringify(text)})`).to.equal(decodeURIComponent(text));
      }
    },
  },
  {
    id: 'querystring.unescape.never-decodes-ill-formed-utf8-to-a-character',
    rules: ['querystring.unescape.malformed-fallback'],
    run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
      // Overlong forms, UTF-16 surrogates and code points beyond U+10FFFF are not UTF-8: the fallback may replace or
      // keep them, but never yield the character their bits spell (the one a decoder with a bound off by one gives).
      // A code point past U+10FFFF has no UTF-16 form: a decoder that accepts one leaves lone surrogates instead.
      const cases = [
        ['%C0%80', '\u0000'],
        ['%C1%BF', '\u007f'],
        ['%E0%9F%BF', '\u07ff'],
        ['%ED%A0%80', '\ud800'],
        ['%ED%BF%BF', '\udfff'],
        ['%F0%8F%BF%BF', '\uffff'],
        ['%F4%90%80%80', undefined],
        ['%F5%80%80%80', undefined],
        // A continuation byte where a character must start, and a lead byte followed by a byte outside 80-BF: read
        // as a value, they spell U+0080, U+00C0 and U+2080.
        ['%80', '\u0080'],
        ['%C3%C0', '\u00c0'],
        ['%E2%82%C0', '\u2080'],
        // A lead byte whose continuation is not an escape: the hex digits after a literal character are text.
        ['%C3xA9', '\u00e9'],
        ['%E2%9Cx93', '\u2713'],
        ['%F0%9F%98x80', '\u{1f600}'],
      ] as const;
      for (const [input, spelled] of cases) {
        const result = unescape(input);
        expect(result, `unescape(${JSON.stringify(input)})`).to.be.a('string');
        const text = String(result);
        if (spelled !== undefined) expect(text, `unescape(${JSON.stringify(input)}) decodes the ill-formed sequence`).not.to.include(spelled);
        const unpaired = text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '');
        expect(/[\ud800-\udfff]/.test(unpaired), `unescape(${JSON.stringify(input)}) = ${JSON.stringify(text)} holds a lone surrogate`).to.equal(false);
      }
    },
  },
  {
    id: 'querystring.unescape.never-throws-on-malformed-input',
    rules: ['querystring.unescape.malformed-fallback'],
    examples: {
      'lone-percent': [['100%']],
      'short-escape': [['%4']],
      'non-hex': [['%zz%G1%/0%:0%@A%`a%g0']],
      'truncated-sequence': [['%C3x%E2%9C%F0%9F%98']],
      'ill-formed-bytes': [['%C0%AF%ED%A0%80%F4%90%80%80%80']],
      'beside-well-formed': [['%41%zz%C3%A9%']],
    },
    async run(ctx) {
      // qsFunction turns a throw into a failure naming the input and what was thrown.
      const unescape = qsFunction(ctx, 'unescape');
      for (const input of ['%', '100%', '%zz', '%E9', '%C3', '%ED%A0%80', '%41%']) {
        expect(unescape(input), `unescape(${JSON.stringify(input)})`).to.be.a('string');
      }
      const fc = ctx.fc;
      const text = fc.oneof(fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join('')), fc.string({ maxLength: 20 }));
      await ctx.check(
        fc.property(text, (input) => {
          expect(unescape(input)).to.be.a('string');
        }),
      );
    },
  },
  {
    id: 'querystring.unescape.keeps-what-it-cannot-decode',
    rules: ['querystring.unescape.malformed-fallback'],
    run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
      // The fallback still decodes the well-formed escapes and keeps the malformed ones as they were.
      for (const [input, expected] of [['100%', '100%'], ['%41%zz%42', 'A%zzB'], ['%C3%A9%', 'é%']] as const) {
        expect(unescape(input), `unescape(${JSON.stringify(input)})`).to.equal(expected);
      }
    },
  },
  {
    id: 'querystring.unescape.fallback-decodes-every-well-formed-escape-beside-malformed-ones',
    rules: ['querystring.unescape.malformed-fallback'],
    // A malformed escape at the very end too, one hex digit short: a decoder must not read past the text for it.
    examples: {
      'lone-percent': [[{ raw: 'x%e2%82%ac%', decoded: 'x€%' }]],
      'short-escape': [[{ raw: '%2B%4', decoded: '+%4' }], [{ raw: 'x%e2%82%ac%4', decoded: 'x€%4' }]],
      'non-hex': [[{ raw: 'zzzzzzzzzzzzzzzzzzzz%0F%zz%f0%9f%98%80', decoded: 'zzzzzzzzzzzzzzzzzzzz\u000f%zz😀' }]],
      'beside-well-formed': [[{ raw: '%4%41%C3%A9%', decoded: '%4Aé%' }]],
    },
    classesLeftOut: {
      'truncated-sequence': 'what the fallback makes of a truncated UTF-8 sequence the reading leaves open (kept or replaced), so this exact comparison draws none; never-throws-on-malformed-input has one',
      'ill-formed-bytes': 'what the fallback makes of bytes that are no UTF-8 the reading leaves open, so this exact comparison draws none; never-throws-on-malformed-input has them',
    },
    async run(ctx) {
      const unescape = qsFunction(ctx, 'unescape');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(malformedQueryText(fc), ({ raw, decoded }) => {
          expect(unescape(raw), `unescape(${JSON.stringify(raw)})`).to.equal(decoded);
        }),
      );
    },
  },
  {
    id: 'querystring.parse.decodes-malformed-keys-and-values-as-unescape-does',
    rules: ['querystring.parse.decode-default-unescape'],
    examples: {
      'malformed-key': [[[[{ raw: 'k%zz%41', decoded: 'k%zzA' }, { raw: 'v', decoded: 'v' }]], ['&', '=']]],
      'malformed-value': [[[[{ raw: 'k', decoded: 'k' }, { raw: '%41%', decoded: 'A%' }]], ['&', '=']]],
      'custom-delimiters': [
        [[[{ raw: '%4%41', decoded: '%4A' }, { raw: 'x%G1', decoded: 'x%G1' }]], [';', ':']],
        [[[{ raw: 'a%', decoded: 'a%' }, { raw: '%C3%A9%zz', decoded: 'é%zz' }]], ['&&', '=>']],
      ],
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const unescape = api(ctx, 'querystring', 'unescape') as unknown as (text: string) => unknown;
      // The control: a parse that throws whatever it is given fails here, naming its error.
      parse('a=1');
      const fc = ctx.fc;
      // Only delimiters the candidate reads: where it misreads those, the sep and eq rules are at fault.
      // Several pairs, keys and values mixing malformed and well-formed escapes, short and long, under the default
      // delimiters and under one- and several-character ones (none of them a character the pieces hold). Relative to
      // the candidate's own unescape, as above: parse must decode each part as it does.
      const delimiters = fc.constantFrom(['&', '='], [';', ':'], ['&&', '=>'], ['|', '=']);
      const pairs = fc.array(fc.tuple(malformedQueryText(fc, '&=;:|>'), malformedQueryText(fc, '&=;:|>')), { minLength: 1, maxLength: 4 });
      let observed = 0;
      await ctx.check(
        fc.property(pairs, delimiters, (list, [sep, eq]) => {
          if (!readsDelimiters(parse, sep, eq)) return;
          const decoded = list.map(([key, value]) => [outcomeOf(() => Reflect.apply(unescape, ctx.qs, [key.raw])), outcomeOf(() => Reflect.apply(unescape, ctx.qs, [value.raw]))] as const);
          // Where unescape itself throws or returns no string, the malformed-fallback cases charge it; nothing to compare.
          if (decoded.some((both) => both.some((outcome) => !('value' in outcome) || typeof outcome.value !== 'string'))) return;
          // A key that decodes to the name of an Object.prototype member is the null-prototype rule's (its own cases).
          if (decoded.some(([key]) => isObjectMemberName((key as { value: string }).value))) return;
          observed++;
          const expected: Record<string, string | string[]> = {};
          for (const [keyOutcome, valueOutcome] of decoded) {
            const key = (keyOutcome as { value: string }).value;
            const value = (valueOutcome as { value: string }).value;
            const before = Object.prototype.hasOwnProperty.call(expected, key) ? expected[key] : undefined;
            const next = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
            Object.defineProperty(expected, key, { value: next, enumerable: true, writable: true, configurable: true });
          }
          const query = list.map(([key, value]) => `${key.raw}${eq}${value.raw}`).join(sep);
          const args = sep === '&' ? [query] : [query, sep, eq];
          expect(plain(parse(...(args as [string]))), `parse(${args.map((arg) => JSON.stringify(arg)).join(', ')})`).to.deep.equal(expected);
        }),
      );
      // Parts whose only well-formed escapes use the hex digit a or A (and the digits around the letter ranges), beside
      // a malformed one: a parser that scans for escapes before decoding must count those digits too.
      for (const [key, value] of [['%4a%', '%4A%zz'], ['k%aA%', '%2a%'], ['%3A%G', '%9F%A'], ['%61%', 'v%46%g']]) {
        const decoded = [key, value].map((text) => outcomeOf(() => Reflect.apply(unescape, ctx.qs, [text])));
        if (decoded.some((outcome) => !('value' in outcome) || typeof outcome.value !== 'string')) continue;
        observed++;
        const [decodedKey, decodedValue] = decoded.map((outcome) => (outcome as { value: string }).value) as [string, string];
        const query = `${key}=${value}&x=1`;
        expect(plain(parse(query)), `parse(${JSON.stringify(query)})`).to.deep.equal(Object.fromEntries([[decodedKey, decodedValue], ['x', '1']]));
      }
      if (observed === 0) throw new CaseNotApplicable('unescape threw on every malformed text (or parse misread every delimiter), so whether parse decodes as it does cannot be observed');
    },
  },
  {
    id: 'querystring.parse.decodes-malformed-escapes-as-unescape-does',
    rules: ['querystring.parse.decode-default-unescape'],
    run(ctx) {
      // Relative to the candidate's own unescape: parse decodes with it, so where it falls back, parse falls back
      // alike (whether unescape's fallback is right is for the unescape cases to say).
      const unescape = api(ctx, 'querystring', 'unescape') as unknown as (text: string) => unknown;
      const parse = api(ctx, 'querystring', 'parse') as unknown as (text: string) => unknown;
      // The control: a parse that throws whatever it is given would match an unescape that throws on these values.
      qsFunction(ctx, 'parse')('a=1');
      const raw = ['%', '%zz', '100%25%', '%41%'];
      // Keys too, each with a well-formed escape beside a malformed one (ASCII only, and no '+').
      const rawKeys = ['m%41%zz', '%41%', 'x%zz%42', '%4%41'];
      const input = [...raw.map((value, i) => `k${i}=${value}`), ...rawKeys.map((key, i) => `${key}=v${i}`)].join('&');
      const expected = raw.map((value) => outcomeOf(() => Reflect.apply(unescape, ctx.qs, [value])));
      const expectedKeys = rawKeys.map((key) => outcomeOf(() => Reflect.apply(unescape, ctx.qs, [key])));
      const parsed = outcomeOf(() => Reflect.apply(parse, ctx.qs, [input]));
      const threw = [...expected, ...expectedKeys].find((outcome): outcome is { threw: string } => 'threw' in outcome);
      if (threw) {
        // unescape's own fault (the malformed-fallback cases charge it): what parse makes of it shows nothing here.
        throw new CaseNotApplicable(`unescape throws on these malformed escapes (${threw.threw}), so whether parse decodes them as unescape does cannot be observed`);
      }
      if ('threw' in parsed) throw new CaseFailure(`parse(${JSON.stringify(input)}) threw ${parsed.threw}, although unescape decodes each of its values`, { expected: expected.map((outcome) => ('value' in outcome ? outcome.value : undefined)), actual: parsed.threw });
      const values = parsed.value as Record<string, unknown>;
      expect(raw.map((_, i) => values[`k${i}`]), 'the values parse gives against unescape of each').to.deep.equal(expected.map((outcome) => ('value' in outcome ? outcome.value : undefined)));
      // The key each `v<i>` value was stored under.
      const keyOf = (i: number): string | undefined => Object.keys(values).find((key) => values[key] === `v${i}`);
      expect(rawKeys.map((_, i) => keyOf(i)), `the keys parse gives for ${JSON.stringify(rawKeys)} against unescape of each`).to.deep.equal(expectedKeys.map((outcome) => ('value' in outcome ? outcome.value : undefined)));
    },
  },
]);
