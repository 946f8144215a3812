// Expected and unexpected results, as wpt.fyi marks them: with expectations files (`--expect`) or a baseline run,
// each result is judged by the regression gate (`evaluateGate`, which asks the one matcher, `matchResult`) and the
// marks are the gate's own lists, so the report, the dashboard and the summary cannot count otherwise than the exit
// code. A run whose gate passes can then say "not conformant, but every failure was expected" instead of showing
// red verdicts alone.
//
// - `unexpected`: the gate's unexpected results (regressions): a normative case failing otherwise than expected.
// - `expected`: a failing result the gate accepts because its status is an allowed one.
// - `unexpected-pass`: a pass where only failures were expected (a stale expectation, or a fix against the
//   baseline): listed by the gate, never failing it. skip and na are not passes: they get no mark.
// Results the gate does not speak of (passes expected to pass, skip, na, failing informative-only cases nothing
// expects) carry no mark.
import type { Expectations } from './expectations.js';
import type { ExpectationOutcome, ExpectationSource } from './expectation-match.js';
import { evaluateGate, sourceFromBaseline, sourceFromExpectations, type GateItem, type GateReport } from './regression-gate.js';
import type { CandidateRun, ResultsFile, RuleSummary } from './results-file.js';
import { isFailing, type Status } from './status.js';

import { BASELINE_LABEL, EXPECTATIONS_LABEL, type ExpectationCounts } from './expectation-note.js';
import { describePairing, type BaselineInput } from './candidate-pairing.js';

export type { ExpectationOutcome } from './expectation-match.js';
export type { ExpectationCounts } from './expectation-note.js';

/** How marks of several results combine into one for a rule: an unexpected failure matters most. */
const OUTCOME_RANK: Readonly<Record<ExpectationOutcome, number>> = { unexpected: 3, expected: 2, 'unexpected-pass': 1 };

export interface ResultExpectation {
  readonly outcome: ExpectationOutcome;
  /** The statuses a source allowed; absent: nothing named the case, so it was expected to pass. */
  readonly allowed?: readonly Status[];
  /** Why, as the expectations file (or the baseline: `was fail in the baseline`) says. */
  readonly reason?: string;
  /** The source that set the expectation, e.g. `expectations expectations/deno-2.json`. */
  readonly source?: string;
}

/** An expectations file as read by `readExpectations`, with the path it came from. */
export interface ExpectationsInput {
  readonly file: string;
  readonly expectations: Expectations;
}

export interface ExpectationMarks {
  /** The gate's verdict: no unexpected result (`report.unexpected` is empty), the exit code 0. */
  readonly passed: boolean;
  /** The gate's report over the whole results file. */
  readonly report: GateReport;
  readonly sources: readonly ExpectationSource[];
  /** The mark of one result, undefined where the gate has nothing to say of it. */
  mark(candidate: string, caseId: string): ResultExpectation | undefined;
  counts(candidate: string): ExpectationCounts;
}


/**
 * The gate's sources in the order `rtconf run` gives them: the expectations files first, then the baseline. Each is
 * labelled here, and only here, by what it is and the file it came from (`expectations deno-2.json`, `baseline
 * old.json`): every verb, page and summary shows these labels.
 * @example
 * const sources = gateSources([{ file: 'deno-2.json', expectations }], { file: 'old.json', results: baseline });
 * sources.map((source) => source.label); // ['expectations deno-2.json', 'baseline old.json']
 */
export function gateSources(expectations: readonly ExpectationsInput[] = [], baseline?: BaselineInput): ExpectationSource[] {
  const sources = expectations.map(({ file, expectations: entries }) => sourceFromExpectations(entries, `${EXPECTATIONS_LABEL} ${file}`));
  if (baseline) {
    const pairs = baseline.pairing ? describePairing(baseline.pairing) : '';
    sources.push(sourceFromBaseline(baseline.results, `${BASELINE_LABEL} ${baseline.file}${pairs ? ` (${pairs})` : ''}`));
  }
  return sources;
}

/**
 * Marks every result of a run expected or unexpected against the sources.
 * @param results the run
 * @param sources from `gateSources` (or the very sources `rtconf run` gated with)
 * @param selected the cases the run selected, for the gate's `missing` (default: the cases the file has results for)
 * @returns the marks and per-candidate counts, and the gate's verdict (`passed`)
 * @example
 * const marks = markExpectations(results, gateSources(files));
 * marks.mark('runtime:deno@2', 'child_process.spawn.shell-true-uses-bin-sh'); // { outcome: 'expected', allowed: ['fail'], reason: '…' }
 */
export function markExpectations(results: ResultsFile, sources: readonly ExpectationSource[], selected?: ReadonlySet<string>): ExpectationMarks {
  const report = evaluateGate(results, sources, selected ?? new Set(results.runs.flatMap((run) => run.results.map((result) => result.case))));
  const key = (candidate: string, caseId: string): string => `${candidate}\u0000${caseId}`;
  const marks = new Map<string, ResultExpectation>();
  const counts = new Map<string, { failing: number; unexpected: number; expected: number; unexpectedPasses: number }>();
  for (const run of results.runs) counts.set(run.candidate.id, { failing: run.results.filter((result) => isFailing(result.status)).length, unexpected: 0, expected: 0, unexpectedPasses: 0 });
  const record = (items: readonly GateItem[], outcome: ExpectationOutcome, count: 'unexpected' | 'expected' | 'unexpectedPasses'): void => {
    for (const item of items) {
      marks.set(key(item.candidate, item.case), {
        outcome,
        ...(item.allowed ? { allowed: item.allowed } : {}),
        ...(item.reason ? { reason: item.reason } : {}),
        ...(item.source ? { source: item.source } : {}),
      });
      const tally = counts.get(item.candidate);
      if (tally) tally[count]++;
    }
  };
  record(report.unexpected, 'unexpected', 'unexpected');
  record(report.expected, 'expected', 'expected');
  record(report.newPasses, 'unexpected-pass', 'unexpectedPasses');
  return {
    passed: report.unexpected.length === 0,
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
