// Rules of rt:querystring: every statement the spec makes about parse/decode, stringify/encode, escape and unescape,
// in our own words. Ids are stable; cases cite them. Retire a rule with `retired: true`, never renumber.
import { defineRules } from './rule.js';

const SERVICE = 'What the service does';
const COLLECTIONS = 'Resources and their fields › Query-string collections';
const TABLE = 'Endpoints › rt:querystring';
const RULES = 'Endpoints › rt:querystring › Rules';
const VERSIONING = 'Versioning';

export const querystringRules = defineRules('querystring', [
  // ── the module as a whole ───────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'querystring.module.exports',
    section: SERVICE,
    title: 'The rt:querystring module exports the functions parse, decode, stringify, encode, escape and unescape.',
    level: 'normative',
    since: 'v0.1.25',
  },
  {
    id: 'querystring.module.faster-than-url-search-params',
    section: SERVICE,
    title: 'The module is meant to outperform the standard URLSearchParams class.',
    level: 'informative',
    why: 'A speed comparison depends on the machine and the workload; it is a benchmark concern, not a pass/fail behaviour.',
  },
  {
    id: 'querystring.module.not-standardized',
    section: SERVICE,
    title: 'The query-string interface is runtime-specific and not governed by a web standard.',
    level: 'informative',
    why: 'Whether an API is standardized is a fact about its provenance, not something a program can observe.',
  },
  {
    id: 'querystring.module.stability-stable',
    section: SERVICE,
    title: 'rt:querystring carries stability level 2 (Stable).',
    level: 'informative',
    why: 'A stability level is a documentation label with no runtime representation.',
  },
  {
    id: 'querystring.module.versioned-by-runtime-release',
    section: VERSIONING,
    title: 'rt:querystring has no version of its own in its specifier; it changes only with runtime releases.',
    level: 'informative',
    why: 'The versioning scheme is a release policy; no call on a single runtime can observe it.',
  },

  // ── the parse result ────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'querystring.result.null-prototype',
    section: COLLECTIONS,
    title: 'The object parse returns has no prototype, so inherited members such as toString and hasOwnProperty are missing from it.',
    level: 'normative',
    why: 'Read as: the result\'s prototype chain does not hold Object.prototype, so every key ("__proto__", "constructor", "toString") is an own property holding its value. Source: the collections section ("does not inherit from the language\'s base Object") and the querystring v6.0.0 row.',
    since: 'v6.0.0',
  },
  {
    id: 'querystring.result.single-value-string',
    section: COLLECTIONS,
    title: 'A key that appears once in the input maps to a plain string value in the parse result.',
    level: 'normative',
  },

  // ── parse / decode ──────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'querystring.parse.accepts-string',
    section: TABLE,
    title: 'parse takes the query text as a string and returns an object holding its key/value pairs.',
    level: 'normative',
    why: 'Read as: each key and value is the text between its delimiters, once and whole, decoded. A \'+\' in it may come out as itself (the spec\'s chain: parse decodes with unescape, which tries decodeURIComponent, which keeps \'+\') or as a space (as Node reads it); the cases accept either, per key and per value, but never text lost or doubled around it. Source: the parse row of the table and rules 2 and 10.',
  },
  {
    id: 'querystring.parse.sep-default',
    section: TABLE,
    title: 'When no separator is given, parse splits pairs on the ampersand character.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.sep-custom',
    section: TABLE,
    title: 'A sep string passed to parse is what splits the input into pairs.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.eq-default',
    section: TABLE,
    title: 'When no assignment string is given, parse splits each key from its value at the equals sign.',
    level: 'normative',
    why: 'The spec says only that eq "delimits key from value". Read as: the first eq in a pair ends the key and everything after it, further eqs included, is the value ("a==b" gives a → "=b"); a pair without eq is all key, and its value is the empty string, as nothing follows an eq ("a&b=1" gives a → ""). Source: a pair has one key and one value, and Node\'s querystring, whose interface the spec describes, splits at the first eq.',
  },
  {
    id: 'querystring.parse.eq-custom',
    section: TABLE,
    title: 'An eq string passed to parse is what separates each key from its value.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.eq-multi-char',
    section: TABLE,
    title: 'parse accepts an eq argument of several characters and splits keys from values on the whole string.',
    level: 'normative',
    since: 'v6.0.0',
  },
  {
    id: 'querystring.parse.decode-default-unescape',
    section: TABLE,
    title: 'Without a decodeURIComponent option, parse decodes keys and values with the module\'s unescape function.',
    level: 'normative',
    why: 'Read as: parse calls the module\'s unescape property as it is when parse runs, so a replaced unescape (rule 9) is used, and on malformed escapes parse gives what unescape gives. Source: the parameter table (options.decodeURIComponent defaults to querystring.unescape()) and rule 9.',
  },
  {
    id: 'querystring.parse.decode-custom',
    section: TABLE,
    title: 'A function given as options.decodeURIComponent is used by parse to decode keys and values instead of the default.',
    level: 'normative',
    why: 'Read as: every non-empty key and value is passed through the function, whether or not it holds an escape, and the function\'s result is what parse stores; whether an empty key or value is passed too is left open, and so is what the function is handed for a \'+\' (itself, a space, or Node\'s %20), but the rest of the part reaches it whole. Source: the parameter table (the option takes the place of the default decoder for the keys and values) and the same reading of options.encodeURIComponent, which stringify applies to every key and value.',
  },
  {
    id: 'querystring.parse.max-keys-default',
    section: TABLE,
    title: 'By default parse keeps at most 1000 keys and ignores the pairs after that.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.max-keys-custom',
    section: TABLE,
    title: 'A positive number given as options.maxKeys caps how many keys parse reads from the input.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.max-keys-zero-unlimited',
    section: TABLE,
    title: 'Setting options.maxKeys to 0 lifts the key-count limit of parse entirely.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.repeated-keys',
    section: RULES,
    title: 'When a key occurs several times, parse collects all its values into an array in the order they appear.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.utf8-default',
    section: RULES,
    title: 'With the default decoder, parse interprets percent-encoded byte sequences as UTF-8.',
    level: 'normative',
  },
  {
    id: 'querystring.parse.empty-entries',
    section: RULES,
    title: 'Runs of consecutive empty entries (such as repeated "&=" pairs) are handled by parse without corrupting the surrounding pairs.',
    level: 'normative',
    why: 'The spec says only that runs of empty entries "are parsed correctly" (rule 3 and the querystring v8.0.0 row). Read as: an empty entry (nothing between two separators, or at either end) adds no key, and a run of empty pairs such as "&=&=" leaves every pair around it as it would be without the run; which key, if any, a lone "=" yields is left open and not checked. Source: the spec\'s example (a run of "&=" pairs) and Node\'s querystring since v8.0.0, the release the spec names.',
    since: 'v8.0.0',
  },
  {
    id: 'querystring.decode.alias-of-parse',
    section: TABLE,
    title: 'decode is another name for parse and behaves identically to it.',
    level: 'normative',
  },

  // ── stringify / encode ──────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'querystring.stringify.returns-string',
    section: TABLE,
    title: 'stringify takes an object and returns the query text as a string.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.sep-default',
    section: TABLE,
    title: 'When no separator is given, stringify joins pairs with the ampersand character.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.eq-default',
    section: TABLE,
    title: 'When no assignment string is given, stringify writes an equals sign between each key and its value.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.custom-delimiters',
    section: RULES,
    title: 'stringify places sep between pairs and eq between key and value, so ";" and ":" give output shaped like "k:v;k:v".',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.encode-default-escape',
    section: TABLE,
    title: 'Without an encodeURIComponent option, stringify encodes keys and values with the module\'s escape function.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.encode-custom',
    section: TABLE,
    title: 'A function given as options.encodeURIComponent is used by stringify to encode keys and values instead of the default.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.own-properties',
    section: RULES,
    title: 'stringify serializes only the object\'s own properties and skips inherited ones.',
    level: 'normative',
    why: 'Read as: every own enumerable string-keyed property is written, whatever its name ("toString", "constructor" and "__proto__" as own keys included) and whatever the object\'s prototype (one created without a prototype too), and no inherited one. Source: rule 4.',
  },
  {
    id: 'querystring.stringify.pair-order',
    section: RULES,
    title: 'stringify writes the pairs in the order it iterates the object\'s own properties, and an array value\'s pairs in element order.',
    level: 'normative',
    why: 'Rule 4 says stringify "iterates the object\'s own properties". Read as: the pairs come in the language\'s iteration order of own properties (as Object.keys lists them: integer-like keys ascending, then the other keys in the order they were created), and an array value\'s pairs (rule 6) in index order; an output with the same pairs in another order (sorted keys, say) breaks this rule and only this one. Source: rule 4, and Node\'s querystring, whose interface the spec describes, which walks Object.keys and whose own tests compare whole outputs. Every other stringify case compares pairs as a multiset, so an order is charged here alone.',
  },
  {
    id: 'querystring.stringify.string-values',
    section: RULES,
    title: 'A string value is written by stringify as its encoded text.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.finite-number-values',
    section: RULES,
    title: 'A finite number value is written by stringify as its decimal text.',
    level: 'normative',
    why: 'The spec says "decimal text" without fixing its spelling. Read as: any text that reads back as the same number ("1e-7" and "0.0000001" alike); the characters of that text are then percent-encoded like any other (an exponent\'s "+" is the encoding rule\'s). Source: rule 5 (numeric values must be finite) and rule 8.',
  },
  {
    id: 'querystring.stringify.bigint-values',
    section: RULES,
    title: 'A bigint value is written by stringify as its decimal digits.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.boolean-values',
    section: RULES,
    title: 'A boolean value is written by stringify as "true" or "false".',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.non-finite-empty',
    section: RULES,
    title: 'NaN and the infinities are written by stringify as an empty value rather than as text.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.unsupported-empty',
    section: RULES,
    title: 'Any value that is not a string, number, bigint, boolean or array of those (objects, null, undefined, functions, symbols) becomes an empty value in stringify output, without an error.',
    level: 'normative',
    why: 'Read as: every value that is not a string, number, bigint, boolean or array of these — null, undefined, plain and boxed objects, dates, functions, symbols — is written as the empty string, without calling its toString and without throwing. Source: rule 5 ("any other value is coerced to the empty string") and the errors table.',
  },
  {
    id: 'querystring.stringify.array-repeats-key',
    section: RULES,
    title: 'For an array value, stringify emits one pair per element, repeating the key each time.',
    level: 'normative',
  },
  {
    id: 'querystring.stringify.array-elements-coerced',
    section: RULES,
    title: 'Array elements follow the same value rules as single values, so an unsupported or non-finite element becomes an empty value.',
    level: 'normative',
    why: 'Read as: each element of an array value is written as the same value alone would be, and an element that is itself an array is no accepted value (empty string). The case checks elements relative to the candidate\'s own single values, so a value rule broken for both is charged to that value rule only. Source: rule 5 ("arrays of these") and rule 6.',
  },
  {
    id: 'querystring.stringify.utf8-percent-encoding',
    section: RULES,
    title: 'With the default encoder, stringify percent-encodes characters outside the unreserved set as their UTF-8 bytes.',
    level: 'normative',
    why: 'Read as: every character outside A–Z a–z 0–9 - _ . ! ~ * \' ( ) is written as %XX of its UTF-8 bytes, with upper-case hex digits — the form of the default encoder, querystring.escape (rule 9), and of the built-in encodeURIComponent. Source: rules 8 and 9; the differential case compares with the reference on this reading.',
  },
  {
    id: 'querystring.encode.alias-of-stringify',
    section: TABLE,
    title: 'encode is another name for stringify and behaves identically to it.',
    level: 'normative',
  },

  // ── escape / unescape ───────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'querystring.escape.percent-encodes',
    section: TABLE,
    title: 'escape returns its string argument percent-encoded for use in a query string.',
    level: 'normative',
    why: 'The spec says only "percent-encoded string". Read as: the output of the built-in encodeURIComponent for the same text — UTF-8 bytes, upper-case hex digits, and A–Z a–z 0–9 - _ . ! ~ * \' ( ) left as they are. Source: rule 8 (stringify\'s output is UTF-8 percent-encoded, through escape by rule 9) and Node\'s querystring.escape, whose interface the spec describes; the differential case compares with the reference\'s exact output.',
  },
  {
    id: 'querystring.escape.replaceable',
    section: RULES,
    title: 'Assigning a new function to the module\'s escape property changes the encoding stringify applies by default.',
    level: 'normative',
  },
  {
    id: 'querystring.unescape.decodes',
    section: TABLE,
    title: 'unescape returns its string argument with percent-encoding decoded.',
    level: 'normative',
  },
  {
    id: 'querystring.unescape.replaceable',
    section: RULES,
    title: 'Assigning a new function to the module\'s unescape property changes the decoding parse applies by default.',
    level: 'normative',
  },
  {
    id: 'querystring.unescape.builtin-first',
    section: RULES,
    title: 'For well-formed input, unescape gives the same result as the built-in URI-component decoder.',
    level: 'normative',
    why: 'Read as: on input the built-in decodeURIComponent accepts, unescape returns exactly what it returns. Source: rule 10 ("tries the built-in URI-component decoder first").',
  },
  {
    id: 'querystring.unescape.malformed-fallback',
    section: RULES,
    title: 'On malformed percent-encoding unescape never throws; it falls back to a tolerant decoder and still returns a string.',
    level: 'normative',
    why: 'The spec calls the fallback "a safer equivalent that does not throw". Read as: on malformed input unescape returns a string and never throws; that string decodes every well-formed escape (as UTF-8) and keeps each malformed one as it was written ("%41%zz" gives "A%zz"). Source: rule 10 and the errors table; Node\'s querystring.unescapeBuffer, the fallback the spec paraphrases, behaves so.',
  },
]);
