// stringify's output shape: a string, `&` and `=` by default, sep and eq when given, own properties only, and the pairs
// in the order the object's own properties are iterated. Only the pair-order case looks at the order: the others
// compare the pairs as a multiset.
import { expect } from 'chai';
import { CaseNotApplicable, defineCases } from '../case.js';
import { assigner, expectPairs, pairsOf, qsFunction, safeText, separator } from './_util.js';

/** Integer-like keys: any object lists them first, ascending, whatever order they were created in. */
const INDEX_KEYS = ['0', '1', '7', '10', '42'];

export const stringifyFormatCases = defineCases('querystring', [
  {
    id: 'querystring.stringify.returns-a-string',
    rules: ['querystring.stringify.returns-string'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expect(stringify({ a: 'b' })).to.be.a('string').that.equals('a=b');
      expect(stringify({})).to.equal('');
    },
  },
  {
    id: 'querystring.stringify.joins-pairs-with-ampersand-by-default',
    rules: ['querystring.stringify.sep-default'],
    run(ctx) {
      expectPairs(qsFunction(ctx, 'stringify')({ a: 'x', b: 'y', c: 'z' }), ['a=x', 'b=y', 'c=z']);
    },
  },
  {
    id: 'querystring.stringify.writes-equals-between-key-and-value-by-default',
    rules: ['querystring.stringify.eq-default'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expect(stringify({ key: 'value' })).to.equal('key=value');
      expect(stringify({ key: 'value' }, ';')).to.equal('key=value');
    },
  },
  {
    id: 'querystring.stringify.uses-given-sep-and-eq',
    rules: ['querystring.stringify.custom-delimiters'],
    examples: { 'one-character': [[[['a', 'x'], ['b', 'y']], ';', ':']], 'several-characters': [[[['a', 'x'], ['b', 'y']], '#!#', '=>']] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expectPairs(stringify({ w: '1', h: '2' }, ';', ':'), ['w:1', 'h:2'], ';');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 6, selector: ([key]) => key }), separator(fc), assigner(fc), (list, sep, eq) => {
          // Keys and values of safe characters never hold a delimiter, so the output splits back into its pairs.
          const output = stringify(Object.fromEntries(list), sep, eq);
          expectPairs(output, list.map(([key, value]) => `${key}${eq}${value}`), sep, `the pairs of ${JSON.stringify(output)} split on ${JSON.stringify(sep)}, in any order`);
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.skips-inherited-properties',
    rules: ['querystring.stringify.own-properties'],
    run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      const parent = { inherited: 'no', shared: 'parent' };
      const child = Object.create(parent) as Record<string, string>;
      child['own'] = 'yes';
      child['shared'] = 'child';
      expectPairs(stringify(child), ['own=yes', 'shared=child']);
      // An object without a prototype has own properties like any other.
      const bare = Object.assign(Object.create(null) as Record<string, string>, { a: '1', b: '2' });
      expectPairs(stringify(bare), ['a=1', 'b=2'], '&', 'the pairs of an object created without a prototype');
      // Own properties named like the members every ordinary object inherits are own properties too: written, with
      // their own values, never the inherited member's.
      const shadowing: Record<string, string> = {};
      for (const name of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__']) {
        Object.defineProperty(shadowing, name, { value: `own-${name.length}`, enumerable: true, writable: true, configurable: true });
      }
      expectPairs(stringify(shadowing), ['toString=own-8', 'constructor=own-11', 'hasOwnProperty=own-14', 'valueOf=own-7', '__proto__=own-9'], '&', 'the pairs of an object whose own keys are named like inherited members');
    },
  },
  {
    id: 'querystring.stringify.writes-pairs-in-property-order',
    rules: ['querystring.stringify.pair-order'],
    examples: { 'creation-order': [[[['b', '1'], ['a', '2'], ['c', '3']]]], 'index-like': [[[['z', '1'], ['10', '2'], ['2', '3']]]] },
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      // Observed only where the candidate writes the right pairs at all (the value, delimiter and encoding rules judge
      // those): then they must come in the order the object's own properties are iterated.
      let observed = 0;
      const inOrder = (object: Record<string, unknown>, expected: readonly string[], what: string): void => {
        const output = stringify(object);
        if (pairsOf(output).join('&') !== [...expected].sort().join('&')) return;
        observed++;
        expect(String(output).split('&'), `${what}: the pairs of ${JSON.stringify(output)}, in order`).to.deep.equal(expected);
      };
      inOrder({ b: '1', a: '2', c: '3' }, ['b=1', 'a=2', 'c=3'], 'keys in creation order, not sorted');
      inOrder({ z: 'x', 10: 'y', 2: 'w' }, ['2=w', '10=y', 'z=x'], 'integer-like keys first, ascending');
      inOrder({ k: ['c', 'a', 'b'], j: 'x' }, ['k=c', 'k=a', 'k=b', 'j=x'], "an array's pairs in element order");
      const fc = ctx.fc;
      const key = fc.oneof(safeText(fc, 1), fc.constantFrom(...INDEX_KEYS));
      await ctx.check(
        fc.property(fc.uniqueArray(fc.tuple(key, safeText(fc)), { minLength: 2, maxLength: 8, selector: ([name]) => name }), (list) => {
          const object = Object.fromEntries(list);
          inOrder(object, Object.keys(object).map((name) => `${name}=${object[name] as string}`), `stringify(${JSON.stringify(object)})`);
        }),
      );
      if (observed === 0) throw new CaseNotApplicable('stringify wrote other pairs than the object holds on every input, so their order could not be observed');
    },
  },
]);
