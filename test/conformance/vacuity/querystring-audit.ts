// The vacuity audit of the rt:querystring cases: each case whose rule concerns an argument, an option or a value, with
// the candidates that ignore it (the delimiter or option dropped, another default, the value written as an
// unsupported one), every one of which the case must fail; and the cases about neither, with why.
import type { CandidateModules } from '../../../conformance/modules.js';
import type { AuditEntry, IgnoringCandidate, ModuleAudit } from './audit-entry.js';
import { latin1Escape, latin1Unescape, mappedInput, mappedResult, overEncodingEscape, querystringWith } from './ignoring-querystring.js';
import type { Mutable as LooseQuerystring, Options } from '../querystring-mutant-kit.js';
import reference from '../../../reference/querystring.js';

const ref = reference as unknown as LooseQuerystring;

function candidate(ignores: string, edit: (base: LooseQuerystring) => Partial<LooseQuerystring>): IgnoringCandidate {
  return { ignores, modules: (): CandidateModules => ({ querystring: querystringWith(edit) }) };
}

function entries(ids: readonly string[], candidates: readonly IgnoringCandidate[]): AuditEntry[] {
  return ids.map((id) => ({ case: id, candidates }));
}

const isSupported = (value: unknown): boolean => typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
/** What String() writes of any value (a symbol's description form, which String() gives without throwing). */
const text = (value: unknown): string => (typeof value === 'symbol' ? value.toString() : String(value));

/** stringify writing the values `matches` picks as unsupported ones (the empty string). */
const valuesAsEmpty = (what: string, matches: (value: unknown) => boolean): IgnoringCandidate =>
  candidate(`writes ${what} as the empty string`, (base) => ({ stringify: (obj, ...rest) => base.stringify(mappedInput(obj, (value) => (matches(value) ? null : value)), ...rest) }));

/** parse with the default decoder replaced by `decode` (a decodeURIComponent option still honoured). */
const parseDecodingWith = (what: string, decode: (text: string) => string): IgnoringCandidate =>
  candidate(what, () => ({ parse: (str, sep, eq, options) => ref.parse(str, sep, eq, { ...options, decodeURIComponent: options?.['decodeURIComponent'] ?? decode }) }));

/** stringify with the default encoder replaced by `encode` (an encodeURIComponent option still honoured). */
const stringifyEncodingWith = (what: string, encode: (text: string) => string): IgnoringCandidate =>
  candidate(what, () => ({ stringify: (obj, sep, eq, options) => ref.stringify(obj, sep, eq, { ...options, encodeURIComponent: options?.['encodeURIComponent'] ?? encode }) }));

const parseOptions = (what: string, edit: (options: Options) => Options): IgnoringCandidate => candidate(what, (base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq, edit(options)) }));

const parseSepDropped = candidate('drops sep (splits on &)', (base) => ({ parse: (str, _sep, eq, options) => base.parse(str, undefined, eq, options) }));
const parseEqDropped = candidate('drops eq (splits on =)', (base) => ({ parse: (str, sep, _eq, options) => base.parse(str, sep, undefined, options) }));
const parseEqFirstCharacter = candidate('splits on the first character of eq only', (base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, typeof eq === 'string' ? eq.slice(0, 1) : eq, options) }));
const parseSepDefault = candidate("defaults sep to ';'", (base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep ?? ';', eq, options) }));
const parseEqDefault = candidate("defaults eq to ':'", (base) => ({ parse: (str, sep, eq, options) => base.parse(str, sep, eq ?? ':', options) }));
const lastValueWins = candidate('keeps only the last value of a repeated key', (base) => ({ parse: (...args) => mappedResult(base.parse(...args), (value) => (Array.isArray(value) ? value[value.length - 1] : value)) }));
const ordinaryResult = candidate('returns an ordinary object (Object.prototype inherited)', (base) => ({
  parse: (...args) => {
    const result = base.parse(...args) as object;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(result)) out[key] = (result as Record<string, unknown>)[key];
    return out;
  },
}));
const latin1Parse = parseDecodingWith('decodes escapes as Latin-1 bytes, not UTF-8', latin1Unescape);

/** A split-based parse in which an empty pair ('=' alone) also swallows the pair after it. */
const emptyPairSwallowsNext = candidate('lets an empty pair swallow the pair after it', () => ({
  parse: (str, sep, eq, options) => {
    if (typeof str !== 'string') return ref.parse(str, sep, eq, options);
    const sepText = typeof sep === 'string' && sep !== '' ? sep : '&';
    const eqText = typeof eq === 'string' && eq !== '' ? eq : '=';
    const parts = str.split(sepText);
    const kept: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (parts[i] === eqText) {
        i++;
        continue;
      }
      kept.push(parts[i] as string);
    }
    return ref.parse(kept.join(sepText), sep, eq, options);
  },
}));

/** parse adding a key '' for every query holding an empty entry (an empty entry read as a pair). */
const emptyEntryIsAKey = candidate('reads an empty entry as a pair with the empty key', (base) => ({
  parse: (str, sep, eq, options) => {
    const result = base.parse(str, sep, eq, options) as Record<string, unknown>;
    const sepText = typeof sep === 'string' && sep !== '' ? sep : '&';
    if (typeof str === 'string' && str !== '' && (str.startsWith(sepText) || str.endsWith(sepText) || str.includes(sepText + sepText))) result[''] = '';
    return result;
  },
}));

/** unescape without its fallback: malformed input comes back as it was written, well-formed escapes in it undecoded. */
const malformedLeftAsWritten = (): Partial<LooseQuerystring> => ({
  unescape: (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  },
});

export const querystringAudit: ModuleAudit = {
  entries: [
    { case: 'querystring.decode.behaves-as-parse', candidates: [candidate('has a decode that drops sep, eq and options', (base) => ({ decode: (str) => base.parse(str) }))] },
    { case: 'querystring.encode.behaves-as-stringify', candidates: [candidate('has an encode that drops sep and eq', (base) => ({ encode: (obj) => base.stringify(obj) }))] },
    ...entries(['querystring.parse.result-lacks-object-prototype', 'querystring.parse.object-member-names-are-own-keys', 'querystring.parse.any-key-is-an-own-key'], [ordinaryResult]),
    { case: 'querystring.parse.single-occurrence-is-a-string', candidates: [candidate('gives every key an array of values', (base) => ({ parse: (...args) => mappedResult(base.parse(...args), (value) => (Array.isArray(value) ? value : [value])) }))] },
    { case: 'querystring.parse.splits-pairs-on-ampersand-by-default', candidates: [parseSepDefault] },
    ...entries(['querystring.parse.splits-pairs-on-given-sep', 'querystring.parse.reads-back-pairs-joined-with-any-sep', 'querystring.parse.agrees-with-reference.sep-custom'], [parseSepDropped]),
    ...entries(['querystring.parse.splits-key-from-value-on-equals-by-default', 'querystring.parse.splits-at-the-first-equals', 'querystring.parse.pair-without-eq-is-all-key'], [parseEqDefault]),
    ...entries(['querystring.parse.splits-key-from-value-on-given-eq', 'querystring.parse.reads-back-pairs-split-by-any-one-character-eq', 'querystring.parse.agrees-with-reference.eq-custom'], [parseEqDropped]),
    ...entries(['querystring.parse.splits-on-multi-character-eq', 'querystring.parse.reads-back-pairs-split-by-any-longer-eq', 'querystring.parse.agrees-with-reference.eq-multi-char'], [parseEqDropped, parseEqFirstCharacter]),
    ...entries(
      [
        'querystring.parse.decodes-percent-encoded-utf8',
        'querystring.parse.decodes-escapes-beside-characters-written-as-they-are',
        'querystring.parse.decodes-any-encoded-unicode-text',
        'querystring.parse.decodes-several-pairs-encoded-or-not',
        'querystring.parse.reads-many-distinct-keys-alike-on-every-call',
        'querystring.parse.agrees-with-reference.utf8-default',
      ],
      [latin1Parse],
    ),
    { case: 'querystring.parse.decodes-with-the-module-unescape', candidates: [candidate("decodes with the module's own unescape, not the current property", () => ({ parse: (str, sep, eq, options) => ref.parse(str, sep, eq, options) }))] },
    { case: 'querystring.parse.options-without-a-decoder-keep-the-default', candidates: [parseOptions('decodes nothing when given options that name no decoder', (options) => (options !== undefined && options['decodeURIComponent'] === undefined ? { ...options, decodeURIComponent: (part: string) => part } : options))] },
    { case: 'querystring.parse.decodes-with-the-decodeURIComponent-option', candidates: [parseOptions('drops the decodeURIComponent option', (options) => ({ ...options, decodeURIComponent: undefined }))] },
    { case: 'querystring.parse.keeps-the-first-1000-keys-by-default', candidates: [parseOptions('defaults maxKeys to 2000', (options) => ({ maxKeys: 2000, ...options })), parseOptions('defaults maxKeys to 100', (options) => ({ maxKeys: 100, ...options }))] },
    ...entries(
      ['querystring.parse.keeps-at-most-max-keys', 'querystring.parse.key-count-never-exceeds-max-keys', 'querystring.parse.keeps-the-keys-of-the-first-max-keys-entries'],
      [parseOptions('drops maxKeys', (options) => ({ ...options, maxKeys: undefined }))],
    ),
    { case: 'querystring.parse.max-keys-zero-keeps-every-key', candidates: [parseOptions('reads maxKeys 0 as the default 1000', (options) => (options?.['maxKeys'] === 0 ? { ...options, maxKeys: 1000 } : options))] },
    ...entries(
      ['querystring.parse.repeated-key-collects-values-in-order', 'querystring.parse.repeated-key-first-seen-with-an-encoded-part', 'querystring.parse.repeated-keys-match-their-occurrences', 'querystring.parse.agrees-with-reference.repeated-keys'],
      [lastValueWins],
    ),
    ...entries(['querystring.parse.empty-entries-yield-no-keys', 'querystring.parse.inserted-empty-entries-change-nothing', 'querystring.parse.empty-entries-change-nothing-with-any-sep', 'querystring.parse.agrees-with-reference.empty-entries'], [emptyEntryIsAKey]),
    { case: 'querystring.parse.runs-of-empty-pairs-keep-neighbours-intact', candidates: [emptyPairSwallowsNext] },
    ...entries(
      ['querystring.parse.plus-reads-as-space-or-as-itself', 'querystring.parse.plus-reads-as-space-or-as-itself-under-longer-delimiters'],
      [candidate("drops every '+' (neither reading)", (base) => ({ parse: (str, ...rest) => base.parse(typeof str === 'string' ? str.replace(/\+/g, '') : str, ...rest) }))],
    ),
    {
      case: 'querystring.parse.decoder-option-gets-a-part-with-plus-whole',
      candidates: [parseOptions("hands the decodeURIComponent option each part without its '+'", (options) => (typeof options?.['decodeURIComponent'] === 'function' ? { ...options, decodeURIComponent: (part: string) => (options['decodeURIComponent'] as (text: string) => string)(part.replace(/\+|%20/g, '')) } : options))],
    },
    { case: 'querystring.stringify.joins-pairs-with-ampersand-by-default', candidates: [candidate("defaults sep to ';'", (base) => ({ stringify: (obj, sep, eq, options) => base.stringify(obj, sep ?? ';', eq, options) }))] },
    { case: 'querystring.stringify.writes-equals-between-key-and-value-by-default', candidates: [candidate("defaults eq to ':'", (base) => ({ stringify: (obj, sep, eq, options) => base.stringify(obj, sep, eq ?? ':', options) }))] },
    ...entries(['querystring.stringify.uses-given-sep-and-eq', 'querystring.stringify.agrees-with-reference.custom-delimiters'], [candidate('drops sep and eq', (base) => ({ stringify: (obj, _sep, _eq, options) => base.stringify(obj, undefined, undefined, options) }))]),
    {
      case: 'querystring.stringify.skips-inherited-properties',
      candidates: [
        candidate('writes inherited properties too', (base) => ({
          stringify: (obj, ...rest) => {
            if (obj === null || typeof obj !== 'object') return base.stringify(obj, ...rest);
            const flat: Record<string, unknown> = {};
            // for…in walks inherited enumerable properties as well: the own-properties rule undone.
            for (const key in obj as object) flat[key] = (obj as Record<string, unknown>)[key];
            return base.stringify(flat, ...rest);
          },
        })),
      ],
    },
    {
      case: 'querystring.stringify.writes-pairs-in-property-order',
      candidates: [candidate('writes the pairs sorted', (base) => ({ stringify: (obj, sep, ...rest) => String(base.stringify(obj, sep, ...rest)).split(typeof sep === 'string' && sep !== '' ? sep : '&').sort().join(typeof sep === 'string' && sep !== '' ? sep : '&') }))],
    },
    ...entries(['querystring.stringify.writes-string-values', 'querystring.stringify.agrees-with-reference.string-values'], [valuesAsEmpty('strings', (value) => typeof value === 'string')]),
    ...entries(['querystring.stringify.writes-finite-numbers-as-decimal-text', 'querystring.stringify.agrees-with-reference.finite-number-values'], [valuesAsEmpty('finite numbers', (value) => typeof value === 'number' && Number.isFinite(value))]),
    ...entries(['querystring.stringify.writes-bigints-as-digits', 'querystring.stringify.agrees-with-reference.bigint-values'], [valuesAsEmpty('bigints', (value) => typeof value === 'bigint')]),
    ...entries(['querystring.stringify.writes-booleans-as-words', 'querystring.stringify.agrees-with-reference.boolean-values'], [valuesAsEmpty('booleans', (value) => typeof value === 'boolean')]),
    ...entries(
      ['querystring.stringify.writes-non-finite-numbers-as-empty', 'querystring.stringify.agrees-with-reference.non-finite-empty'],
      [candidate('writes NaN and the infinities as their text', (base) => ({ stringify: (obj, ...rest) => base.stringify(mappedInput(obj, (value) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value)), ...rest) }))],
    ),
    ...entries(
      ['querystring.stringify.writes-unsupported-values-as-empty', 'querystring.stringify.agrees-with-reference.unsupported-empty'],
      [candidate('writes unsupported values as their String() text', (base) => ({ stringify: (obj, ...rest) => base.stringify(mappedInput(obj, (value) => (isSupported(value) || Array.isArray(value) || (typeof value === 'number') ? value : text(value))), ...rest) }))],
    ),
    ...entries(
      ['querystring.stringify.writes-one-pair-per-array-element', 'querystring.stringify.agrees-with-reference.array-repeats-key'],
      [candidate('writes an array as one value, its elements joined by commas', (base) => ({ stringify: (obj, ...rest) => base.stringify(mappedInput(obj, (value) => (Array.isArray(value) ? value.join(',') : value)), ...rest) }))],
    ),
    ...entries(
      ['querystring.stringify.coerces-array-elements-like-values', 'querystring.stringify.agrees-with-reference.array-elements-coerced'],
      [candidate("writes an array's unsupported elements as their String() text", (base) => ({ stringify: (obj, ...rest) => base.stringify(mappedInput(obj, (value) => (isSupported(value) ? value : text(value)), true), ...rest) }))],
    ),
    ...entries(
      ['querystring.stringify.percent-encodes-utf8', 'querystring.stringify.percent-encodes-utf8-at-sequence-length-boundaries', 'querystring.stringify.output-is-unreserved-or-percent-encoded'],
      [stringifyEncodingWith('percent-encodes as Latin-1 bytes, not UTF-8', latin1Escape)],
    ),
    { case: 'querystring.stringify.percent-encodes-number-text', candidates: [candidate("leaves a '+' in the text of a number as it is", (base) => ({ stringify: (...args) => String(base.stringify(...args)).replace(/%2B/g, '+') }))] },
    {
      case: 'querystring.stringify.agrees-with-reference.utf8-percent-encoding',
      candidates: [stringifyEncodingWith('percent-encodes as Latin-1 bytes, not UTF-8', latin1Escape), stringifyEncodingWith("also percent-encodes ! ' ( ) *", overEncodingEscape)],
    },
    { case: 'querystring.stringify.encodes-with-the-module-escape', candidates: [candidate("encodes with the module's own escape, not the current property", () => ({ stringify: (obj, sep, eq, options) => ref.stringify(obj, sep, eq, options) }))] },
    {
      case: 'querystring.stringify.options-without-an-encoder-keep-the-default',
      candidates: [candidate('encodes nothing when given options that name no encoder', (base) => ({ stringify: (obj, sep, eq, options) => base.stringify(obj, sep, eq, options !== undefined && options['encodeURIComponent'] === undefined ? { ...options, encodeURIComponent: (part: string) => part } : options) }))],
    },
    { case: 'querystring.stringify.encodes-with-the-encodeURIComponent-option', candidates: [candidate('drops the encodeURIComponent option', (base) => ({ stringify: (obj, sep, eq, options) => base.stringify(obj, sep, eq, { ...options, encodeURIComponent: undefined }) }))] },
    {
      case: 'querystring.stringify.an-option-encoding-as-escape-changes-nothing',
      candidates: [
        candidate('hands NaN and the infinities to an encodeURIComponent option as their text', (base) => ({
          stringify: (obj, sep, eq, options) => base.stringify(options?.['encodeURIComponent'] ? mappedInput(obj, (value) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value)) : obj, sep, eq, options),
        })),
      ],
    },
    ...entries(['querystring.escape.percent-encodes-utf8', 'querystring.escape.encodes-utf8-at-sequence-length-boundaries'], [candidate('percent-encodes as Latin-1 bytes, not UTF-8', () => ({ escape: latin1Escape }))]),
    { case: 'querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does', candidates: [candidate("also percent-encodes ! ' ( ) *", () => ({ escape: overEncodingEscape }))] },
    { case: 'querystring.escape.agrees-with-reference-on-unicode-text', candidates: [candidate('percent-encodes as Latin-1 bytes, not UTF-8', () => ({ escape: latin1Escape })), candidate("also percent-encodes ! ' ( ) *", () => ({ escape: overEncodingEscape }))] },
    { case: 'querystring.unescape.decodes-percent-encoded-utf8', candidates: [candidate('decodes escapes as Latin-1 bytes', () => ({ unescape: latin1Unescape })), candidate('decodes nothing', () => ({ unescape: (text: string) => text }))] },
    { case: 'querystring.unescape.agrees-with-decodeURIComponent-on-well-formed-input', candidates: [candidate("decodes '+' as a space", () => ({ unescape: (text: string) => ref.unescape(text.replace(/\+/g, ' ')) })), candidate('decodes escapes as Latin-1 bytes', () => ({ unescape: latin1Unescape }))] },
    { case: 'querystring.unescape.decodes-utf8-at-lead-byte-boundaries', candidates: [candidate('decodes escapes as Latin-1 bytes', () => ({ unescape: latin1Unescape }))] },
    ...entries(['querystring.unescape.never-decodes-ill-formed-utf8-to-a-character', 'querystring.unescape.never-throws-on-malformed-input'], [candidate('throws on malformed input (no fallback)', () => ({ unescape: (text: string) => decodeURIComponent(text) }))]),
    ...entries(
      ['querystring.unescape.keeps-what-it-cannot-decode', 'querystring.unescape.fallback-decodes-every-well-formed-escape-beside-malformed-ones'],
      [candidate('throws on malformed input (no fallback)', () => ({ unescape: (text: string) => decodeURIComponent(text) })), candidate('gives malformed input back undecoded', malformedLeftAsWritten)],
    ),
    ...entries(
      ['querystring.parse.decodes-malformed-keys-and-values-as-unescape-does', 'querystring.parse.decodes-malformed-escapes-as-unescape-does'],
      [
        candidate('leaves a part holding a malformed escape undecoded, whatever unescape gives', (base) => ({
          parse: (str, sep, eq, options) =>
            base.parse(str, sep, eq, options?.['decodeURIComponent'] ? options : { ...options, decodeURIComponent: (part: string) => { try { return decodeURIComponent(part); } catch { return part; } } }),
        })),
      ],
    ),
  ],
  exempt: [
    {
      cases: ['querystring.module.exports-six-functions', 'querystring.stringify.returns-a-string'],
      why: 'the rule is about what the module exports or what a function returns: no argument, option or value a candidate could ignore',
    },
    {
      cases: ['querystring.parse.reads-pairs-of-a-string', 'querystring.parse.reads-long-keys-and-values', 'querystring.parse.agrees-with-reference.accepts-string'],
      why: 'accepts-string names no option and no default: the query text is the whole input, and every rule about reading it has its own audited cases',
    },
  ],
};
