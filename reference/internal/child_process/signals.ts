// Signal names and numbers: `killSignal` may be either, and an unknown one is refused before any process starts.
import { constants } from 'node:os';
import { invalidArgType, unknownSignal } from '../errors.js';

const byName: Readonly<Record<string, number>> = constants.signals;
const knownNumbers: ReadonlySet<number> = new Set(Object.values(byName));

/**
 * Turns a signal name (any letter case) or number into the signal the OS takes.
 *
 * @param signal `'SIGTERM'`, `'sigkill'`, `9`…
 * @returns The name as given upper-cased, or the number.
 * @example
 * ```ts
 * toSignal('sigint'); // 2 on Linux
 * ```
 * @rules child_process.exec.kill-signal-name-or-number, child_process.exec-file.kill-signal-name-or-number, child_process.fork.kill-signal-on-abort
 */
function toSignal(signal: string | number): number {
  if (typeof signal === 'number') {
    if (knownNumbers.has(signal)) return signal;
    // beyond-spec: unknown-signal
    throw unknownSignal(signal);
  }
  const number = Object.hasOwn(byName, signal.toUpperCase()) ? byName[signal.toUpperCase()] : undefined;
  if (number === undefined) {
    // beyond-spec: unknown-signal
    throw unknownSignal(signal);
  }
  return number;
}

/**
 * Validates an optional `killSignal` option.
 *
 * @param signal The option's value.
 * @returns The signal number, or `undefined` when the option is absent.
 * @example
 * ```ts
 * normalizeKillSignal('SIGKILL'); // 9
 * ```
 * @rules child_process.exec.kill-signal-name-or-number, child_process.exec-file.kill-signal-name-or-number, child_process.fork.kill-signal-on-abort, child_process.spawn.kill-signal-on-abort
 */
export function normalizeKillSignal(signal: unknown): number | undefined {
  if (typeof signal === 'string' || typeof signal === 'number') return toSignal(signal);
  if (signal != null) {
    // beyond-spec: arg-type
    throw invalidArgType('options.killSignal', 'one of type string or number', signal);
  }
  return undefined;
}
