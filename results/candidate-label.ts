// How a candidate is named to people: its name and version, and, for a runtime whose behaviour also depends on its
// compatibility settings (workerd), the date and flags it ran with, so that two runs of one release at two dates read
// as two candidates wherever they are shown (console, report, dashboard columns, badges); for a local build, the
// binary's path and digest, so that two builds of one version read as two. Pure and browser-safe.
import type { CandidateCompatibility, CandidateInfo, LocalBuild } from './results-file.js';

/** Hex digits of a binary's SHA-256 shown to tell builds apart (as git shows 12 of a commit's). */
export const SHORT_DIGEST_LENGTH = 12;

/**
 * A local build's short mark: the first hex digits of its digest.
 * @example
 * buildTag({ path: '/src/node/out/Release/node', sha256: '1a2b3c4d5e6f…' }); // 'build 1a2b3c4d5e6f'
 */
export function buildTag(build: LocalBuild): string {
  return `build ${build.sha256.slice(0, SHORT_DIGEST_LENGTH)}`;
}

/**
 * How a local build of a runtime is named: the runtime and version it reports, then what tells it apart from other
 * builds of that version and from the published release: its path and digest. Every kind of local binary (Node, Bun,
 * Deno today; any runtime recognised by its path later) is named here, from the name and version detected.
 * @param name the runtime, as detected from the binary (`node`)
 * @param version the version it reports, if any
 * @example
 * localBuildLabel('node', '20.20.2', { path: '/src/node/out/Release/node', sha256: '1a2b3c4d5e6f…' });
 * // 'node 20.20.2 (local build 1a2b3c4d5e6f, /src/node/out/Release/node)'
 */
export function localBuildLabel(name: string, version: string | undefined, build: LocalBuild): string {
  return `${version ? `${name} ${version}` : name} (local ${buildTag(build)}, ${build.path})`;
}

/**
 * The compatibility settings as a short phrase, or '' when there are none.
 * @example
 * compatibilityText({ date: '2025-08-14', flags: ['nodejs_compat'] }); // 'compat 2025-08-14 +nodejs_compat'
 */
export function compatibilityText(compatibility: CandidateCompatibility | undefined): string {
  if (compatibility === undefined) return '';
  return [`compat ${compatibility.date}`, ...compatibility.flags.map((flag) => `+${flag}`)].join(' ');
}

/**
 * A candidate's name with its version and compatibility settings.
 * @example
 * candidateLabel({ name: 'workerd', version: '1.20261117.1', compatibility: { date: '2025-08-14', flags: [] } }); // 'workerd 1.20261117.1 (compat 2025-08-14)'
 * candidateLabel({ name: 'node', version: '22.23.3' }); // 'node 22.23.3'
 */
export function candidateLabel(candidate: Pick<CandidateInfo, 'name' | 'version' | 'compatibility'> & Partial<Pick<CandidateInfo, 'build'>>): string {
  if (candidate.build) return withCompatibility(localBuildLabel(candidate.name, candidate.version, candidate.build), candidate.compatibility);
  return withCompatibility(candidate.version ? `${candidate.name} ${candidate.version}` : candidate.name, candidate.compatibility);
}

/**
 * `label`, followed by the compatibility settings in parentheses when there are any.
 * @example
 * withCompatibility('workerd 1.20261117.1', { date: '2026-11-17', flags: [] }); // 'workerd 1.20261117.1 (compat 2026-11-17)'
 */
export function withCompatibility(label: string, compatibility: CandidateCompatibility | undefined): string {
  const text = compatibilityText(compatibility);
  return text === '' ? label : `${label} (${text})`;
}
