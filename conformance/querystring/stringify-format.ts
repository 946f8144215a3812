// stringify's output shape: a string, `&` and `=` by default, sep and eq when given, own properties only.
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { assigner, qsFunction, safeText, separator } from './_util.js';

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
      expect(qsFunction(ctx, 'stringify')({ a: 'x', b: 'y', c: 'z' })).to.equal('a=x&b=y&c=z');
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
    async run(ctx) {
      const stringify = qsFunction(ctx, 'stringify');
      expect(stringify({ w: '1', h: '2' }, ';', ':')).to.equal('w:1;h:2');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 6, selector: ([key]) => key }), separator(fc), assigner(fc), (list, sep, eq) => {
          // Object.entries, not `list`: integer-like keys come first in any object's property order.
          const object = Object.fromEntries(list);
          expect(stringify(object, sep, eq)).to.equal(Object.entries(object).map(([key, value]) => `${key}${eq}${value}`).join(sep));
        }),
      );
    },
  },
  {
    id: 'querystring.stringify.skips-inherited-properties',
    rules: ['querystring.stringify.own-properties'],
    run(ctx) {
      const parent = { inherited: 'no', shared: 'parent' };
      const child = Object.create(parent) as Record<string, string>;
      child['own'] = 'yes';
      child['shared'] = 'child';
      expect(qsFunction(ctx, 'stringify')(child)).to.equal('own=yes&shared=child');
    },
  },
]);
