// What execSync and execFileSync throw: the spawn error, or a "Command failed" error for a non-zero exit, carrying
// the whole spawnSync result (status, signal, stdout, stderr, output, pid) as properties.
import type { SpawnSyncResult } from './spawn-sync.js';

/**
 * @param result The spawnSync result.
 * @param commandLine The command as shown in the message.
 * @returns The error to throw, or `undefined` when the command succeeded.
 * @example
 * ```ts
 * const error = syncFailure(spawnSync('false'), 'false'); // error.status === 1
 * ```
 */
export function syncFailure(result: SpawnSyncResult, commandLine: string): Error | undefined {
  if (result.error) return Object.assign(result.error, result);
  if (result.status === 0) return undefined;
  let message = `Command failed: ${commandLine}`;
  if (result.stderr && result.stderr.length > 0) message += `\n${result.stderr.toString()}`;
  return Object.assign(new Error(message), result);
}
