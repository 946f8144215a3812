// The parser's general path, for a `sep` or `eq` that is not exactly one character (longer, or an object whose string
// form is empty). It follows the host's matching exactly: a separator is matched greedily from its first character and
// a mismatch restarts at the next character without re-examining the current one.
import { isHexDigit } from './decode.js';
import { addPair, decodePart, type Decoder, type ModuleDecoders, type QueryRecord } from './query-record.js';

const PERCENT = 0x25;
const PLUS = 0x2b;

/**
 * Parses `str` into `record`.
 *
 * @param str The query string (non-empty).
 * @param sep The pair delimiter (not one character).
 * @param eq The key/value delimiter (or one character when `sep` is not).
 * @param pairs The pair budget, as in `parseSingle`.
 * @param decode A custom decoder, or `null` for the default one.
 * @param decoders The module's current fallback decoders.
 * @param record The result to fill.
 * @rules querystring.parse.sep-custom, querystring.parse.eq-custom, querystring.parse.eq-multi-char, querystring.parse.max-keys-custom, querystring.parse.max-keys-zero-unlimited, querystring.parse.empty-entries
 */
export function parseGeneral(
  str: string,
  sep: string,
  eq: string,
  pairs: number,
  decode: Decoder,
  decoders: ModuleDecoders,
  record: QueryRecord,
): void {
  const custom = decode !== null;
  // What a '+' becomes (Node's reading, a departure: docs/reference.md). Not marked: whatever '+' is read as, the text
  // around it must come out once and whole, which the spec's pairs require (querystring.parse.plus-reads-as-*).
  const plusText = custom ? '%20' : ' ';
  const length = str.length;
  const sepLength = sep.length;
  const eqLength = eq.length;
  let copied = 0; // str[0, copied) has been consumed into key/value or skipped
  let sepMatched = 0;
  let eqMatched = 0;
  let key = '';
  let value = '';
  let keyEncoded = custom;
  let valueEncoded = custom;
  let escape = 0;

  for (let i = 0; i < length; i++) {
    const code = str.charCodeAt(i);
    // charCodeAt past the end is NaN, so an empty separator never matches.
    if (code === sep.charCodeAt(sepMatched)) {
      if (++sepMatched < sepLength) continue;
      const end = i + 1 - sepLength;
      if (eqMatched < eqLength) {
        if (copied < end) {
          key += str.slice(copied, end);
        } else if (key.length === 0) {
          // An empty pair: skipped, but it counts against the budget.
          if (--pairs === 0) return;
          copied = i + 1;
          sepMatched = eqMatched = 0;
          continue;
        }
      } else if (copied < end) {
        value += str.slice(copied, end);
      }
      addDecoded(record, key, value, keyEncoded, valueEncoded, decode, decoders);
      if (--pairs === 0) return;
      key = value = '';
      keyEncoded = valueEncoded = custom;
      escape = 0;
      copied = i + 1;
      sepMatched = eqMatched = 0;
      continue;
    }
    sepMatched = 0;
    if (eqMatched < eqLength) {
      if (code === eq.charCodeAt(eqMatched)) {
        if (++eqMatched === eqLength) {
          const end = i + 1 - eqLength;
          if (copied < end) key += str.slice(copied, end);
          escape = 0;
          copied = i + 1;
        }
        continue;
      }
      eqMatched = 0;
      if (!keyEncoded) {
        if (code === PERCENT) {
          escape = 1;
          continue;
        }
        if (escape > 0) {
          if (isHexDigit(code)) {
            if (++escape === 3) keyEncoded = true;
            continue;
          }
          escape = 0;
        }
      }
      if (code === PLUS) {
        if (copied < i) key += str.slice(copied, i);
        key += plusText;
        copied = i + 1;
        continue;
      }
    }
    if (code === PLUS) {
      if (copied < i) value += str.slice(copied, i);
      value += plusText;
      copied = i + 1;
    } else if (!valueEncoded) {
      if (code === PERCENT) escape = 1;
      else if (escape > 0 && isHexDigit(code)) {
        if (++escape === 3) valueEncoded = true;
      } else escape = 0;
    }
  }

  if (copied < length) {
    if (eqMatched < eqLength) key += str.slice(copied);
    else if (sepMatched < sepLength) value += str.slice(copied);
  } else if (eqMatched === 0 && key.length === 0) {
    return;
  }
  addDecoded(record, key, value, keyEncoded, valueEncoded, decode, decoders);
}

/** @rules querystring.parse.decode-default-unescape, querystring.parse.decode-custom */
function addDecoded(
  record: QueryRecord,
  key: string,
  value: string,
  keyEncoded: boolean,
  valueEncoded: boolean,
  decode: Decoder,
  decoders: ModuleDecoders,
): void {
  addPair(
    record,
    keyEncoded && key.length > 0 ? decodePart(key, decode, decoders) : key,
    valueEncoded && value.length > 0 ? decodePart(value, decode, decoders) : value,
  );
}
