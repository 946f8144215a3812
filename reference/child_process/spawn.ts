// `spawn`: start a process asynchronously and return its ChildProcess, with the `timeout`, `killSignal` and `signal`
// behaviour layered on top. exec, execFile and fork are all built on this function.
import type { ChildProcess } from 'node:child_process';
import { AbortError } from './abort-error.js';
import { invalidArgValue, ipcOnePipe } from './errors.js';
import { normalizeSpawnOptions } from './normalize-spawn-options.js';
import { startProcess } from './start-process.js';
import { normalizeKillSignal } from './to-signal.js';
import { validateOptionalAbortSignal, validateTimeout } from './validate.js';

const SERIALIZATIONS: readonly unknown[] = [undefined, 'json', 'advanced'];

/** The index of the single `'ipc'` entry of a stdio array, or -1; more than one channel is refused. */
function ipcIndexOf(stdio: unknown): number {
  if (!Array.isArray(stdio)) return -1;
  const first = stdio.indexOf('ipc');
  if (first >= 0 && stdio.indexOf('ipc', first + 1) >= 0) throw ipcOnePipe();
  return first;
}

/**
 * Kills the child for an aborted signal and reports an AbortError on its `'error'` event (only when the kill was
 * delivered: a child that already exited has nothing to abort).
 */
function abortChild(child: ChildProcess, killSignal: number | undefined, reason: unknown): void {
  try {
    if (child.kill(killSignal)) child.emit('error', new AbortError(undefined, { cause: reason }));
  } catch (error) {
    child.emit('error', error);
  }
}

/**
 * Spawns `command` with `args`.
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
 */
export function spawn(command: unknown, args?: unknown, options?: unknown): ChildProcess {
  const normalized = normalizeSpawnOptions(command, args, options);
  const bag = normalized.options;
  const timeout = bag['timeout'];
  validateTimeout(timeout);
  const signal = bag['signal'];
  validateOptionalAbortSignal(signal, 'options.signal');
  const killSignal = normalizeKillSignal(bag['killSignal']);
  const serialization = bag['serialization'];
  if (!SERIALIZATIONS.includes(serialization)) {
    throw invalidArgValue('options.serialization', serialization, "must be one of: undefined, 'json', 'advanced'");
  }
  const stdio = bag['stdio'] ?? 'pipe';

  const child = startProcess(normalized, {
    stdio,
    serialization: serialization as 'json' | 'advanced' | undefined,
    ipcFd: ipcIndexOf(stdio),
  });

  if (timeout != null && timeout > 0) {
    let timer: NodeJS.Timeout | undefined = setTimeout(() => {
      timer = undefined;
      try {
        child.kill(killSignal);
      } catch (error) {
        child.emit('error', error);
      }
    }, timeout);
    child.once('exit', () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    });
  }

  if (signal) {
    const onAbort = (): void => abortChild(child, killSignal, signal.reason);
    if (signal.aborted) {
      // Reported on the next tick so the caller can attach its 'error' listener first.
      process.nextTick(onAbort);
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('exit', () => signal.removeEventListener('abort', onAbort));
    }
  }
  return child;
}
