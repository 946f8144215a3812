// A '+' in a query: the spec's decoding chain keeps it (unescape tries decodeURIComponent, which leaves '+' alone), Node
// reads it as a space, and the cases accept either, per key and per value. What no reading allows is text lost or
// doubled around it: a pair's key and value are the text between its delimiters, once each, whatever '+' becomes.
import { expect } from 'chai';
import { CaseNotApplicable, defineCases, type CaseContext } from '../case.js';
import { api } from '../kit.js';
import { outcomeOf, plain, qsFunction, readsDelimiters } from './_util.js';

/**
 * Keys and values holding '+': alone, at either end, doubled, beside well-formed escapes, beside a malformed escape (a
 * parser's exact walk), in parts longer than a parser's short-text paths, and a key without eq.
 */
const PARTS: readonly (readonly [string, string | null])[] = [
  ['c+d', 'x+y'],
  ['+k', 'v+'],
  ['+', '++'],
  ['a++b', '+%41+'],
  ['k%C3%A9+', 'caf%C3%A9+au+lait'],
  ['m+%zz', 'n+%4'],
  [`${'long+'.repeat(8)}key`, `${'value+'.repeat(10)}end`],
  // Past 64 characters (a parser may replace '+' natively there), with a space written as it is.
  [`${'key+'.repeat(17)}k`, `${'value+'.repeat(12)}with space`],
  ['lone+key', null],
];

/** What a part may become: its text read with '+' as itself, or with every '+' as a space, each then decoded by `decode`. */
function readings(raw: string, decode: (text: string) => unknown): unknown[] {
  return [decode(raw), decode(raw.replace(/\+/g, ' '))];
}

/**
 * How the candidate decodes a part: with its own unescape (whether that decodes rightly is the unescape cases' matter),
 * or, for a module without one, as the built-in decoder does well-formed text (a malformed part is then left out).
 * A part whose decoding throws gives undefined: its outcome is another rule's.
 */
function partDecoder(ctx: CaseContext): (text: string) => unknown {
  const unescape = typeof (ctx.qs as { unescape?: unknown } | undefined)?.unescape === 'function' ? (api(ctx, 'querystring', 'unescape') as unknown as (text: string) => unknown) : decodeURIComponent;
  return (text) => {
    const outcome = outcomeOf(() => Reflect.apply(unescape, ctx.qs, [text]));
    return 'value' in outcome ? outcome.value : undefined;
  };
}

/**
 * Parses one pair at a time (under the delimiters given) and checks its key and value against both readings of '+',
 * each decoded as the candidate decodes (partDecoder).
 */
function checkPairs(ctx: CaseContext, sep: string, eq: string): void {
  const parse = qsFunction(ctx, 'parse');
  // The control: a parse that throws whatever it is given fails here, naming its error.
  parse('a=1');
  const decode = partDecoder(ctx);
  let checked = 0;
  for (const [key, value] of PARTS) {
    const keys = readings(key, decode);
    const values = value === null ? [''] : readings(value, decode);
    if ([...keys, ...values].some((text) => typeof text !== 'string')) continue;
    checked++;
    for (const query of [value === null ? key : `${key}${eq}${value}`, `${value === null ? key : `${key}${eq}${value}`}${sep}z${eq}1`]) {
      const args = sep === '&' && eq === '=' ? [query] : [query, sep, eq];
      const result = plain(parse(...(args as [string])));
      const call = `parse(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
      const found = Object.keys(result).filter((name) => name !== 'z');
      expect(found.length, `${call}: keys besides z`).to.equal(1);
      const [name] = found as [string];
      expect(keys, `${call}: the key, with '+' read as itself or as a space (got ${JSON.stringify(name)})`).to.include(name);
      expect(values, `${call}: the value, with '+' read as itself or as a space`).to.include(result[name]);
    }
  }
  if (checked === 0) throw new CaseNotApplicable("the module's unescape decoded none of the parts (it threw), so what parse makes of them cannot be told from it");
}

export const parsePlusCases = defineCases('querystring', [
  {
    id: 'querystring.parse.plus-reads-as-space-or-as-itself',
    rules: ['querystring.parse.accepts-string'],
    run(ctx) {
      checkPairs(ctx, '&', '=');
    },
  },
  {
    id: 'querystring.parse.plus-reads-as-space-or-as-itself-under-longer-delimiters',
    rules: ['querystring.parse.sep-custom', 'querystring.parse.eq-multi-char'],
    run(ctx) {
      // Only under delimiters the candidate reads (the sep and eq cases judge those); one of them at least is.
      const parse = qsFunction(ctx, 'parse');
      let checked = 0;
      for (const [sep, eq] of [['&&', '=>'], [';', '::'], ['<>', '=']] as const) {
        if (!readsDelimiters(parse, sep, eq)) continue;
        checkPairs(ctx, sep, eq);
        checked++;
      }
      if (checked === 0) throw new CaseNotApplicable('parse reads none of &&/=>, ;/:: and <>/= as its delimiters (the sep and eq cases judge that), so what becomes of a \'+\' under them cannot be observed');
    },
  },
  {
    id: 'querystring.parse.decoder-option-gets-a-part-with-plus-whole',
    rules: ['querystring.parse.decode-custom'],
    run(ctx) {
      // The option is handed each part: what it gets for '+' the spec does not say ('+', a space, or Node's '%20'),
      // but never a part with text lost or doubled around it.
      const parse = qsFunction(ctx, 'parse');
      const seen: string[] = [];
      const decodeURIComponent = (text: string): string => {
        seen.push(text);
        return text;
      };
      const forms = (raw: string): string[] => [raw, raw.replace(/\+/g, ' '), raw.replace(/\+/g, '%20')];
      for (const [sep, eq] of [['&', '='], ['&&', '=>']] as const) {
        if (sep !== '&' && !readsDelimiters(parse, sep, eq)) continue;
        for (const [key, value] of PARTS) {
          const query = value === null ? key : `${key}${eq}${value}`;
          const result = plain(parse(query, sep, eq, { decodeURIComponent }));
          const call = `parse(${JSON.stringify(query)}, ${JSON.stringify(sep)}, ${JSON.stringify(eq)}, { decodeURIComponent })`;
          const [name, ...more] = Object.keys(result);
          expect(more, `${call}: keys besides the first`).to.deep.equal([]);
          expect(forms(key), `${call}: the key the option returned (got ${JSON.stringify(name)})`).to.include(name);
          expect(value === null ? [''] : forms(value), `${call}: the value the option returned`).to.include(result[name as string]);
        }
      }
      expect(seen.length, 'calls of the option').to.be.greaterThan(0);
    },
  },
]);
