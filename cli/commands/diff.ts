// `rtconf diff A.json B.json [--json] [--pair A_ID=B_ID]...`: the status changes from run A (baseline) to run B, their
// candidates paired as `rtconf run --baseline` pairs them. Exit 1 when a normative case regressed, 0 otherwise, 2 on
// bad usage or a bad results file; when no result could be compared, stderr says so.
import { pairBaseline, readResults } from '../../lib/index.js';
import { candidateIds, describePairing, PAIR_FLAG } from '../../results/candidate-pairing.js';
import { diffResults } from '../../results/diff.js';
import { formatDiffTable } from '../terminal-text.js';
import { parseVerb } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('diff', argv);
  if (positionals.length !== 2) throw new UsageError('diff: expected two results files (rtconf diff A.json B.json)');
  const [before = '', after = ''] = positionals;
  const b = await readResults(after);
  const a = pairBaseline({ file: before, results: await readResults(before) }, b.runs.map((run) => run.candidate), values.pair ?? []);
  const diff = diffResults(a.results, b);
  if (a.pairing?.how === 'only-candidates') process.stderr.write(`rtconf diff: ${before} (${describePairing(a.pairing)})\n`);
  if (diff.compared === 0) process.stderr.write(`rtconf diff: warning: ${nothingCompared(candidateIds(a.results), candidateIds(b))}\n`);
  process.stdout.write(values.json ? `${JSON.stringify(diff, null, 1)}\n` : formatDiffTable(diff));
  return diff.counts.regression > 0 ? 1 : 0;
}

/** Why nothing was compared, and how to compare: the two files' candidates, and the flag that pairs them. */
function nothingCompared(before: readonly string[], after: readonly string[]): string {
  const list = (ids: readonly string[]): string => ids.join(', ') || 'none';
  return `nothing was compared: A's candidates are ${list(before)}, B's are ${list(after)}, and no result of B has one in A; pair them with ${PAIR_FLAG} A_ID=B_ID`;
}
