// Arguments of exec/execSync: a command line, optional options, optional callback; the shell is always on.
import { type OptionsBag, validateNoNul, validateString } from './validate.js';

export interface ExecArguments {
  readonly command: string;
  /** A copy of the caller's options with `shell` set: the named shell, or `true` for the default one. */
  readonly options: OptionsBag;
  readonly callback: unknown;
}

/**
 * @param command The command line.
 * @param options The options, or the callback.
 * @param callback The callback.
 * @returns The arguments in their places.
 * @example
 * ```ts
 * normalizeExecArgs('ls', { shell: '/bin/bash' }).options.shell; // '/bin/bash'
 * ```
 */
export function normalizeExecArgs(command: unknown, options?: unknown, callback?: unknown): ExecArguments {
  validateString(command, 'command');
  validateNoNul(command, 'command');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  // A copy, so the caller's object is never changed; a non-object `options` spreads to nothing.
  const copy: Record<string, unknown> = { ...(options as object | undefined) };
  copy['shell'] = typeof copy['shell'] === 'string' ? copy['shell'] : true;
  return { command, options: copy, callback };
}
