// Quoting for a POSIX shell, shared by the replay commands we print and the shell lines the child_process cases
// build. Pure, so the report page can bundle it too.

/**
 * Quotes one word for a POSIX shell: plain words stay as they are, anything else is single-quoted.
 * @param text the word
 * @returns the word as a shell reads it back unchanged
 * @example
 * shellQuote('a b'); // "'a b'"
 */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
