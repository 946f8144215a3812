// Escapes text for XML 1.0 (JUnit XML, SVG badges). Candidate output is untrusted and may hold characters XML cannot
// carry at all (NUL, ANSI escapes, lone surrogates): those become visible `\uXXXX` text instead of breaking the file.

// Characters XML 1.0 forbids (C0 controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF), plus DEL and
// the C1 controls, which are legal but invisible and confuse CI log viewers.
const UNREPRESENTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const TEXT_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// In attributes, quotes end the value and raw tab/newline/return would be normalized to spaces by the parser.
const ATTRIBUTE_ENTITIES: Readonly<Record<string, string>> = { ...TEXT_ENTITIES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

function visible(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Escapes `text` for use as XML character data.
 * @param text any string, including control characters and lone surrogates
 * @returns text that every XML 1.0 parser reads back as `text` (unrepresentable characters as `\uXXXX`)
 * @example
 * escapeXmlText('a < b & \u001b[31m'); // 'a &lt; b &amp; \\u001B[31m'
 */
export function escapeXmlText(text: string): string {
  return text.replace(UNREPRESENTABLE, visible).replace(/[&<>]/g, (char) => TEXT_ENTITIES[char] ?? char);
}

/**
 * Escapes `text` for use inside a quoted XML attribute value (either quote style), keeping line breaks and tabs.
 * @param text any string
 * @returns the escaped attribute value, without the surrounding quotes
 * @example
 * `<failure message="${escapeXmlAttribute('expected "a"\nto equal "b"')}"/>`;
 */
export function escapeXmlAttribute(text: string): string {
  return text.replace(UNREPRESENTABLE, visible).replace(/[&<>"'\t\n\r]/g, (char) => ATTRIBUTE_ENTITIES[char] ?? char);
}
