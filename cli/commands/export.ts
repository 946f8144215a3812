// `rtconf export RESULTS... --out FILE`: the runs of one or more results files as data for other tools, in the
// versioned format of reports/export.schema.json (shipped in the package). Every input is validated first (a bad file
// is exit 2 with a one-line reason); the export is written atomically, so a reader never sees half of it, and where
// FILE cannot be written it is saved in a temp folder named on stderr (exit 2).
import { readResults } from '../../lib/index.js';
import { writeFileOrFallback } from '../../io/fallback-write.js';
import { buildExport, type ExportInput } from '../../reports/export-data.js';
import { parseVerb } from '../parse.js';
import { UsageError } from '../usage-error.js';

const USAGE = 'rtconf export RESULTS... --out FILE';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('export', argv);
  if (positionals.length === 0) throw new UsageError(`export: expected at least one results file (${USAGE})`);
  if (values.out === undefined || values.out === '') throw new UsageError(`export: --out FILE is required (${USAGE})`);
  const inputs: ExportInput[] = [];
  for (const file of positionals) inputs.push({ file, results: await readResults(file) });
  const data = buildExport(inputs);
  const saved = await writeFileOrFallback(values.out, `${JSON.stringify(data, null, 2)}\n`);
  if (saved.failure) process.stderr.write(`rtconf: could not write ${values.out} (${saved.failure}); the export is saved in ${saved.file}\n`);
  process.stdout.write(`export: ${saved.file} (${data.candidates.length} candidate run${data.candidates.length === 1 ? '' : 's'} from ${inputs.length} results file${inputs.length === 1 ? '' : 's'}, format ${data.format} v${data.formatVersion})\n`);
  return saved.failure ? 2 : 0;
}
