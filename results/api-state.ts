// Per-API state: for each export of the interface (spec/apis.ts), what one candidate's results say of it, in the terms
// its users ask in: is it there (absent), does it say it is not implemented (stub), does it run but keep none of its
// rules (failing), does it work but break some of them (partial), or does it keep every one (conformant). Derived from the results alone, with the rule → API mapping of
// the catalogue; a result counts for the exports its case judges (the result's `apis`), so a rule several exports
// share is judged per export. Where the results do not say enough (its module not run or not provided, some of its
// rules not selected) the state is `untested` and says why, rather than a guess. Browser-safe (pure functions only).
import { apiCites, type Api } from '../spec/apis.js';
import { unimplementedOf } from './api-evidence.js';
import type { CandidateRun, CaseResult, RuleSummary } from './results-file.js';
import { isFailing } from './status.js';
import { ruleStatuses, type RuleStatus } from './verdict.js';

/**
 * - `absent`: a case found the export missing (not exported, or not a function, class or object as the spec says);
 * - `stub`: it is exported, a call answered with a not-implemented error (or the runtime's equivalent), and none of its
 *   normative rules passed;
 * - `failing`: it is exported and runs (no call said "not implemented"), but none of its normative rules passed and some
 *   failed: an implementation of something else under the spec's name (a wrapper that returns promises, plain HTTP
 *   offered as https), which is not a stub, and not partly usable either;
 * - `partial`: it works (an observed pass of one of its normative rules) and at least one of them fails;
 * - `conformant`: every one of its normative rules that applies here was evaluated and passed;
 * - `untested`: the results cannot tell (see `UntestedReason`).
 */
export const API_STATES = ['absent', 'stub', 'failing', 'partial', 'conformant', 'untested'] as const;
export type ApiStateName = (typeof API_STATES)[number];

/**
 * Why an API is `untested`:
 * - `not-provided`: the candidate does not provide its module (every case skipped);
 * - `not-run`: none of its rules was run (its module or its cases were not selected);
 * - `not-applicable`: none of its rules applies on this platform;
 * - `incomplete`: every rule that was evaluated passed, but some were not run: not fully tested.
 */
export type UntestedReason = 'not-provided' | 'not-run' | 'not-applicable' | 'incomplete';

/** How the API's normative rules fared (each counted once, by its aggregated status). */
export interface ApiRuleCounts {
  /** Normative rules of the API in the results file's catalogue. */
  readonly total: number;
  readonly passed: number;
  /** fail, error, timeout, crash or flaky (see `isFailing`). */
  readonly failing: number;
  readonly notApplicable: number;
  /** Rules no result cites, or whose cases were all skipped. */
  readonly notRun: number;
}

export interface ApiState {
  /** `module.name`, e.g. `child_process.fork`. */
  readonly api: string;
  readonly state: ApiStateName;
  /** Present exactly when `state` is `untested`. */
  readonly untested?: UntestedReason;
  /** Every normative rule of the API has a verdict here (pass, failing or not applicable). */
  readonly complete: boolean;
  readonly rules: ApiRuleCounts;
  /** Ids of its failing normative rules, in catalogue order: what `partial` lists. */
  readonly failing: readonly string[];
  /** Ids of its normative rules that were not run. */
  readonly notRun: readonly string[];
  /** Ids of the cases that found it missing, and of those it answered with a not-implemented error. */
  readonly evidence: { readonly missing: readonly string[]; readonly notImplemented: readonly string[] };
  /** Each of its normative rules with its status as judged for this export (from the results that count for it). */
  readonly statuses: Readonly<Record<string, RuleStatus>>;
  /** Ids of the failing cases behind its failing rules: those that count for it and cite one of them. */
  readonly failingCases: readonly string[];
  /**
   * For an alias (`aliasOf` in the catalogue) whose identity a case observed: the export it names, and whether the
   * candidate's alias is that very function object. When it is, the state is judged on both exports' rules and results.
   */
  readonly identity?: { readonly of: string; readonly same: boolean };
}

/**
 * The state of every API for one candidate's run.
 * @param run the candidate's results
 * @param rules the rules of the results file the run comes from (only its normative rules count)
 * @param catalogue the APIs (spec/apis.ts `apis`)
 * @returns one state per API, in the catalogue's order
 * @example
 * apiStates(results.runs[0], results.rules, apis).find((s) => s.api === 'child_process.fork')?.state; // 'conformant'
 */
export function apiStates(run: Pick<CandidateRun, 'results'>, rules: readonly RuleSummary[], catalogue: readonly Api[]): ApiState[] {
  const normative = rules.filter((rule) => rule.level === 'normative');
  const missing = new Map<string, string[]>();
  const notImplemented = new Map<string, string[]>();
  for (const result of run.results) {
    for (const { api, observed } of unimplementedOf(result)) {
      const into = observed === 'missing' ? missing : notImplemented;
      const cases = into.get(api) ?? [];
      if (!cases.includes(result.case)) cases.push(result.case);
      into.set(api, cases);
    }
  }
  const identities = aliasIdentities(run.results, catalogue);
  return catalogue.map((api) => {
    const identity = identities.get(api.id);
    // An alias that is its original's very function object is judged as one with it: every call of either was a call of it.
    const judged = identity?.same ? catalogue.filter((other) => other.id === api.id || other.id === identity.of) : [api];
    const ids = new Set(judged.map((one) => one.id));
    const counted = run.results.filter((result) => judged.some((one) => countsFor(result, one)));
    const statuses = ruleStatuses({ results: counted }, normative);
    const own = normative.filter((rule) => judged.some((one) => apiCites(one, rule.id)));
    const evidenceOf = (from: Map<string, string[]>): string[] => [...new Set([...ids].flatMap((id) => from.get(id) ?? []))];
    const state = stateOf(
      api.id,
      own.map((rule) => [rule.id, statuses.get(rule.id) ?? 'none'] as const),
      { missing: evidenceOf(missing), notImplemented: evidenceOf(notImplemented) },
      failingCasesOf(counted, new Set(own.map((rule) => rule.id))),
    );
    return identity ? { ...state, identity } : state;
  });
}

/**
 * Whether a result counts for an API: its case judges that export (the result's `apis`), or, in a results file written
 * before `apis`, one of its rules speaks of it.
 */
function countsFor(result: Pick<CaseResult, 'apis' | 'rules'>, api: Pick<Api, 'id' | 'rules'>): boolean {
  if (result.apis !== undefined) return result.apis.includes(api.id);
  return result.rules.some((rule) => apiCites(api, rule));
}

/**
 * What the results saw of each alias of the catalogue: the export it names, and whether it is that very function
 * object. One observation of a separate function outweighs any number of the same (a candidate could swap one).
 */
function aliasIdentities(results: readonly Pick<CaseResult, 'aliases'>[], catalogue: readonly Api[]): Map<string, { of: string; same: boolean }> {
  const found = new Map<string, { of: string; same: boolean }>();
  for (const result of results) {
    for (const seen of result.aliases ?? []) {
      const alias = catalogue.find((api) => api.id === seen.api);
      if (alias?.aliasOf === undefined || seen.of !== `${alias.module}.${alias.aliasOf}`) continue;
      const before = found.get(seen.api);
      found.set(seen.api, { of: seen.of, same: (before?.same ?? true) && seen.same });
    }
  }
  return found;
}

/** The failing results that cite one of `rules`, in the order of the run. */
function failingCasesOf(results: readonly Pick<CaseResult, 'case' | 'rules' | 'status'>[], rules: ReadonlySet<string>): string[] {
  return [...new Set(results.filter((result) => isFailing(result.status) && result.rules.some((rule) => rules.has(rule))).map((result) => result.case))];
}

/**
 * The state of one API from its rules' statuses and the evidence about the export itself.
 * @param ruleStatusList its normative rules with their statuses as judged for it, in catalogue order
 * @param failingCases the failing cases behind its failing rules
 */
function stateOf(
  api: string,
  ruleStatusList: readonly (readonly [string, RuleStatus])[],
  evidence: ApiState['evidence'],
  failingCases: readonly string[] = [],
): ApiState {
  const failing: string[] = [];
  const notRun: string[] = [];
  let passed = 0;
  let notApplicable = 0;
  let skipped = 0;
  for (const [id, status] of ruleStatusList) {
    if (status === 'pass') passed++;
    else if (status === 'na') notApplicable++;
    else if (isFailing(status)) failing.push(id);
    else {
      if (status === 'skip') skipped++;
      notRun.push(id);
    }
  }
  const rules: ApiRuleCounts = { total: ruleStatusList.length, passed, failing: failing.length, notApplicable, notRun: notRun.length };
  const statuses = Object.fromEntries(ruleStatusList) as Record<string, RuleStatus>;
  const base = { api, complete: notRun.length === 0 && ruleStatusList.length > 0, rules, failing, notRun, evidence, statuses, failingCases };
  if (evidence.missing.length > 0) return { ...base, state: 'absent' };
  if (passed === 0 && evidence.notImplemented.length > 0) return { ...base, state: 'stub' };
  if (passed === 0 && failing.length > 0) return { ...base, state: 'failing' };
  if (passed + failing.length === 0) {
    const untested: UntestedReason = skipped > 0 && skipped === notRun.length ? 'not-provided' : notRun.length > 0 || ruleStatusList.length === 0 ? 'not-run' : 'not-applicable';
    return { ...base, state: 'untested', untested };
  }
  if (failing.length > 0) return { ...base, state: 'partial' };
  if (notRun.length > 0) return { ...base, state: 'untested', untested: 'incomplete' };
  return { ...base, state: 'conformant' };
}

/** How many APIs of a list are in each state. */
export type ApiStateCounts = Record<ApiStateName, number>;

/**
 * @example
 * countStates(states.filter((s) => s.api.startsWith('https.'))); // { absent: 0, stub: 0, failing: 0, partial: 2, conformant: 4, untested: 0 }
 */
export function countStates(states: readonly Pick<ApiState, 'state'>[]): ApiStateCounts {
  const counts = Object.fromEntries(API_STATES.map((state) => [state, 0])) as ApiStateCounts;
  for (const { state } of states) counts[state]++;
  return counts;
}
