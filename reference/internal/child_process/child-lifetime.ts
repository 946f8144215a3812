// What ends a spawned child early on the parent's side: the `timeout` option and an aborted `signal`. Both send the
// `killSignal`; an abort also reports an AbortError on the child's `'error'` event.
import type { ChildProcess } from 'node:child_process';
import { AbortError } from '../errors.js';
import type { AbortSignalLike } from '../validators.js';

/**
 * Kills `child` with `killSignal` once it has run for `timeout` ms; the timer is dropped when the child exits.
 *
 * @param child The running child.
 * @param timeout Milliseconds (validated: a whole number ≥ 0); `0`, `null` and `undefined` mean no limit.
 * @param killSignal The signal to send (`undefined`: the default, SIGTERM).
 * @example
 * ```ts
 * killOnTimeout(child, 1000, 9);
 * ```
 * @rules child_process.spawn.timeout-kills, child_process.fork.timeout-default, child_process.fork.timeout-kills, child_process.fork.kill-signal-default, child_process.exec.timeout-default, child_process.exec.timeout-kills, child_process.exec-file.timeout-default, child_process.exec-file.timeout-kills
 */
export function killOnTimeout(child: ChildProcess, timeout: number | null | undefined, killSignal: number | undefined): void {
  if (timeout == null || timeout <= 0) return;
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

/**
 * Kills `child` with `killSignal` when `signal` aborts (on the next tick if it already has), and reports an
 * AbortError, the signal's reason as its `cause`, on the child's `'error'` event.
 *
 * @param child The running child.
 * @param signal The caller's AbortSignal (or AbortSignal-like object), if any.
 * @param killSignal The signal to send.
 * @example
 * ```ts
 * killOnAbort(child, controller.signal, undefined);
 * ```
 * @rules child_process.spawn.signal-aborts, child_process.spawn.kill-signal-on-abort, child_process.fork.signal-closes-child, child_process.fork.kill-signal-on-abort, child_process.exec.signal-aborts, child_process.exec-file.signal-aborts
 */
export function killOnAbort(child: ChildProcess, signal: AbortSignalLike | undefined, killSignal: number | undefined): void {
  if (!signal) return;
  const onAbort = (): void => abortChild(child, killSignal, signal.reason);
  if (signal.aborted) {
    // Reported on the next tick so the caller can attach its 'error' listener first.
    process.nextTick(onAbort);
  } else {
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('exit', () => signal.removeEventListener('abort', onAbort));
  }
}

/**
 * Kills the child for an aborted signal and reports an AbortError on its `'error'` event (only when the kill was
 * delivered: a child that already exited has nothing to abort).
 * @rules child_process.events.fork-abort-error, child_process.fork.kill-signal-default, child_process.fork.kill-signal-on-abort, child_process.spawn.kill-signal-on-abort
 */
function abortChild(child: ChildProcess, killSignal: number | undefined, reason: unknown): void {
  try {
    if (child.kill(killSignal)) child.emit('error', new AbortError(undefined, { cause: reason }));
  } catch (error) {
    child.emit('error', error);
  }
}
