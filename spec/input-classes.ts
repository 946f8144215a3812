// The input classes a rule names: the kinds of input that rule speaks of, or that tell an implementation following it
// from one that ignores it. A property case drawing its inputs from a seed runs a fixed example of each class of each
// rule it cites first, on every run, then its random draws (STYLE.md rule 16; test/conformance/input-classes.test.ts
// checks every such case against this table). Plain data: rule id → class name → what the class holds.

/** The classes of one rule: a short name (a case's examples are keyed by it) and what inputs of the class are. */
export type InputClasses = Readonly<Record<string, string>>;

/** Where UTF-8 spends one, two, three or four bytes on a character: the classes every encoding or decoding rule names. */
const UTF8_LENGTHS = {
  'two-byte': 'U+0080–U+07FF, two UTF-8 bytes (Latin-1 letters among them)',
  'three-byte': 'U+0800–U+FFFF outside the surrogates, three UTF-8 bytes',
  'four-byte': 'characters beyond U+FFFF (a surrogate pair in the text), four UTF-8 bytes',
} as const;

/**
 * What percent-encoding leaves alone and what it writes as %XX. Lone surrogates are in no class: what escape makes of
 * ill-formed UTF-16 the spec does not say (encodeURIComponent throws), so no case draws them.
 */
const PERCENT_ENCODING = {
  unreserved: 'A–Z a–z 0–9 - _ . ~, written as they are',
  'kept-marks': "! ' ( ) *, which encodeURIComponent (and so the reading of the rule) writes as they are",
  'reserved-ascii': 'ASCII delimiters and the rest of the punctuation (& = + / ? # % ; , : @ $ space), written %XX',
  'ascii-control': 'ASCII control characters (U+0000–U+001F and U+007F), written %XX',
  ...UTF8_LENGTHS,
} as const;

/** Percent-encoded input a decoder reads as UTF-8. */
const PERCENT_DECODING = {
  'ascii-escape': 'escapes of ASCII characters (%41, %26, %3D)',
  'two-byte': 'escapes of two-byte UTF-8 sequences',
  'three-byte': 'escapes of three-byte UTF-8 sequences',
  'four-byte': 'escapes of four-byte UTF-8 sequences',
  'lower-case-hex': 'escapes written with lower-case hex digits',
} as const;

/** Every rule a property case cites, with the classes it names. */
export const RULE_INPUT_CLASSES: Readonly<Record<string, InputClasses>> = {
  'querystring.escape.percent-encodes': PERCENT_ENCODING,
  'querystring.stringify.utf8-percent-encoding': PERCENT_ENCODING,
  'querystring.unescape.decodes': { plain: 'text without any escape', ...PERCENT_DECODING },
  'querystring.unescape.builtin-first': {
    plain: 'text without any escape',
    escapes: 'well-formed escapes of one- to four-byte UTF-8 sequences',
    'lower-case-hex': 'escapes written with lower-case hex digits',
    'raw-non-ascii': 'non-ASCII characters written as they are beside escapes',
    plus: "'+', which the built-in decoder keeps as it is",
  },
  'querystring.unescape.malformed-fallback': {
    'lone-percent': "a '%' with nothing after it, at the end of the text",
    'short-escape': "a '%' with one hex digit",
    'non-hex': "a '%' followed by characters that are not hex digits (just outside the hex ranges too)",
    'truncated-sequence': 'a UTF-8 lead byte without all of its continuation bytes',
    'ill-formed-bytes': 'bytes that are no UTF-8: overlong forms, surrogates, code points beyond U+10FFFF',
    'beside-well-formed': 'a malformed escape between well-formed ones, which must still be decoded',
  },
  'querystring.parse.decode-default-unescape': {
    'malformed-key': 'a key holding a malformed escape',
    'malformed-value': 'a value holding a malformed escape',
    'custom-delimiters': 'such pairs under a sep and an eq other than the defaults',
  },
  'querystring.parse.utf8-default': {
    ...PERCENT_DECODING,
    'raw-non-ascii': 'non-ASCII characters written as they are beside escapes',
    'long-part': 'a key or value longer than 40 characters, past any short-text path',
  },
  'querystring.parse.accepts-string': {
    short: 'pairs of a few characters',
    long: 'keys and values of 60 characters',
    'empty-value': "a pair whose value is ''",
  },
  'querystring.parse.sep-custom': {
    'one-character': 'a sep of one character other than &',
    'several-characters': 'a sep of several characters',
    'long-parts': 'keys and values past any short-text path',
  },
  'querystring.parse.eq-custom': {
    punctuation: 'an eq of one punctuation character other than =',
    percent: "'%' as eq, which otherwise starts an escape",
    plus: "'+' as eq, which otherwise may stand for a space",
    'empty-value': "a pair whose value is ''",
  },
  'querystring.parse.eq-multi-char': {
    'repeated-character': "an eq made of one character repeated ('::', '==')",
    word: "an eq holding spaces and letters (' is ')",
    'first-character-in-text': "text holding the eq's first character alone",
  },
  'querystring.parse.empty-entries': {
    leading: 'empty entries before the first pair',
    trailing: 'empty entries after the last pair',
    run: 'several empty entries in a row between pairs',
    'multi-character-sep': 'empty entries under a sep of several characters',
  },
  'querystring.parse.max-keys-custom': {
    below: 'fewer keys than maxKeys',
    equal: 'exactly maxKeys keys',
    above: 'more keys than maxKeys',
    one: 'maxKeys 1',
    'empty-entries-before-the-limit': 'empty entries among the first maxKeys entries',
  },
  'querystring.parse.repeated-keys': {
    twice: 'a key given twice in a row',
    interleaved: 'a key repeated with other keys between',
    'empty-value': "a repeated key one of whose values is ''",
  },
  'querystring.result.null-prototype': {
    'object-member': 'keys that name members of Object.prototype (__proto__, constructor, toString)',
    ordinary: 'any other key',
    'index-like': "a key that reads as an array index ('0')",
  },
  'querystring.decode.alias-of-parse': {
    'default-delimiters': "the default sep and eq ('&', '=')",
    'custom-delimiters': 'a sep and an eq of one and of several characters',
    'max-keys': 'a maxKeys below the number of keys',
  },
  'querystring.encode.alias-of-stringify': {
    'default-delimiters': "the default sep and eq ('&', '=')",
    'custom-delimiters': 'a sep and an eq of one and of several characters',
    'value-types': 'numbers, bigints, booleans and arrays besides strings',
  },
  'querystring.stringify.string-values': { empty: "''", 'non-empty': 'text needing no encoding' },
  'querystring.stringify.finite-number-values': {
    zero: '0, and -0 (whose text is 0)',
    negative: 'a negative number',
    fraction: 'a number with a fraction',
    'small-exponent': 'a number whose shortest text has a negative exponent (1e-7)',
    'large-integer': 'an integer beyond 2^53',
  },
  'querystring.stringify.bigint-values': { zero: '0n', negative: 'a negative bigint', 'beyond-64-bits': 'a bigint of more than 64 bits' },
  'querystring.stringify.boolean-values': { true: 'true', false: 'false' },
  'querystring.stringify.non-finite-empty': { nan: 'NaN', infinity: 'Infinity', 'negative-infinity': '-Infinity' },
  'querystring.stringify.unsupported-empty': { null: 'null', undefined: 'undefined', object: 'an object (a plain one, an empty array)' },
  'querystring.stringify.array-repeats-key': { 'one-element': 'an array of one element', several: 'an array of several elements', 'empty-element': "an array holding ''" },
  'querystring.stringify.array-elements-coerced': {
    'unsupported-element': 'an element of no accepted type (null, an object)',
    'non-finite-element': 'NaN or an infinity as an element',
    'nested-array': 'an array as an element',
  },
  'querystring.stringify.custom-delimiters': { 'one-character': 'a sep and an eq of one character', 'several-characters': 'a sep and an eq of several characters' },
  'querystring.stringify.pair-order': { 'creation-order': 'keys created in an order that is not sorted', 'index-like': 'keys that read as array indexes, which come first, ascending' },
  'child_process.exec-file.args': {
    none: 'no arguments at all',
    empty: "'' as an argument",
    spaces: 'an argument holding spaces',
    quotes: 'an argument holding quotes and backslashes',
    'shell-metacharacters': 'an argument holding $, |, ;, & and *',
    'non-ascii': 'an argument holding non-ASCII characters, astral ones too',
    newline: 'an argument holding a newline or a tab',
  },
  'child_process.spawn.args': {
    none: 'no arguments at all',
    empty: "'' as an argument",
    spaces: 'an argument holding spaces',
    quotes: 'an argument holding quotes and backslashes',
    'shell-metacharacters': 'an argument holding $, |, ;, & and *',
    'non-ascii': 'an argument holding non-ASCII characters, astral ones too',
    newline: 'an argument holding a newline or a tab',
  },
};
