// How a candidate is named to people: its name and version; for a runtime that reaches the interface through a
// compatibility layer (Bare), the layer and its version; and, for a runtime whose behaviour also depends on its
// compatibility settings (workerd), the date and flags it ran with, so that two runs of one release at two dates (or
// through two layers) read as two candidates wherever they are shown (console, report, dashboard columns, badges).
// Pure and browser-safe.
import type { CandidateCompatibility, CandidateInfo, CandidateLayer } from './results-file.js';

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
 * A candidate's name with its version, layer and compatibility settings.
 * @example
 * candidateLabel({ name: 'workerd', version: '1.20261117.1', compatibility: { date: '2025-08-14', flags: [] } }); // 'workerd 1.20261117.1 (compat 2025-08-14)'
 * candidateLabel({ name: 'node', version: '22.23.3' }); // 'node 22.23.3'
 * candidateLabel({ name: 'bare', version: '1.33.4', layer: { name: 'bare-node-runtime', version: '1.5.0' } }); // 'bare 1.33.4 + bare-node-runtime 1.5.0'
 */
export function candidateLabel(candidate: Pick<CandidateInfo, 'name' | 'version' | 'compatibility' | 'layer'>): string {
  return withCompatibility(withLayer(candidate.version ? `${candidate.name} ${candidate.version}` : candidate.name, candidate.layer), candidate.compatibility);
}

/**
 * `label`, followed by the compatibility layer and its version when there is one.
 * @example
 * withLayer('1.33.4', { name: 'bare-node-runtime', version: '1.5.0' }); // '1.33.4 + bare-node-runtime 1.5.0'
 */
export function withLayer(label: string, layer: Pick<CandidateLayer, 'name' | 'version'> | undefined): string {
  return layer === undefined ? label : `${label} + ${layer.name} ${layer.version}`;
}

/**
 * What tells apart runs of one release in a column or a history: the version, with the layer and the compatibility
 * settings where the runtime has them.
 * @example
 * releaseLabel('1.33.4', { layer: { name: 'bare-node-runtime', version: '1.5.0' } }); // '1.33.4 + bare-node-runtime 1.5.0'
 */
export function releaseLabel(version: string, candidate: Pick<CandidateInfo, 'compatibility' | 'layer'>): string {
  return withCompatibility(withLayer(version, candidate.layer), candidate.compatibility);
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
