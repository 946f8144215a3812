// `rtconf merge A.json B.json... --out C.json`: joins the results files of the shards of one run (`--shard i/n`,
// same seed) into one. Exit 2 when the inputs are invalid or cannot be shards of one run; a merged file that cannot be
// written to C.json goes to a temp folder (named on stderr), exit 2.
import { readResults } from '../../lib/index.js';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileOrFallback } from '../../io/fallback-write.js';
import { serializeResults } from '../../results/serialize-results.js';
import { allCases } from '../../conformance/registry.js';
import { validateResults } from '../../results/read-results.js';
import { mergeResults } from '../../results/merge-results.js';
import { parseVerb } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('merge', argv);
  if (positionals.length < 1) throw new UsageError('merge: expected results files to merge (rtconf merge a.json b.json --out c.json)');
  if (!values.out) throw new UsageError('merge: --out FILE is required');
  const out = resolve(values.out);
  if (await isDirectory(out)) throw new UsageError(`--out ${values.out}: is a folder; merge writes one results file (e.g. --out ${values.out}/results.json)`);
  const inputs = [];
  for (const file of positionals) inputs.push({ file, results: await readResults(file) });
  const merged = mergeResults(inputs, allCases.map((definition) => definition.id));
  await validateResults(JSON.parse(JSON.stringify(merged)) as unknown, 'merged results');
  const saved = await writeFileOrFallback(out, serializeResults(merged));
  if (saved.failure) process.stderr.write(`rtconf: could not write ${out} (${saved.failure}); the merged results are saved in ${saved.file}\n`);
  const total = merged.runs.reduce((sum, run) => sum + run.results.length, 0);
  process.stdout.write(`merged ${positionals.length} file(s): ${merged.runs.length} candidate(s), ${total} result(s) → ${saved.file}\n`);
  return saved.failure ? 2 : 0;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
