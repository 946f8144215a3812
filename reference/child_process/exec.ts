// `exec`: run a command line in a shell (`/bin/sh` unless `options.shell` names another) and buffer its output —
// execFile with the shell always on.
import type { ChildProcess } from 'node:child_process';
import { execFile } from './exec-file.js';
import { normalizeExecArgs } from './normalize-exec-args.js';
import { promisifiedExec, withPromisified } from './promisified-exec.js';

function execWithCallback(command: unknown, options?: unknown, callback?: unknown): ChildProcess {
  const call = normalizeExecArgs(command, options, callback);
  return execFile(call.command, call.options, call.callback);
}

/**
 * Runs `command` in a shell and calls `callback(error, stdout, stderr)` when it ends. The command line is handed to
 * the shell as is: never build it from unsanitized input.
 *
 * @param command The command line.
 * @param options As execFile, with `shell` a string (default `/bin/sh`).
 * @param callback Completion callback (optional).
 * @returns The ChildProcess.
 * @example
 * ```ts
 * exec('ls | wc -l', (error, stdout) => console.log(stdout.trim()));
 * ```
 */
export const exec = withPromisified(execWithCallback, promisifiedExec(execWithCallback));
