// Hex-digit test for the parser's "is there a valid %XX here" scan.

/** Whether UTF-16 code unit `code` is 0-9, A-F or a-f. */
export function isHexDigit(code: number): boolean {
  // Unsigned compares: one branch per range, no table load.
  return (code - 0x30) >>> 0 < 10 || ((code | 0x20) - 0x61) >>> 0 < 6;
}
