// Lookup tables shared by the encoder and the decoders: built once at load so the hot loops only index arrays.

/** `PERCENT_ENCODED[b]` is the upper-case `%XX` form of byte `b`. */
export const PERCENT_ENCODED: readonly string[] = Array.from(
  { length: 256 },
  (_, byte) => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`,
);

/**
 * `PERCENT_ENCODED_TWO_BYTES[c]` is the UTF-8 encoding of code point `c` (0x80 to 0x7FF, two bytes) as `%XX%XX`, so
 * the encoder appends one string per accented Latin, Greek, Cyrillic, Hebrew or Arabic letter instead of building it.
 */
export const PERCENT_ENCODED_TWO_BYTES: readonly string[] = Array.from({ length: 0x800 }, (_, code) =>
  code < 0x80 ? '' : PERCENT_ENCODED[0xc0 | (code >> 6)]! + PERCENT_ENCODED[0x80 | (code & 0x3f)]!,
);

/** `HEX_VALUE[c]` is the value of hex digit `c` (a UTF-16 code unit below 256), or -1 when `c` is not a hex digit. */
export const HEX_VALUE: Int8Array = (() => {
  const table = new Int8Array(256).fill(-1);
  for (let digit = 0; digit < 10; digit++) table[0x30 + digit] = digit;
  for (let digit = 0; digit < 6; digit++) {
    table[0x41 + digit] = 10 + digit;
    table[0x61 + digit] = 10 + digit;
  }
  return table;
})();

/**
 * `UNRESERVED[c]` is 1 for the ASCII characters `escape` leaves as they are: letters, digits and `! ' ( ) * - . _ ~`
 * (the set `encodeURIComponent` also leaves alone), 0 for every other ASCII code.
 */
export const UNRESERVED: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const marks = "!'()*-._~";
  for (let c = 0x30; c <= 0x39; c++) table[c] = 1;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = 1;
  for (let c = 0x61; c <= 0x7a; c++) table[c] = 1;
  for (let i = 0; i < marks.length; i++) table[marks.charCodeAt(i)] = 1;
  return table;
})();
