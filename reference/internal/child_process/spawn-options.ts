// Turns the public `(command, args, options)` of spawn and spawnSync into what starting a process needs: the program,
// its full argv (argv[0] first), the environment block, the working directory. Shell wrapping happens here too.
import { invalidArgType, invalidArgValue } from '../errors.js';
import { ownOptions, type OwnOptions } from '../own-options.js';
import { toPath } from './to-path.js';
import {
  validateBoolean,
  validateNoNul,
  validateNoNulEach,
  validateObject,
  validateOptionalInt32,
  validateString,
} from '../validators.js';

export interface NormalizedSpawn {
  /** The program to execute: the command itself, or the shell when `shell` is set. */
  readonly file: string;
  /** The full argv, argv[0] first (`argv0`, else `file`). */
  readonly args: string[];
  /** The object the environment was read from (`options.env`, else `process.env`). */
  readonly env: Readonly<Record<string, unknown>>;
  /** The child's environment block, `KEY=value`, in the order the child will see it. */
  readonly envPairs: string[];
  readonly cwd: string | undefined;
  readonly detached: boolean;
  readonly windowsHide: boolean;
  readonly windowsVerbatimArguments: boolean;
  /**
   * A prototype-less copy of the caller's own options (the remaining fields are read by the caller: stdio, timeout…).
   */
  readonly options: OwnOptions;
}

/** Unix shell used for `shell: true`. */
const UNIX_SHELL = process.platform === 'android' ? '/system/bin/sh' : '/bin/sh';

/** @rules child_process.spawn.shell-true-posix, child_process.spawn.shell-true-windows, child_process.exec.shell-default-posix, child_process.exec.shell-default-windows, child_process.exec-file.shell-true-posix, child_process.exec-file.shell-true-windows */
function shellOf(shell: string | true): string {
  if (typeof shell === 'string') return shell;
  if (process.platform === 'win32') return process.env['comspec'] ?? process.env['ComSpec'] ?? 'cmd.exe';
  return UNIX_SHELL;
}

/**
 * `cmd.exe` takes `/d /s /c "<command>"` verbatim; every other shell takes `-c <command>`.
 * @rules child_process.exec.command-shell-interpreted, child_process.general.windows-bat-via-spawn-shell, child_process.general.windows-bat-via-exec, child_process.general.windows-bat-spaces-quoted
 */
function shellArgs(shell: string, command: string): { args: string[]; verbatim: boolean } {
  if (process.platform === 'win32' && /^(?:.*\\)?cmd(?:\.exe)?$/i.test(shell)) {
    return { args: ['/d', '/s', '/c', `"${command}"`], verbatim: true };
  }
  return { args: ['-c', command], verbatim: false };
}

/** @rules child_process.spawn.env-default, child_process.spawn.env-custom, child_process.general.windows-env-case-insensitive, child_process.general.windows-env-first-match */
function environmentPairs(env: Readonly<Record<string, unknown>>, given: boolean): string[] {
  let keys = environmentNames(env);
  if (process.platform === 'win32') keys = firstOfEachCaseInsensitiveKey(keys);
  const pairs: string[] = [];
  for (const key of keys) {
    const value = env[key];
    if (value === undefined) {
      // beyond-spec: env-undefined-values
      continue;
    }
    // beyond-spec: nul-bytes
    validateNoNul(key, `options.env['${key}']`);
    // beyond-spec: nul-bytes
    validateNoNul(value, `options.env['${key}']`);
    pairs.push(`${key}=${String(value)}`);
  }
  // Coverage collection must survive a custom env, or child processes silently drop out of the coverage report.
  // beyond-spec: coverage-env
  const coverage = process.env['NODE_V8_COVERAGE'];
  if (coverage && given && !Object.hasOwn(env, 'NODE_V8_COVERAGE')) {
    // beyond-spec: coverage-env
    pairs.push(`NODE_V8_COVERAGE=${coverage}`);
  }
  return pairs;
}

/**
 * The variable names of an env object, in `for…in` order: its own enumerable names, then those of the objects it
 * inherits from — so an env built with `Object.create(base)` passes the base's variables on, as the host's does — but
 * never the names of `Object.prototype`, where anything added by prototype pollution would otherwise reach every child
 * (`NODE_OPTIONS`, `LD_PRELOAD`…). A name shadowed by a nearer property, enumerable or not, is skipped as `for…in`
 * skips it.
 * @rules child_process.spawn.env-custom
 */
function environmentNames(env: object): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let layer: object | null = env; layer !== null && layer !== Object.prototype; layer = Object.getPrototypeOf(layer)) {
    for (const name of Object.getOwnPropertyNames(layer)) {
      if (seen.has(name)) continue;
      seen.add(name);
      if (!Object.prototype.propertyIsEnumerable.call(layer, name)) {
        // beyond-spec: env-non-enumerable
        continue;
      }
      names.push(name);
    }
  }
  return names;
}

/**
 * The environment block as an object without a prototype, for host functions that take an env object and enumerate
 * it with `for…in` (the blocking spawn): enumerating it yields exactly the variables of the block.
 *
 * @param envPairs `KEY=value` strings.
 * @returns The variables by name.
 * @example
 * ```ts
 * environmentObject(['A=1', 'B=x=y']); // { A: '1', B: 'x=y' } (prototype-less)
 * ```
 */
// beyond-spec: sync-variants
export function environmentObject(envPairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = { __proto__: null } as unknown as Record<string, string>;
  for (const pair of envPairs) {
    // From the second character: a Windows variable name may start with '='.
    const at = pair.indexOf('=', 1);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/**
 * Windows variable names are case-insensitive: sort, then keep only the first of each case-insensitive name.
 * @rules child_process.general.windows-env-case-insensitive, child_process.general.windows-env-first-match
 */
function firstOfEachCaseInsensitiveKey(keys: string[]): string[] {
  const seen = new Set<string>();
  return keys.sort().filter((key) => {
    const upper = key.toUpperCase();
    if (seen.has(upper)) return false;
    seen.add(upper);
    return true;
  });
}

/**
 * Validates and normalizes the arguments of `spawn`/`spawnSync`.
 *
 * @param command The command (or, with `shell`, the command line).
 * @param args Arguments array, or the options when no array is given.
 * @param options The options bag.
 * @returns Everything needed to start the process.
 * @example
 * ```ts
 * normalizeSpawnOptions('ls', ['-l'], { argv0: 'list' }).args; // ['list', '-l']
 * ```
 * @rules child_process.spawn.command, child_process.spawn.args, child_process.spawn.args-optional, child_process.spawn.cwd, child_process.spawn.env-default, child_process.spawn.env-custom, child_process.spawn.argv0-default, child_process.spawn.argv0-custom, child_process.spawn.detached, child_process.spawn.uid, child_process.spawn.gid, child_process.spawn.no-shell-default, child_process.spawn.shell-true-posix, child_process.spawn.shell-true-windows, child_process.spawn.shell-string, child_process.exec.shell-custom, child_process.exec-file.shell-string, child_process.general.path-from-env-option, child_process.general.path-from-process
 */
export function normalizeSpawnOptions(command: unknown, args?: unknown, options?: unknown): NormalizedSpawn {
  // beyond-spec: arg-type
  validateString(command, 'file');
  // beyond-spec: nul-bytes
  validateNoNul(command, 'file');
  if (command.length === 0) {
    // beyond-spec: empty-command
    throw invalidArgValue('file', command, 'cannot be empty');
  }

  let argv: unknown[];
  if (Array.isArray(args)) {
    argv = args.slice();
  } else if (args == null) {
    argv = [];
  } else if (typeof args !== 'object') {
    // beyond-spec: arg-type
    throw invalidArgType('args', 'of type object', args);
  } else {
    options = args;
    argv = [];
  }
  // beyond-spec: nul-bytes
  validateNoNulEach(argv, 'args');

  if (options === undefined) options = {};
  // beyond-spec: arg-type
  validateObject(options, 'options');
  const bag = ownOptions(options);

  const cwd = bag['cwd'] == null ? undefined : toPath(bag['cwd'], 'options.cwd');
  if (bag['detached'] != null) {
    // beyond-spec: arg-type
    validateBoolean(bag['detached'], 'options.detached');
  }
  // beyond-spec: arg-type
  validateOptionalInt32(bag['uid'], 'options.uid');
  // beyond-spec: arg-type
  validateOptionalInt32(bag['gid'], 'options.gid');
  const shell = bag['shell'];
  if (shell != null && typeof shell !== 'boolean' && typeof shell !== 'string') {
    // beyond-spec: arg-type
    throw invalidArgType('options.shell', 'one of type boolean or string', shell);
  }
  const argv0 = bag['argv0'];
  if (argv0 != null) {
    // beyond-spec: arg-type
    validateString(argv0, 'options.argv0');
    // beyond-spec: nul-bytes
    validateNoNul(argv0, 'options.argv0');
  }
  if (bag['windowsHide'] != null) {
    // beyond-spec: arg-type
    validateBoolean(bag['windowsHide'], 'options.windowsHide');
  }
  let verbatim = bag['windowsVerbatimArguments'];
  if (verbatim != null) {
    // beyond-spec: arg-type
    validateBoolean(verbatim, 'options.windowsVerbatimArguments');
  }

  let file: string = command;
  if (shell) {
    // beyond-spec: nul-bytes
    validateNoNul(shell, 'options.shell');
    // The shell receives one command line: the command and its arguments joined by spaces, unquoted.
    const line = [command, ...argv].join(' ');
    file = shellOf(shell);
    const wrapped = shellArgs(file, line);
    argv = wrapped.args;
    if (wrapped.verbatim) verbatim = true;
  }
  const fullArgv = [typeof argv0 === 'string' ? argv0 : file, ...argv] as string[];

  // Any falsy env means "inherit", as it always has; a truthy one must be an object of variables.
  const envGiven = Boolean(bag['env']);
  if (envGiven && typeof bag['env'] !== 'object') {
    // beyond-spec: arg-type
    throw invalidArgType('options.env', 'of type object', bag['env']);
  }
  const env = (envGiven ? bag['env'] : process.env) as Readonly<Record<string, unknown>>;
  return {
    file,
    args: fullArgv,
    env,
    envPairs: environmentPairs(env, envGiven),
    cwd,
    detached: bag['detached'] === true,
    windowsHide: bag['windowsHide'] === true,
    windowsVerbatimArguments: verbatim === true,
    options: bag,
  };
}
