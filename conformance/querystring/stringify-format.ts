// stringify's output shape: a string, `&` and `=` by default, sep and eq when given, own properties only.
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { assigner, loose, safeText, separator } from './_util.js';

export const stringifyFormatCases = [
  defineCase({
    id: 'querystring.stringify.returns-a-string',
    module: 'querystring',
    rules: ['querystring.stringify.returns-string'],
    run(ctx) {
      expect(ctx.qs.stringify({ a: 'b' })).to.be.a('string').that.equals('a=b');
      expect(ctx.qs.stringify({})).to.equal('');
    },
  }),
  defineCase({
    id: 'querystring.stringify.joins-pairs-with-ampersand-by-default',
    module: 'querystring',
    rules: ['querystring.stringify.sep-default'],
    run(ctx) {
      expect(ctx.qs.stringify({ a: 'x', b: 'y', c: 'z' })).to.equal('a=x&b=y&c=z');
    },
  }),
  defineCase({
    id: 'querystring.stringify.writes-equals-between-key-and-value-by-default',
    module: 'querystring',
    rules: ['querystring.stringify.eq-default'],
    run(ctx) {
      expect(ctx.qs.stringify({ key: 'value' })).to.equal('key=value');
      expect(loose(ctx.qs).stringify({ key: 'value' }, ';')).to.equal('key=value');
    },
  }),
  defineCase({
    id: 'querystring.stringify.uses-given-sep-and-eq',
    module: 'querystring',
    rules: ['querystring.stringify.custom-delimiters'],
    async run(ctx) {
      expect(ctx.qs.stringify({ w: 1, h: 2 }, ';', ':')).to.equal('w:1;h:2');
      const fc = ctx.fc;
      await ctx.check(
        fc.property(fc.uniqueArray(fc.tuple(safeText(fc, 1), safeText(fc)), { maxLength: 6, selector: ([key]) => key }), separator(fc), assigner(fc), (list, sep, eq) => {
          // Object.entries, not `list`: integer-like keys come first in any object's property order.
          const object = Object.fromEntries(list);
          expect(ctx.qs.stringify(object, sep, eq)).to.equal(Object.entries(object).map(([key, value]) => `${key}${eq}${value}`).join(sep));
        }),
      );
    },
  }),
  defineCase({
    id: 'querystring.stringify.skips-inherited-properties',
    module: 'querystring',
    rules: ['querystring.stringify.own-properties'],
    run(ctx) {
      const parent = { inherited: 'no', shared: 'parent' };
      const child = Object.create(parent) as Record<string, string>;
      child['own'] = 'yes';
      child['shared'] = 'child';
      expect(ctx.qs.stringify(child)).to.equal('own=yes&shared=child');
    },
  }),
];
