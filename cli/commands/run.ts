// `rtconf run`: select cases, resolve candidates, run, write results.json and the reports, print a summary.
import { resolve } from 'node:path';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { rules as catalogue } from '../../spec/index.js';
import { selectCases } from '../../conformance/registry.js';
import { randomSeed } from '../../runners/seed.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { runSuite } from '../../runners/run-suite.js';
import type { Runner } from '../../runners/runner.js';
import { parseShard, selectShard } from '../../runners/shard.js';
import { readExpectations } from '../../runners/expectations.js';
import { evaluateGate, formatGate, sourceFromBaseline, sourceFromExpectations, type ExpectationSource } from '../../runners/regression-gate.js';
import { readResults } from '../../reports/read-results.js';
import { writeResults } from '../../reports/write-results.js';
import { parseCommandLine, parseInteger } from '../parse.js';
import { UsageError } from '../usage-error.js';
import { createProgress } from '../progress.js';
import { printSummary, failedNormative } from '../summary.js';

const DEFAULT_TIMEOUT_MS = 10_000;
export const EXIT_INTERRUPTED = 130;

export async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseCommandLine('run', argv, {
    candidate: { type: 'string', multiple: true },
    module: { type: 'string', multiple: true },
    rule: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    out: { type: 'string' },
    seed: { type: 'string' },
    timeout: { type: 'string' },
    jobs: { type: 'string' },
    shard: { type: 'string' },
    expect: { type: 'string', multiple: true },
    baseline: { type: 'string' },
  });
  const modules = (values.module ?? []).map(checkModule);
  const jobs = parseInteger('jobs', values.jobs, 1, 256);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  // Gate inputs are read first: a bad file is exit 2 before minutes of running, not after.
  const gate: ExpectationSource[] = [];
  for (const file of values.expect ?? []) gate.push(sourceFromExpectations(await readExpectations(file), `expectations ${file}`));
  const baseline = values.baseline === undefined ? undefined : await readResults(values.baseline);
  if (baseline && values.baseline !== undefined) gate.push(sourceFromBaseline(baseline, `baseline ${values.baseline}`));
  // Against a baseline, the same seed makes property cases draw the same inputs: a difference is then the candidate's.
  const seed = parseInteger('seed', values.seed, 0, 0xffffffff) ?? baseline?.seed ?? randomSeed();
  const timeoutMs = parseInteger('timeout', values.timeout, 1, 3_600_000) ?? DEFAULT_TIMEOUT_MS;
  const outDir = resolve(values.out ?? 'rtconf-report');
  const specs = values.candidate && values.candidate.length > 0 ? values.candidate : ['reference', 'host'];

  // Every candidate is resolved before anything runs, so a broken adapter is reported at once, not after minutes.
  const runners: Runner[] = [];
  try {
    for (const spec of specs) {
      runners.push(await resolveCandidate(spec, { replayCommand: (candidate, caseId) => replayCommand(candidate, caseId, seed) }));
    }
  } catch (error) {
    await Promise.all(runners.map((runner) => runner.close()));
    throw error;
  }
  const selection = selectCases({ modules, ruleGlobs: values.rule ?? [], caseGlobs: values.case ?? [] });
  const cases = selectShard(selection, shard);
  if (selection.length === 0) {
    await Promise.all(runners.map((runner) => runner.close()));
    throw new UsageError('no case matches the selection (see rtconf list cases)');
  }

  const selectedModules = new Set(cases.map((meta) => meta.module));
  const rules = catalogue.filter((rule) => selectedModules.has(rule.module));
  const controller = new AbortController();
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(EXIT_INTERRUPTED);
    process.stderr.write('\nrtconf: interrupted; finishing the case in flight and writing the results so far (Ctrl-C again to quit at once)\n');
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  const progress = createProgress(process.stderr);
  const seedNote = values.seed === undefined && baseline ? ' (the baseline\'s)' : '';
  const shardNote = shard ? `, shard ${shard.index}/${shard.count} of ${selection.length}` : '';
  process.stderr.write(`rtconf: ${runners.length} candidate(s) × ${cases.length} case(s)${shardNote}, seed ${seed}${seedNote}\n`);
  let results;
  try {
    results = await runSuite(runners, cases, rules, {
      seed,
      timeoutMs,
      ...(jobs ? { jobs } : {}),
      signal: controller.signal,
      onCandidate: progress.candidate,
      onResult: progress.result,
    });
  } finally {
    progress.done();
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
  const file = await writeResults(results, outDir);
  const reportFile = await writeOtherReports(results, outDir);
  printSummary(process.stdout, results);
  process.stdout.write(`results: ${file}\n`);
  if (reportFile) process.stdout.write(`report:  ${reportFile}\n`);
  if (results.interrupted) return EXIT_INTERRUPTED;
  if (gate.length > 0) {
    const report = evaluateGate(results, gate, new Set(cases.map((meta) => meta.id)));
    process.stdout.write(formatGate(report, gate));
    return report.unexpected.length > 0 ? 1 : 0;
  }
  return failedNormative(results) > 0 ? 1 : 0;
}

function checkModule(name: string): ModuleName {
  if ((MODULES as readonly string[]).includes(name)) return name as ModuleName;
  throw new UsageError(`--module must be one of ${MODULES.join(', ')}, got "${name}"`);
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

export function replayCommand(candidate: string, caseId: string, seed: number): string {
  return `npx rtconf run --candidate ${shellQuote(candidate)} --case ${shellQuote(caseId)} --seed ${seed}`;
}

/** The HTML report, JUnit XML and badges; a failure here is reported but never costs the results file. */
async function writeOtherReports(results: Parameters<typeof writeResults>[0], dir: string): Promise<string | undefined> {
  try {
    const { writeReports } = await import('../../reports/write-reports.js');
    await writeReports(results, dir);
    return resolve(dir, 'index.html');
  } catch (error) {
    process.stderr.write(`rtconf: could not write the HTML/JUnit reports: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}
