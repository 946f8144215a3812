// The parse result: an object without the base prototype, and a plain string for a key that occurs once.
import { expect } from 'chai';
import { CaseFailure, defineCase } from '../case.js';
import { loose, plain } from './_util.js';

/** Names every ordinary object inherits; none may be reachable on a parse result. */
const INHERITED = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'constructor', '__proto__', 'propertyIsEnumerable'];

export const parseResultCases = [
  defineCase({
    id: 'querystring.parse.result-lacks-object-prototype',
    module: 'querystring',
    rules: ['querystring.result.null-prototype'],
    run(ctx) {
      const result = ctx.qs.parse('a=1');
      expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
      for (const name of INHERITED) {
        // `in` walks the prototype chain: an inherited member shows up here.
        if (name in result) throw new CaseFailure(`parse result has the inherited member ${name}`, { expected: 'absent', actual: typeof (result as Record<string, unknown>)[name] });
      }
    },
  }),
  defineCase({
    id: 'querystring.parse.object-member-names-are-own-keys',
    module: 'querystring',
    rules: ['querystring.result.null-prototype', 'querystring.parse.accepts-string'],
    run(ctx) {
      const result = ctx.qs.parse('__proto__=p&constructor=c&toString=t&hasOwnProperty=h&valueOf=v');
      const expected: Record<string, string> = {};
      for (const [key, value] of [['__proto__', 'p'], ['constructor', 'c'], ['toString', 't'], ['hasOwnProperty', 'h'], ['valueOf', 'v']] as const) {
        Object.defineProperty(expected, key, { value, enumerable: true, writable: true, configurable: true });
      }
      expect(plain(result)).to.deep.equal(expected);
      expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value, 'own __proto__ value').to.equal('p');
      expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
      expect(({} as Record<string, unknown>)['p'], 'Object.prototype polluted').to.equal(undefined);
    },
  }),
  defineCase({
    id: 'querystring.parse.any-key-is-an-own-key',
    module: 'querystring',
    rules: ['querystring.result.null-prototype'],
    async run(ctx) {
      const fc = ctx.fc;
      const key = fc.oneof(fc.constantFrom(...INHERITED, '__defineGetter__', 'then', 'length', '0'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }));
      await ctx.check(
        fc.property(key, (name) => {
          const result = ctx.qs.parse(`${encodeURIComponent(name)}=v`);
          expect(Object.prototype.isPrototypeOf(result), 'Object.prototype is in the prototype chain').to.equal(false);
          expect(Object.getOwnPropertyDescriptor(result, name)?.value, `own value of key ${JSON.stringify(name)}`).to.equal('v');
          expect(Object.keys(result)).to.deep.equal([name]);
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.parse.reads-pairs-of-a-string',
    module: 'querystring',
    rules: ['querystring.parse.accepts-string'],
    run(ctx) {
      const result = ctx.qs.parse('name=ada&lang=en&empty=');
      expect(typeof result, 'typeof result').to.equal('object');
      expect(plain(result)).to.deep.equal({ name: 'ada', lang: 'en', empty: '' });
    },
  }),
  defineCase({
    id: 'querystring.parse.single-occurrence-is-a-string',
    module: 'querystring',
    rules: ['querystring.result.single-value-string'],
    run(ctx) {
      const result = loose(ctx.qs).parse('a=1&b=&c=x%20y') as Record<string, unknown>;
      expect(result['a'], 'a').to.equal('1');
      expect(result['b'], 'b').to.equal('');
      expect(result['c'], 'c').to.equal('x y');
    },
  }),
];
