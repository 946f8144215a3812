// Downloads a runtime's npm tarball and unpacks only its executable, checking the registry's integrity hash, with
// a progress callback. The executable lands in `destination` atomically (temp dir + rename), so a download that is
// interrupted or corrupted never leaves a half-written runtime in the cache.
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar';
import { httpGet, registryConfig, requestOptions, RegistryError, type PublishedVersion } from './npm-registry.js';

export interface DownloadProgress {
  readonly received: number;
  /** From Content-Length; undefined when the registry does not say. */
  readonly total?: number;
}

/** Refuse tarballs larger than this: a runtime is ~50 MB compressed; anything far larger is not what we asked for. */
const MAX_TARBALL_BYTES = 512 * 1024 * 1024;

/**
 * Fetches `published.tarball` and writes the entry `package/<binaryInPackage>` to `destination` (mode 0755).
 * @returns the path written
 */
export async function downloadBinary(
  published: PublishedVersion,
  binaryInPackage: string,
  destination: string,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<string> {
  const config = await registryConfig();
  const response = await httpGet(published.tarball, requestOptions(config));
  const lengthHeader = Number(response.headers['content-length']);
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
  if (total !== undefined && total > MAX_TARBALL_BYTES) {
    response.destroy();
    throw new RegistryError(`${published.tarball} is ${total} bytes, more than the ${MAX_TARBALL_BYTES} a runtime may be`, false);
  }
  const [algorithm, expected] = splitIntegrity(published.integrity);
  const hash = createHash(algorithm);
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > MAX_TARBALL_BYTES) return callback(new RegistryError(`${published.tarball} exceeds ${MAX_TARBALL_BYTES} bytes`, false));
      hash.update(chunk);
      onProgress?.({ received, ...(total !== undefined ? { total } : {}) });
      callback(null, chunk);
    },
  });
  await mkdir(dirname(destination), { recursive: true });
  const staging = await mkdtemp(join(dirname(destination), '.download-'));
  try {
    const wanted = `package/${binaryInPackage.replaceAll('\\', '/')}`;
    const unpack = tar.x({ cwd: staging, strict: true, filter: (path) => path === wanted });
    await pipeline(response, meter, createGunzip(), unpack);
    const digest = hash.digest('base64');
    if (expected && digest !== expected) {
      throw new RegistryError(`${published.name}@${published.version}: integrity check failed (${algorithm} ${digest} ≠ ${expected})`, false);
    }
    const unpacked = join(staging, ...wanted.split('/'));
    const info = await stat(unpacked).catch(() => undefined);
    if (!info?.isFile()) throw new RegistryError(`${published.name}@${published.version}: the package has no ${wanted}`, false);
    await chmod(unpacked, 0o755);
    await rename(unpacked, destination);
    return destination;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function splitIntegrity(integrity: string | undefined): [string, string | undefined] {
  // Prefer the strongest hash listed (`sha512-… sha1-…`); without one, still hash (sha512) but check nothing.
  const entries = (integrity ?? '').split(/\s+/).map((entry) => /^(sha512|sha384|sha256)-(.+)$/.exec(entry)).filter((m): m is RegExpExecArray => m !== null);
  const best = entries.sort((a, b) => (b[1] ?? '').localeCompare(a[1] ?? ''))[0];
  return best ? [best[1] ?? 'sha512', best[2]] : ['sha512', undefined];
}
