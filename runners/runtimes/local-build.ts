// A local build given by path (`runtime:/path/to/binary`): which runtime it is, told from what the binary says of
// itself. `--version` tells Node (`v22.1.0`), Bun (`1.4.5`), Deno (`deno 2.9.6 …`) and workerd (`workerd 2026-11-17`,
// the newest compatibility date it supports) apart; Bare prints `v1.33.4` as Node does, so a `vX.Y.Z` binary is
// asked whether it has Bare's global.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CandidateError } from '../../results/candidate-spec.js';
import { parseBareVersion } from './bare-profile.js';
import { detectRuntime, type RuntimeProfile } from './runtime-profile.js';

export type LocalBuild =
  | { readonly kind: 'process'; readonly profile: RuntimeProfile; readonly version: string }
  /** `version` as workerd prints it: the newest compatibility date the build supports (`2026-11-17`). */
  | { readonly kind: 'workerd'; readonly version: string }
  | { readonly kind: 'bare'; readonly version: string };

/** How long a binary may take to say what it is. */
const ASK_MS = 15_000;

/**
 * The absolute path of a local build and which runtime it is.
 * @param spec the candidate id, for messages
 * @throws CandidateError when the file does not exist or says nothing we recognise
 * @example
 * await detectLocalBuild('runtime:/opt/bare', '/opt/bare'); // { executable: '/opt/bare', build: { kind: 'bare', version: '1.33.4' } }
 */
export async function detectLocalBuild(spec: string, path: string): Promise<{ executable: string; build: LocalBuild }> {
  const executable = resolve(path.startsWith('~') ? join(homedir(), path.slice(1)) : path);
  if (!existsSync(executable)) throw new CandidateError(`candidate ${spec}: ${executable}: no such file`);
  const output = await ask(executable, ['--version']);
  const first = output.split('\n')[0] ?? '';
  const workerd = /^workerd (\S+)\s*$/.exec(first.trim());
  if (workerd?.[1]) return { executable, build: { kind: 'workerd', version: workerd[1] } };
  const bareVersion = parseBareVersion(first);
  // Node prints the same `vX.Y.Z`: only Bare has a global named Bare (and `-p` prints an expression in both).
  if (bareVersion !== undefined && (await ask(executable, ['-p', 'typeof Bare'])).trim() === 'object') return { executable, build: { kind: 'bare', version: bareVersion } };
  const detected = detectRuntime(first);
  if (!detected) throw new CandidateError(`candidate ${spec}: cannot tell which runtime ${executable} is from its --version output: ${JSON.stringify(output.slice(0, 200))}`);
  return { executable, build: { kind: 'process', profile: detected.profile, version: detected.version } };
}

function ask(executable: string, args: readonly string[]): Promise<string> {
  return new Promise((done) => {
    execFile(executable, args, { timeout: ASK_MS, maxBuffer: 64 * 1024, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } }, (error, stdout) =>
      done(error ? `error: ${error.message}` : String(stdout)),
    );
  });
}
