// `fork`: start another instance of the runtime on a module, with an IPC channel to it. The channel is an extra stdio
// entry `'ipc'`; the child finds it through the channel variables our spawn sets.
import type { ChildProcess } from 'node:child_process';
import { invalidArgValue, ipcOnePipe, ipcRequired } from './errors.js';
import { spawn } from './spawn.js';
import { toPath } from './to-path.js';
import { validateArray, validateNoNul, validateNoNulEach, validateObject } from './validate.js';

/** The stdio shorthands a string `stdio` may be. */
const STDIO_STRINGS: readonly string[] = ['pipe', 'ignore', 'inherit', 'overlapped'];

function stdioWithChannel(stdio: string): unknown[] {
  if (!STDIO_STRINGS.includes(stdio)) throw invalidArgValue('stdio', stdio);
  return [stdio, stdio, stdio, 'ipc'];
}

/** The stdio of a fork: a string or `silent` expand to three streams plus the channel; an array must hold one `'ipc'`. */
function forkStdio(stdio: unknown, silent: unknown): unknown[] {
  if (typeof stdio === 'string') return stdioWithChannel(stdio);
  if (!Array.isArray(stdio)) return stdioWithChannel(silent ? 'pipe' : 'inherit');
  const channels = stdio.filter((entry) => entry === 'ipc').length;
  if (channels === 0) throw ipcRequired('options.stdio');
  if (channels > 1) throw ipcOnePipe();
  return stdio;
}

/** Flags of the parent that evaluate inline code; forwarding them would make every fork run that code again. */
const EVAL_FLAGS: ReadonlySet<string> = new Set(['-e', '--eval', '-p', '--print', '-pe']);

function withoutEval(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] as string;
    if (EVAL_FLAGS.has(arg)) {
      i++; // and its code argument
      continue;
    }
    if (arg.startsWith('--eval=') || arg.startsWith('--print=')) continue;
    kept.push(arg);
  }
  return kept;
}

/**
 * Runs `modulePath` in a new process of the runtime (`options.execPath`, default the parent's executable) with an
 * IPC channel: `child.send()` / `'message'` in both directions. `shell` is ignored.
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
 */
export function fork(modulePath: unknown, args?: unknown, options?: unknown): ChildProcess {
  const module = toPath(modulePath, 'modulePath');
  let moduleArgs: readonly unknown[];
  if (args == null) {
    moduleArgs = [];
  } else if (typeof args === 'object' && !Array.isArray(args)) {
    options = args;
    moduleArgs = [];
  } else {
    validateArray(args, 'args');
    moduleArgs = args;
  }
  if (options != null) validateObject(options, 'options');
  const bag: Record<string, unknown> = { ...(options as object | undefined), shell: false };

  const execPath = bag['execPath'] || process.execPath;
  validateNoNul(execPath, 'options.execPath');
  let execArgv: readonly unknown[];
  if (bag['execArgv']) {
    validateArray(bag['execArgv'], 'options.execArgv');
    execArgv = bag['execArgv'];
  } else {
    execArgv = withoutEval(process.execArgv);
  }
  validateNoNulEach(execArgv, 'options.execArgv');

  bag['stdio'] = forkStdio(bag['stdio'], bag['silent']);
  return spawn(execPath, [...execArgv, module, ...moduleArgs], bag);
}
