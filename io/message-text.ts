// How result messages and error texts are shortened wherever they are shown or stored: one first line, one clip.
// Browser-safe: the report page bundles this file.

/**
 * Cuts text to at most `width` characters (code points, so no surrogate pair is split), ending in '…' when cut.
 * @param text any text
 * @param width the most characters kept, the '…' included
 * @example
 * clip('abcdef', 4); // 'abc…'
 */
export function clip(text: string, width: number): string {
  if (text.length <= width) return text;
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/**
 * The first line of a text that is not blank (the whole text when every line is), clipped to `width`.
 * @example
 * firstLine('\nboom\nat x', 160); // 'boom'
 */
export function firstLine(text: string, width = Number.POSITIVE_INFINITY): string {
  const line = text.split(/\r?\n/).find((part) => part.trim() !== '') ?? text;
  return clip(line, width);
}

/**
 * What an error says, as one text: `Name: message` with `withName`, else the message; any other value as a string.
 * @example
 * errorText(new TypeError('bad'), { withName: true }); // 'TypeError: bad'
 */
export function errorText(error: unknown, options: { readonly withName?: boolean } = {}): string {
  if (!(error instanceof Error)) return String(error);
  return options.withName ? `${error.name}: ${error.message}` : error.message;
}
