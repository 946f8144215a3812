// `rtconf expect RESULTS [--update OLD.json]`: prints an expectations file for `rtconf run --expect` listing every
// result of the run that did not pass, with a placeholder reason to fill in (reasons of OLD.json are kept where the
// status is unchanged).
import { readExpectations, readResults } from '../../lib/index.js';
import { expectationsFromResults } from '../../results/expectations.js';
import { parseVerb } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('expect', argv);
  if (positionals.length !== 1) throw new UsageError('expect: expected one results file (rtconf expect results.json > expectations.json)');
  const results = await readResults(positionals[0] ?? '');
  const previous = values.update === undefined ? {} : await readExpectations(values.update);
  process.stdout.write(`${JSON.stringify(expectationsFromResults(results, previous), null, 2)}\n`);
  return 0;
}
