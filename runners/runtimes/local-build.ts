// A local build given by path (`runtime:/path/to/binary`): which runtime it is, told from what the binary says of
// itself. `--version` tells Node (`v22.1.0`), Bun (`1.4.5`), Deno (`deno 2.9.6 …`) and workerd (`workerd 2026-11-17`,
// the newest compatibility date it supports) apart; Bare prints `v1.33.4` as Node does, so a `vX.Y.Z` binary is
// asked whether it has Bare's global. And which binary it is: its path and the SHA-256 of its bytes, recorded on the
// candidate (`candidate.build`) so that builds of one version are told apart and never taken for the published release.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CandidateError } from '../../results/candidate-spec.js';
import type { CandidateBuild } from '../../results/results-file.js';
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

/**
 * The binary's identity: its path and a digest of its bytes, read once (a Node build of ~100 MB takes well under a
 * second).
 * @param executable the binary's absolute path, as run
 * @example
 * await describeLocalBuild('/src/node/out/Release/node'); // { path: '/src/node/out/Release/node', sha256: '1a2b…' }
 */
export async function describeLocalBuild(executable: string): Promise<CandidateBuild> {
  const hash = createHash('sha256');
  // A link is digested by what it points to, the bytes that run.
  for await (const chunk of createReadStream(await realpath(executable))) hash.update(chunk as Buffer);
  return { path: executable, sha256: hash.digest('hex') };
}
