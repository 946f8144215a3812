// The reference rt:child_process: exec, execFile, fork and spawn in the spec's order, then their blocking twins. The
// module object (the default export, which the runners hand to the cases) has the host's export names in its order.
//
// Everything up to creating the OS process is ours: argument shuffles, validation, shell wrapping, environment, PATH
// lookup, IPC variables (reference/internal/child_process/). Creating and waiting for a process is the host's
// (fork/exec cannot be written in TypeScript), and so is the ChildProcess class our functions return.
import { Buffer } from 'node:buffer';
import * as host from 'node:child_process';
import { invalidArgType, invalidArgValue } from './internal/errors.js';
import { killOnAbort, killOnTimeout } from './internal/child_process/child-lifetime.js';
import { normalizeExecArgs, normalizeExecFileArgs } from './internal/child_process/exec-arguments.js';
import { DEFAULT_MAX_BUFFER, superviseExec, syncFailure, textEncodingOf, type SpawnSyncResult } from './internal/child_process/exec-outcome.js';
import { forkStdio, withoutEval } from './internal/child_process/fork-options.js';
import { promisifiedExec, withPromisified } from './internal/child_process/promisified-exec.js';
import { normalizeKillSignal } from './internal/child_process/signals.js';
import { environmentObject, normalizeSpawnOptions } from './internal/child_process/spawn-options.js';
import { ownOptions } from './internal/own-options.js';
import { ipcIndexOf, startProcess } from './internal/child_process/start-process.js';
import { toPath } from './internal/child_process/to-path.js';
import {
  validateArray,
  validateMaxBuffer,
  validateNoNul,
  validateNoNulEach,
  validateObject,
  validateOptionalAbortSignal,
  validateTimeout,
} from './internal/validators.js';

/** The values `serialization` may take (`undefined`: the default, 'json'). */
const SERIALIZATIONS: readonly unknown[] = [undefined, 'json', 'advanced'];

/**
 * Runs `command` in a shell (`/bin/sh` unless `options.shell` names another) and calls `callback(error, stdout,
 * stderr)` when it ends: execFile with the shell always on. The command line is handed to the shell as is: never build
 * it from unsanitized input. `util.promisify(exec)` gives a promise of `{ stdout, stderr }` with the child as `.child`.
 *
 * @param command The command line.
 * @param options As execFile, with `shell` a string (default `/bin/sh`).
 * @param callback Completion callback (optional).
 * @returns The ChildProcess.
 * @example
 * ```ts
 * exec('ls | wc -l', (error, stdout) => console.log(stdout.trim()));
 * ```
 * @rules child_process.exec.returns-child-process, child_process.exec.command-shell-interpreted, child_process.exec.no-replace-process, child_process.exec.promisify-resolves, child_process.exec.promisify-child, child_process.exec.promisify-rejects, child_process.general.completion-callback-optional, child_process.general.built-on-spawn
 */
export const exec = withPromisified(execWithCallback, promisifiedExec(execWithCallback));

/** @rules child_process.exec.command-shell-interpreted, child_process.exec.shell-default-posix, child_process.exec.shell-default-windows, child_process.exec.shell-custom, child_process.general.windows-bat-via-exec, child_process.general.windows-bat-spaces-quoted */
function execWithCallback(command: unknown, options?: unknown, callback?: unknown): host.ChildProcess {
  const call = normalizeExecArgs(command, options, callback);
  return execFile(call.command, call.options, call.callback);
}

/**
 * Runs `file` with `args` (no shell unless asked), buffers its stdout and stderr up to `maxBuffer`, and calls
 * `callback(error, stdout, stderr)` when it ends. `error` is null on exit code 0; otherwise it carries `code` (the exit
 * code), `signal`, `killed` and `cmd`, or is the AbortError / maxBuffer RangeError / spawn error that ended the run.
 * `util.promisify(execFile)` gives a promise of `{ stdout, stderr }` with the child as `.child`.
 *
 * @param file Name (looked up in PATH) or path of the executable.
 * @param args Arguments (optional).
 * @param options cwd, env, encoding ('utf8'), timeout (0), maxBuffer (1 MiB), killSignal ('SIGTERM'), uid, gid,
 *   shell (false), signal, windowsHide, windowsVerbatimArguments.
 * @param callback Completion callback (optional).
 * @returns The ChildProcess.
 * @example
 * ```ts
 * execFile('node', ['--version'], (error, stdout) => console.log(stdout));
 * ```
 * @rules child_process.exec-file.returns-child-process, child_process.exec-file.runs-file-directly, child_process.exec-file.promisify-resolves, child_process.exec-file.promisify-child, child_process.exec-file.promisify-rejects, child_process.general.completion-callback-optional, child_process.general.built-on-spawn
 */
export const execFile = withPromisified(execFileWithCallback, promisifiedExec(execFileWithCallback));

/** @rules child_process.exec-file.runs-file-directly, child_process.exec-file.no-shell-no-redirection, child_process.exec-file.no-shell-no-globbing, child_process.general.windows-bat-not-exec-file, child_process.exec.cwd-default, child_process.exec.cwd-string, child_process.exec-file.cwd, child_process.exec.env-default, child_process.exec.env-custom, child_process.exec-file.env-default, child_process.exec-file.env-custom, child_process.exec.encoding-default-utf8, child_process.exec-file.encoding-default-utf8, child_process.exec.timeout-default, child_process.exec-file.timeout-default, child_process.exec.max-buffer-default, child_process.exec-file.max-buffer-default, child_process.exec.kill-signal-default, child_process.exec-file.kill-signal-default, child_process.exec.uid, child_process.exec.gid, child_process.exec-file.uid, child_process.exec-file.gid, child_process.exec.windows-hide, child_process.exec-file.windows-hide, child_process.exec-file.windows-verbatim-arguments, child_process.exec-file.windows-verbatim-arguments-ignored-unix, child_process.exec-file.shell-true-posix, child_process.exec-file.shell-true-windows, child_process.exec-file.shell-string, child_process.exec.signal-aborts, child_process.exec-file.signal-aborts */
function execFileWithCallback(file: unknown, args?: unknown, options?: unknown, callback?: unknown): host.ChildProcess {
  const call = normalizeExecFileArgs(file, args, options, callback);
  // Defaults under the caller's own options, in an object without a prototype: an unset option is the default, never
  // a property of Object.prototype.
  const settings: Readonly<Record<string, unknown>> = {
    __proto__: null,
    encoding: 'utf8',
    timeout: 0,
    maxBuffer: DEFAULT_MAX_BUFFER,
    killSignal: 'SIGTERM',
    cwd: null,
    env: null,
    shell: false,
    ...call.options,
  };
  const timeout = settings['timeout'];
  // beyond-spec: out-of-range
  validateTimeout(timeout);
  const maxBuffer = settings['maxBuffer'];
  // beyond-spec: out-of-range
  validateMaxBuffer(maxBuffer);
  const killSignal = normalizeKillSignal(settings['killSignal']);

  const child = spawn(call.file, call.args, {
    cwd: settings['cwd'],
    env: settings['env'],
    gid: settings['gid'],
    shell: settings['shell'],
    signal: settings['signal'],
    uid: settings['uid'],
    windowsHide: Boolean(settings['windowsHide']),
    windowsVerbatimArguments: Boolean(settings['windowsVerbatimArguments']),
  });
  superviseExec(child, {
    // spawn validated these: file is a string and args an array of strings.
    command: [call.file as string, ...(call.args as string[])].join(' '),
    encoding: textEncodingOf(settings['encoding']),
    // beyond-spec: undefined-as-absent
    maxBuffer: maxBuffer ?? DEFAULT_MAX_BUFFER,
    killSignal,
    timeout,
    callback: call.callback,
  });
  return child;
}

/**
 * Runs `modulePath` in a new process of the runtime (`options.execPath`, default the parent's executable) with an
 * IPC channel: `child.send()` / `'message'` in both directions. The channel is an extra stdio entry `'ipc'`; a child
 * with a custom `execPath` finds it through `RT_CHANNEL_FD`. `shell` is ignored.
 *
 * @param modulePath Path or `file:` URL of the module.
 * @param args Arguments for the module (optional).
 * @param options cwd, env, execPath, execArgv, serialization ('json' | 'advanced'), silent, stdio, signal,
 *   killSignal, timeout, detached, uid, gid…
 * @returns The ChildProcess, connected.
 * @example
 * ```ts
 * const child = fork('./worker.mjs', ['--id', '1'], { serialization: 'advanced' });
 * child.on('message', (message) => console.log(message));
 * child.send({ hello: 1n });
 * ```
 * @rules child_process.fork.returns-child-process, child_process.fork.module-path, child_process.fork.module-path-file-url, child_process.fork.args, child_process.fork.args-optional, child_process.fork.exec-path-default, child_process.fork.exec-path-custom, child_process.fork.exec-argv-default, child_process.fork.exec-argv-custom, child_process.fork.shell-ignored, child_process.fork.separate-instance, child_process.fork.not-a-clone, child_process.fork.ipc-channel, child_process.fork.cwd, child_process.fork.env-default, child_process.fork.env-custom, child_process.fork.detached, child_process.fork.uid, child_process.fork.gid, child_process.fork.serialization-default-json, child_process.fork.serialization-advanced, child_process.fork.signal-closes-child, child_process.fork.timeout-kills, child_process.fork.windows-verbatim-arguments, child_process.fork.many-discouraged
 */
export function fork(modulePath: unknown, args?: unknown, options?: unknown): host.ChildProcess {
  const module = toPath(modulePath, 'modulePath');
  let moduleArgs: readonly unknown[];
  if (args == null) {
    moduleArgs = [];
  } else if (typeof args === 'object' && !Array.isArray(args)) {
    options = args;
    moduleArgs = [];
  } else {
    // beyond-spec: arg-type
    validateArray(args, 'args');
    moduleArgs = args;
  }
  if (options != null) {
    // beyond-spec: arg-type
    validateObject(options, 'options');
  }
  const bag = ownOptions(options);
  bag['shell'] = false;

  const execPath = bag['execPath'] || process.execPath;
  // beyond-spec: nul-bytes
  validateNoNul(execPath, 'options.execPath');
  let execArgv: readonly unknown[];
  if (bag['execArgv']) {
    // beyond-spec: arg-type
    validateArray(bag['execArgv'], 'options.execArgv');
    execArgv = bag['execArgv'];
  } else {
    execArgv = withoutEval(process.execArgv);
  }
  // beyond-spec: nul-bytes
  validateNoNulEach(execArgv, 'options.execArgv');

  bag['stdio'] = forkStdio(bag['stdio'], bag['silent']);
  return spawn(execPath, [...execArgv, module, ...moduleArgs], bag);
}

/**
 * Spawns `command` with `args` and returns its ChildProcess at once; exec, execFile and fork are built on it. With
 * `timeout` the child is sent `killSignal` when it runs longer; an aborted `signal` kills it and reports an
 * AbortError on its `'error'` event.
 *
 * @param command The program (looked up in PATH when it has no `/`), or the command line with `shell`.
 * @param args Arguments; may be omitted, with the options in its place.
 * @param options cwd, env, argv0, stdio, detached, uid, gid, serialization, shell, signal, timeout, killSignal…
 * @returns The ChildProcess.
 * @example
 * ```ts
 * const child = spawn('ls', ['-l'], { stdio: 'inherit' });
 * child.on('close', (code) => console.log(code));
 * ```
 * @rules child_process.spawn.returns-child-process, child_process.spawn.asynchronous, child_process.spawn.command, child_process.spawn.stdio, child_process.spawn.serialization-default-json, child_process.spawn.serialization-advanced, child_process.fork.serialization-rejects-other, child_process.spawn.signal-aborts, child_process.spawn.kill-signal-on-abort, child_process.spawn.timeout-kills, child_process.general.default-stdio-pipes, child_process.general.full-pipe-blocks-child, child_process.general.stdio-ignore-avoids-blocking, child_process.general.pipe-capacity-platform-specific, child_process.general.like-popen
 */
export function spawn(command: unknown, args?: unknown, options?: unknown): host.ChildProcess {
  const normalized = normalizeSpawnOptions(command, args, options);
  const bag = normalized.options;
  const timeout = bag['timeout'];
  // beyond-spec: out-of-range
  validateTimeout(timeout);
  const signal = bag['signal'];
  // beyond-spec: arg-type
  validateOptionalAbortSignal(signal, 'options.signal');
  const killSignal = normalizeKillSignal(bag['killSignal']);
  const serialization = bag['serialization'];
  if (!SERIALIZATIONS.includes(serialization)) {
    // The refusal child_process.fork.serialization-rejects-other asks of fork, which is built on spawn.
    throw invalidArgValue('options.serialization', serialization, "must be one of: undefined, 'json', 'advanced'");
  }
  const stdio = bag['stdio'] ?? 'pipe';

  const child = startProcess(normalized, {
    stdio,
    serialization: serialization as 'json' | 'advanced' | undefined,
    ipcFd: ipcIndexOf(stdio),
  });
  killOnTimeout(child, timeout, killSignal);
  killOnAbort(child, signal, killSignal);
  return child;
}

/**
 * Runs `command` to completion, blocking the event loop. Arguments, shell, environment and command lookup are
 * normalized as for `spawn`; the blocking wait is the host's, since no TypeScript can block on a child.
 *
 * @param command The program (looked up in PATH when it has no `/`), or the command line with `shell`.
 * @param args Arguments (optional; the options may take its place).
 * @param options cwd, env, argv0, input, stdio ('pipe'), timeout, killSignal, maxBuffer (1 MiB), encoding, shell,
 *   uid, gid…
 * @returns `{ pid, output, stdout, stderr, status, signal, error? }`.
 * @example
 * ```ts
 * spawnSync('ls', ['-l'], { encoding: 'utf8' }).stdout;
 * ```
 * @rules child_process.sync.spawn-sync-blocks
 */
export function spawnSync(command: unknown, args?: unknown, options?: unknown): SpawnSyncResult {
  const normalized = normalizeSpawnOptions(command, args, options);
  const bag = normalized.options;
  // beyond-spec: out-of-range
  validateTimeout(bag['timeout']);
  // beyond-spec: sync-variants
  const maxBuffer = bag['maxBuffer'] ?? DEFAULT_MAX_BUFFER;
  // beyond-spec: out-of-range
  validateMaxBuffer(maxBuffer);
  // beyond-spec: sync-variants
  const killSignal = normalizeKillSignal(bag['killSignal']);
  // beyond-spec: sync-variants
  const input = bag['input'];
  if (input && typeof input !== 'string' && !ArrayBuffer.isView(input)) {
    // beyond-spec: arg-type
    throw invalidArgType('options.stdio[0]', 'of type string or an instance of Buffer, TypedArray, or DataView', input);
  }
  const [argv0, ...rest] = normalized.args;
  // beyond-spec: sync-variants
  const encoding = bag['encoding'];
  // Prototype-less: the host reads every option (encoding, stdio, timeout…) from this object, so an option the caller
  // did not set must not be found on Object.prototype there either.
  return host.spawnSync(normalized.file, rest, {
    __proto__: null,
    ...bag,
    argv0,
    cwd: normalized.cwd,
    // The variables we chose, in an object the host's enumeration cannot find anything else in.
    env: environmentObject(normalized.envPairs),
    shell: false,
    maxBuffer,
    killSignal,
    // beyond-spec: sync-variants
    ...syncInput(input, encoding),
    windowsHide: normalized.windowsHide,
    windowsVerbatimArguments: normalized.windowsVerbatimArguments,
  } as Parameters<typeof host.spawnSync>[2]) as SpawnSyncResult;
}

/**
 * The blocking spawn's `input` for a text input: encoded with the output encoding, as the callers of the sync
 * functions expect (any other input is handed over as it is, with the rest of the options).
 */
function syncInput(input: unknown, encoding: unknown): { input?: Buffer } {
  if (typeof input === 'string') {
    // beyond-spec: sync-variants
    return { input: Buffer.from(input, typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8') };
  }
  // beyond-spec: sync-variants
  return {};
}

/**
 * Runs `command` in a shell to completion: exec's blocking twin. Unless `stdio` is given, the child's stderr is passed
 * on to ours after it ends.
 *
 * @param command The command line (never built from unsanitized input).
 * @param options As spawnSync, with `shell` a string.
 * @returns The child's stdout.
 * @throws The spawn error, or an Error with `status`, `signal`, `stdout`, `stderr` when the exit code is not 0.
 * @example
 * ```ts
 * execSync('echo hi', { encoding: 'utf8' }); // 'hi\n'
 * ```
 * @rules child_process.sync.exec-sync-blocks
 */
export function execSync(command: unknown, options?: unknown): string | Buffer {
  const call = normalizeExecArgs(command, options);
  const result = spawnSync(call.command, call.options);
  if (!call.options['stdio'] && result.stderr) {
    // beyond-spec: sync-variants
    process.stderr.write(result.stderr);
  }
  // beyond-spec: sync-variants
  const failure = syncFailure(result, call.command);
  if (failure) {
    // beyond-spec: sync-variants
    throw failure;
  }
  return result.stdout;
}

/**
 * Runs `file` to completion: execFile's blocking twin. Unless `stdio` is given, the child's stderr is passed on to
 * ours after it ends.
 *
 * @param file Name (looked up in PATH) or path of the executable.
 * @param args Arguments (optional).
 * @param options As spawnSync.
 * @returns The child's stdout (string with an `encoding`, Buffer otherwise).
 * @throws The spawn error, or an Error with `status`, `signal`, `stdout`, `stderr` when the exit code is not 0.
 * @example
 * ```ts
 * execFileSync('node', ['--version'], { encoding: 'utf8' });
 * ```
 * @rules child_process.sync.exec-file-sync-blocks
 */
export function execFileSync(file: unknown, args?: unknown, options?: unknown): string | Buffer {
  const call = normalizeExecFileArgs(file, args, options);
  const result = spawnSync(call.file, call.args, call.options);
  if (!call.options['stdio'] && result.stderr) {
    // beyond-spec: sync-variants
    process.stderr.write(result.stderr);
  }
  // beyond-spec: sync-variants
  const shown = [(call.options['argv0'] as string | undefined) || (call.file as string), ...(call.args as string[])];
  // beyond-spec: sync-variants
  const failure = syncFailure(result, shown.join(' '));
  if (failure) {
    // beyond-spec: sync-variants
    throw failure;
  }
  return result.stdout;
}

/**
 * The class of the children our functions return: the host's, so `instanceof ChildProcess` holds for them.
 * @rules child_process.child-process.event-emitter, child_process.events.close-exit-code
 */
export const ChildProcess = host.ChildProcess;

/**
 * The child side of fork's channel (undeclared in the host's types): the host's bootstrap, which a forked runtime calls
 * to connect `process.send` / `'message'` to the descriptor it was given.
 * @rules child_process.fork.ipc-channel, child_process.fork.channel-fd-env
 */
export const _forkChild = (host as unknown as { _forkChild: (fd: number, serialization: string) => void })._forkChild;

/**
 * The reference `rt:child_process` module: the host's export names, in its order.
 * @rules child_process.general.module-exports
 */
const childProcess = { _forkChild, ChildProcess, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync };
export default childProcess;
