// `execSync`: exec's blocking twin. Returns stdout; throws on a spawn error or a non-zero exit.
import type { Buffer } from 'node:buffer';
import { syncFailure } from './check-sync-result.js';
import { normalizeExecArgs } from './normalize-exec-args.js';
import { spawnSync } from './spawn-sync.js';

/**
 * Runs `command` in a shell to completion. Unless `stdio` is given, the child's stderr is passed on to ours.
 *
 * @param command The command line (never built from unsanitized input).
 * @param options As spawnSync, with `shell` a string.
 * @returns The child's stdout.
 * @throws The spawn error, or an Error with `status`, `signal`, `stdout`, `stderr` when the exit code is not 0.
 * @example
 * ```ts
 * execSync('echo hi', { encoding: 'utf8' }); // 'hi\n'
 * ```
 */
export function execSync(command: unknown, options?: unknown): string | Buffer {
  const call = normalizeExecArgs(command, options);
  const result = spawnSync(call.command, call.options);
  if (!call.options['stdio'] && result.stderr) process.stderr.write(result.stderr);
  const failure = syncFailure(result, call.command);
  if (failure) throw failure;
  return result.stdout;
}
