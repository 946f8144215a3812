// Certifying against an interface version (`rtconf run --interface vX`): the interface is versioned by runtime
// release (the spec's Versioning section, spec/versioning.ts), and the interface as of vX holds the rules whose
// behaviour was introduced at or before vX. A case citing a rule introduced later is `na` with that reason.
//
// - A rule's `since` is the release that introduced (or last changed) what it states. A rule without `since` states
//   something present since its module was introduced (`MODULE_INTRODUCED`): it belongs to every interface version.
// - A change the spec records as backported ("v14.1.0 / v13.14.0") is in vX when vX is at or after the release, or
//   on the backport's release line at or after the backport (v13.14.0 and later v13, not v14.0.0).
// - A case is `na` when ANY rule it cites is outside vX, unlike platforms (`na` only when none applies): a case
//   exercises every rule it cites, so one that needs a later behaviour cannot be held against an earlier interface.
import { compare, major, valid } from 'semver';
import type { ModuleName, Rule } from '../spec/rule.js';
import { MODULE_INTRODUCED, RECORDED_CHANGES } from '../spec/versioning.js';
import { caseFields, type CaseResult } from './results-file.js';

/** What applicability needs of a rule. */
export type VersionedRule = Pick<Rule, 'id' | 'module' | 'since'>;

/** What applicability needs of a case. */
export interface VersionedCase {
  readonly id: string;
  readonly module: ModuleName;
  readonly rules: readonly string[];
  readonly apis?: readonly string[];
}

/** A malformed `--interface` value: bad usage, exit 2. */
export class InterfaceVersionError extends Error {
  override readonly name = 'InterfaceVersionError';
  readonly code = 'ERR_RTCONF_INTERFACE';
}

const VERSION_TEXT = /^v?(\d{1,4})(?:\.(\d{1,4}))?(?:\.(\d{1,4}))?$/;

/** The oldest release any module of the interface exists in. */
const FIRST_RELEASE = Object.values(MODULE_INTRODUCED).sort(compare)[0] ?? 'v0.0.0';

/**
 * Reads an `--interface` value.
 * @param text `v18.0.0`, `18.0.0`, `v18.4` or `v18` (missing parts are 0)
 * @returns the version as `vMAJOR.MINOR.PATCH`
 * @throws InterfaceVersionError (`ERR_RTCONF_INTERFACE`) for anything else, or a version older than every module
 * @example
 * parseInterfaceVersion('18'); // 'v18.0.0'
 */
export function parseInterfaceVersion(text: string): string {
  const match = VERSION_TEXT.exec(text.trim());
  if (!match) {
    throw new InterfaceVersionError(`--interface must be a release such as v18.0.0 (see the Versioning table of the spec), got ${JSON.stringify(text)}`);
  }
  const version = `v${Number(match[1])}.${Number(match[2] ?? 0)}.${Number(match[3] ?? 0)}`;
  if (compare(version, FIRST_RELEASE) < 0) {
    throw new InterfaceVersionError(`--interface ${version} predates the interface: its first module, rt:querystring, was introduced in ${FIRST_RELEASE}`);
  }
  return version;
}

/**
 * The release a rule's statement entered the interface.
 * @example
 * introducedIn({ module: 'https', since: 'v19.0.0' }); // 'v19.0.0'
 * introducedIn({ module: 'querystring' }); // 'v0.1.25', when rt:querystring was introduced
 */
export function introducedIn(rule: Pick<VersionedRule, 'module' | 'since'>): string {
  return rule.since ?? MODULE_INTRODUCED[rule.module];
}

/**
 * Whether the interface as of `version` contains the rule.
 * @param rule the rule (its module and `since`)
 * @param version a version as `parseInterfaceVersion` returns it
 * @example
 * ruleInInterface({ module: 'https', since: 'v19.0.0' }, 'v18.0.0'); // false
 * ruleInInterface({ module: 'https', since: 'v16.7.0' }, 'v14.18.0'); // true: backported to v14.18.0
 */
export function ruleInInterface(rule: Pick<VersionedRule, 'module' | 'since'>, version: string): boolean {
  const release = introducedIn(rule);
  if (!valid(release) || compare(version, release) >= 0) return true;
  const recorded = RECORDED_CHANGES.find((change) => change.module === rule.module && change.release === release);
  return (recorded?.backports ?? []).some((backport) => major(backport) === major(version) && compare(version, backport) >= 0);
}

/**
 * Why a case citing `rules` is `na` under the interface `version`, or undefined when every rule is in it.
 * @example
 * interfaceNaReason([{ id: 'https.global-agent.keep-alive', module: 'https', since: 'v19.0.0' }], 'v18.0.0');
 * // 'introduced in v19.0.0, after the certified interface v18.0.0 (https.global-agent.keep-alive)'
 */
export function interfaceNaReason(rules: readonly VersionedRule[], version: string): string | undefined {
  const later = new Map<string, string[]>();
  for (const rule of rules) {
    if (ruleInInterface(rule, version)) continue;
    const release = introducedIn(rule);
    later.set(release, [...(later.get(release) ?? []), rule.id]);
  }
  if (later.size === 0) return undefined;
  const parts = [...later].sort(([a], [b]) => compare(a, b)).map(([release, ids]) => `${release} (${ids.join(', ')})`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `introduced in ${list}, after the certified interface ${version}`;
}

/**
 * Splits the cases of a run into those the interface `version` contains and `na` results for the others.
 * @param cases the selected cases
 * @param rules the rules they cite (a rule missing here is taken to be in every version)
 * @param version the certified interface; undefined: every case applies
 * @returns the cases to run, and one `na` result per case left out, in the order given
 * @example
 * const { applicable, outside } = splitByInterface(cases, catalogue, 'v18.0.0');
 */
export function splitByInterface<C extends VersionedCase>(
  cases: readonly C[],
  rules: readonly VersionedRule[],
  version: string | undefined,
): { applicable: C[]; outside: CaseResult[] } {
  if (version === undefined) return { applicable: [...cases], outside: [] };
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const applicable: C[] = [];
  const outside: CaseResult[] = [];
  for (const item of cases) {
    const cited = item.rules.flatMap((id) => byId.get(id) ?? []);
    const reason = interfaceNaReason(cited, version);
    if (reason === undefined) applicable.push(item);
    else outside.push({ ...caseFields(item), status: 'na', durationMs: 0, message: reason });
  }
  return { applicable, outside };
}
