// What is particular to Cloudflare's workerd as a runtime we fetch and run: its binary's npm package per platform, how
// its version carries its release date, and which compatibility date and flags a candidate's Worker runs with.
import { ALWAYS_ON_FLAG, type WorkerdSpec } from '../../results/candidate-spec.js';

/** The compatibility settings a Worker ran with, as results.json records them (`candidate.compatibility`). */
export interface WorkerdCompatibility {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** The compatibility flags given to workerd, sorted (`nodejs_compat` included where the date does not imply it). */
  readonly flags: readonly string[];
}

/** The name runs and the dashboard know the runtime by (one spelling, the candidate grammar's). */
export { WORKERD } from '../../results/candidate-spec.js';

/**
 * From this compatibility date on, workerd turns `nodejs_compat` on by itself, and refuses to be told it again ("became
 * the default as of 2026-08-04 so does not need to be specified anymore"); Cloudflare's changelog of 2026-08-04.
 */
const NODEJS_COMPAT_DEFAULT_DATE = '2026-08-04';


const OS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'windows' };
const ARCH: Readonly<Record<string, string>> = { x64: '64', arm64: 'arm64' };

/**
 * The npm package holding workerd's binary for a platform: what the `workerd` package pulls in as an optional
 * dependency of the same version (`@cloudflare/workerd-linux-64`), or undefined when none is published.
 * @example
 * workerdPackageName('linux', 'x64'); // '@cloudflare/workerd-linux-64'
 */
export function workerdPackageName(platform: NodeJS.Platform, arch: string): string | undefined {
  const os = OS[platform];
  const bits = ARCH[arch];
  if (!os || !bits) return undefined;
  // Windows has only the x64 build.
  if (os === 'windows' && bits !== '64') return undefined;
  return `@cloudflare/workerd-${os}-${bits}`;
}

/** Path of the executable inside the package (`package/` stripped). */
export function workerdBinaryInPackage(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'bin/workerd.exe' : 'bin/workerd';
}

/**
 * The release date a workerd version carries (`1.YYYYMMDD.N`; the earliest were `0.YYYYMMDD.N`), as a compatibility date; undefined for any other form.
 * @example
 * releaseDateOf('1.20261117.1'); // '2026-11-17'
 */
export function releaseDateOf(version: string): string | undefined {
  const match = /^\d+\.(\d{4})(\d{2})(\d{2})\.\d+$/.exec(version);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/**
 * The date and flags a candidate's Worker runs with on one release: the spec's date, else the release's own; the
 * spec's flags, and `nodejs_compat` unless the date already implies it.
 * @throws RangeError when the spec names no date and the version carries none
 * @example
 * workerdCompatibility({ kind: 'workerd', compatibilityFlags: [] }, '1.20250814.0'); // { date: '2025-08-14', flags: ['nodejs_compat'] }
 */
export function workerdCompatibility(spec: Pick<WorkerdSpec, 'compatibilityDate' | 'compatibilityFlags'>, version: string): WorkerdCompatibility {
  const date = spec.compatibilityDate ?? releaseDateOf(version);
  if (date === undefined) throw new RangeError(`workerd ${version}: its version carries no release date; name one with date=YYYY-MM-DD`);
  const implied = date >= NODEJS_COMPAT_DEFAULT_DATE;
  const flags = [...new Set([...spec.compatibilityFlags, ...(implied ? [] : [ALWAYS_ON_FLAG])])].sort();
  return { date, flags };
}
