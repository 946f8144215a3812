// `spawnSync`: start a process and block until it ends. Arguments, shell, environment and command lookup are
// normalized by us as for `spawn`; the blocking wait is the host's, since no TypeScript can block on a child.
import { Buffer } from 'node:buffer';
import { spawnSync as hostSpawnSync, type SpawnSyncReturns } from 'node:child_process';
import { invalidArgType } from './errors.js';
import { DEFAULT_MAX_BUFFER } from './exec-file.js';
import { normalizeSpawnOptions } from './normalize-spawn-options.js';
import { resolveCommand, searchPathOf } from './resolve-command.js';
import { normalizeKillSignal } from './to-signal.js';
import { validateMaxBuffer, validateTimeout } from './validate.js';

export type SpawnSyncResult = SpawnSyncReturns<string | Buffer>;

/**
 * Runs `command` to completion.
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
 */
export function spawnSync(command: unknown, args?: unknown, options?: unknown): SpawnSyncResult {
  const normalized = normalizeSpawnOptions(command, args, options);
  const bag = normalized.options;
  validateTimeout(bag['timeout']);
  const maxBuffer = bag['maxBuffer'] ?? DEFAULT_MAX_BUFFER;
  validateMaxBuffer(maxBuffer);
  const killSignal = normalizeKillSignal(bag['killSignal']);
  const input = bag['input'];
  if (input && typeof input !== 'string' && !ArrayBuffer.isView(input)) {
    throw invalidArgType('options.stdio[0]', 'of type string or an instance of Buffer, TypedArray, or DataView', input);
  }
  const found = process.platform === 'win32' ? undefined : resolveCommand(normalized.file, searchPathOf(normalized.envPairs), normalized.cwd);
  const [argv0, ...rest] = normalized.args;
  const encoding = bag['encoding'];
  return hostSpawnSync(found ?? normalized.file, rest, {
    ...bag,
    argv0,
    cwd: normalized.cwd,
    env: normalized.env as NodeJS.ProcessEnv,
    shell: false,
    maxBuffer,
    killSignal,
    // Text input is encoded with the output encoding, as the callers of the sync functions expect.
    ...(typeof input === 'string' ? { input: Buffer.from(input, typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8') } : {}),
    windowsHide: normalized.windowsHide,
    windowsVerbatimArguments: normalized.windowsVerbatimArguments,
  } as Parameters<typeof hostSpawnSync>[2]) as SpawnSyncResult;
}
