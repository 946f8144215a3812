// `execFileSync`: execFile's blocking twin. Returns stdout; throws on a spawn error or a non-zero exit.
import type { Buffer } from 'node:buffer';
import { syncFailure } from './check-sync-result.js';
import { normalizeExecFileArgs } from './normalize-exec-file-args.js';
import { spawnSync } from './spawn-sync.js';

/**
 * Runs `file` to completion. Unless `stdio` is given, the child's stderr is passed on to ours after it ends.
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
 */
export function execFileSync(file: unknown, args?: unknown, options?: unknown): string | Buffer {
  const call = normalizeExecFileArgs(file, args, options);
  const result = spawnSync(call.file, call.args, call.options);
  if (!call.options['stdio'] && result.stderr) process.stderr.write(result.stderr);
  const shown = [(call.options['argv0'] as string | undefined) || (call.file as string), ...(call.args as string[])];
  const failure = syncFailure(result, shown.join(' '));
  if (failure) throw failure;
  return result.stdout;
}
