// The npm registry as npm is configured to reach it (registry URL and CA file from `npm config`), and the one
// look-up we need from it: which published versions of a package match a range, with their tarball and integrity.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get, type RequestOptions } from 'node:https';
import { get as getHttp, type IncomingMessage } from 'node:http';
import { rootCertificates } from 'node:tls';
import { maxSatisfying } from 'semver';

export interface RegistryConfig {
  readonly registry: string;
  /** PEM text of extra CAs npm is configured to trust (`cafile`), if any. */
  readonly ca?: string;
}

export interface PublishedVersion {
  readonly name: string;
  readonly version: string;
  readonly tarball: string;
  /** Subresource-integrity string (`sha512-…`) from the registry. */
  readonly integrity?: string;
}

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    message: string,
    /** True when the registry could not be reached at all (as opposed to answering with a problem). */
    readonly unreachable: boolean,
  ) {
    super(message);
  }
}

const METADATA_LIMIT = 64 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

let configured: Promise<RegistryConfig> | undefined;

/** npm's registry settings; environment overrides (`npm_config_registry`) are honoured as npm itself would. */
export function registryConfig(): Promise<RegistryConfig> {
  configured ??= (async () => {
    let registry = process.env.npm_config_registry;
    let cafile = process.env.npm_config_cafile;
    if (!registry) {
      const output = await npmConfigGet(['registry', 'cafile']);
      for (const line of output.split('\n')) {
        const [key, ...rest] = line.split('=');
        const value = rest.join('=').trim();
        if (key === 'registry' && value) registry = value;
        if (key === 'cafile' && value && value !== 'null' && value !== 'undefined') cafile ??= value;
      }
    }
    registry = (registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
    let ca: string | undefined;
    if (cafile) {
      try {
        ca = readFileSync(cafile, 'utf8');
      } catch {
        // An unreadable cafile is npm's problem too; carry on with the default CAs.
      }
    }
    return { registry, ...(ca ? { ca } : {}) };
  })();
  return configured;
}

function npmConfigGet(keys: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFile(npm, ['config', 'get', ...keys], { timeout: 15_000, shell: process.platform === 'win32' }, (error, stdout) => resolve(error ? '' : String(stdout)));
  });
}

/** Options for an HTTPS GET against the registry (CA from npm's config on top of the defaults). */
export function requestOptions(config: RegistryConfig, headers: Record<string, string> = {}): RequestOptions {
  return { headers: { 'user-agent': 'rtconf', ...headers }, timeout: REQUEST_TIMEOUT_MS, ...(config.ca ? { ca: [config.ca, ...defaultCas()] } : {}) };
}

/** Passing `ca` replaces Node's bundled roots; keep them so a public registry still verifies. */
function defaultCas(): string[] {
  return [...rootCertificates];
}

/** GET that follows redirects; resolves with the response stream once a 200 arrives. */
export function httpGet(url: string, options: RequestOptions, redirects = 5): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const getter = url.startsWith('http:') ? getHttp : get;
    const request = getter(url, options, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location && redirects > 0) {
        response.resume();
        resolve(httpGet(new URL(response.headers.location, url).href, options, redirects - 1));
        return;
      }
      if (status !== 200) {
        response.resume();
        reject(new RegistryError(`GET ${url} answered ${status}`, false));
        return;
      }
      resolve(response);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', (error) => reject(new RegistryError(`cannot reach ${new URL(url).origin}: ${error.message}`, true)));
  });
}

/** GETs a package document (npm install's abbreviated form, which leaves out readmes), bounded in size. */
export async function fetchJson(url: string, config: RegistryConfig): Promise<unknown> {
  const response = await httpGet(url, requestOptions(config, { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' }));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > METADATA_LIMIT) {
      response.destroy();
      throw new RegistryError(`GET ${url}: metadata larger than ${METADATA_LIMIT} bytes`, false);
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new RegistryError(`GET ${url}: the answer is not JSON`, false);
  }
}

/** The newest published, non-prerelease version of `name` matching `range` ('latest' → the latest dist-tag). */
export async function resolvePublished(name: string, range: string, config?: RegistryConfig): Promise<PublishedVersion> {
  const registry = config ?? (await registryConfig());
  const url = `${registry.registry}${name.replace('/', '%2f')}`;
  const document = (await fetchJson(url, registry)) as { versions?: Record<string, { dist?: { tarball?: unknown; integrity?: unknown } }>; 'dist-tags'?: Record<string, string> };
  const versions = document.versions ?? {};
  const version = range === 'latest' ? document['dist-tags']?.latest : maxSatisfying(Object.keys(versions), range);
  const dist = version ? versions[version]?.dist : undefined;
  if (!version || !dist || typeof dist.tarball !== 'string') throw new RegistryError(`${name} has no published version matching ${range}`, false);
  return { name, version, tarball: dist.tarball, ...(typeof dist.integrity === 'string' ? { integrity: dist.integrity } : {}) };
}
