// Expected and unexpected results, as wpt.fyi marks them: with expectations files (`--expect`) or a baseline run,
// each result is judged by the regression gate (`evaluateGate`, so by the one definition of a regression) and marked
// for the report and the dashboard. A run whose gate passes can then say "not conformant, but every failure was
// expected" instead of showing red verdicts alone.
//
// - `unexpected`: the gate's unexpected results (regressions): a normative case failing otherwise than expected.
// - `expected`: a failing result the gate accepts: its status is the one expected of it.
// - `unexpected-pass`: a result that is no longer failing where a failure was expected (a stale expectation, or a
//   fix against the baseline): listed by the gate, never failing it.
// Results the gate does not speak of (passes expected to pass, skip, na, failing informative-only cases nothing
// expects) carry no mark.
import type { Expectations } from './expectations.js';
import { evaluateGate, sourceFromBaseline, sourceFromExpectations, type ExpectationSource, type GateReport } from './regression-gate.js';
import type { CandidateRun, ResultsFile, RuleSummary } from './results-file.js';
import { isFailing, type Status } from './status.js';

export type ExpectationOutcome = 'expected' | 'unexpected' | 'unexpected-pass';

/** How marks of several results combine into one for a rule: an unexpected failure matters most. */
const OUTCOME_RANK: Readonly<Record<ExpectationOutcome, number>> = { unexpected: 3, expected: 2, 'unexpected-pass': 1 };

export interface ResultExpectation {
  readonly outcome: ExpectationOutcome;
  /** The status a source expected of the result; absent: nothing named the case, so it was expected to pass. */
  readonly expected?: Status;
  /** Why, as the expectations file (or the baseline: `was fail in the baseline`) says. */
  readonly reason?: string;
  /** The source that set the expectation, e.g. `expectations expectations/deno-2.json`. */
  readonly source?: string;
}

export interface ExpectationCounts {
  /** Failing results (fail, error, timeout, crash). */
  readonly failing: number;
  /** Of those, the ones the gate calls unexpected (the gate accepts the others). */
  readonly unexpected: number;
  /** Failing results marked `expected`: their status is the one a source expected (informative-only failures
   *  nothing names are accepted by the gate without being expected, so `failing - unexpected` can be larger). */
  readonly expected: number;
  /** Results no longer failing where a failure was expected. */
  readonly unexpectedPasses: number;
}

/** An expectations file as read by `readExpectations`, with the path it came from. */
export interface ExpectationsInput {
  readonly file: string;
  readonly expectations: Expectations;
}

export interface ExpectationMarks {
  /** The gate's report over the whole results file. */
  readonly report: GateReport;
  readonly sources: readonly ExpectationSource[];
  /** The mark of one result, undefined where the gate has nothing to say of it. */
  mark(candidate: string, caseId: string): ResultExpectation | undefined;
  counts(candidate: string): ExpectationCounts;
}

/**
 * The gate's sources in the order `rtconf run` gives them: the expectations files first, then the baseline.
 * @example
 * const sources = gateSources([{ file: 'deno-2.json', expectations }], { results: baseline, label: 'baseline old.json' });
 */
export function gateSources(expectations: readonly ExpectationsInput[] = [], baseline?: { readonly results: ResultsFile; readonly label?: string }): ExpectationSource[] {
  const sources = expectations.map(({ file, expectations: entries }) => sourceFromExpectations(entries, `expectations ${file}`));
  if (baseline) sources.push(sourceFromBaseline(baseline.results, baseline.label ?? 'the baseline run'));
  return sources;
}

/**
 * Marks every result of a run expected or unexpected against the sources.
 * @param results the run
 * @param sources from `gateSources` (or the very sources `rtconf run` gated with)
 * @returns the marks and per-candidate counts; the gate's verdict is `report.unexpected.length === 0`
 * @example
 * const marks = markExpectations(results, gateSources(files));
 * marks.mark('runtime:deno@2', 'child_process.spawn.shell-true-uses-bin-sh'); // { outcome: 'expected', expected: 'fail', reason: '…' }
 */
export function markExpectations(results: ResultsFile, sources: readonly ExpectationSource[]): ExpectationMarks {
  const selected = new Set(results.runs.flatMap((run) => run.results.map((result) => result.case)));
  const report = evaluateGate(results, sources, selected);
  const key = (candidate: string, caseId: string): string => `${candidate}\u0000${caseId}`;
  const unexpected = new Set(report.unexpected.map((item) => key(item.candidate, item.case)));
  const newPasses = new Set(report.newPasses.map((item) => key(item.candidate, item.case)));
  const marks = new Map<string, ResultExpectation>();
  const counts = new Map<string, ExpectationCounts>();
  for (const run of results.runs) {
    const id = run.candidate.id;
    let failing = 0;
    let unexpectedCount = 0;
    let unexpectedPasses = 0;
    let expected = 0;
    for (const result of run.results) {
      const at = key(id, result.case);
      const found = lookup(sources, id, result.case);
      const known = found ? { expected: found.status, ...(found.reason ? { reason: found.reason } : {}), source: found.source } : {};
      if (isFailing(result.status)) failing++;
      if (unexpected.has(at)) {
        unexpectedCount++;
        marks.set(at, { outcome: 'unexpected', ...known });
      } else if (newPasses.has(at)) {
        unexpectedPasses++;
        marks.set(at, { outcome: 'unexpected-pass', ...known });
      } else if (isFailing(result.status) && found?.status === result.status) {
        expected++;
        marks.set(at, { outcome: 'expected', ...known });
      }
    }
    counts.set(id, { failing, unexpected: unexpectedCount, expected, unexpectedPasses });
  }
  return {
    report,
    sources,
    mark: (candidate, caseId) => marks.get(key(candidate, caseId)),
    counts: (candidate) => counts.get(candidate) ?? { failing: 0, unexpected: 0, expected: 0, unexpectedPasses: 0 },
  };
}

/**
 * The mark a rule shows, from the marks of the cases citing it: unexpected before expected before unexpected-pass.
 * @example
 * combineOutcomes(['expected', undefined, 'unexpected']); // 'unexpected'
 */
export function combineOutcomes(outcomes: Iterable<ExpectationOutcome | undefined>): ExpectationOutcome | undefined {
  let best: ExpectationOutcome | undefined;
  for (const outcome of outcomes) if (outcome && (!best || OUTCOME_RANK[outcome] > OUTCOME_RANK[best])) best = outcome;
  return best;
}

/**
 * The mark of each rule for one candidate: `combineOutcomes` over the marks of the cases of `run` citing it.
 * @param marks from `markExpectations` over the file `run` is in
 * @param run one candidate's run
 * @param rules the rules to report on, in the order wanted
 * @returns aligned with `rules`, null where no citing case has a mark
 */
export function ruleMarks(marks: ExpectationMarks, run: CandidateRun, rules: readonly Pick<RuleSummary, 'id'>[]): (ExpectationOutcome | null)[] {
  const byRule = new Map<string, ExpectationOutcome[]>();
  for (const result of run.results) {
    const outcome = marks.mark(run.candidate.id, result.case)?.outcome;
    if (outcome) for (const id of result.rules) byRule.set(id, [...(byRule.get(id) ?? []), outcome]);
  }
  return rules.map((rule) => combineOutcomes(byRule.get(rule.id) ?? []) ?? null);
}

/** The first source with an entry for the case wins, as in `evaluateGate`. */
function lookup(sources: readonly ExpectationSource[], candidate: string, caseId: string): { status: Status; reason?: string; source: string } | undefined {
  for (const source of sources) {
    const found = source.expected(candidate, caseId);
    if (found) return { status: found.status, ...(found.reason ? { reason: found.reason } : {}), source: source.label };
  }
  return undefined;
}
