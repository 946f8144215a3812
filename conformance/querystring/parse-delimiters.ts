// parse's delimiters: `&` and `=` by default, any string given as sep or eq, eq longer than one character. Each case
// varies one delimiter and keeps the rest at its default, so a failure names the delimiter that is broken.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { api } from '../kit.js';
import { outcomeOf, plain, qsFunction, readsDelimiters, safeText, separator, shortOrLongSafeText } from './_util.js';

export const parseDelimiterCases = defineCases('querystring', [
  {
    id: 'querystring.parse.splits-pairs-on-ampersand-by-default',
    rules: ['querystring.parse.sep-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1&b=2;c,d'))).to.deep.equal({ a: '1', b: '2;c,d' });
      expect(plain(parse('a=1&b=2', undefined, undefined))).to.deep.equal({ a: '1', b: '2' });
    },
  },
  {
    id: 'querystring.parse.splits-pairs-on-given-sep',
    rules: ['querystring.parse.sep-custom'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=1;b=2&c', ';'))).to.deep.equal({ a: '1', b: '2&c' });
      expect(plain(parse('a=1, b=2, c=3', ', '))).to.deep.equal({ a: '1', b: '2', c: '3' });
      // Only the whole sep splits: its first character alone, even when the next character of the sep comes a little
      // later, is text, and so is any other punctuation.
      expect(plain(parse('a=1<x>y<>b=2,3;$@!<>c=x<', '<>'))).to.deep.equal({ a: '1<x>y', b: '2,3;$@!', c: 'x<' });
    },
  },
  {
    id: 'querystring.parse.splits-key-from-value-on-equals-by-default',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      expect(plain(qsFunction(ctx, 'parse')('a=1&b:2=3'))).to.deep.equal({ a: '1', 'b:2': '3' });
    },
  },
  {
    id: 'querystring.parse.splits-at-the-first-equals',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      // eq delimits a key from its value: the first one does, and any later one belongs to the value.
      expect(plain(qsFunction(ctx, 'parse')('a==b&k=v=w'))).to.deep.equal({ a: '=b', k: 'v=w' });
    },
  },
  {
    id: 'querystring.parse.splits-key-from-value-on-given-eq',
    rules: ['querystring.parse.eq-custom'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a:1&b:2&c=3:4', '&', ':'))).to.deep.equal({ a: '1', b: '2', 'c=3': '4' });
      // '+' and '%' split as any eq does, rather than standing for a space or starting an escape.
      expect(plain(parse('a+1&bc+2', '&', '+'))).to.deep.equal({ a: '1', bc: '2' });
      expect(plain(parse('a%1&bc%2', '&', '%'))).to.deep.equal({ a: '1', bc: '2' });
    },
  },
  {
    id: 'querystring.parse.splits-on-multi-character-eq',
    rules: ['querystring.parse.eq-multi-char'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse('a=>1&b=>2', '&', '=>'))).to.deep.equal({ a: '1', b: '2' });
      // Each character alone is not the delimiter.
      expect(plain(parse('x=y=>1&p>q=>2&k=>v', '&', '=>'))).to.deep.equal({ 'x=y': '1', 'p>q': '2', k: 'v' });
      expect(plain(parse('key is value&other is thing', '&', ' is '))).to.deep.equal({ key: 'value', other: 'thing' });
      // Punctuation in keys and values is text.
      expect(plain(parse("a,b=>c,d&x!*'()$;:@=>y", '&', '=>'))).to.deep.equal({ 'a,b': 'c,d', "x!*'()$;:@": 'y' });
    },
  },
  {
    id: 'querystring.parse.pair-without-eq-is-all-key',
    rules: ['querystring.parse.eq-default'],
    run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      // eq delimits a key from its value: a pair without eq is all key, and as no eq comes before it, its value is the
      // empty string. At the start, middle and end of a query, short and long (a parser may take a faster path on long
      // queries without escapes), and when maxKeys 0 lifts the limit.
      const long = 'k'.repeat(30);
      const value = 'v'.repeat(30);
      expect(plain(parse('a&b=1&c'))).to.deep.equal({ a: '', b: '1', c: '' });
      expect(plain(parse('a')), "parse('a'), a query of one character").to.deep.equal({ a: '' });
      expect(plain(parse(`${long}&x=1`))).to.deep.equal({ [long]: '', x: '1' });
      expect(plain(parse(`x=${value}&${long}`))).to.deep.equal({ x: value, [long]: '' });
      expect(plain(parse(`x=1&${long}&y=${value}`))).to.deep.equal({ x: '1', [long]: '', y: value });
      expect(plain(parse(`x=${value}&${long}`, undefined, undefined, { maxKeys: 0 }))).to.deep.equal({ x: value, [long]: '' });
      expect(plain(parse(`${long}&${long}x`, undefined, undefined, { maxKeys: 0 }))).to.deep.equal({ [long]: '', [`${long}x`]: '' });
      // A key alone with escapes is decoded as any key is: well-formed escapes become characters (the decoding rules
      // say how), and whatever the key becomes, it is one key with the empty value.
      expect(plain(parse('%41%42&c=d&%C3%A9'))).to.deep.equal({ AB: '', c: 'd', é: '' });
      expect(plain(parse(`x=${value}%41&${long}%41`))).to.deep.equal({ x: `${value}A`, [`${long}A`]: '' });
      // Malformed escapes: the key is what the candidate's own unescape makes of the pair (whether that is right is
      // for the unescape cases to say), so only the split is judged here.
      // A candidate without unescape (some polyfills) skips these: the split alone cannot be told from the decoding.
      const unescape = typeof (ctx.qs as { unescape?: unknown } | undefined)?.unescape === 'function' ? (api(ctx, 'querystring', 'unescape') as unknown as (text: string) => unknown) : undefined;
      for (const raw of ['a%4', '%', '%ZZ%41', `${long}%A@`, 'x%%']) {
        const key = unescape ? outcomeOf(() => Reflect.apply(unescape, ctx.qs, [raw])) : undefined;
        if (!key || !('value' in key) || typeof key.value !== 'string') continue;
        for (const query of [`${raw}&b=1`, `b=1&${raw}`, `b=1&${raw}&c=2`]) {
          const expected = Object.fromEntries([['b', '1'], ...(query.endsWith('c=2') ? [['c', '2']] : []), [key.value, '']]);
          expect(plain(parse(query)), `parse(${JSON.stringify(query)})`).to.deep.equal(expected);
        }
      }
      // Under delimiters the candidate reads (a misread delimiter is the sep and eq rules' matter).
      for (const [sep, eq] of [[';', ':'], ['&&', '=>'], ['|', '@']] as const) {
        if (!readsDelimiters(parse, sep, eq)) continue;
        expect(plain(parse(`a${sep}b${eq}1${sep}${long}`, sep, eq)), `parse with ${JSON.stringify(sep)} and ${JSON.stringify(eq)}`).to.deep.equal({ a: '', b: '1', [long]: '' });
      }
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-joined-with-any-sep',
    rules: ['querystring.parse.sep-custom'],
    examples: {
      'one-character': [[[['a', '1'], ['b', '2']], ';']],
      'several-characters': [[[['a', '1'], ['b', '2']], '#!#']],
      'long-parts': [[[['k'.repeat(60), 'v'.repeat(60)], ['b', '2']], '<>']],
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Distinct keys, so each maps to one string; keys and values never contain a delimiter character. Long ones too.
      const pairs = fc.uniqueArray(fc.tuple(shortOrLongSafeText(fc, 1), shortOrLongSafeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, separator(fc), (list, sep) => {
          const input = list.map(([key, value]) => `${key}=${value}`).join(sep);
          expect(plain(parse(input, sep))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-split-by-any-one-character-eq',
    rules: ['querystring.parse.eq-custom'],
    examples: {
      punctuation: [[[['a', '1'], ['b', '2']], ':']],
      percent: [[[['a', '1'], ['bc', '2']], '%']],
      plus: [[[['a', '1'], ['bc', '2']], '+']],
      'empty-value': [[[['a', ''], ['b', '2']], '@']],
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        // '%' and '+' too: a delimiter, not the start of an escape or a space, when it is eq.
        fc.property(pairs, fc.constantFrom(':', '@', '|', '=', '!', '*', '%', '+'), (list, eq) => {
          const input = list.map(([key, value]) => `${key}${eq}${value}`).join('&');
          expect(plain(parse(input, '&', eq))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.reads-back-pairs-split-by-any-longer-eq',
    rules: ['querystring.parse.eq-multi-char'],
    examples: { 'repeated-character': [[[['a', '1'], ['b', '2']], '::']], word: [[[['key', 'value'], ['b', '2']], ' is ']] },
    classesLeftOut: {
      'first-character-in-text': "the pairs are safe text, which holds no delimiter character; splits-on-multi-character-eq and the eq-multi-char differential give text holding eq's first character",
    },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      const pairs = fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 8, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, fc.constantFrom('=>', '::', ' is ', '<->', '==', '=:='), (list, eq) => {
          const input = list.map(([key, value]) => `${key}${eq}${value}`).join('&');
          expect(plain(parse(input, '&', eq))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
]);
