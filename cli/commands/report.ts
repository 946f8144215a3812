// `rtconf report RESULTS [--baseline OTHER] [--expect FILE]... [--mutation FILE] [--out DIR]`: regenerates
// index.html, junit.xml and the badges from a results file (with the mutation section when a mutation.json sits
// beside it or is named; with marks of expected and unexpected results given --expect or --baseline), into DIR
// or, without --out, into the folder that holds RESULTS. A bad or truncated file exits 2 with a one-line reason;
// reports that cannot be written there go to a temp folder (named on stderr), exit 2. Otherwise it prints and exits
// by the one gate, as `rtconf run` would have over the same results: one verdict line per candidate, the gate's
// report with --expect or --baseline, and exit 1 exactly when a result was unexpected.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { judge, pairBaseline, readExpectations, readResults, writeReports, type WrittenReports } from '../../lib/index.js';
import { describeWriteError, fallbackDirectory } from '../../io/fallback-write.js';
import { lockOutDir } from '../../io/out-dir-lock.js';
import { readMutation } from '../../results/read-mutation.js';
import type { MutationFile } from '../../results/mutation-file.js';
import { parseVerb } from '../parse.js';
import { printGateVerdict } from '../gate-verdict.js';
import { verdictLine } from '../summary.js';
import { appendSummary } from '../summary-file.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('report', argv);
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('report: expected exactly one results file (rtconf report RESULTS [--baseline OTHER] [--out DIR])');
  const results = await readResults(file);
  if (values.pair && values.pair.length > 0 && values.baseline === undefined) throw new UsageError('--pair names candidates of a baseline: give it with --baseline FILE');
  // The baseline's candidates paired with the results' (a local build's id is its path: --pair, or one each).
  const baseline = values.baseline === undefined ? undefined : pairBaseline({ file: values.baseline, results: await readResults(values.baseline) }, results.runs.map((run) => run.candidate), values.pair ?? []);
  const mutation = await mutationFor(file, values.mutation);
  // --expect marks each result expected or unexpected, as the gate of `rtconf run --expect` judged it.
  const expectations = await Promise.all((values.expect ?? []).map(async (expectFile) => ({ file: expectFile, expectations: await readExpectations(expectFile) })));
  // The gate, judged once: the verdict and the exit code, and the page and JUnit, which are handed this judgement and
  // never judge again, so they can never say "gate failed" while the command exits 0.
  const marks = judge(results, { expectations, ...(baseline ? { baseline } : {}) });
  const sources = marks.sources;
  const options = { judgement: marks, ...(baseline ? { baseline: baseline.results } : {}), ...(mutation ? { mutation } : {}) };
  const name = values.out ?? dirname(file);
  const lock = await lockOutDir(resolve(name), name, values.out === undefined ? 'report folder' : '--out');
  let written: WrittenReports;
  let failure: string | undefined;
  try {
    try {
      written = await writeReports(results, lock.dir, options);
    } catch (error) {
      failure = describeWriteError(error);
      written = await writeReports(results, await fallbackDirectory(), options);
    }
  } finally {
    await lock.release();
  }
  if (failure) process.stderr.write(`rtconf: could not write the reports into ${lock.dir} (${failure}); they are saved in ${dirname(written.html)}\n`);
  process.stdout.write(`report: ${written.html}\njunit:  ${written.junit}\n${written.badges.map((badge) => `badge:  ${badge}\n`).join('')}${written.endpoints.map((file) => `shields: ${file}\n`).join('')}`);
  if (values.summary !== undefined) await appendSummary(values.summary, results, marks, file);
  process.stdout.write('\n');
  for (const run of results.runs) process.stdout.write(`${verdictLine(run, results, sources.length > 0 ? marks : undefined)}\n`);
  const verdict = printGateVerdict(process.stdout, marks.report, sources, !failure);
  return failure ? 2 : verdict;
}

/** `--mutation FILE`, else the mutation.json of `rtconf mutate` when one sits beside the results file. */
async function mutationFor(resultsFile: string, named: string | undefined): Promise<MutationFile | undefined> {
  if (named !== undefined) return readMutation(named);
  const beside = join(dirname(resultsFile), 'mutation.json');
  return existsSync(beside) ? readMutation(beside) : undefined;
}
