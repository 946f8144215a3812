// The shape of the vacuity audit (issue 31 §3): for a case whose rule concerns an option or a value, the "ignores it"
// candidates it must fail; for a case about neither, why it has none. Data, one table per module.
import type { CandidateModules } from '../../../conformance/modules.js';

/** A candidate that ignores one option or value a case's rule speaks of: the reference with that one thing undone. */
export interface IgnoringCandidate {
  /** What the candidate does instead, as a finding would say it: "drops cwd", "its default maxBuffer is 200 KiB". */
  readonly ignores: string;
  /** Builds the candidate's modules (only the case's own module is read). */
  readonly modules: () => CandidateModules;
}

/** The "ignores it" candidates one case must fail (each of them: a pass is a vacuous case). */
export interface AuditEntry {
  readonly case: string;
  readonly candidates: readonly IgnoringCandidate[];
}

/** Cases whose rules speak of no option and no value a candidate could ignore, with why. */
export interface Exemption {
  readonly cases: readonly string[];
  readonly why: string;
}

/** A module's audit: the entries and the exemptions, which together name every case of the module once. */
export interface ModuleAudit {
  readonly entries: readonly AuditEntry[];
  readonly exempt: readonly Exemption[];
}
