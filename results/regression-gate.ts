// The regression gate behind `--expect` and `--baseline`: a run passes when no result regresses (`isRegression`:
// a normative case failing otherwise than expected). Each result is judged by the one matcher (`matchResult` of
// results/expectation-match.ts), which the marks of the report and the dashboard, the summary and `rtconf diff` use
// too. Passes where a failure was expected (stale expectations, or fixes against a baseline) and expected cases that
// did not run are listed but do not fail it.
import type { CaseResult, ResultsFile } from './results-file.js';
import { citesNormative, normativeRuleIds } from './regression.js';
import type { Status } from './status.js';
import { ExpectationsError, type Expectations } from './expectations.js';
import { allowedBy, findExpected, matchResult, type ExpectationSource } from './expectation-match.js';
import { describeOutcomes } from './repetitions.js';
import { PAIR_FLAG } from './candidate-pairing.js';

export type { ExpectationSource } from './expectation-match.js';

export interface GateItem {
  readonly candidate: string;
  readonly case: string;
  /** The statuses the expectation allowed; absent: nothing named the case, so it was expected to pass. */
  readonly allowed?: readonly Status[];
  readonly actual?: Status;
  readonly reason?: string;
  /** The label of the source whose expectation judged the result. */
  readonly source?: string;
  readonly message?: string;
  /** The normative rules the case cites: what a failure of it breaks (a case exercises only the rules it cites). */
  readonly rules?: readonly string[];
}

export interface GateReport {
  /** Regressions: failing normative results whose status is not the expected one. These fail the run. */
  readonly unexpected: readonly GateItem[];
  /** Failing results whose status (every outcome, for a flaky one) is an allowed one. */
  readonly expected: readonly GateItem[];
  /** Results that pass where only failures were expected: the expectation is stale (or the baseline's failure fixed). */
  readonly newPasses: readonly GateItem[];
  /** Cases that were selected and are expected (or were in the baseline) but have no result in this run. */
  readonly missing: readonly GateItem[];
  /**
   * Sources none of whose candidates is in this run (an expectations file written for another candidate, or an
   * adapter id typed differently): they judged nothing. A warning to print; for `--expect` files `checkSourcesMatch`
   * makes it an error before the run.
   */
  readonly unmatchedCandidates: readonly UnmatchedSource[];
  /**
   * Baselines that name some of the run's candidates but not these: their results were compared with nothing (and
   * judged as expected to pass). Where a baseline names none, `unmatchedCandidates` says so instead.
   */
  readonly notInBaseline: readonly { readonly source: string; readonly candidates: readonly string[] }[];
  readonly checked: number;
}

export interface UnmatchedSource {
  /** The source's label, e.g. `expectations ci/deno.json`. */
  readonly source: string;
  readonly kind: 'expectations' | 'baseline';
  /** The candidate ids the source names (none of them in the run). */
  readonly candidates: readonly string[];
  /** The candidate ids of the run. */
  readonly run: readonly string[];
}

export function sourceFromExpectations(expectations: Expectations, label: string): ExpectationSource {
  return {
    label,
    kind: 'expectations',
    expected: (candidate, caseId) => expectations[candidate]?.[caseId],
    entries: () => Object.entries(expectations).map(([candidate, cases]) => [candidate, Object.keys(cases)] as const),
  };
}

/** A baseline run as a source: each result allows what `rtconf expect` would write for it (`allowedBy`). */
export function sourceFromBaseline(baseline: ResultsFile, label: string): ExpectationSource {
  const byCandidate = new Map<string, Map<string, CaseResult>>();
  for (const run of baseline.runs) byCandidate.set(run.candidate.id, new Map(run.results.map((result) => [result.case, result])));
  return {
    label,
    kind: 'baseline',
    expected: (candidate, caseId) => {
      const result = byCandidate.get(candidate)?.get(caseId);
      if (!result) return undefined;
      const how = result.status === 'flaky' && result.outcomes ? ` (${describeOutcomes(result.outcomes)})` : '';
      return { allowed: allowedBy(result), reason: `was ${result.status} in the baseline${how}` };
    },
    entries: () => [...byCandidate].map(([candidate, cases]) => [candidate, cases.keys()] as const),
  };
}

/**
 * Judges a run against the sources (the first source with an entry for a case wins).
 * @param results the run
 * @param sources expectations and/or baseline; none: every failing normative result is unexpected
 * @param selected the ids of the cases this run selected (after --module/--case/--rule/--shard), for `missing`
 */
export function evaluateGate(results: ResultsFile, sources: readonly ExpectationSource[], selected: ReadonlySet<string>): GateReport {
  const normative = normativeRuleIds(results.rules);
  const lists = { unexpected: [] as GateItem[], expected: [] as GateItem[], 'unexpected-pass': [] as GateItem[] };
  const missing: GateItem[] = [];
  let checked = 0;
  const ran = new Map<string, Set<string>>();
  for (const run of results.runs) {
    const seen = new Set<string>();
    ran.set(run.candidate.id, seen);
    for (const result of run.results) {
      seen.add(result.case);
      checked++;
      const found = findExpected(sources, run.candidate.id, result.case);
      const outcome = matchResult(result, found, citesNormative(result, normative));
      if (!outcome) continue;
      lists[outcome].push({
        candidate: run.candidate.id,
        case: result.case,
        ...(found ? { allowed: found.allowed } : {}),
        actual: result.status,
        ...(found?.reason ? { reason: found.reason } : {}),
        ...(found ? { source: found.source } : {}),
        ...(result.message ? { message: result.message } : {}),
        rules: result.rules.filter((rule) => normative.has(rule)),
      });
    }
  }
  // Interrupted runs miss cases by design; saying so for each would bury the point.
  if (!results.interrupted) {
    const reported = new Set<string>();
    for (const source of sources) {
      for (const [candidate, caseIds] of source.entries()) {
        const seen = ran.get(candidate);
        if (!seen) continue;
        for (const caseId of caseIds) {
          const key = `${candidate}\0${caseId}`;
          if (seen.has(caseId) || !selected.has(caseId) || reported.has(key)) continue;
          reported.add(key);
          const found = findExpected(sources, candidate, caseId);
          missing.push({ candidate, case: caseId, ...(found ? { allowed: found.allowed, source: found.source } : {}) });
        }
      }
    }
  }
  return {
    unexpected: lists.unexpected,
    expected: lists.expected,
    newPasses: lists['unexpected-pass'],
    missing,
    unmatchedCandidates: unmatchedSources(sources, [...ran.keys()]),
    notInBaseline: notInBaseline(sources, [...ran.keys()]),
    checked,
  };
}

/** The run's candidates each baseline that names some of them does not name. */
function notInBaseline(sources: readonly ExpectationSource[], runIds: readonly string[]): GateReport['notInBaseline'] {
  return sources.flatMap((source) => {
    if (source.kind !== 'baseline') return [];
    const named = new Set([...source.entries()].map(([candidate]) => candidate));
    const missing = runIds.filter((id) => !named.has(id));
    return missing.length > 0 && missing.length < runIds.length ? [{ source: source.label, candidates: missing }] : [];
  });
}

/**
 * One report over several results files judged by the same sources (`rtconf dashboard`): the lists joined and the
 * counts added. Unmatched sources are left out: whether a source matches is a question over every file's candidates
 * at once (`unmatchedSources`), which the caller asks.
 */
export function combineGateReports(reports: readonly GateReport[]): GateReport {
  return {
    unexpected: reports.flatMap((report) => report.unexpected),
    expected: reports.flatMap((report) => report.expected),
    newPasses: reports.flatMap((report) => report.newPasses),
    missing: reports.flatMap((report) => report.missing),
    unmatchedCandidates: [],
    notInBaseline: reports.flatMap((report) => report.notInBaseline),
    checked: reports.reduce((sum, report) => sum + report.checked, 0),
  };
}

/**
 * The sources that name at least one candidate and none of `runIds`. A source that names no candidate at all (an
 * empty expectations file: "expect every case to pass") matches anything.
 */
export function unmatchedSources(sources: readonly ExpectationSource[], runIds: readonly string[]): UnmatchedSource[] {
  const inRun = new Set(runIds);
  const unmatched: UnmatchedSource[] = [];
  for (const source of sources) {
    const named = [...source.entries()].map(([candidate]) => candidate);
    if (named.length === 0 || named.some((candidate) => inRun.has(candidate))) continue;
    unmatched.push({ source: source.label, kind: source.kind ?? 'expectations', candidates: named, run: [...runIds] });
  }
  return unmatched;
}

/** One line naming what an unmatched source names and what the run has instead. */
export function describeUnmatched(item: UnmatchedSource): string {
  const list = (ids: readonly string[]): string => (ids.length > 4 ? `${ids.slice(0, 4).join(', ')} and ${ids.length - 4} more` : ids.join(', '));
  const adapterHint = item.candidates.some((id) => /[\\/]|\.[cm]?[jt]s$/.test(id)) && item.kind === 'expectations' ? '; adapters are identified as adapter:<name>, their declared name' : '';
  const hint = item.kind === 'baseline' ? `; compare them with ${PAIR_FLAG} BASE_ID=RUN_ID` : adapterHint;
  return `${item.source} names ${list(item.candidates)}, but this run's candidates are ${list(item.run)}${hint}`;
}

/**
 * Refuses, before anything runs, expectations files (`--expect`) that match no candidate of the run: a gate that
 * judges nothing would let every failure through as "expected" or report them all as new. Baselines only warn
 * (`unmatchedCandidates` in the gate report), since comparing against another candidate's run can be meant.
 * @param sources the gate's sources
 * @param runIds the ids of the run's candidates (`runner.candidate.id`)
 * @throws ExpectationsError (`ERR_RTCONF_EXPECTATIONS`, exit 2) naming the first such file
 * @example
 * checkSourcesMatch([sourceFromExpectations({ 'runtime:deno@2': {} }, 'expectations deno.json')], ['host']);
 * // throws: expectations deno.json names runtime:deno@2, but this run's candidates are host
 */
export function checkSourcesMatch(sources: readonly ExpectationSource[], runIds: readonly string[]): void {
  const refused = unmatchedSources(sources, runIds).find((item) => item.kind === 'expectations');
  if (refused) throw new ExpectationsError(`${describeUnmatched(refused)}: these expectations match no candidate of the run`);
}
