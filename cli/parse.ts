// Argument parsing shared by the commands: node's own `parseArgs` in strict mode, with its errors turned into
// one-line usage errors.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandLine<O extends Options>(verb: string, argv: readonly string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(`${verb}: ${message}`);
  }
}

/** Parses a whole number within [min, max] given for `flag`, or throws a UsageError naming the flag and value. */
export function parseInteger(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${flag} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${flag} must be between ${min} and ${max}, got ${text}`);
  return value;
}
