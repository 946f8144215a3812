// Turns a parsed `runtime:` spec into an executable on this machine: a local binary as given, or an official binary
// from the npm registry, downloaded once into the cache and reused (offline too) afterwards.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CandidateError, formatCandidateSpec, type RuntimeSpec } from '../../results/candidate-spec.js';
import { ensurePackagedBinary, type EnsureOptions } from './packaged-binary.js';
import { PROFILES, detectRuntime, type RuntimeProfile } from './runtime-profile.js';

export interface ResolvedRuntime {
  /** The spec as its canonical text (the candidate id). */
  readonly spec: string;
  readonly profile: RuntimeProfile;
  readonly version: string;
  readonly executable: string;
  /** Where it came from: the cache (maybe just downloaded) or a local path. */
  readonly source: 'cache' | 'download' | 'path';
}

export async function ensureRuntime(parsed: RuntimeSpec, options: EnsureOptions = {}): Promise<ResolvedRuntime> {
  const spec = formatCandidateSpec(parsed);
  if (parsed.from === 'path') return localRuntime(spec, parsed.path);
  const profile = PROFILES[parsed.runtime];
  const packageName = profile.packageName(process.platform, process.arch);
  if (!packageName) throw new CandidateError(`candidate ${spec}: no official ${profile.name} package for ${process.platform}-${process.arch}; use runtime:/path/to/${profile.name}`);
  const binary = { name: profile.name, packageName, binaryInPackage: profile.binaryInPackage(process.platform), fileName: binaryName(profile) };
  const ensured = await ensurePackagedBinary(binary, parsed.range ?? 'latest', spec, options);
  return { spec, profile, ...ensured };
}

function binaryName(profile: RuntimeProfile): string {
  return process.platform === 'win32' ? `${profile.name}.exe` : profile.name;
}

async function localRuntime(spec: string, path: string): Promise<ResolvedRuntime> {
  const executable = resolve(path.startsWith('~') ? join(homedir(), path.slice(1)) : path);
  if (!existsSync(executable)) throw new CandidateError(`candidate ${spec}: ${executable}: no such file`);
  const output = await new Promise<string>((done) => {
    execFile(executable, ['--version'], { timeout: 15_000, maxBuffer: 64 * 1024, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } }, (error, stdout) =>
      done(error ? `error: ${error.message}` : String(stdout)),
    );
  });
  const detected = detectRuntime(output.split('\n')[0] ?? '');
  if (!detected) throw new CandidateError(`candidate ${spec}: cannot tell which runtime ${executable} is from its --version output: ${JSON.stringify(output.slice(0, 200))}`);
  return { spec, profile: detected.profile, version: detected.version, executable, source: 'path' };
}
