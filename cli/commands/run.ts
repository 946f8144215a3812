// `rtconf run`: select cases, claim the output folder, resolve candidates, run, write results.json and the reports,
// print a summary. Everything that can be checked is checked before the first case runs; what a run obtained is
// never lost to a failing write afterwards (it goes to a temp folder, and stderr says where).
import { dirname, join, resolve } from 'node:path';
import { rules as catalogue } from '../../spec/index.js';
import { selectCases } from '../../conformance/registry.js';
import { randomSeed } from '../../runners/seed.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { checkDistinctCandidates, runSuite } from '../../runners/run-suite.js';
import type { Runner } from '../../runners/runner.js';
import { parseShard, selectShard, type Shard } from '../../runners/shard.js';
import type { CaseMeta } from '../../conformance/case.js';
import { runEnvironment } from '../../results/environment.js';
import { readExpectations, type Expectations } from '../../results/expectations.js';
import { parseInterfaceVersion } from '../../results/interface-version.js';
import { writeFileOrFallback } from '../../io/fallback-write.js';
import { lockOutDir } from '../../io/out-dir-lock.js';
import { checkSourcesMatch, type ExpectationSource } from '../../results/regression-gate.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { readResults } from '../../results/read-results.js';
import type { ResultsFile, RunEnvironment } from '../../results/results-file.js';
import { serializeResults } from '../../results/serialize-results.js';
import { parseInteger, parseModule, parseVerb } from '../parse.js';
import { DEFAULT_OUT, DEFAULT_TIMEOUT_MS } from '../verbs.js';
import { EXIT_INTERRUPTED, onInterrupt } from '../interrupt.js';
import { NO_CASE_MATCHES, UsageError } from '../usage-error.js';
import { createProgress } from '../progress.js';
import { printGateVerdict } from '../gate-verdict.js';
import { printCaseVerdicts, printSummary } from '../summary.js';
import { readCaseDurations, recordCaseDurations } from '../../runners/case-durations.js';
import type { WriteReportsOptions } from '../../reports/write-reports.js';

/** Exit code when the results could not be written where asked (they were saved in a temp folder instead). */
const EXIT_OUTPUT_FAILED = 2;

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseVerb('run', argv);
  const modules = (values.module ?? []).map(parseModule);
  const jobs = parseInteger('jobs', values.jobs, 1, 256);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  const selection = selectCases({ modules, ruleGlobs: values.rule ?? [], caseGlobs: values.case ?? [] });
  if (selection.length === 0) throw new UsageError(NO_CASE_MATCHES);
  const cases = selectShard(selection, shard);
  const interfaceVersion = values.interface === undefined ? undefined : parseInterfaceVersion(values.interface);
  // Gate inputs are read first: a bad file is exit 2 before minutes of running, not after.
  const expectations: { file: string; expectations: Expectations }[] = [];
  for (const file of values.expect ?? []) expectations.push({ file, expectations: await readExpectations(file) });
  const baseline = values.baseline === undefined ? undefined : await readResults(values.baseline);
  const baselineLabel = `baseline ${values.baseline}`;
  const gate = gateSources(expectations, baseline ? { results: baseline, label: baselineLabel } : undefined);
  // Against a baseline, the same seed makes property cases draw the same inputs: a difference is then the candidate's.
  const seed = parseInteger('seed', values.seed, 0, 0xffffffff) ?? baseline?.seed ?? randomSeed();
  const timeoutMs = parseInteger('timeout', values.timeout, 1, 3_600_000) ?? DEFAULT_TIMEOUT_MS;
  // --repeat N: each case N times, a fresh seed per repetition unless --seed fixes it (then only timing can differ).
  const repeat = parseInteger('repeat', values.repeat, 1, 1000) ?? 1;
  const repeatSeeds = Array.from({ length: repeat }, (_, index) => (index === 0 || values.seed !== undefined ? seed : randomSeed()));
  const specs = values.candidate && values.candidate.length > 0 ? values.candidate : ['reference', 'host'];

  // The output folder is checked (a folder, writable) and locked before any candidate is loaded or case run.
  const outName = values.out ?? DEFAULT_OUT;
  const lock = await lockOutDir(resolve(outName), outName);
  try {
    return await runLocked({
      argv,
      outDir: lock.dir,
      specs,
      selection: selection.length,
      cases,
      shard,
      gate,
      expectations,
      baseline,
      baselineLabel,
      interfaceVersion,
      seed,
      seedFromBaseline: values.seed === undefined && baseline !== undefined,
      repeatSeeds,
      timeoutMs,
      jobs,
    });
  } finally {
    await lock.release();
  }
}

interface RunPlan {
  readonly argv: readonly string[];
  readonly outDir: string;
  readonly specs: readonly string[];
  /** Cases selected before sharding. */
  readonly selection: number;
  readonly cases: readonly CaseMeta[];
  readonly shard: Shard | undefined;
  readonly gate: readonly ExpectationSource[];
  /** The --expect files, for the report's expected/unexpected marks (the same sources as `gate`). */
  readonly expectations: readonly { readonly file: string; readonly expectations: Expectations }[];
  readonly baseline: ResultsFile | undefined;
  /** How the gate names the baseline: `baseline FILE`. */
  readonly baselineLabel: string;
  /** --interface, as parseInterfaceVersion returns it. */
  readonly interfaceVersion: string | undefined;
  readonly seed: number;
  readonly seedFromBaseline: boolean;
  /** --repeat N: the run seed of each repetition (one entry without --repeat). */
  readonly repeatSeeds: readonly number[];
  readonly timeoutMs: number;
  readonly jobs: number | undefined;
}

async function runLocked(plan: RunPlan): Promise<number> {
  const { cases, gate, baseline, outDir } = plan;
  // A second Ctrl-C quits at once: process.exit skips every finally, but the lock's exit hook still removes the lock.
  const interrupt = onInterrupt('finishing the case in flight and writing the results so far', { secondQuits: true });
  let results: ResultsFile;
  try {
    const runners = await resolveCandidates(plan.specs);
    try {
      // Exit 2 before any case runs: two candidates with one id, or an --expect file that names none of them.
      checkDistinctCandidates(runners.map((runner) => runner.candidate));
      checkSourcesMatch(gate, runners.map((runner) => runner.candidate.id));
    } catch (error) {
      await Promise.all(runners.map((runner) => runner.close()));
      throw error;
    }
    if (interrupt.signal.aborted) {
      await Promise.all(runners.map((runner) => runner.close()));
      return EXIT_INTERRUPTED;
    }
    const selectedModules = new Set(cases.map((meta) => meta.module));
    const rules = catalogue.filter((rule) => selectedModules.has(rule.module));
    const progress = createProgress(process.stderr);
    const seedNote = plan.seedFromBaseline ? " (the baseline's)" : '';
    const shardNote = plan.shard ? `, shard ${plan.shard.index}/${plan.shard.count} of ${plan.selection}` : '';
    const interfaceNote = plan.interfaceVersion ? `, certifying interface ${plan.interfaceVersion}` : '';
    const repeatNote = plan.repeatSeeds.length > 1 ? `, ${plan.repeatSeeds.length} repetitions (seeds ${plan.repeatSeeds.join(', ')})` : '';
    process.stderr.write(`rtconf: ${runners.length} candidate(s) × ${cases.length} case(s)${shardNote}, seed ${plan.seed}${seedNote}${interfaceNote}${repeatNote}\n`);
    try {
      results = await runSuite(runners, cases, rules, {
        seed: plan.seed,
        timeoutMs: plan.timeoutMs,
        ...(plan.jobs ? { jobs: plan.jobs } : {}),
        ...(plan.interfaceVersion ? { interfaceVersion: plan.interfaceVersion } : {}),
        ...(plan.repeatSeeds.length > 1 ? { repeatSeeds: plan.repeatSeeds } : {}),
        signal: interrupt.signal,
        durations: await readCaseDurations(),
        onCandidate: progress.candidate,
        onResult: progress.result,
      });
    } finally {
      progress.done();
    }
  } finally {
    interrupt.dispose();
  }
  results = withEnvironment(results, runEnvironment(['run', ...plan.argv]));
  await recordCaseDurations(results.runs);

  const wanted = join(outDir, 'results.json');
  const saved = await writeFileOrFallback(wanted, serializeResults(results));
  if (saved.failure) process.stderr.write(`rtconf: could not write ${wanted} (${saved.failure}); the results are saved in ${saved.file}\n`);
  const reportFile = await writeOtherReports(results, dirname(saved.file), saved.file, {
    ...(baseline ? { baseline, baselineLabel: plan.baselineLabel } : {}),
    expectations: plan.expectations,
  });
  // One gate decides the exit code, the summary's notes and the report's marks: with no gate every failing normative
  // case regresses.
  const marks = markExpectations(results, gate, new Set(cases.map((meta) => meta.id)));
  printSummary(process.stdout, results, gate.length > 0 ? { gate: marks } : {});
  process.stdout.write(`results: ${saved.file}\n`);
  if (reportFile) process.stdout.write(`report:  ${reportFile}\n`);
  // "exit 1 is a verdict" only when the run exits by the verdict: not for a replay of one case, nor when it ends 130
  // (interrupted) or 2 (results not written where asked).
  const exitsByVerdict = !results.interrupted && !saved.failure;
  const verdict = printGateVerdict(process.stdout, marks.report, gate, cases.length > 1 && exitsByVerdict);
  // A replay (one case): its outcome is the point, so it comes last, one line per candidate.
  if (cases.length === 1) {
    process.stdout.write('\n');
    printCaseVerdicts(process.stdout, results);
  }
  if (results.interrupted) return EXIT_INTERRUPTED;
  if (saved.failure) return EXIT_OUTPUT_FAILED;
  return verdict;
}

/** Every candidate is resolved before anything runs, so a broken adapter is reported at once, not after minutes. */
async function resolveCandidates(specs: readonly string[]): Promise<Runner[]> {
  const runners: Runner[] = [];
  try {
    for (const spec of specs) runners.push(await resolveCandidate(spec));
  } catch (error) {
    await Promise.all(runners.map((runner) => runner.close()));
    throw error;
  }
  return runners;
}

/** The results with the run's environment, placed after the run's own facts and before the rules and runs. */
function withEnvironment(results: ResultsFile, environment: RunEnvironment): ResultsFile {
  const { rules, runs, ...head } = results;
  return { ...head, environment, rules, runs };
}

/** The HTML report, JUnit XML and badges; a failure here is reported but never costs the results file. */
async function writeOtherReports(results: ResultsFile, dir: string, resultsFile: string, options: WriteReportsOptions): Promise<string | undefined> {
  try {
    const { writeReports } = await import('../../reports/write-reports.js');
    const written = await writeReports(results, dir, options);
    if (written.removed.length > 0) {
      process.stderr.write(`rtconf: removed what an earlier run generated in ${dir} and this one did not: ${written.removed.map((file) => file.slice(dir.length + 1)).join(', ')}\n`);
    }
    return written.html;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`rtconf: could not write the HTML/JUnit reports: ${reason} (rebuild them with rtconf report ${resultsFile})\n`);
    return undefined;
  }
}
