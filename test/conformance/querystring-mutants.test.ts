// The rt:querystring cases checked both ways. The reference and the host pass every case; deliberately broken
// candidates (the reference with one behaviour of the spec broken) each fail the cases named for them; and the npm
// polyfills fail exactly the cases recorded below, each for a stated reason. The leak mutants, which must fail exactly
// their rule's cases, are querystring-leak-mutants.test.ts.
import { expect } from 'chai';
import { createRequire } from 'node:module';
import host from 'node:querystring';
import { cases } from '../../conformance/querystring/index.js';
import type { CaseDefinition } from '../../conformance/case.js';
import type { QuerystringModule } from '../../conformance/modules.js';
import reference, { escape, unescape } from '../../reference/querystring.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { Status } from '../../results/results-file.js';
import { mutant, ref, run, type Mutable, type Options } from './querystring-mutant-kit.js';
import { misdeclaredApis } from './case-apis.js';
import { recordedRun } from './leak-mutants.js';

const require = createRequire(import.meta.url);

/** The last pair of a query longer than 24 characters (a parser's long-query path) when it is a key without eq. */
function lastPairWithoutEq(str: unknown): string | undefined {
  if (typeof str !== 'string' || str.length <= 24) return undefined;
  const last = str.slice(str.lastIndexOf('&') + 1);
  return last !== '' && !last.includes('=') ? last : undefined;
}

/** A parse result rebuilt with `map` applied to each value. */
function mapValues(result: unknown, map: (value: unknown) => unknown): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(result as object)) out[key] = map(value);
  return out;
}

/** An object for stringify with `map` applied to each value (array elements included). */
function mapInput(obj: unknown, map: (value: unknown) => unknown): unknown {
  if (obj === null || typeof obj !== 'object') return obj;
  const out: Record<string, unknown> = {};
  // defineProperty, not assignment: an own key named __proto__ must stay a key.
  for (const [key, value] of Object.entries(obj)) Object.defineProperty(out, key, { value: Array.isArray(value) ? value.map(map) : map(value), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A naive split-based parser (the shape of old polyfills): empty entries become empty keys. */
function naiveParse(decode: (text: string) => string) {
  return (str: unknown, sep?: unknown, eq?: unknown, options?: Options): unknown => {
    const result = Object.create(null) as Record<string, string | string[]>;
    if (typeof str !== 'string' || str === '') return result;
    const eqText = typeof eq === 'string' && eq !== '' ? eq : '=';
    const maxKeys = typeof options?.['maxKeys'] === 'number' ? (options['maxKeys'] as number) : 1000;
    const parts = str.split(typeof sep === 'string' && sep !== '' ? sep : '&');
    for (const part of maxKeys > 0 ? parts.slice(0, maxKeys) : parts) {
      const at = part.indexOf(eqText);
      const key = decode(at < 0 ? part : part.slice(0, at));
      const value = at < 0 ? '' : decode(part.slice(at + eqText.length));
      const current = result[key];
      result[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
    }
    return result;
  };
}

interface Mutant {
  readonly name: string;
  readonly module: QuerystringModule;
  /** Cases that must fail against this mutant. */
  readonly caught: readonly string[];
  /**
   * Attribution: run against every case, the mutant may fail only cases that cite one of these rules (the rules it
   * breaks), so a failure never lands on a rule the mutant keeps.
   */
  readonly breaks?: readonly string[];
}

const MUTANTS: readonly Mutant[] = [
  {
    name: 'parse returns an ordinary object',
    module: mutant((base) => ({ parse: (...args) => Object.assign({}, base.parse(...args)) })),
    caught: ['querystring.parse.result-lacks-object-prototype', 'querystring.parse.object-member-names-are-own-keys', 'querystring.parse.any-key-is-an-own-key'],
  },
  {
    name: 'maxKeys ignored (no limit)',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq, { ...options, maxKeys: 0 }) })),
    caught: ['querystring.parse.keeps-the-first-1000-keys-by-default', 'querystring.parse.keeps-at-most-max-keys', 'querystring.parse.key-count-never-exceeds-max-keys'],
  },
  {
    name: 'default maxKeys of 100',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq, { maxKeys: 100, ...options }) })),
    caught: ['querystring.parse.keeps-the-first-1000-keys-by-default'],
  },
  {
    name: 'maxKeys 0 keeps no key',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => (options?.['maxKeys'] === 0 ? Object.create(null) : base.parse(str, sep, eq, options)) })),
    caught: ['querystring.parse.max-keys-zero-keeps-every-key'],
  },
  {
    name: 'maxKeys off by one',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const maxKeys = typeof options?.['maxKeys'] === 'number' ? (options['maxKeys'] as number) : 1000;
        return base.parse(str, sep, eq, { ...options, maxKeys: maxKeys > 0 ? maxKeys + 1 : maxKeys });
      },
    })),
    caught: ['querystring.parse.keeps-the-first-1000-keys-by-default', 'querystring.parse.keeps-at-most-max-keys', 'querystring.parse.key-count-never-exceeds-max-keys'],
  },
  {
    name: 'a repeated key keeps only its last value',
    module: mutant((base) => ({ parse: (...args) => mapValues(base.parse(...args), (value) => (Array.isArray(value) ? value[value.length - 1] : value)) })),
    caught: ['querystring.parse.repeated-key-collects-values-in-order', 'querystring.parse.repeated-keys-match-their-occurrences', 'querystring.parse.agrees-with-reference.repeated-keys'],
  },
  {
    name: 'repeated values in reverse order',
    module: mutant((base) => ({ parse: (...args) => mapValues(base.parse(...args), (value) => (Array.isArray(value) ? [...value].reverse() : value)) })),
    caught: ['querystring.parse.repeated-key-collects-values-in-order'],
  },
  {
    name: 'every value is an array',
    module: mutant((base) => ({ parse: (...args) => mapValues(base.parse(...args), (value) => (Array.isArray(value) ? value : [value])) })),
    caught: ['querystring.parse.single-occurrence-is-a-string', 'querystring.parse.reads-pairs-of-a-string'],
  },
  {
    name: 'parse ignores sep',
    module: mutant((base) => ({ parse: (str, _sep, eq, options) => base.parse(str, '&', eq, options) })),
    caught: ['querystring.parse.splits-pairs-on-given-sep', 'querystring.parse.reads-back-pairs-joined-with-any-sep', 'querystring.parse.agrees-with-reference.sep-custom'],
    breaks: ['querystring.parse.sep-custom'],
  },
  {
    name: 'parse ignores eq',
    module: mutant((base) => ({ parse: (str, sep, _eq, options) => base.parse(str, sep, '=', options) })),
    caught: ['querystring.parse.splits-key-from-value-on-given-eq', 'querystring.parse.splits-on-multi-character-eq', 'querystring.parse.reads-back-pairs-split-by-any-one-character-eq', 'querystring.parse.agrees-with-reference.eq-custom'],
  },
  {
    name: 'parse uses only the first character of eq',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, typeof eq === 'string' ? eq.slice(0, 1) : eq, options) })),
    caught: ['querystring.parse.splits-on-multi-character-eq', 'querystring.parse.reads-back-pairs-split-by-any-longer-eq', 'querystring.parse.agrees-with-reference.eq-multi-char'],
    breaks: ['querystring.parse.eq-multi-char'],
  },
  {
    name: 'parse splits on the wrong default sep (;)',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep ?? ';', eq, options) })),
    caught: ['querystring.parse.splits-pairs-on-ampersand-by-default'],
  },
  {
    name: 'empty entries become empty keys',
    module: mutant((base) => ({ parse: naiveParse((text) => base.unescape(text)) })),
    caught: ['querystring.parse.empty-entries-yield-no-keys', 'querystring.parse.inserted-empty-entries-change-nothing', 'querystring.parse.agrees-with-reference.empty-entries'],
  },
  {
    name: 'the module unescape is not looked up when parse runs',
    module: mutant(() => ({ parse: (...args) => ref.parse(...args) })),
    caught: ['querystring.parse.decodes-with-the-module-unescape'],
  },
  {
    name: 'the decodeURIComponent option is ignored',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq, { ...options, decodeURIComponent: undefined }) })),
    caught: ['querystring.parse.decodes-with-the-decodeURIComponent-option'],
  },
  {
    name: 'unescape decodes bytes as Latin-1, not UTF-8',
    module: mutant(() => ({ unescape: (text: string) => text.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))) })),
    caught: [
      'querystring.parse.decodes-percent-encoded-utf8',
      'querystring.parse.decodes-any-encoded-unicode-text',
      'querystring.unescape.decodes-percent-encoded-utf8',
      'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input',
    ],
  },
  {
    name: 'parse leaves the escapes of every pair after the first undecoded',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        if (typeof str !== 'string' || sep !== undefined || eq !== undefined || options !== undefined || !str.includes('&')) return base.parse(str, sep, eq, options);
        const [first = '', ...rest] = str.split('&');
        return Object.assign(Object.create(null), base.parse(first), base.parse(rest.join('&'), undefined, undefined, { decodeURIComponent: (text: string) => text }));
      },
    })),
    caught: ['querystring.parse.decodes-several-pairs-encoded-or-not', 'querystring.parse.decodes-percent-encoded-utf8'],
  },
  {
    name: 'unescape does not decode',
    module: mutant(() => ({ unescape: (text: string) => text })),
    caught: ['querystring.parse.decodes-percent-encoded-utf8', 'querystring.unescape.decodes-percent-encoded-utf8', 'querystring.parse.agrees-with-reference.utf8-default'],
  },
  {
    name: 'unescape decodes overlong two-byte sequences (lead bytes 0xC0 and 0xC1 accepted)',
    module: mutant((base) => ({
      unescape: (text: string) =>
        base.unescape(text.replace(/%C([01])%([89AB][0-9A-F])/gi, (_match, lead: string, trail: string) => String.fromCharCode(((0xc0 | parseInt(lead, 16)) & 0x1f) << 6 | (parseInt(trail, 16) & 0x3f)))),
    })),
    caught: ['querystring.unescape.never-decodes-ill-formed-utf8-to-a-character'],
  },
  {
    name: 'unescape rejects the lead byte 0xF4 (its four-byte range ends at 0xF3)',
    module: mutant((base) => ({ unescape: (text: string) => base.unescape(text.replace(/%F4(%[89AB][0-9A-F]){3}/gi, '\ufffd\ufffd\ufffd\ufffd')) })),
    caught: ['querystring.unescape.decodes-utf8-at-lead-byte-boundaries'],
  },
  {
    name: 'unescape throws on malformed input',
    module: mutant(() => ({ unescape: (text: string) => decodeURIComponent(text) })),
    caught: ['querystring.unescape.never-throws-on-malformed-input', 'querystring.unescape.keeps-what-it-cannot-decode'],
  },
  {
    name: 'parse throws URIError on malformed escapes',
    module: mutant((base) => ({
      parse: (str, ...rest) => {
        const result = base.parse(str, ...rest);
        decodeURIComponent(String(str)); // the built-in decoder alone, without the fallback
        return result;
      },
    })),
    caught: ['querystring.parse.decodes-malformed-escapes-as-unescape-does'],
  },
  {
    name: 'unescape gives up on the whole text when one escape is malformed',
    module: mutant(() => ({
      unescape: (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return text;
        }
      },
    })),
    caught: ['querystring.unescape.keeps-what-it-cannot-decode'],
  },
  {
    name: 'stringify iterates inherited properties',
    module: mutant((base) => ({
      stringify: (obj, ...rest) => {
        const flat: Record<string, unknown> = {};
        for (const key in obj as object) flat[key] = (obj as Record<string, unknown>)[key];
        return base.stringify(flat, ...rest);
      },
    })),
    caught: ['querystring.stringify.skips-inherited-properties'],
  },
  {
    // Number('') is 0: the case must check the text is decimal before reading it back.
    name: 'stringify writes 0 as the empty string (a falsy value dropped)',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (v === 0 ? '' : v)), ...rest) })),
    caught: ['querystring.stringify.writes-finite-numbers-as-decimal-text'],
    breaks: ['querystring.stringify.finite-number-values'],
  },
  {
    // Number('0x10') is 16: hexadecimal text reads back as the number but is not decimal text.
    name: 'stringify writes non-negative integers in hexadecimal',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? `0x${v.toString(16)}` : v)), ...rest) })),
    caught: ['querystring.stringify.writes-finite-numbers-as-decimal-text'],
    breaks: ['querystring.stringify.finite-number-values'],
  },
  {
    name: 'stringify writes NaN and the infinities as text',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)), ...rest) })),
    caught: ['querystring.stringify.writes-non-finite-numbers-as-empty', 'querystring.stringify.agrees-with-reference.non-finite-empty'],
  },
  {
    name: 'stringify writes unsupported values with String()',
    module: mutant((base) => ({
      stringify: (obj, ...rest) =>
        base.stringify(mapInput(obj, (v) => (v === null || v === undefined || typeof v === 'object' || typeof v === 'function' ? String(v) : typeof v === 'symbol' ? v.toString() : v)), ...rest),
    })),
    caught: ['querystring.stringify.writes-unsupported-values-as-empty', 'querystring.stringify.agrees-with-reference.unsupported-empty'],
  },
  {
    name: 'stringify writes bigints as empty',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (typeof v === 'bigint' ? null : v)), ...rest) })),
    caught: ['querystring.stringify.writes-bigints-as-digits', 'querystring.stringify.agrees-with-reference.bigint-values'],
    breaks: ['querystring.stringify.bigint-values', 'querystring.stringify.array-elements-coerced', 'querystring.encode.alias-of-stringify'],
  },
  {
    name: 'stringify writes booleans as 1 and 0',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (typeof v === 'boolean' ? Number(v) : v)), ...rest) })),
    caught: ['querystring.stringify.writes-booleans-as-words', 'querystring.stringify.agrees-with-reference.boolean-values'],
  },
  {
    name: 'stringify writes numbers in exponent form with a raw +',
    module: mutant((base) => ({ stringify: (obj, ...rest) => String(base.stringify(obj, ...rest)).replace(/e%2B/g, 'e+') })),
    caught: ['querystring.stringify.percent-encodes-number-text', 'querystring.stringify.agrees-with-reference.utf8-percent-encoding'],
    breaks: ['querystring.stringify.utf8-percent-encoding'],
  },
  {
    name: 'stringify joins array elements with commas',
    module: mutant((base) => ({
      stringify: (obj, ...rest) =>
        base.stringify(obj !== null && typeof obj === 'object' ? Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])) : obj, ...rest),
    })),
    caught: ['querystring.stringify.writes-one-pair-per-array-element', 'querystring.stringify.agrees-with-reference.array-repeats-key'],
  },
  {
    name: 'stringify ignores sep and eq',
    module: mutant((base) => ({ stringify: (obj, _sep, _eq, options) => base.stringify(obj, '&', '=', options) })),
    caught: ['querystring.stringify.uses-given-sep-and-eq', 'querystring.stringify.agrees-with-reference.custom-delimiters'],
  },
  {
    name: 'the module escape is not looked up when stringify runs',
    module: mutant(() => ({ stringify: (...args) => ref.stringify(...args) })),
    caught: ['querystring.stringify.encodes-with-the-module-escape'],
  },
  {
    name: 'the encodeURIComponent option is ignored',
    module: mutant((base) => ({ stringify: (obj, sep, eq, options) => base.stringify(obj, sep, eq, { ...options, encodeURIComponent: undefined }) })),
    caught: ['querystring.stringify.encodes-with-the-encodeURIComponent-option'],
  },
  {
    name: 'escape leaves reserved characters as they are (encodeURI)',
    module: mutant(() => ({ escape: (text: string) => encodeURI(text) })),
    caught: ['querystring.escape.percent-encodes-utf8', 'querystring.stringify.percent-encodes-utf8', 'querystring.stringify.output-is-unreserved-or-percent-encoded'],
  },
  {
    name: 'escape encodes code units as Latin-1 (%uXXXX / %E9 style)',
    module: mutant(() => ({ escape: (text: string) => globalThis.escape(text) })),
    caught: ['querystring.escape.percent-encodes-utf8', 'querystring.stringify.output-is-unreserved-or-percent-encoded', 'querystring.stringify.agrees-with-reference.utf8-percent-encoding'],
  },
  {
    name: 'escape writes lower-case hex (valid, but not what the reference writes)',
    module: mutant((base) => ({ escape: (text: string) => base.escape(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) })),
    caught: ['querystring.escape.agrees-with-reference-on-unicode-text', 'querystring.stringify.agrees-with-reference.utf8-percent-encoding'],
  },
  {
    name: 'decode is not parse (ignores maxKeys)',
    module: mutant((base) => ({ decode: (str, sep, eq) => base.parse(str, sep, eq) })),
    caught: ['querystring.decode.behaves-as-parse'],
  },
  {
    name: 'encode is not stringify (ignores eq)',
    module: mutant((base) => ({ encode: (obj, sep) => base.stringify(obj, sep) })),
    caught: ['querystring.encode.behaves-as-stringify'],
  },
  {
    name: 'no escape export',
    module: mutant(() => ({ escape: undefined as unknown as Mutable['escape'] })),
    caught: ['querystring.module.exports-six-functions', 'querystring.escape.percent-encodes-utf8'],
  },
  {
    name: 'parse drops pairs that have no eq',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        for (const key of Object.keys(result)) if (result[key] === '') delete result[key];
        return result;
      },
    })),
    caught: ['querystring.parse.agrees-with-reference.accepts-string', 'querystring.parse.reads-pairs-of-a-string'],
  },
  {
    name: 'parse splits a pair at every eq (a second = in a value is lost)',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const eqText = typeof eq === 'string' && eq !== '' ? eq : '=';
        const pairs = String(str)
          .split(typeof sep === 'string' && sep !== '' ? sep : '&')
          .map((pair) => pair.split(eqText).slice(0, 2).join(eqText));
        return base.parse(pairs.join(typeof sep === 'string' && sep !== '' ? sep : '&'), sep, eq, options);
      },
    })),
    caught: ['querystring.parse.splits-at-the-first-equals'],
    breaks: ['querystring.parse.eq-default'],
  },
  {
    name: 'stringify writes each string value with a "!" appended',
    module: mutant((base) => ({ stringify: (obj, ...rest) => base.stringify(mapInput(obj, (v) => (typeof v === 'string' ? `${v}!` : v)), ...rest) })),
    caught: ['querystring.stringify.writes-string-values', 'querystring.stringify.agrees-with-reference.string-values'],
  },
  {
    name: 'unescape keeps escapes with a lower-case hex digit as written (only A-F read as hex)',
    module: mutant((base) => ({ unescape: (text: string) => base.unescape(text.replace(/%(?=[0-9A-Fa-f]{2})(?=[0-9A-F]?[a-f])/g, '\ue000')).replace(/\ue000/g, '%') })),
    caught: ['querystring.unescape.decodes-percent-encoded-utf8', 'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input', 'querystring.parse.decodes-any-encoded-unicode-text'],
  },
  {
    name: 'unescape reads the hex digits after a lead byte as a continuation byte even without their %',
    module: mutant((base) => ({ unescape: (text: string) => base.unescape(text.replace(/(%[C-Fc-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f])*)[^%]([89ABab][0-9A-Fa-f])/g, '$1%$2')) })),
    caught: ['querystring.unescape.never-decodes-ill-formed-utf8-to-a-character'],
  },
  {
    name: 'parse leaves a key holding a malformed escape undecoded (its well-formed escapes too)',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        // Raw keys and values ('+' handed over as %20), then each key decoded only when the built-in accepts it.
        const raw = base.parse(str, sep, eq, { ...options, decodeURIComponent: (text: string) => text }) as Record<string, string | string[]>;
        const out = Object.create(null) as Record<string, unknown>;
        for (const [key, value] of Object.entries(raw)) {
          let decoded = key;
          try {
            decoded = decodeURIComponent(key);
          } catch {
            // kept as written
          }
          out[decoded] = Array.isArray(value) ? value.map((item) => base.unescape(item)) : base.unescape(value);
        }
        return out;
      },
    })),
    caught: ['querystring.parse.decodes-malformed-escapes-as-unescape-does'],
  },
  {
    name: 'parse drops the pairs when eq is %',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => (eq === '%' ? Object.create(null) : base.parse(str, sep, eq, options)) })),
    caught: ['querystring.parse.reads-back-pairs-split-by-any-one-character-eq'],
  },
  {
    name: 'parse cuts values after 17 characters',
    module: mutant((base) => ({ parse: (...args) => mapValues(base.parse(...args), (value) => (typeof value === 'string' && value.length > 17 ? value.slice(0, 17) : value)) })),
    caught: ['querystring.parse.reads-long-keys-and-values', 'querystring.parse.reads-back-pairs-joined-with-any-sep'],
  },
  {
    name: 'an empty entry between multi-character seps leaks the last character of sep into the next key',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        if (typeof str !== 'string' || typeof sep !== 'string' || sep.length < 2) return base.parse(str, sep, eq, options);
        let leak = '';
        const parts: string[] = [];
        for (const part of str.split(sep)) {
          if (part === '') leak = sep.slice(-1);
          else {
            parts.push(leak + part);
            leak = '';
          }
        }
        return base.parse(parts.join(sep), sep, eq, options);
      },
    })),
    caught: ['querystring.parse.empty-entries-change-nothing-with-any-sep'],
  },
  {
    name: 'maxKeys is ignored when the query holds an empty entry',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const empty = String(str).split(typeof sep === 'string' && sep !== '' ? sep : '&').includes('');
        return base.parse(str, sep, eq, empty ? { ...options, maxKeys: 0 } : options);
      },
    })),
    caught: ['querystring.parse.keeps-the-keys-of-the-first-max-keys-entries'],
  },
  {
    name: 'empty entries stop the parse one entry before maxKeys is spent',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const maxKeys = options?.['maxKeys'];
        if (typeof str !== 'string' || typeof maxKeys !== 'number' || maxKeys <= 0) return base.parse(str, sep, eq, options);
        const sepText = typeof sep === 'string' && sep !== '' ? sep : '&';
        let budget = maxKeys;
        const kept: string[] = [];
        for (const entry of str.split(sepText)) {
          budget--;
          if (entry === '') {
            if (budget <= 1) break;
            continue;
          }
          kept.push(entry);
          if (budget <= 0) break;
        }
        return base.parse(kept.join(sepText), sep, eq, { ...options, maxKeys: 0 });
      },
    })),
    caught: ['querystring.parse.keeps-the-keys-of-the-first-max-keys-entries'],
  },
  {
    name: 'with an encodeURIComponent option, NaN and the infinities reach the option as text',
    module: mutant((base) => ({
      stringify: (obj, sep, eq, options) =>
        base.stringify(options?.['encodeURIComponent'] ? mapInput(obj, (v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) : obj, sep, eq, options),
    })),
    caught: ['querystring.stringify.an-option-encoding-as-escape-changes-nothing'],
  },
  {
    name: 'with an encodeURIComponent option, an array value is written as one empty value',
    module: mutant((base) => ({
      stringify: (obj, sep, eq, options) =>
        base.stringify(
          options?.['encodeURIComponent'] && obj !== null && typeof obj === 'object' ? Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? '' : v])) : obj,
          sep,
          eq,
          options,
        ),
    })),
    caught: ['querystring.stringify.an-option-encoding-as-escape-changes-nothing'],
  },
  {
    name: 'the decodeURIComponent option is skipped for one-character keys and values',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const custom = options?.['decodeURIComponent'];
        if (typeof custom !== 'function') return base.parse(str, sep, eq, options);
        return base.parse(str, sep, eq, { ...options, decodeURIComponent: (text: string) => (text.length > 1 ? (custom as (text: string) => unknown)(text) : text) });
      },
    })),
    caught: ['querystring.parse.decodes-with-the-decodeURIComponent-option'],
  },
  {
    name: 'unescape\'s fallback keeps escapes whose high digit is 0 as written',
    module: mutant(() => ({
      unescape: (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return unescape(text.replace(/%0([0-9A-Fa-f])/g, '%250$1'));
        }
      },
    })),
    caught: ['querystring.unescape.fallback-decodes-every-well-formed-escape-beside-malformed-ones'],
  },
  {
    name: 'escape writes U+0800 in the two bytes of an overlong form',
    module: mutant(() => ({ escape: (text: string) => escape(text).replace(/%E0%A0%80/g, '%E0%80') })),
    caught: ['querystring.escape.encodes-utf8-at-sequence-length-boundaries', 'querystring.stringify.percent-encodes-utf8-at-sequence-length-boundaries'],
  },
  {
    name: 'with maxKeys 0, a trailing separator adds an empty key',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        const sepText = typeof sep === 'string' && sep !== '' ? sep : '&';
        if (options?.['maxKeys'] === 0 && typeof str === 'string' && str.endsWith(sepText)) result[''] = '';
        return result;
      },
    })),
    caught: ['querystring.parse.max-keys-zero-keeps-every-key'],
  },
  {
    name: 'parse keeps a cache of recent keys that matches on length and first character only',
    module: mutant((base) => {
      const recent = new Map<string, string>();
      return {
        parse: (str, sep, eq, options) => {
          const out = Object.create(null) as Record<string, unknown>;
          for (const [key, value] of Object.entries(base.parse(str, sep, eq, options) as object)) {
            const slot = `${key.length}:${key.slice(0, 1)}`;
            const cached = recent.get(slot) ?? key;
            recent.set(slot, cached);
            out[cached] = value;
          }
          return out;
        },
      };
    }),
    caught: ['querystring.parse.reads-many-distinct-keys-alike-on-every-call'],
  },
  {
    name: 'parse with an options object that names no decoder decodes nothing',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => base.parse(str, sep, eq, options && !('decodeURIComponent' in options) ? { ...options, decodeURIComponent: (text: string) => text } : options),
    })),
    caught: ['querystring.parse.options-without-a-decoder-keep-the-default'],
  },
  {
    name: 'stringify with an options object that names no encoder encodes nothing',
    module: mutant((base) => ({
      stringify: (obj, sep, eq, options) => base.stringify(obj, sep, eq, options && !('encodeURIComponent' in options) ? { ...options, encodeURIComponent: (text: string) => text } : options),
    })),
    caught: ['querystring.stringify.options-without-an-encoder-keep-the-default'],
  },
  {
    name: 'under a sep other than &, parse leaves a value holding a malformed escape as written',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const decode = (options?.['decodeURIComponent'] as ((text: string) => string) | undefined) ?? unescape;
        const lazy = (text: string): string => (typeof sep === 'string' && sep !== '&' && /%(?![0-9A-Fa-f]{2})/.test(text) ? text : decode(text));
        return base.parse(str, sep, eq, { ...options, decodeURIComponent: lazy });
      },
    })),
    caught: ['querystring.parse.decodes-malformed-keys-and-values-as-unescape-does'],
  },
  {
    name: 'under delimiters of several characters, the decodeURIComponent option skips parts holding a stray %',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const custom = options?.['decodeURIComponent'];
        const long = (typeof sep === 'string' && sep.length > 1) || (typeof eq === 'string' && eq.length > 1);
        if (typeof custom !== 'function' || !long) return base.parse(str, sep, eq, options);
        return base.parse(str, sep, eq, { ...options, decodeURIComponent: (text: string) => (/%(?![0-9A-Fa-f]{2})/.test(text) ? text : (custom as (text: string) => unknown)(text)) });
      },
    })),
    caught: ['querystring.parse.decodes-with-the-decodeURIComponent-option'],
  },
  {
    name: 'with an encodeURIComponent option, an array as the first value starts the output with sep',
    module: mutant((base) => ({
      stringify: (obj, sep, eq, options) => {
        const out = base.stringify(obj, sep, eq, options) as string;
        const first = obj !== null && typeof obj === 'object' ? Object.values(obj)[0] : undefined;
        return options?.['encodeURIComponent'] && Array.isArray(first) && first.length > 0 ? `${typeof sep === 'string' && sep !== '' ? sep : '&'}${out}` : out;
      },
    })),
    caught: ['querystring.stringify.an-option-encoding-as-escape-changes-nothing'],
  },
  {
    name: 'unescape falls back, losing the characters written as they are, on text holding %00 or a %C2 lead byte',
    module: mutant(() => ({
      unescape: (text: string) => (/%00|%C2/i.test(text) && /[^\x00-\x7f]/.test(text) ? unescape(text.replace(/[^\x00-\x7f]/gu, '\ufffd')) : unescape(text)),
    })),
    caught: ['querystring.unescape.decodes-utf8-at-lead-byte-boundaries', 'querystring.parse.decodes-escapes-beside-characters-written-as-they-are'],
  },
  {
    name: 'when the first pair holds an escape, a repeated key keeps only its last value',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        const first = typeof str === 'string' ? (str.split(typeof sep === 'string' && sep !== '' ? sep : '&')[0] ?? '') : '';
        if (!first.includes('%')) return result;
        for (const key of Object.keys(result)) {
          const value = result[key];
          if (Array.isArray(value)) result[key] = value[value.length - 1];
        }
        return result;
      },
    })),
    caught: ['querystring.parse.repeated-key-first-seen-with-an-encoded-part'],
  },
  {
    name: 'unescape reads a lone continuation byte as the Latin-1 character of its value',
    module: mutant(() => ({ unescape: (text: string) => unescape(text).replace(/\ufffd/g, (match) => (/%80/i.test(text) ? '\u0080' : match)) })),
    caught: ['querystring.unescape.never-decodes-ill-formed-utf8-to-a-character'],
  },
  {
    name: 'unescape also reads two hex digits after & as an escape',
    module: mutant(() => ({ unescape: (text: string) => unescape(text.replace(/&([0-9A-Fa-f]{2})/g, '%$1')) })),
    caught: ['querystring.unescape.decodes-percent-encoded-utf8'],
  },
  {
    name: 'a pair without eq takes its own text as its value',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) =>
        base.parse(typeof str === 'string' && sep === undefined && eq === undefined ? str.split('&').map((pair) => (pair === '' || pair.includes('=') ? pair : `${pair}=${pair}`)).join('&') : str, sep, eq, options),
    })),
    caught: ['querystring.parse.pair-without-eq-is-all-key'],
  },
  {
    name: 'in a query longer than 24 characters, a last pair without eq loses its last character',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => base.parse(lastPairWithoutEq(str) !== undefined ? (str as string).slice(0, -1) : str, sep, eq, options),
    })),
    caught: ['querystring.parse.pair-without-eq-is-all-key'],
  },
  {
    name: 'a key repeated as the last pair of a long query, without eq, replaces its earlier values',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        const last = lastPairWithoutEq(str);
        if (last !== undefined && Array.isArray(result[last])) result[last] = '';
        return result;
      },
    })),
    caught: ['querystring.parse.repeated-key-collects-values-in-order'],
  },
  {
    name: "a two-character sep's first character stays matched across one other character",
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        if (typeof str !== 'string' || typeof sep !== 'string' || sep.length !== 2) return base.parse(str, sep, eq, options);
        const quote = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
        return base.parse(str.replace(new RegExp(`${quote(sep[0] as string)}[^${quote(sep)}]${quote(sep[1] as string)}`, 'g'), sep), sep, eq, options);
      },
    })),
    caught: ['querystring.parse.splits-pairs-on-given-sep'],
  },
  {
    name: 'under delimiters of several characters, a comma in a key or value is read as a space',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) =>
        base.parse(typeof str === 'string' && ((typeof sep === 'string' && sep.length > 1) || (typeof eq === 'string' && eq.length > 1)) ? str.replaceAll(',', ' ') : str, sep, eq, options),
    })),
    caught: ['querystring.parse.splits-pairs-on-given-sep', 'querystring.parse.splits-on-multi-character-eq'],
  },
  {
    name: "escape leaves ':' as it is",
    module: mutant(() => ({ escape: (text: string) => escape(text).replace(/%3A/g, ':') })),
    caught: ['querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does'],
  },
  {
    name: "escape writes '!' as %21 in texts of 64 characters or more",
    module: mutant(() => ({ escape: (text: string) => (text.length >= 64 ? escape(text).replace(/!/g, '%21') : escape(text)) })),
    caught: ['querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does'],
  },
  {
    name: 'parse returns an empty result for a query of one character',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => (typeof str === 'string' && str.length === 1 ? Object.create(null) : base.parse(str, sep, eq, options)) })),
    caught: ['querystring.parse.pair-without-eq-is-all-key'],
  },
  {
    name: 'parse with an options object that does not name maxKeys keeps every key',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => base.parse(str, sep, eq, options && !Object.hasOwn(options, 'maxKeys') ? { ...options, maxKeys: 0 } : options),
    })),
    caught: ['querystring.parse.keeps-the-first-1000-keys-by-default'],
  },
  {
    name: 'parse does not decode a part holding a malformed escape whose only well-formed escapes use the digit a or A',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        if (typeof str !== 'string' || sep !== undefined || eq !== undefined || options !== undefined) return result;
        const out = Object.create(null) as Record<string, unknown>;
        for (const pair of str.split('&')) {
          const at = pair.indexOf('=');
          const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
          // Kept as written: a part holding a malformed escape whose well-formed escapes all use the digit a or A.
          const keep = (text: string): boolean => {
            const wellFormed = text.match(/%[0-9A-Fa-f]{2}/g) ?? [];
            return /%(?![0-9A-Fa-f]{2})/.test(text) && wellFormed.length > 0 && wellFormed.every((escaped) => /[aA]/.test(escaped));
          };
          const decodedKey = keep(key) ? key : base.unescape(key);
          out[decodedKey] = keep(value) ? value : base.unescape(value);
        }
        return out;
      },
    })),
    caught: ['querystring.parse.decodes-malformed-keys-and-values-as-unescape-does'],
  },
  {
    name: 'parse reads a key as the one before it when the two differ only in their first character',
    module: mutant((base) => ({
      parse: (str, sep, eq, options) => {
        const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
        const keys = Object.keys(result);
        if (keys.length !== 2) return result;
        const [first, second] = keys as [string, string];
        if (first.length !== second.length || first.slice(1) !== second.slice(1)) return result;
        const out = Object.create(null) as Record<string, unknown>;
        out[first] = [result[first], result[second]];
        return out;
      },
    })),
    caught: ['querystring.parse.reads-many-distinct-keys-alike-on-every-call'],
  },
];

/**
 * Mutants that break a rule the repeated-keys and maxKeys cases once compared beside their own (issue 31 §2): what a
 * key that occurs once maps to, and how keys and values are decoded. Those cases must pass them: they look at the
 * values a repeated key collects (each as its pair alone reads) and at which keys are kept, nothing else. (Other parse
 * cases still compare single values within whole results: see the note in the report of issue 31.)
 */
const OTHER_RULES_THAN_REPEATED_OR_MAX_KEYS: readonly { readonly name: string; readonly module: QuerystringModule }[] = [
  {
    name: 'parse writes a value that occurs once as an array of one',
    module: mutant((base) => ({ parse: (...args) => mapValues(base.parse(...args), (value) => (Array.isArray(value) ? value : [value])) })),
  },
  {
    name: 'parse decodes nothing (keys and values as written)',
    module: mutant((base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq, { ...(options as object), decodeURIComponent: (text: string) => text }) })),
  },
];

/** The cases of the repeated-keys and maxKeys rules. */
const REPEATED_OR_MAX_KEYS_CASES = cases.filter((definition) => definition.rules.some((rule) => rule === 'querystring.parse.repeated-keys' || rule.startsWith('querystring.parse.max-keys')));

/** A module whose six functions each throw as unenv's and jspm's stubs do. */
function throwingStub(): QuerystringModule {
  const stub = (name: string) => () => {
    throw new Error(`[unenv] querystring.${name} is not implemented yet!`);
  };
  return Object.fromEntries(['parse', 'decode', 'stringify', 'encode', 'escape', 'unescape'].map((name) => [name, stub(name)])) as unknown as QuerystringModule;
}

/**
 * What the suite reports for the npm polyfills, and why. Every entry is a real divergence from the spec (or, for the
 * differential cases, from the reference on inputs whose meaning the spec defines); see the reasons.
 */
const POLYFILLS: Record<string, { readonly module: () => QuerystringModule; readonly expected: Readonly<Record<string, Status>> }> = {
  // querystring-es3 0.2.1: a copy of Node 0.10's module. Plain {} results, split/indexOf parsing that assumes a
  // one-character eq and turns empty entries into '' keys, no escape/unescape exports, no bigint support, the
  // global decodeURIComponent without fallback (throws URIError on malformed input), options ignored. Each failing
  // case cites only the rule named in its comment.
  'querystring-es3': {
    module: () => require('querystring-es3') as QuerystringModule,
    expected: {
      'querystring.module.exports-six-functions': 'fail', // no escape, unescape
      'querystring.parse.result-lacks-object-prototype': 'fail', // result is {}
      'querystring.parse.object-member-names-are-own-keys': 'fail', // __proto__ assignment is lost, names inherited
      'querystring.parse.any-key-is-an-own-key': 'fail', // e.g. "toString" inherited
      'querystring.parse.splits-key-from-value-on-given-eq': 'fail', // every '+' read as a space before splitting: eq '+' never splits
      'querystring.parse.reads-back-pairs-split-by-any-one-character-eq': 'fail', // same, on generated pairs
      'querystring.parse.agrees-with-reference.eq-custom': 'fail', // same, on the '+' class the differential runs every time
      'querystring.parse.splits-on-multi-character-eq': 'fail', // value = substr(index + 1): '>1' for eq '=>'
      'querystring.parse.reads-back-pairs-split-by-any-longer-eq': 'fail', // same
      'querystring.parse.agrees-with-reference.eq-multi-char': 'fail', // same, on generated queries
      'querystring.parse.decodes-with-the-module-unescape': 'fail', // has no unescape to replace
      'querystring.parse.decodes-malformed-escapes-as-unescape-does': 'fail', // has no unescape to decode with
      'querystring.parse.decodes-with-the-decodeURIComponent-option': 'fail', // option ignored: %41 decoded as A
      'querystring.parse.decoder-option-gets-a-part-with-plus-whole': 'fail', // same: '+%41+' decoded as ' A '
      'querystring.parse.empty-entries-yield-no-keys': 'fail', // '&&' gives a '' key
      'querystring.parse.inserted-empty-entries-change-nothing': 'fail',
      'querystring.parse.empty-entries-change-nothing-with-any-sep': 'fail', // 'a=1&b=2&' gives a '' key
      'querystring.parse.agrees-with-reference.empty-entries': 'fail', // '&' gives { '': ['', ''] }
      'querystring.stringify.writes-bigints-as-digits': 'fail', // bigint → ''
      'querystring.stringify.agrees-with-reference.bigint-values': 'fail',
      'querystring.stringify.encodes-with-the-module-escape': 'fail', // has no escape to replace
      'querystring.stringify.encodes-with-the-encodeURIComponent-option': 'fail', // option ignored
      'querystring.stringify.an-option-encoding-as-escape-changes-nothing': 'na', // no escape to encode with
      'querystring.escape.percent-encodes-utf8': 'fail', // no escape
      'querystring.escape.agrees-with-reference-on-unicode-text': 'fail', // no escape
      'querystring.unescape.decodes-percent-encoded-utf8': 'fail', // no unescape
      'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input': 'fail',
      'querystring.unescape.never-throws-on-malformed-input': 'fail',
      'querystring.unescape.keeps-what-it-cannot-decode': 'fail',
      'querystring.unescape.decodes-utf8-at-lead-byte-boundaries': 'fail', // no unescape
      'querystring.unescape.never-decodes-ill-formed-utf8-to-a-character': 'fail', // no unescape
      'querystring.unescape.fallback-decodes-every-well-formed-escape-beside-malformed-ones': 'fail', // no unescape
      'querystring.parse.decodes-malformed-keys-and-values-as-unescape-does': 'fail', // has no unescape to decode with
      'querystring.escape.encodes-utf8-at-sequence-length-boundaries': 'fail', // no escape
      'querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does': 'fail', // no escape
    },
  },
  // fast-querystring 1.1.2: parse(input) and stringify(input) only — no sep/eq/options, no maxKeys (so no 1000-key
  // default), no decode/encode/escape/unescape exports; numbers of 1e21 and more in magnitude are written with a raw
  // '+' ('-1e+21'), which a query string reads as a space.
  'fast-querystring': {
    module: () => require('fast-querystring') as QuerystringModule,
    expected: {
      'querystring.module.exports-six-functions': 'fail', // no decode, encode, escape, unescape
      'querystring.decode.behaves-as-parse': 'fail', // no decode
      'querystring.encode.behaves-as-stringify': 'fail', // no encode
      'querystring.parse.splits-pairs-on-given-sep': 'fail', // sep ignored
      'querystring.parse.reads-back-pairs-joined-with-any-sep': 'fail',
      'querystring.parse.agrees-with-reference.sep-custom': 'fail',
      'querystring.parse.splits-key-from-value-on-given-eq': 'fail', // eq ignored
      'querystring.parse.reads-back-pairs-split-by-any-one-character-eq': 'fail',
      'querystring.parse.agrees-with-reference.eq-custom': 'fail',
      'querystring.parse.splits-on-multi-character-eq': 'fail',
      'querystring.parse.reads-back-pairs-split-by-any-longer-eq': 'fail',
      'querystring.parse.agrees-with-reference.eq-multi-char': 'fail',
      'querystring.parse.decodes-with-the-module-unescape': 'fail', // has no unescape to replace
      'querystring.parse.decodes-malformed-escapes-as-unescape-does': 'fail', // has no unescape to decode with
      'querystring.parse.decodes-with-the-decodeURIComponent-option': 'fail', // option ignored
      'querystring.parse.decoder-option-gets-a-part-with-plus-whole': 'fail', // same: '+%41+' decoded as ' A '
      'querystring.parse.plus-reads-as-space-or-as-itself-under-longer-delimiters': 'na', // it reads no longer sep or eq
      'querystring.parse.keeps-the-first-1000-keys-by-default': 'fail', // no key limit at all
      'querystring.parse.keeps-at-most-max-keys': 'fail',
      'querystring.parse.key-count-never-exceeds-max-keys': 'fail',
      'querystring.parse.keeps-the-keys-of-the-first-max-keys-entries': 'fail',
      'querystring.stringify.uses-given-sep-and-eq': 'fail', // sep and eq ignored
      'querystring.stringify.agrees-with-reference.custom-delimiters': 'fail',
      'querystring.stringify.percent-encodes-number-text': 'fail', // '-1.5e+300' written with a raw '+'
      'querystring.stringify.agrees-with-reference.utf8-percent-encoding': 'fail', // same, '-1e+21'
      'querystring.stringify.encodes-with-the-module-escape': 'fail', // has no escape to replace
      'querystring.stringify.encodes-with-the-encodeURIComponent-option': 'fail', // option ignored
      'querystring.stringify.an-option-encoding-as-escape-changes-nothing': 'na', // no escape to encode with
      'querystring.escape.percent-encodes-utf8': 'fail', // no escape
      'querystring.escape.agrees-with-reference-on-unicode-text': 'fail', // no escape
      'querystring.unescape.decodes-percent-encoded-utf8': 'fail', // no unescape
      'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input': 'fail',
      'querystring.unescape.never-throws-on-malformed-input': 'fail',
      'querystring.unescape.keeps-what-it-cannot-decode': 'fail',
      'querystring.unescape.decodes-utf8-at-lead-byte-boundaries': 'fail', // no unescape
      'querystring.unescape.never-decodes-ill-formed-utf8-to-a-character': 'fail', // no unescape
      'querystring.unescape.fallback-decodes-every-well-formed-escape-beside-malformed-ones': 'fail', // no unescape
      'querystring.parse.decodes-malformed-keys-and-values-as-unescape-does': 'fail', // has no unescape to decode with
      'querystring.escape.encodes-utf8-at-sequence-length-boundaries': 'fail', // no escape
      'querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does': 'fail', // no escape
    },
  },
};

describe('querystring cases', function () {
  this.timeout(120000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  const byId = new Map(cases.map((definition) => [definition.id, definition]));

  for (const [label, module, kind] of [
    ['the reference', reference as unknown as QuerystringModule, 'reference'],
    ['the host (node:querystring)', host, 'host'],
    ['a faithful self-bound copy of the reference (the mutants’ base)', mutant(() => ({})), 'adapter'],
  ] as const) {
    it(`all pass against ${label}`, async () => {
      const failures: string[] = [];
      for (const definition of cases) {
        const result = await run(definition, module, fixtures, kind);
        if (result.status !== 'pass') failures.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
      }
      expect(failures).to.deep.equal([]);
    });
  }

  it('judge exactly the exports they call among those their rules speak of (their `apis`)', async () => {
    const recorded = await recordedRun(cases, reference as unknown as QuerystringModule, (definition, module) => run(definition, module, fixtures));
    expect(misdeclaredApis(cases, recorded)).to.deep.equal([]);
  });

  it('leave the modules as they found them (replaced escape/unescape are restored)', () => {
    expect([reference.escape, reference.unescape]).to.deep.equal([escape, unescape]);
    expect([host.escape.name, host.unescape.name]).to.deep.equal(['qsEscape', 'qsUnescape']);
  });

  for (const broken of MUTANTS) {
    it(`catch the mutant "${broken.name}"`, async () => {
      const passed: string[] = [];
      for (const id of broken.caught) {
        const definition = byId.get(id);
        expect(definition, `case ${id} exists`).to.not.equal(undefined);
        const result = await run(definition as CaseDefinition, broken.module, fixtures, 'adapter');
        if (result.status === 'pass') passed.push(id);
        else expect(result.status, `${id}: ${result.message ?? ''}`).to.equal('fail');
      }
      expect(passed, 'cases the mutant passed').to.deep.equal([]);
    });
  }

  for (const broken of MUTANTS.filter((candidate) => candidate.breaks)) {
    it(`charge the mutant "${broken.name}" only with the rules it breaks`, async () => {
      const misattributed: string[] = [];
      for (const definition of cases) {
        const result = await run(definition, broken.module, fixtures, 'adapter');
        if (result.status !== 'pass' && !definition.rules.some((rule) => broken.breaks?.includes(rule))) misattributed.push(`${definition.id} (${definition.rules.join(', ')}): ${result.message ?? ''}`);
      }
      expect(misattributed, 'cases failed although they cite none of the broken rules').to.deep.equal([]);
    });
  }

  for (const other of OTHER_RULES_THAN_REPEATED_OR_MAX_KEYS) {
    it(`charge no repeated-keys or maxKeys case with the mutant "${other.name}", which breaks other rules`, async () => {
      expect(REPEATED_OR_MAX_KEYS_CASES.length, 'cases of the repeated-keys and maxKeys rules').to.be.at.least(9);
      const charged: string[] = [];
      for (const definition of REPEATED_OR_MAX_KEYS_CASES) {
        const result = await run(definition, other.module, fixtures, 'adapter');
        if (result.status !== 'pass') charged.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
      }
      expect(charged).to.deep.equal([]);
    });
  }

  it('fail every case, saying "not implemented", for a module whose functions are all missing', async () => {
    const wrong: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, {} as QuerystringModule, fixtures, 'adapter');
      if (result.status !== 'fail' || !/not implemented: querystring\./.test(result.message ?? '')) wrong.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('fail every case, naming the candidate\'s own error, for a module whose functions all throw "not implemented"', async () => {
    const wrong: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, throwingStub(), fixtures, 'adapter');
      // The export list too: an export that answers an ordinary call with "not implemented" is not implemented.
      if (result.status !== 'fail' || !/is not implemented yet/.test(`${result.message ?? ''} ${JSON.stringify(result.actual) ?? ''}`)) {
        wrong.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  for (const [name, polyfill] of Object.entries(POLYFILLS)) {
    it(`record where npm:${name} diverges`, async () => {
      const module = polyfill.module();
      const outcome: Record<string, Status> = {};
      for (const definition of cases) {
        const result = await run(definition, module, fixtures, 'npm');
        if (result.status !== 'pass') outcome[definition.id] = result.status;
      }
      expect(outcome).to.deep.equal(polyfill.expected);
    });
  }
});

