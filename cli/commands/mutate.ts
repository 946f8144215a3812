// `rtconf mutate`: measures the suite's strength by mutating the reference and counting the mutants the cases notice.
// Writes DIR/mutation.json; when DIR also holds a results.json, rebuilds its HTML report with the mutation section.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../io/package-root.js';
import type { MutantRecord, MutationFile, PhaseTimes, Score } from '../../results/mutation-file.js';
import { validateMutation } from '../../results/read-mutation.js';
import { writeMutation } from '../../results/write-mutation.js';
import { parseInteger, parseModule, parseVerb } from '../parse.js';
import { DEFAULT_MUTATION_SEED, DEFAULT_OUT, DEFAULT_TIMEOUT_MS } from '../verbs.js';
import { EXIT_INTERRUPTED, onInterrupt } from '../interrupt.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseVerb('mutate', argv);
  const modules = (values.module ?? []).map(parseModule);
  const root = packageRoot();
  if (!existsSync(join(root, 'reference')) || !existsSync(join(root, 'conformance'))) {
    throw new UsageError(`mutate works on a checkout of rt-conformance (it mutates the reference's TypeScript sources); ${root} has no reference/`);
  }
  // Loaded here, not at the top: the engine needs the TypeScript compiler API (a dev dependency of the checkout).
  const { OPERATORS, isOperator } = await import('../../mutation/operators.js');
  const operators = values.operator?.map((name) => {
    if (!isOperator(name)) throw new UsageError(`--operator must be one of ${OPERATORS.join(', ')}, got "${name}"`);
    return name;
  });
  const { runMutation } = await import('../../mutation/run-mutation.js');
  const { equivalentMutantsPath, readEquivalentMutants } = await import('../../mutation/equivalent-mutants.js');
  const { unobservableMutantsPath, readUnobservableMutants } = await import('../../mutation/unobservable-mutants.js');
  const { defaultJobs } = await import('../../runners/job-pool.js');
  // Three per core: a mutant's agent mostly waits (on its start, child processes, TLS handshakes, timers). Measured on
  // 2 cores, 30 https mutants took 72 s with 2 jobs, 45 s with 4 and 38 s with 6; a whole run with 4 jobs was bounded by
  // its slots (2,662 s of mutants over 4 slots) rather than its 864 s of CPU, and took 9 min 22 s with 6 on idle cores.
  const jobs = parseInteger('jobs', values.jobs, 1, 256) ?? defaultJobs(3);
  const max = parseInteger('max', values.max, 1, 1_000_000);
  const seed = parseInteger('seed', values.seed, 0, 0xffffffff) ?? DEFAULT_MUTATION_SEED;
  const timeoutMs = parseInteger('timeout', values.timeout, 1, 3_600_000) ?? DEFAULT_TIMEOUT_MS;
  const minScore = parseInteger('min-score', values['min-score'], 0, 100);
  const outDir = resolve(values.out ?? DEFAULT_OUT);
  const previous = values.incremental === true ? await readPrevious(join(outDir, 'mutation.json')) : undefined;
  // Without --incremental the mutation.json already there still says which cases killed what: they run first.
  const killEvidence = previous ? undefined : await readKillEvidence(join(outDir, 'mutation.json'));
  const equivalents = await readEquivalentMutants(equivalentMutantsPath(root));
  const unobservable = await readUnobservableMutants(unobservableMutantsPath(root));

  const interrupt = onInterrupt('finishing the mutants in flight and writing what is known', { secondQuits: true });
  let mutation: MutationFile;
  try {
    mutation = await runMutation({
      root,
      modules,
      ruleGlobs: values.rule ?? [],
      jobs,
      ...(max !== undefined ? { max } : {}),
      seed,
      ...(values.since !== undefined ? { since: values.since } : {}),
      fileGlobs: values.file ?? [],
      timeoutMs,
      ...(operators ? { operators: new Set(operators) } : {}),
      equivalents,
      unobservable,
      auditBeyondSpec: values['audit-beyond-spec'] === true,
      auditUnobservable: values['audit-unobservable'] === true,
      ...(values['no-cache'] ? { cacheDir: null } : {}),
      ...(previous ? { previous } : {}),
      ...(killEvidence ? { killEvidence } : {}),
      signal: interrupt.signal,
      onEvent: (event) => {
        if (event.kind === 'phase') process.stderr.write(`rtconf: ${event.message}\n`);
        else if (event.record.status === 'survived' || event.record.status === 'error') process.stderr.write(`  [${event.done}/${event.total}] ${describe(event.record)}\n`);
        else if (event.done % 100 === 0 || event.done === event.total) process.stderr.write(`  [${event.done}/${event.total}]\n`);
      },
    });
  } finally {
    interrupt.dispose();
  }
  // What is written is what `rtconf report --mutation` will read: the schema is checked before, not after.
  await validateMutation(JSON.parse(JSON.stringify(mutation)) as unknown, 'the mutation run');
  const file = await writeMutation(mutation, outDir);
  process.stdout.write(formatSummary(mutation));
  process.stdout.write(`mutation: ${file}\n`);
  const report = await rebuildReport(outDir, mutation);
  if (report) process.stdout.write(`report:   ${report}\n`);
  if (mutation.interrupted) return EXIT_INTERRUPTED;
  if (minScore !== undefined) {
    const below = mutation.modules.filter((score) => score.score !== null && score.score < minScore);
    if (below.length > 0) {
      process.stdout.write(`below --min-score ${minScore}: ${below.map((score) => `${score.module} ${score.score}%`).join(', ')}\n`);
      return 1;
    }
  }
  return 0;
}

/**
 * The previous mutation.json for `--incremental`: none yet, or one of a schema this rtconf does not read, is said in
 * one line and the run is a full one; a malformed one is bad input (exit 2), as everywhere.
 */
async function readPrevious(file: string): Promise<MutationFile | undefined> {
  if (!existsSync(file)) {
    process.stderr.write(`rtconf: --incremental: no previous ${file}; running every mutant\n`);
    return undefined;
  }
  const { readJsonFile } = await import('../../io/read-json-file.js');
  const { MutationFileError, readMutation } = await import('../../results/read-mutation.js');
  const { MUTATION_SCHEMA_VERSION } = await import('../../results/mutation-file.js');
  const data = await readJsonFile(file, (message) => new MutationFileError(message));
  const version = typeof data === 'object' && data !== null ? (data as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (typeof version === 'number' && Number.isInteger(version) && version > MUTATION_SCHEMA_VERSION) {
    process.stderr.write(`rtconf: --incremental: ${file} is of schema version ${version}, newer than this rtconf's ${MUTATION_SCHEMA_VERSION}; running every mutant\n`);
    return undefined;
  }
  return readMutation(file);
}

/**
 * The mutants of the mutation.json in the output folder, to order cases by (mutation/kill-order.ts); none, or one
 * that cannot be read, only leaves the order fastest first (it is about to be written over, so it is no bad input).
 */
async function readKillEvidence(file: string): Promise<readonly MutantRecord[] | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const { readMutation } = await import('../../results/read-mutation.js');
    return (await readMutation(file)).mutants;
  } catch (error) {
    process.stderr.write(`rtconf: ${file} cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the cases run fastest first\n`);
    return undefined;
  }
}

function describe(record: MutantRecord): string {
  const first = record.diff.split('\n').filter((line) => line.startsWith('+') && !line.startsWith('+++'))[0] ?? '';
  return `${record.status} ${record.file}:${record.line}:${record.column} ${record.operator}: ${first.slice(1).trim().slice(0, 100)}${record.note ? ` (${record.note})` : ''}`;
}

function percent(score: Pick<Score, 'score'>): string {
  return score.score === null ? '—' : `${score.score.toFixed(1)}%`;
}

/** The table per module, the weakest rules and the survivors, as `rtconf mutate` prints them. */
export function formatSummary(mutation: MutationFile, limit = 40): string {
  const lines: string[] = [''];
  const columns: readonly (readonly [string, (score: Score) => string])[] = [
    ['mutants', (score) => String(score.total)],
    ['killed', (score) => String(score.killed)],
    ['timeout', (score) => String(score.timeout)],
    ['survived', (score) => String(score.survived)],
    ['no-coverage', (score) => String(score.noCoverage)],
    ['equivalent', (score) => String(score.equivalent)],
    ['beyond-spec', (score) => String(score.beyondSpec)],
    ['unobservable', (score) => String(score.unobservable)],
    ['error', (score) => String(score.error)],
    ['score', (score) => percent(score)],
    ['all mutants', (score) => percent({ score: score.scoreOfAll })],
  ];
  const row = (name: string, cells: readonly string[]): string => [name.padEnd(14), ...cells.map((cell, index) => cell.padStart(Math.max(6, (columns[index] as readonly [string, unknown])[0].length)))].join('  ');
  lines.push(row('module', columns.map(([title]) => title)));
  for (const score of mutation.modules) lines.push(row(score.module, columns.map(([, cell]) => cell(score))));
  lines.push(row('all', columns.map(([, cell]) => cell(mutation.total))));
  lines.push(
    'score: killed of the mutants that count (equivalent, beyond-spec and unobservable ones left out); all mutants: the beyond-spec and unobservable ones counted as not killed',
    'unobservable: not observable on this platform (code that runs only on Windows or Android; mutation/unobservable-mutants.json)',
    '',
  );
  const weakest = mutation.rules.filter((rule) => rule.score !== null && rule.score < 100).slice(0, 5);
  if (weakest.length > 0) {
    lines.push('weakest rules (score: killed of the mutants in code their cases cover):');
    for (const rule of weakest) lines.push(`  ${percent(rule).padStart(6)}  ${rule.rule}  (${rule.survived + rule.noCoverage} of ${rule.total - rule.equivalent - rule.beyondSpec - rule.unobservable - rule.error} not killed)`);
    lines.push('');
  }
  const survivors = mutation.mutants.filter((mutant) => mutant.status === 'survived');
  if (survivors.length > 0) {
    lines.push(`${survivors.length} surviving mutant(s)${survivors.length > limit ? `, the first ${limit}` : ''}:`);
    for (const mutant of survivors.slice(0, limit)) lines.push(`  ${describe(mutant)}`);
    lines.push('');
  }
  if (mutation.incremental) {
    const { reused, rerun, casesRemeasured } = mutation.incremental;
    lines.push(`incremental: ${reused} verdict(s) reused from the run of ${mutation.incremental.previous}, ${rerun} mutant(s) run anew; coverage measured again for ${casesRemeasured} case(s)`, '');
  }
  if (mutation.phases) lines.push(formatPhases(mutation.phases), '');
  if (mutation.unusableCases.length > 0) lines.push(`${mutation.unusableCases.length} case(s) do not pass against the unmutated reference and were not used: ${mutation.unusableCases.map((item) => `${item.case} (${item.status})`).join(', ')}`, '');
  lines.push(`${mutation.mutants.length} mutant(s) in ${(mutation.durationMs / 1000).toFixed(1)} s, seed ${mutation.seed}${mutation.interrupted ? ', interrupted' : ''}`);
  return `${lines.join('\n')}\n`;
}

/** Where the time went: the phases' wall time, then the mutants' work summed over the jobs. */
export function formatPhases(phases: PhaseTimes): string {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return [
    `time: mutants chosen in ${s(phases.selectMs)}, case ↔ code map ${s(phases.coverageMs)}, dry run ${s(phases.dryRunMs)}, mutants ${s(phases.mutantsMs)}`,
    `  summed over the jobs: builds ${s(phases.buildMs)}, ${phases.agents} agent start(s)${phases.agentLoads !== undefined ? ` and ${phases.agentLoads} load(s) into a used agent` : ''} ${s(phases.agentStartMs)}, cases ${s(phases.casesMs)}, agent stops ${s(phases.agentStopMs)}, timeout checks ${s(phases.timeoutChecksMs)}`,
    ...(phases.mutantsRun !== undefined ? [`  ${phases.mutantsRun} mutant(s) run${phases.agentsUnfit ? `; ${phases.agentsUnfit} used agent(s) refused the next mutant (something an earlier one left) and were replaced` : ''}`] : []),
  ].join('\n');
}

/** With a results.json beside it, the HTML report is rebuilt so that it shows the mutation section. */
async function rebuildReport(dir: string, mutation: MutationFile): Promise<string | undefined> {
  const resultsFile = join(dir, 'results.json');
  if (!existsSync(resultsFile)) return undefined;
  try {
    const { judge, readResults, writeReports } = await import('../../lib/index.js');
    const results = await readResults(resultsFile);
    // The run's own gate inputs are not known here: judged as `rtconf report` judges without --expect or --baseline.
    const written = await writeReports(results, dir, { judgement: judge(results), mutation });
    return written.html;
  } catch (error) {
    process.stderr.write(`rtconf: could not rebuild the report in ${dir}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    return undefined;
  }
}
