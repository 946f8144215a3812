// The form `util.promisify(exec)` / `util.promisify(execFile)` returns: a promise of `{ stdout, stderr }` that carries
// the ChildProcess as `.child`, and on failure rejects with the callback's error plus `stdout` and `stderr`.
import type { ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { ExecCallback } from './exec-arguments.js';

export interface ExecOutput {
  stdout: string | Buffer;
  stderr: string | Buffer;
}

export type PromiseWithChild<T> = Promise<T> & { child: ChildProcess };

type CallbackFunction = (...args: unknown[]) => ChildProcess;

/**
 * Builds the promise-returning twin of a callback-taking exec function.
 *
 * @param run exec or execFile (the callback is appended to the arguments given).
 * @returns A function with the same arguments, minus the callback, returning a promise with `.child`.
 * @example
 * ```ts
 * const { stdout } = await promisifiedExec(execFile)('node', ['--version']);
 * ```
 * @rules child_process.exec.promisify-resolves, child_process.exec.promisify-child, child_process.exec.promisify-rejects, child_process.exec-file.promisify-resolves, child_process.exec-file.promisify-child, child_process.exec-file.promisify-rejects
 */
export function promisifiedExec(run: CallbackFunction): (...args: unknown[]) => PromiseWithChild<ExecOutput> {
  return (...args: unknown[]) => {
    let settle: ExecCallback = () => undefined;
    const promise = new Promise<ExecOutput>((resolve, reject) => {
      settle = (error, stdout, stderr) => {
        if (error === null) resolve({ stdout, stderr });
        else reject(Object.assign(error, { stdout, stderr }));
      };
    });
    // Called outside the executor on purpose: invalid arguments throw synchronously, as with the callback form.
    const child = run(...args, (error: Error | null, stdout: string | Buffer, stderr: string | Buffer) => settle(error, stdout, stderr));
    return Object.assign(promise, { child });
  };
}

/**
 * Attaches `custom` as what `util.promisify(fn)` returns.
 *
 * @param fn The callback-style function.
 * @param custom Its promise form.
 * @returns `fn`, now carrying `custom` under `util.promisify.custom` (non-enumerable, read-only).
 * @example
 * ```ts
 * const exec = withPromisified(execWithCallback, promisifiedExec(execWithCallback));
 * ```
 * @rules child_process.exec.promisify-resolves, child_process.exec-file.promisify-resolves
 */
export function withPromisified<F extends CallbackFunction>(fn: F, custom: (...args: unknown[]) => unknown): F {
  Object.defineProperty(fn, promisify.custom, { value: custom, enumerable: false, writable: false, configurable: false });
  return fn;
}
