// `judge`: the one gate over a run, as `rtconf run`, `report` and `dashboard` exit by it: each result expected or
// unexpected against expectations files and a baseline, or with neither, every failing normative case unexpected.
import type { ResultsFile } from '../results/results-file.js';
import { gateSources, markExpectations, type ExpectationMarks, type ExpectationsInput } from '../results/expectation-marks.js';
import type { BaselineInput } from '../results/candidate-pairing.js';

export interface JudgeOptions {
  /** Expectations files as `readExpectations` read them, with their paths, consulted in this order. */
  readonly expectations?: readonly ExpectationsInput[];
  /** An earlier run as `readResults` read it, with its path: what it ended in is expected again. */
  readonly baseline?: BaselineInput;
  /** The ids of the cases the run selected, for the cases expected but not run (default: those with a result). */
  readonly selected?: Iterable<string>;
}

/**
 * Judges a run by the gate: the same judgement the CLI prints, exits by and hands to the reports.
 * @param results the run (`run()`'s result, or `readResults`)
 * @param options expectations files and/or a baseline; neither: every failing normative case is unexpected
 * @returns the judgement: `passed` (no unexpected result: the CLI would exit 0), the gate's `report` (unexpected and
 *   expected results, unexpected passes, cases expected but missing), each result's `mark`, and `counts` per candidate;
 *   hand it to `writeReports` so the page and JUnit show it
 * @example
 * const judgement = judge(results, { expectations: [{ file: 'deno.json', expectations: await readExpectations('deno.json') }] });
 * if (!judgement.passed) console.log(judgement.report.unexpected.map((item) => `${item.candidate} ${item.case}`));
 */
export function judge(results: ResultsFile, options: JudgeOptions = {}): ExpectationMarks {
  const sources = gateSources(options.expectations, options.baseline);
  return markExpectations(results, sources, options.selected === undefined ? undefined : new Set(options.selected));
}
