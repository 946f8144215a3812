// `rtconf merge A.json B.json... --out C.json`: joins the results files of the shards of one run (`--shard i/n`,
// same seed) into one. Exit 2 when the inputs are invalid or cannot be shards of one run.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { allCases } from '../../conformance/registry.js';
import { readResults, validateResults } from '../../reports/read-results.js';
import { mergeResults } from '../../runners/merge-results.js';
import { parseCommandLine } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine('merge', argv, { out: { type: 'string' } }, true);
  if (positionals.length < 1) throw new UsageError('merge: expected results files to merge (rtconf merge a.json b.json --out c.json)');
  if (!values.out) throw new UsageError('merge: --out FILE is required');
  const inputs = [];
  for (const file of positionals) inputs.push({ file, results: await readResults(file) });
  const merged = mergeResults(inputs, allCases.map((definition) => definition.id));
  await validateResults(JSON.parse(JSON.stringify(merged)) as unknown, 'merged results');
  const out = resolve(values.out);
  await mkdir(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(merged, null, 1)}\n`);
  await rename(temporary, out);
  const total = merged.runs.reduce((sum, run) => sum + run.results.length, 0);
  process.stdout.write(`merged ${positionals.length} file(s): ${merged.runs.length} candidate(s), ${total} result(s) → ${out}\n`);
  return 0;
}
