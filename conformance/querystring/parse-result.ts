// The parse result: an object without the base prototype holding every pair (long ones too), and a plain string for a
// key that occurs once.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { plain, qsFunction, safeText, shortOrLongSafeText } from './_util.js';

/** Names every ordinary object inherits; none may be reachable on a parse result. */
const INHERITED = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'constructor', '__proto__', 'propertyIsEnumerable'];

export const parseResultCases = defineCases('querystring', [
  {
    id: 'querystring.parse.result-lacks-object-prototype',
    rules: ['querystring.result.null-prototype'],
    run(ctx) {
      const result = qsFunction(ctx, 'parse')('a=1') as object;
      expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
      for (const name of INHERITED) {
        // `in` walks the prototype chain: an inherited member shows up here.
        if (name in result) throw new CaseFailure(`parse result has the inherited member ${name}`, { expected: 'absent', actual: typeof (result as Record<string, unknown>)[name] });
      }
    },
  },
  {
    id: 'querystring.parse.object-member-names-are-own-keys',
    rules: ['querystring.result.null-prototype'],
    run(ctx) {
      const result = qsFunction(ctx, 'parse')('__proto__=p&constructor=c&toString=t&hasOwnProperty=h&valueOf=v') as object;
      const expected: Record<string, string> = {};
      for (const [key, value] of [['__proto__', 'p'], ['constructor', 'c'], ['toString', 't'], ['hasOwnProperty', 'h'], ['valueOf', 'v']] as const) {
        Object.defineProperty(expected, key, { value, enumerable: true, writable: true, configurable: true });
      }
      expect(plain(result)).to.deep.equal(expected);
      expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value, 'own __proto__ value').to.equal('p');
      expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
      expect(({} as Record<string, unknown>)['p'], 'Object.prototype polluted').to.equal(undefined);
    },
  },
  {
    id: 'querystring.parse.any-key-is-an-own-key',
    rules: ['querystring.result.null-prototype'],
    examples: { 'object-member': [['__proto__'], ['constructor'], ['toString']], ordinary: [['abc']], 'index-like': [['0']] },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      const fc = ctx.fc;
      // Keys that need no decoding, so this checks only where the result keeps them.
      const key = fc.oneof(fc.constantFrom(...INHERITED, '__defineGetter__', '__lookupSetter__', 'then', 'length', '0'), safeText(fc, 1));
      await ctx.check(
        fc.property(key, (name) => {
          const result = parse(`${name}=v`) as object;
          expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
          expect(Object.getOwnPropertyDescriptor(result, name)?.value, `own value of key ${JSON.stringify(name)}`).to.equal('v');
          expect(Object.keys(result)).to.deep.equal([name]);
        }),
      );
    },
  },
  {
    id: 'querystring.parse.reads-pairs-of-a-string',
    rules: ['querystring.parse.accepts-string'],
    run(ctx) {
      const result = qsFunction(ctx, 'parse')('name=ada&lang=en&empty=');
      expect(typeof result, 'typeof result').to.equal('object');
      expect(plain(result)).to.deep.equal({ name: 'ada', lang: 'en', empty: '' });
    },
  },
  {
    id: 'querystring.parse.reads-long-keys-and-values',
    rules: ['querystring.parse.accepts-string'],
    examples: { short: [[[['a', '1'], ['b', '2']]]], long: [[[['k'.repeat(60), 'v'.repeat(60)]]]], 'empty-value': [[[['e', ''], ['f', 'x']]]] },
    async run(ctx) {
      const parse = qsFunction(ctx, 'parse');
      expect(plain(parse(`k=${'v'.repeat(40)}&${'k'.repeat(40)}=v&e=`))).to.deep.equal({ k: 'v'.repeat(40), ['k'.repeat(40)]: 'v', e: '' });
      const fc = ctx.fc;
      // Distinct keys of safe characters, short and long (up to 60): pairs past any short-text fast path read whole.
      const pairs = fc.uniqueArray(fc.tuple(shortOrLongSafeText(fc, 1), shortOrLongSafeText(fc)), { maxLength: 6, selector: ([key]) => key });
      await ctx.check(
        fc.property(pairs, (list) => {
          expect(plain(parse(list.map(([key, value]) => `${key}=${value}`).join('&')))).to.deep.equal(Object.fromEntries(list));
        }),
      );
    },
  },
  {
    id: 'querystring.parse.single-occurrence-is-a-string',
    rules: ['querystring.result.single-value-string'],
    run(ctx) {
      const result = qsFunction(ctx, 'parse')('a=1&b=&c=xy') as Record<string, unknown>;
      expect(result['a'], 'a').to.equal('1');
      expect(result['b'], 'b').to.equal('');
      expect(result['c'], 'c').to.equal('xy');
    },
  },
]);
