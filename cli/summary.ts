// The end-of-run summary: one row per candidate and module with its counts and verdict (the one verdict of
// results/verdict.ts, over normative rules), how to replay what failed, and one line per candidate that says what
// its verdict means (and, with a gate, whether every failure was expected).
import { apis, type ApiStateName, type CandidateInfo, type CandidateRun, type ExpectationMarks, isFailing, MODULES, type PassRate, passRate, type ResultsFile, STATUSES } from '../lib/index.js';
import { expectationNote } from '../results/expectation-note.js';
import { replayFor } from '../results/replay.js';
import { candidateLabel as labelOf } from '../results/candidate-label.js';
import { hungFunctions } from '../results/hung-functions.js';
import { summarize } from '../results/results-file.js';
import { apiStates, countStates } from '../results/api-state.js';
import { clip } from '../io/message-text.js';
import { resultsWithStrays, STRAY_CONSEQUENCE, strayLine } from '../results/stray-findings.js';
import { printable, printableLine } from './terminal-text.js';

/** Replay commands listed per candidate under the table; the report and results.json have all of them. */
const REPLAYS_PER_CANDIDATE = 3;

function verdictCell(rate: PassRate): string {
  const rules = `${rate.passed}/${rate.evaluated} rules`;
  switch (rate.verdict) {
    case 'conformant':
      return `PASS ${rules}`;
    case 'not-conformant':
      return `FAIL ${rules}`;
    case 'not-provided':
      return 'SKIP';
    case 'not-applicable':
      return 'N/A';
    case 'untested':
      return 'UNTESTED';
  }
}

export interface SummaryOptions {
  /** The regression gate's marks (its report, sources and counts), when the run had --expect or --baseline. */
  readonly gate?: ExpectationMarks;
}

export function printSummary(stream: NodeJS.WritableStream, results: ResultsFile, options: SummaryOptions = {}): void {
  const header = ['candidate', 'module', ...STATUSES, 'verdict (normative rules)'];
  const rows: string[][] = [];
  for (const run of results.runs) {
    for (const module of MODULES) {
      const moduleResults = run.results.filter((result) => result.module === module);
      if (moduleResults.length === 0) continue;
      const summary = summarize(moduleResults);
      rows.push([printable(run.candidate.id), module, ...STATUSES.map((status) => String(summary[status])), verdictCell(passRate(run, results.rules, module))]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: readonly string[]): string => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  stream.write(`\n${format(header)}\n`);
  for (const row of rows) stream.write(`${format(row)}\n`);
  printApiStates(stream, results);
  for (const run of results.runs) {
    const failing = run.results.filter((result) => isFailing(result.status));
    if (failing.length === 0) continue;
    const more = failing.length > REPLAYS_PER_CANDIDATE ? ` (${failing.length - REPLAYS_PER_CANDIDATE} more in the report)` : '';
    stream.write(`\nreplay a failing case of ${printable(run.candidate.id)} alone${more}:\n`);
    for (const result of failing.slice(0, REPLAYS_PER_CANDIDATE)) stream.write(`  ${printable(replayFor(run.candidate, result.case, result, results.seed))}\n`);
  }
  for (const run of results.runs) {
    for (const hung of hungFunctions(run.results)) {
      const notRun = hung.notRun > 0 ? `; its ${hung.notRun} remaining ${hung.notRun === 1 ? 'case was' : 'cases were'} recorded as timeout without running` : '';
      stream.write(`\n${printable(run.candidate.id)} hung in ${hung.function}: ${hung.timeouts} timeouts in a row${notRun}\n`);
    }
  }
  for (const run of results.runs) printStrays(stream, run);
  stream.write('\n');
  for (const run of results.runs) stream.write(`${verdictLine(run, results, options.gate)}\n`);
  const seconds = (results.durationMs / 1000).toFixed(1);
  const certified = results.interface ? `, interface ${results.interface.version} (cases citing a rule introduced later are n/a)` : '';
  stream.write(`\nseed ${results.seed}, ${seconds} s${certified}${results.interrupted ? ', INTERRUPTED: not every case ran' : ''}\n`);
}

/** A candidate's strays, a finding apart from the verdict: how many cases recorded them, and the first one. */
function printStrays(stream: NodeJS.WritableStream, run: CandidateRun): void {
  const straying = resultsWithStrays(run);
  const [first] = straying;
  const stray = first?.strays?.[0];
  if (!first || !stray) return;
  const cases = straying.length === 1 ? 'one case' : `${straying.length} cases`;
  stream.write(`\n${printable(run.candidate.id)} let errors escape uncaught in ${cases}: ${STRAY_CONSEQUENCE}\n`);
  stream.write(`  ${printable(first.case)}: ${clip(printable(strayLine(stray)), 300)}${straying.length > 1 ? ' (the rest in the report)' : ''}\n`);
}

/** Exports named after the counts of a row: the ones that are not conformant, up to this many. */
const NAMED_EXPORTS = 4;
/** The states in the order the table shows them, usable first. */
const SHOWN_STATES: readonly ApiStateName[] = ['conformant', 'partial', 'failing', 'stub', 'absent', 'untested'];

/**
 * The per-API states (results/api-state.ts) counted per candidate and module, as a second table: how many of the
 * module's exports are conformant, partial, failing, stubs, absent or untested, naming the ones that are not conformant.
 */
function printApiStates(stream: NodeJS.WritableStream, results: ResultsFile): void {
  const header = ['candidate', 'module', ...SHOWN_STATES, 'exports not conformant'];
  const rows: string[][] = [];
  for (const run of results.runs) {
    const states = apiStates(run, results.rules, apis);
    for (const module of MODULES) {
      if (!run.results.some((result) => result.module === module)) continue;
      const ofModule = states.filter((state) => state.api.startsWith(`${module}.`));
      const counts = countStates(ofModule);
      const named = ofModule.filter((state) => state.state !== 'conformant' && state.state !== 'untested').map((state) => `${state.api.slice(module.length + 1)} (${state.state})`);
      const listed = named.length > NAMED_EXPORTS ? [...named.slice(0, NAMED_EXPORTS), `${named.length - NAMED_EXPORTS} more`] : named;
      rows.push([printable(run.candidate.id), module, ...SHOWN_STATES.map((state) => String(counts[state])), listed.join(', ')]);
    }
  }
  if (rows.length === 0) return;
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: readonly string[]): string => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  stream.write(`\nexports of each module by state (failing: runs, but none of its rules passes; stub: throws "not implemented"; absent: not exported; untested: no state claimed):\n${format(header)}\n`);
  for (const row of rows) stream.write(`${format(row)}\n`);
}

/**
 * One line per candidate that reads as a sentence: what the verdict is over normative rules and, for a failing
 * published runtime, that the failures are the runtime's own divergences (not a broken install), which
 * docs/runtimes.md describes (not for a local build: the page does not describe it); with a gate, whether every
 * failure was expected.
 * @example
 * // 'host node v20.20.2: 4 normative rules not met (278/282 pass) — divergences of this runtime from the spec, see docs/runtimes.md'
 */
export function verdictLine(run: CandidateRun, results: ResultsFile, gate?: SummaryOptions['gate']): string {
  const rate = passRate(run, results.rules);
  const label = candidateLabel(run.candidate);
  // With --interface, the verdict is over that interface version's rules (the later ones are n/a).
  const against = results.interface ? ` to interface ${results.interface.version}` : '';
  switch (rate.verdict) {
    case 'conformant':
      return `${label}: conformant${against}: ${rate.passed}/${rate.evaluated} normative rules`;
    case 'not-provided':
      return `${label}: provides none of the selected modules (every case skipped)`;
    case 'not-applicable':
      return `${label}: no selected rule applies on this platform`;
    case 'untested':
      return `${label}: untested: no case ran for a normative rule`;
    case 'not-conformant':
      break;
  }
  const notMet = `${rate.failing} normative ${rate.failing === 1 ? 'rule' : 'rules'}${results.interface ? ` of interface ${results.interface.version}` : ''} not met (${rate.passed}/${rate.evaluated} pass)`;
  if (gate) return `${label}: ${notMet} — ${gateNote(run, gate)}`;
  const kind = run.candidate.kind;
  // docs/runtimes.md describes the published releases; a local build of the same version may differ from it in anything.
  if (run.candidate.build) return `${label}: ${notMet} — this build's own; compare builds with --baseline (and --pair)`;
  if (kind === 'host' || kind === 'runtime') return `${label}: ${notMet} — divergences of this runtime from the spec, see docs/runtimes.md`;
  return `${label}: ${notMet}`;
}

/** Whether the candidate's failures were all expected by the gate's sources, counted by the gate's marks. */
function gateNote(run: CandidateRun, gate: ExpectationMarks): string {
  // Only the sources that speak of this candidate: with one expectations file per runtime, naming them all on every
  // line would credit a runtime with files that say nothing about it.
  const naming = gate.sources.filter((source) => [...source.entries()].some(([candidate]) => candidate === run.candidate.id));
  const labels = naming.length > 0 ? naming.map((source) => source.label).join('; ') : 'no expectation names this candidate';
  return `${expectationNote(gate.counts(run.candidate.id))} (${labels})`;
}

/**
 * `host node v20.20.2`, `broken 1.0.0 (./adapter.mjs)`: the name a candidate gives itself, and the id when it adds
 * something; for one run in a page, the browser and the page (`querystring-es3 0.2.1 in Chromium 156.0.8078.108 at …`).
 */
function candidateLabel(candidate: CandidateInfo): string {
  const named = labelOf(candidate);
  const label = candidate.name.includes(candidate.id) || candidate.id.includes(candidate.name) ? named : `${named} (${candidate.id})`;
  const where = candidate.page ? ` in ${candidate.page.browser} at ${candidate.page.url}` : '';
  return printable(`${label}${where}`);
}

/**
 * The outcome of each candidate for a run of exactly one case (a replay), as one line each:
 * `querystring.parse.x: fail — <first line of the message>` (with `[candidate]` after the case id when there are several).
 */
export function printCaseVerdicts(stream: NodeJS.WritableStream, results: ResultsFile): void {
  const several = results.runs.length > 1;
  for (const run of results.runs) {
    for (const result of run.results) {
      const who = several ? ` [${printable(run.candidate.id)}]` : '';
      const message = result.message ? ` — ${printableLine(result.message, 300)}` : '';
      stream.write(`${result.case}${who}: ${result.status}${message}\n`);
      if (result.counterexample) stream.write(`  counterexample: ${clip(printable(result.counterexample.value), 300)}\n`);
    }
  }
}

