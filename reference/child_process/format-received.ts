// Describes a rejected value for an error message, the way the host runtime's argument errors do ("Received type
// number (42)"), so messages read alike whichever implementation produced them.
import { inspect } from 'node:util';

/** Longest inspected primitive kept in a message; longer ones are cut with an ellipsis. */
const MAX_SHOWN = 25;

/**
 * Formats `value` as the "Received …" tail of an argument error.
 *
 * @param value The rejected value.
 * @returns A sentence fragment starting with "Received".
 * @example
 * ```ts
 * formatReceived(42); // 'Received type number (42)'
 * ```
 */
export function formatReceived(value: unknown): string {
  if (value === null || value === undefined) return `Received ${String(value)}`;
  if (typeof value === 'function') return `Received function ${value.name || '<anonymous>'}`;
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === 'string' && name !== '') return `Received an instance of ${name}`;
    return `Received ${inspect(value, { depth: -1 })}`;
  }
  let shown = inspect(value, { colors: false });
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN)}...`;
  return `Received type ${typeof value} (${shown})`;
}
