// Turns a parsed `runtime:` spec into an executable on this machine: a local binary as given, or an official binary
// from the npm registry, downloaded once into the cache and reused (offline too) afterwards.
import { CandidateError, formatCandidateSpec, type RuntimeSpec } from '../../results/candidate-spec.js';
import { ensurePackagedBinary, type EnsureOptions } from './packaged-binary.js';
import { detectLocalBuild } from './local-build.js';
import { PROFILES, type RuntimeProfile } from './runtime-profile.js';

export interface ResolvedRuntime {
  /** The spec as its canonical text (the candidate id). */
  readonly spec: string;
  readonly profile: RuntimeProfile;
  readonly version: string;
  readonly executable: string;
  /** Where it came from: the cache (maybe just downloaded) or a local path. */
  readonly source: 'cache' | 'download' | 'path';
}

export type { EnsureOptions } from './packaged-binary.js';

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
  const { executable, build } = await detectLocalBuild(spec, path);
  if (build.kind !== 'process') throw new CandidateError(`candidate ${spec}: ${executable} is ${build.kind}, which runs as runtime:${build.kind} does, not as a process runtime`);
  return { spec, profile: build.profile, version: build.version, executable, source: 'path' };
}
