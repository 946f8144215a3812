// What differs between the runtimes we can run the agent in: where their official npm binary package lives, how a
// script is started, which environment they need, and what their `--version` looks like.
import { join } from 'node:path';
import type { RuntimeName } from '../../results/candidate-spec.js';

export interface RuntimeProfile {
  readonly name: RuntimeName;
  /** The npm package holding the official binary for a platform/arch, or undefined when none is published. */
  packageName(platform: NodeJS.Platform, arch: string): string | undefined;
  /** Path of the executable inside the unpacked package (`package/` stripped). */
  binaryInPackage(platform: NodeJS.Platform): string;
  /** Arguments that make the runtime execute the ESM file `script` with every permission it needs. */
  scriptArgs(script: string): string[];
  /** Environment added for the agent: switches off update checks and prompts that would touch the network or hang. */
  readonly env: Readonly<Record<string, string>>;
  /**
   * The variable a forked child with a custom execPath reads its IPC descriptor from. The spec calls it
   * `RT_CHANNEL_FD`; runtimes whose module scheme is `node:` use `NODE_CHANNEL_FD`.
   */
  readonly channelVariable: string;
  /** Extracts the version from the first line of `<binary> --version`, or undefined when the output is not ours. */
  parseVersion(output: string): string | undefined;
}

const exe = (platform: NodeJS.Platform, name: string): string => (platform === 'win32' ? `${name}.exe` : name);

const NODE_ARCH: Readonly<Record<string, string>> = { x64: 'x64', arm64: 'arm64', ppc64: 'ppc64le', s390x: 's390x' };
const NODE_OS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win' };
const BUN_ARCH: Readonly<Record<string, string>> = { x64: 'x64', arm64: 'aarch64' };
const BUN_OS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'windows' };
const DENO_ARCH: Readonly<Record<string, string>> = { x64: 'x64', arm64: 'arm64' };
const DENO_OS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };

export const PROFILES: Readonly<Record<RuntimeName, RuntimeProfile>> = {
  node: {
    name: 'node',
    packageName: (platform, arch) => (NODE_OS[platform] && NODE_ARCH[arch] ? `node-${NODE_OS[platform]}-${NODE_ARCH[arch]}` : undefined),
    binaryInPackage: (platform) => (platform === 'win32' ? 'node.exe' : join('bin', 'node')),
    scriptArgs: (script) => [script],
    env: {},
    channelVariable: 'NODE_CHANNEL_FD',
    parseVersion: (output) => /^v(\d+\.\d+\.\d+\S*)\s*$/.exec(output.trim())?.[1],
  },
  bun: {
    name: 'bun',
    // Linux glibc builds only; musl and "baseline" (no AVX2) siblings exist and can be used as runtime:/path.
    packageName: (platform, arch) => (BUN_OS[platform] && BUN_ARCH[arch] ? `@oven/bun-${BUN_OS[platform]}-${BUN_ARCH[arch]}` : undefined),
    binaryInPackage: (platform) => join('bin', exe(platform, 'bun')),
    scriptArgs: (script) => [script],
    // Bun reads .env files and bunfig.toml from the working directory; the agent runs in an empty one anyway.
    env: { DO_NOT_TRACK: '1' },
    channelVariable: 'NODE_CHANNEL_FD',
    parseVersion: (output) => /^(\d+\.\d+\.\d+\S*)\s*$/.exec(output.trim())?.[1],
  },
  deno: {
    name: 'deno',
    packageName: (platform, arch) => {
      if (!DENO_OS[platform] || !DENO_ARCH[arch]) return undefined;
      return platform === 'linux' ? `@deno/linux-${DENO_ARCH[arch]}-glibc` : `@deno/${DENO_OS[platform]}-${DENO_ARCH[arch]}`;
    },
    binaryInPackage: (platform) => exe(platform, 'deno'),
    // Every permission (the cases spawn processes, read env, open sockets), no config/lock file lookup, no prompt.
    scriptArgs: (script) => ['run', '--allow-all', '--no-config', '--no-lock', '--no-prompt', '--quiet', script],
    env: { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' },
    channelVariable: 'NODE_CHANNEL_FD',
    parseVersion: (output) => /^deno (\d+\.\d+\.\d+\S*)/.exec(output.trim())?.[1],
  },
};

/** Recognises a runtime from the output of `<binary> --version`. */
export function detectRuntime(versionOutput: string): { profile: RuntimeProfile; version: string } | undefined {
  // Deno and Bun first: their output is more specific than Node's bare `vX.Y.Z`.
  for (const name of ['deno', 'node', 'bun'] as const) {
    const version = PROFILES[name].parseVersion(versionOutput);
    if (version) return { profile: PROFILES[name], version };
  }
  return undefined;
}
