// Starting a process for spawn, the step the reference leaves to the host runtime (fork/exec cannot be written in
// TypeScript; spawnSync's blocking wait is the host's too). Everything decided before that — program lookup, argv,
// environment, the IPC channel and its variable — is ours.
import { ChildProcess } from 'node:child_process';
import { ipcOnePipe } from '../errors.js';
import type { NormalizedSpawn } from './spawn-options.js';

/** What the host's process primitive takes: an already-normalized description of the process. */
interface ProcessDescription {
  file: string;
  args: string[];
  cwd: string | undefined;
  envPairs: string[];
  stdio: unknown;
  detached: boolean;
  uid: number | undefined;
  gid: number | undefined;
  windowsHide: boolean;
  windowsVerbatimArguments: boolean;
  serialization: 'json' | 'advanced' | undefined;
}

/** The host's ChildProcess with its process-creating method, which takes a normalized description. */
interface StartableChildProcess extends ChildProcess {
  spawn(description: ProcessDescription): void;
  spawnfile: string;
}

/**
 * Name of the variable telling a child which file descriptor is its IPC channel.
 * @rules child_process.fork.channel-fd-env
 */
const CHANNEL_FD_VARIABLE = 'RT_CHANNEL_FD';

export interface StartOptions {
  readonly stdio: unknown;
  readonly serialization: 'json' | 'advanced' | undefined;
  /** Index of the `'ipc'` entry of `stdio`, or -1. */
  readonly ipcFd: number;
}

/**
 * Finds the IPC channel of a stdio configuration.
 *
 * @param stdio The `stdio` option (a string or an array).
 * @returns The index of the single `'ipc'` entry of a stdio array, or -1 when there is none.
 * @throws `ERR_IPC_ONE_PIPE` when the array holds more than one channel.
 * @example
 * ```ts
 * ipcIndexOf(['pipe', 'pipe', 'pipe', 'ipc']); // 3
 * ```
 * @rules child_process.fork.ipc-channel, child_process.fork.stdio-exactly-one-ipc
 */
export function ipcIndexOf(stdio: unknown): number {
  if (!Array.isArray(stdio)) return -1;
  const first = stdio.indexOf('ipc');
  if (first >= 0 && stdio.indexOf('ipc', first + 1) >= 0) {
    // beyond-spec: second-ipc
    throw ipcOnePipe();
  }
  return first;
}

/**
 * Starts the process described by `spawn` and returns its ChildProcess. A bare command name is looked up by the host's
 * process layer, which applies the spec's rules (PATH from the child's env, `/usr/bin:/bin` without one).
 *
 * @param spawn The normalized spawn arguments.
 * @param start stdio, serialization and the IPC descriptor.
 * @returns The started child (spawn failures such as ENOENT arrive later as its `'error'` event).
 * @example
 * ```ts
 * const child = startProcess(normalizeSpawnOptions('true'), { stdio: 'ignore', serialization: undefined, ipcFd: -1 });
 * ```
 * @rules child_process.spawn.command, child_process.spawn.stdio, child_process.spawn.detached, child_process.spawn.uid, child_process.spawn.gid, child_process.spawn.serialization-default-json, child_process.spawn.serialization-advanced, child_process.fork.channel-fd-env, child_process.general.path-from-env-option, child_process.general.path-from-process, child_process.general.path-default-unix, child_process.general.path-windows-process, child_process.general.windows-bat-via-cmd-exe
 */
export function startProcess(spawn: NormalizedSpawn, start: StartOptions): ChildProcess {
  // A child that is not the same runtime (custom execPath) learns its channel from this variable. A value inherited
  // from our own environment (we may be a forked child) names a descriptor the new child does not have, so it is
  // always dropped, and set again only when this child really gets a channel.
  const prefix = `${CHANNEL_FD_VARIABLE}=`;
  let envPairs = spawn.envPairs;
  if (envPairs.some((pair) => pair.startsWith(prefix))) {
    // beyond-spec: channel-env
    envPairs = envPairs.filter((pair) => !pair.startsWith(prefix));
  }
  if (start.ipcFd >= 0) envPairs = [...envPairs, `${prefix}${start.ipcFd}`];
  const options = spawn.options;
  const child = new ChildProcess() as StartableChildProcess;
  // Prototype-less, like every options object the reference hands the host: what the host reads from it is only what
  // is written here.
  child.spawn({
    __proto__: null,
    // A bare name is searched by the host's process layer, in the PATH of `envPairs` (the child's environment, the
    // spec's rule), `/usr/bin:/bin` without one, relative entries from the child's cwd (libuv since 1.45, Node 20).
    file: spawn.file,
    args: spawn.args,
    cwd: spawn.cwd,
    envPairs,
    stdio: start.stdio,
    detached: spawn.detached,
    uid: options['uid'] == null ? undefined : (options['uid'] as number),
    gid: options['gid'] == null ? undefined : (options['gid'] as number),
    windowsHide: spawn.windowsHide,
    windowsVerbatimArguments: spawn.windowsVerbatimArguments,
    serialization: start.serialization,
  } as ProcessDescription);
  return child;
}
