// `rtconf dashboard RESULTS... [--expect FILE]... --out DIR`: one static page (DIR/index.html) over many runs, the
// rule × (runtime, version) matrix. Every input is validated first (a bad file is exit 2 with a one-line reason);
// a folder holding a run's results.json is refused, since the dashboard's index.html would replace that run's report.
// It prints and exits by the one gate over every column, as `rtconf run` would over each run: a verdict line per
// column, the gate's report with --expect, and exit 1 exactly when a result was unexpected (the page is written
// either way).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { judge, readExpectations, readResults, type ExpectationsInput } from '../../lib/index.js';
import { writeFileOrFallback, type FallbackWrite } from '../../io/fallback-write.js';
import { lockOutDir } from '../../io/out-dir-lock.js';
import { combineGateReports, describeUnmatched, unmatchedSources } from '../../results/regression-gate.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import type { DashboardInput } from '../../reports/dashboard-data.js';
import { parseVerb } from '../parse.js';
import { VERBS } from '../verbs.js';
import { printGateVerdict } from '../gate-verdict.js';
import { verdictLine } from '../summary.js';
import { UsageError } from '../usage-error.js';

const USAGE = `rtconf ${VERBS.dashboard.usage[0]}`;

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('dashboard', argv);
  if (positionals.length === 0) throw new UsageError(`dashboard: expected at least one results file (${USAGE})`);
  if (values.out === undefined) throw new UsageError(`dashboard: --out DIR is required (${USAGE})`);
  const inputs: DashboardInput[] = [];
  for (const file of positionals) inputs.push({ file, results: await readResults(file) });
  const expectations: ExpectationsInput[] = [];
  for (const file of values.expect ?? []) expectations.push({ file, expectations: await readExpectations(file) });
  // The gate over each file as `rtconf run` judged it, once: the page marks by it and the exit code is decided by it.
  const judged = inputs.map((input) => ({ ...input, judgement: judge(input.results, { expectations }) }));
  const sources = judged[0]?.judgement.sources ?? [];
  // An expectations file that names none of the dashboard's candidates marks nothing: say so, it is likely a mistake.
  const ids = inputs.flatMap(({ results }) => results.runs.map((run) => run.candidate.id));
  for (const item of unmatchedSources(sources, ids)) process.stderr.write(`rtconf: warning: ${describeUnmatched(item).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}; it marks nothing\n`);

  const out = resolve(values.out);
  if (existsSync(join(out, 'results.json'))) {
    throw new UsageError(`dashboard: --out ${values.out} holds a run's results.json, whose report index.html the dashboard would replace; choose another folder`);
  }
  const html = renderDashboard(judged);
  const lock = await lockOutDir(out, values.out);
  let saved: FallbackWrite;
  try {
    saved = await writeFileOrFallback(join(lock.dir, 'index.html'), html);
  } finally {
    await lock.release();
  }
  if (saved.failure) process.stderr.write(`rtconf: could not write ${join(lock.dir, 'index.html')} (${saved.failure}); the dashboard is saved in ${saved.file}\n`);
  const runs = inputs.reduce((count, { results }) => count + results.runs.length, 0);
  process.stdout.write(`dashboard: ${saved.file} (${runs} run${runs === 1 ? '' : 's'} from ${inputs.length} results file${inputs.length === 1 ? '' : 's'})\n`);
  // The unmatched sources were warned of above.
  process.stdout.write('\n');
  for (const { results, judgement } of judged) for (const run of results.runs) process.stdout.write(`${verdictLine(run, results, sources.length > 0 ? judgement : undefined)}\n`);
  const verdict = printGateVerdict(process.stdout, combineGateReports(judged.map(({ judgement }) => judgement.report)), sources, !saved.failure);
  return saved.failure ? 2 : verdict;
}
