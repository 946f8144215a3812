// `rtconf report RESULTS [--baseline OTHER] [--out DIR]`: regenerates index.html, junit.xml and the badges from a
// results file (by default next to it). A bad or truncated file exits 2 with a one-line reason.
import { dirname, resolve } from 'node:path';
import { readResults } from '../../reports/read-results.js';
import { writeReports } from '../../reports/write-reports.js';
import { parseCommandLine } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine('report', argv, { baseline: { type: 'string' }, out: { type: 'string' } }, true);
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('report: expected exactly one results file (rtconf report RESULTS [--baseline OTHER] [--out DIR])');
  const results = await readResults(file);
  const baseline = values.baseline === undefined ? undefined : await readResults(values.baseline);
  const dir = resolve(values.out ?? dirname(file));
  const written = await writeReports(results, dir, baseline ? { baseline } : {});
  process.stdout.write(`report: ${written.html}\njunit:  ${written.junit}\n${written.badges.map((badge) => `badge:  ${badge}\n`).join('')}`);
  return 0;
}
