// The optional-argument shuffles of the exec family: `exec(command[, options][, callback])` (the shell always on) and
// `execFile(file[, args][, options][, callback])` with any of the middle ones left out.
import { ownOptions, type OwnOptions } from '../own-options.js';
import { validateFunction, validateNoNul, validateObject, validateString } from '../validators.js';

/** The completion callback of exec and execFile. */
export type ExecCallback = (error: Error | null, stdout: string | Buffer, stderr: string | Buffer) => void;

export interface ExecArguments {
  readonly command: string;
  /** A prototype-less copy of the caller's own options with `shell` set: the named shell, or `true` for the default one. */
  readonly options: OwnOptions;
  readonly callback: unknown;
}

export interface ExecFileArguments {
  readonly file: unknown;
  readonly args: unknown;
  /** A prototype-less copy of the caller's own options. */
  readonly options: OwnOptions;
  readonly callback: ExecCallback | undefined;
}

/**
 * Sorts out the arguments of exec/execSync.
 *
 * @param command The command line.
 * @param options The options, or the callback.
 * @param callback The callback.
 * @returns The arguments in their places.
 * @example
 * ```ts
 * normalizeExecArgs('ls', { shell: '/bin/bash' }).options.shell; // '/bin/bash'
 * ```
 * @rules child_process.exec.command-shell-interpreted, child_process.exec.shell-default-posix, child_process.exec.shell-default-windows, child_process.exec.shell-custom, child_process.general.completion-callback-optional
 */
export function normalizeExecArgs(command: unknown, options?: unknown, callback?: unknown): ExecArguments {
  // beyond-spec: arg-type
  validateString(command, 'command');
  // beyond-spec: nul-bytes
  validateNoNul(command, 'command');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  // A copy, so the caller's object is never changed and inherited properties are never read; a non-object `options`
  // copies to nothing.
  const copy = ownOptions(options);
  copy['shell'] = typeof copy['shell'] === 'string' ? copy['shell'] : true;
  return { command, options: copy, callback };
}

/**
 * Sorts out which argument of execFile/execFileSync is which.
 *
 * @param file The executable.
 * @param args An array of arguments, or (when not an array) the options or the callback.
 * @param options The options, or the callback.
 * @param callback The completion callback.
 * @returns The four arguments in their places (`args` as given when it is none of the accepted shapes, so that
 *   spawn reports it).
 * @example
 * ```ts
 * normalizeExecFileArgs('ls', { cwd: '/' }).args; // []
 * ```
 * @rules child_process.exec-file.args, child_process.exec-file.args-optional, child_process.general.completion-callback-optional
 */
export function normalizeExecFileArgs(file: unknown, args?: unknown, options?: unknown, callback?: unknown): ExecFileArguments {
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args != null && typeof args === 'object') {
    callback = options;
    options = args;
    args = null;
  } else if (typeof args === 'function') {
    callback = args;
    options = null;
    args = null;
  }
  if (args == null) args = [];

  if (typeof options === 'function') {
    callback = options;
    options = null;
  } else if (options != null) {
    // beyond-spec: arg-type
    validateObject(options, 'options');
  }
  const bag = ownOptions(options);
  if (callback != null) {
    // beyond-spec: arg-type
    validateFunction(callback, 'callback');
  }
  if (bag['argv0'] != null) {
    // beyond-spec: arg-type
    validateString(bag['argv0'], 'options.argv0');
    // beyond-spec: nul-bytes
    validateNoNul(bag['argv0'], 'options.argv0');
  }
  return { file, args, options: bag, callback: (callback ?? undefined) as ExecCallback | undefined };
}
