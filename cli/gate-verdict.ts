// The one gate every verb that shows a verdict exits and prints by: `rtconf run`, `rtconf report` and `rtconf
// dashboard` judge their results with `markExpectations` (the regression gate over --expect files and the baseline,
// or with neither, "every failing normative case is unexpected"), print its report, and exit 1 exactly when it found
// an unexpected result. `rtconf diff A B` is the same gate with A as the baseline.
import type { ExpectationSource, GateReport } from '../lib/index.js';
import { describeUnmatched } from '../results/regression-gate.js';
import { formatGate, printable } from './terminal-text.js';

/** Exit code of a verdict with an unexpected result: a verdict on the candidates, not an error of rtconf. */
const EXIT_UNEXPECTED = 1;

/**
 * Prints the gate's part of a verb's output and returns the exit code it decides.
 * @param stream where to print (stdout)
 * @param report the gate's report over the verb's results
 * @param sources the gate's sources; none: without a gate, every failing normative result was unexpected
 * @param explain whether, without a gate, to say that exit 1 is a verdict and how to gate: not for a replay of one
 *   case, nor when the verb exits with another code (interrupted, or its output not written where asked)
 * @param warnings where a warning that nothing was compared with a baseline goes besides the summary (stderr)
 * @returns 0, or EXIT_UNEXPECTED when the gate found an unexpected result
 */
export function printGateVerdict(stream: NodeJS.WritableStream, report: GateReport, sources: readonly ExpectationSource[], explain = true, warnings: NodeJS.WritableStream = process.stderr): number {
  if (sources.length > 0) stream.write(formatGate(report, sources));
  // A baseline that compared nothing makes every failure "new": said where it cannot be missed, besides the summary.
  for (const item of report.unmatchedCandidates) {
    if (item.kind === 'baseline') warnings.write(`rtconf: warning: nothing was compared with the baseline: ${printable(describeUnmatched(item))}\n`);
  }
  if (report.unexpected.length === 0) return 0;
  if (sources.length === 0 && explain) {
    stream.write('exit 1: some normative rule is not met. That is the verdict on the candidates, not an error of rtconf;\n');
    stream.write('        to fail only on unexpected results, gate with --expect FILE (see expectations/ and the README).\n');
  }
  return EXIT_UNEXPECTED;
}
