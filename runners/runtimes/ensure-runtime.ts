// Turns a parsed `runtime:` spec into an executable on this machine: a local binary as given, or an official binary
// from the npm registry, downloaded once into the cache and reused (offline too) afterwards.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { rcompare, satisfies, valid } from 'semver';
import { writeFileAtomically } from '../../io/atomic-write.js';
import { CandidateError, formatCandidateSpec, type RuntimeSpec } from '../../results/candidate-spec.js';
import { cacheDir } from './cache-dir.js';
import { downloadBinary, type DownloadProgress } from './download-binary.js';
import { RegistryError, resolvePublished, type PublishedVersion } from './npm-registry.js';
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

export interface EnsureOptions {
  /** Reports download progress (bytes); called often, the caller throttles. */
  readonly onDownload?: (what: string, progress: DownloadProgress) => void;
  /** Trust a range resolution this long before asking the registry again (default one day). */
  readonly resolutionTtlMs?: number;
  readonly cache?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function ensureRuntime(parsed: RuntimeSpec, options: EnsureOptions = {}): Promise<ResolvedRuntime> {
  const spec = formatCandidateSpec(parsed);
  if (parsed.from === 'path') return localRuntime(spec, parsed.path);
  const range = parsed.range ?? 'latest';
  const profile = PROFILES[parsed.runtime];
  const packageName = profile.packageName(process.platform, process.arch);
  if (!packageName) throw new CandidateError(`candidate ${spec}: no official ${profile.name} package for ${process.platform}-${process.arch}; use runtime:/path/to/${profile.name}`);
  const root = join(options.cache ?? cacheDir(), 'runtimes');
  const binaryOf = (version: string): string => join(root, profile.name, version, binaryName(profile));

  const exact = valid(range);
  if (exact && existsSync(binaryOf(exact))) return { spec, profile, version: exact, executable: binaryOf(exact), source: 'cache' };
  const memoKey = `${packageName}@${range}`;
  const memo = await readMemo(root);
  const remembered = memo[memoKey];
  if (remembered && Date.now() - remembered.at < (options.resolutionTtlMs ?? DAY_MS) && existsSync(binaryOf(remembered.version))) {
    return { spec, profile, version: remembered.version, executable: binaryOf(remembered.version), source: 'cache' };
  }

  let published: PublishedVersion;
  try {
    published = await resolvePublished(packageName, range);
  } catch (error) {
    const offline = error instanceof RegistryError && error.unreachable ? await newestCached(root, profile, range) : undefined;
    if (offline) return { spec, profile, version: offline, executable: binaryOf(offline), source: 'cache' };
    throw new CandidateError(`candidate ${spec}: ${error instanceof Error ? error.message : String(error)}`);
  }
  await writeMemo(root, { ...memo, [memoKey]: { version: published.version, at: Date.now() } });
  const executable = binaryOf(published.version);
  if (existsSync(executable)) return { spec, profile, version: published.version, executable, source: 'cache' };
  try {
    await downloadBinary(published, profile.binaryInPackage(process.platform), executable, (progress) =>
      options.onDownload?.(`${profile.name} ${published.version} (${packageName})`, progress),
    );
  } catch (error) {
    throw new CandidateError(`candidate ${spec}: download failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { spec, profile, version: published.version, executable, source: 'download' };
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

type Memo = Record<string, { version: string; at: number }>;

async function readMemo(root: string): Promise<Memo> {
  try {
    const data = JSON.parse(await readFile(join(root, 'resolved.json'), 'utf8')) as unknown;
    return typeof data === 'object' && data !== null ? (data as Memo) : {};
  } catch {
    return {};
  }
}

async function writeMemo(root: string, memo: Memo): Promise<void> {
  await writeFileAtomically(join(root, 'resolved.json'), JSON.stringify(memo, null, 1));
}

/** The newest version already in the cache that satisfies the range (for runs without a registry). */
async function newestCached(root: string, profile: RuntimeProfile, range: string): Promise<string | undefined> {
  const versions = await readdir(join(root, profile.name)).catch(() => [] as string[]);
  return versions
    .filter((version) => valid(version) && (range === 'latest' || satisfies(version, range)) && existsSync(join(root, profile.name, version, binaryName(profile))))
    .sort(rcompare)[0];
}
