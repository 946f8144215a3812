// `rtconf diff A.json B.json [--json]`: the status changes from run A (baseline) to run B. Exit 1 when a normative
// case regressed, 0 otherwise, 2 on bad usage or a bad results file.
import { readResults } from '../../lib/index.js';
import { diffResults } from '../../results/diff.js';
import { formatDiffTable } from '../terminal-text.js';
import { parseVerb } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('diff', argv);
  if (positionals.length !== 2) throw new UsageError('diff: expected two results files (rtconf diff A.json B.json)');
  const [before = '', after = ''] = positionals;
  const diff = diffResults(await readResults(before), await readResults(after));
  process.stdout.write(values.json ? `${JSON.stringify(diff, null, 1)}\n` : formatDiffTable(diff));
  return diff.counts.regression > 0 ? 1 : 0;
}
