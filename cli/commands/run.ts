// `rtconf run`: the library's `run` with the flags as its options, then results.json, the gate's judgement (`judge`),
// the reports it is handed to, and a summary. Every input that can be checked is checked before the first case runs;
// what a run obtained is never lost to a failing write afterwards (it goes to a temp folder, and stderr says where).
import { dirname, join, resolve } from 'node:path';
import {
  judge,
  pairBaseline,
  readExpectations,
  readResults,
  run,
  selectCases,
  writeReports,
  type BaselineInput,
  type ExpectationsInput,
  type ReportOptions,
  type ResultsFile,
  type RunStart,
  type Selection,
} from '../../lib/index.js';
import { parseShard } from '../../runners/shard.js';
import { describePairing } from '../../results/candidate-pairing.js';
import { parseInterfaceVersion } from '../../results/interface-version.js';
import { writeFileOrFallback } from '../../io/fallback-write.js';
import { appendSummary } from '../summary-file.js';
import { lockOutDir } from '../../io/out-dir-lock.js';
import { serializeResults } from '../../results/serialize-results.js';
import { parseInteger, parseModule, parseVerb } from '../parse.js';
import { DEFAULT_OUT } from '../verbs.js';
import { EXIT_INTERRUPTED, onInterrupt } from '../interrupt.js';
import { NO_CASE_MATCHES, UsageError } from '../usage-error.js';
import { createProgress } from '../progress.js';
import { printGateVerdict } from '../gate-verdict.js';
import { printCaseVerdicts, printSummary } from '../summary.js';

/** Exit code when the results could not be written where asked (they were saved in a temp folder instead). */
const EXIT_OUTPUT_FAILED = 2;

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseVerb('run', argv);
  const selection: Selection = {
    modules: (values.module ?? []).map(parseModule),
    rules: values.rule ?? [],
    cases: values.case ?? [],
    ...(values.shard === undefined ? {} : { shard: parseShard(values.shard) }),
  };
  const jobs = parseInteger('jobs', values.jobs, 1, 256);
  if (selectCases({ ...selection, shard: undefined }).length === 0) throw new UsageError(NO_CASE_MATCHES);
  if (values.interface !== undefined) parseInterfaceVersion(values.interface);
  // Gate inputs are read first: a bad file is exit 2 before minutes of running, not after.
  const expectations: ExpectationsInput[] = [];
  for (const file of values.expect ?? []) expectations.push({ file, expectations: await readExpectations(file) });
  if (values.pair && values.pair.length > 0 && values.baseline === undefined) throw new UsageError('--pair names candidates of a baseline: give it with --baseline FILE');
  let baseline: BaselineInput | undefined = values.baseline === undefined ? undefined : { file: values.baseline, results: await readResults(values.baseline) };
  // Against a baseline, the same seed makes property cases draw the same inputs: a difference is then the candidate's.
  const seed = parseInteger('seed', values.seed, 0, 0xffffffff) ?? baseline?.results.seed;
  const timeoutMs = parseInteger('timeout', values.timeout, 1, 3_600_000);
  const repeat = parseInteger('repeat', values.repeat, 1, 1000);

  // The output folder is checked (a folder, writable) and locked before any candidate is loaded or case run.
  const outName = values.out ?? DEFAULT_OUT;
  const lock = await lockOutDir(resolve(outName), outName);
  try {
    // A second Ctrl-C quits at once: process.exit skips every finally, but the lock's exit hook still removes the lock.
    const interrupt = onInterrupt('finishing the case in flight and writing the results so far', { secondQuits: true });
    const progress = createProgress(process.stderr);
    let started: RunStart | undefined;
    let results: ResultsFile;
    try {
      results = await run({
        ...selection,
        ...(values.candidate && values.candidate.length > 0 ? { candidates: values.candidate } : {}),
        ...(seed === undefined ? {} : { seed }),
        // --repeat N: a fresh seed per repetition unless --seed fixes it (then only timing can differ).
        repeatSeeds: values.seed === undefined ? 'fresh' : 'same',
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(jobs === undefined ? {} : { jobs }),
        ...(repeat === undefined ? {} : { repeat }),
        ...(values.interface === undefined ? {} : { interface: values.interface }),
        expectations,
        commandLine: ['run', ...argv],
        signal: interrupt.signal,
        onStart: (start) => {
          started = start;
          // The baseline's candidates paired with the run's, as resolved (a local build's id is its path): a --pair
          // naming no candidate of each side throws here, before anything runs.
          if (baseline) {
            baseline = pairBaseline(baseline, start.candidates, values.pair ?? []);
            if (baseline.pairing?.how === 'only-candidates') process.stderr.write(`rtconf: baseline ${baseline.file} (${describePairing(baseline.pairing)})\n`);
          }
          const seedNote = values.seed === undefined && baseline ? " (the baseline's)" : '';
          const shardNote = selection.shard ? `, shard ${selection.shard.index}/${selection.shard.count} of ${start.selected}` : '';
          const interfaceNote = start.interface ? `, certifying interface ${start.interface}` : '';
          const repeatNote = start.repeatSeeds.length > 1 ? `, ${start.repeatSeeds.length} repetitions (seeds ${start.repeatSeeds.join(', ')})` : '';
          process.stderr.write(`rtconf: ${start.candidates.length} candidate(s) × ${start.cases.length} case(s)${shardNote}, seed ${start.seed}${seedNote}${interfaceNote}${repeatNote}\n`);
        },
        onCandidate: progress.candidate,
        onResult: progress.result,
      });
    } catch (error) {
      // Interrupted while the candidates were being resolved: nothing ran, so there is nothing to write.
      if (interrupt.signal.aborted && started === undefined) return EXIT_INTERRUPTED;
      throw error;
    } finally {
      progress.done();
      interrupt.dispose();
    }
    return await writeAndJudge(results, lock.dir, { expectations, baseline, cases: started?.cases.map((meta) => meta.id) ?? [], summary: values.summary });
  } finally {
    await lock.release();
  }
}

interface Gate {
  readonly expectations: readonly ExpectationsInput[];
  readonly baseline: BaselineInput | undefined;
  /** The ids of the cases the run selected (after the shard). */
  readonly cases: readonly string[];
  /** `--summary FILE`: where the Markdown summary is appended. */
  readonly summary: string | undefined;
}

/** Writes results.json and the reports, prints the summary and the gate, and returns the exit code. */
async function writeAndJudge(results: ResultsFile, outDir: string, gate: Gate): Promise<number> {
  const wanted = join(outDir, 'results.json');
  const saved = await writeFileOrFallback(wanted, serializeResults(results));
  if (saved.failure) process.stderr.write(`rtconf: could not write ${wanted} (${saved.failure}); the results are saved in ${saved.file}\n`);
  // One gate, judged once, decides the exit code, the summary's notes, the report's marks and what JUnit counts: with
  // no gate every failing normative case regresses.
  const judgement = judge(results, { expectations: gate.expectations, ...(gate.baseline ? { baseline: gate.baseline } : {}), selected: gate.cases });
  const gated = judgement.sources.length > 0;
  const reportFile = await writeOtherReports(results, dirname(saved.file), saved.file, { judgement, ...(gate.baseline ? { baseline: gate.baseline.results } : {}) });
  if (gate.summary !== undefined) await appendSummary(gate.summary, results, judgement, saved.file);
  printSummary(process.stdout, results, gated ? { gate: judgement } : {});
  process.stdout.write(`results: ${saved.file}\n`);
  if (reportFile) process.stdout.write(`report:  ${reportFile}\n`);
  // "exit 1 is a verdict" only when the run exits by the verdict: not for a replay of one case, nor when it ends 130
  // (interrupted) or 2 (results not written where asked).
  const exitsByVerdict = !results.interrupted && !saved.failure;
  const verdict = printGateVerdict(process.stdout, judgement.report, judgement.sources, gate.cases.length > 1 && exitsByVerdict);
  // A replay (one case): its outcome is the point, so it comes last, one line per candidate.
  if (gate.cases.length === 1) {
    process.stdout.write('\n');
    printCaseVerdicts(process.stdout, results);
  }
  if (results.interrupted) return EXIT_INTERRUPTED;
  if (saved.failure) return EXIT_OUTPUT_FAILED;
  return verdict;
}

/** The HTML report, JUnit XML and badges; a failure here is reported but never costs the results file. */
async function writeOtherReports(results: ResultsFile, dir: string, resultsFile: string, options: ReportOptions): Promise<string | undefined> {
  try {
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
