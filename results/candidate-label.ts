// How a candidate is named to people: its name and version, and, for a runtime whose behaviour also depends on its
// compatibility settings (workerd), the date and flags it ran with, so that two runs of one release at two dates read
// as two candidates wherever they are shown (console, report, dashboard columns, badges). Pure and browser-safe.
import type { CandidateCompatibility, CandidateInfo } from './results-file.js';

/**
 * The compatibility settings as a short phrase, or '' when there are none.
 * @example
 * compatibilityText({ date: '2025-08-14', flags: ['nodejs_compat'] }); // 'compat 2025-08-14 +nodejs_compat'
 */
function compatibilityText(compatibility: CandidateCompatibility | undefined): string {
  if (compatibility === undefined) return '';
  return [`compat ${compatibility.date}`, ...compatibility.flags.map((flag) => `+${flag}`)].join(' ');
}

/**
 * A candidate's name with its version and compatibility settings.
 * @example
 * candidateLabel({ name: 'workerd', version: '1.20261117.1', compatibility: { date: '2025-08-14', flags: [] } }); // 'workerd 1.20261117.1 (compat 2025-08-14)'
 * candidateLabel({ name: 'node', version: '22.23.3' }); // 'node 22.23.3'
 */
export function candidateLabel(candidate: Pick<CandidateInfo, 'name' | 'version' | 'compatibility'>): string {
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
