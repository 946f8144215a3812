// The oracle's judgement, pure: which of Node's core tests differ between the host and a runtime (pass on the host,
// fail or time out on the runtime), how the hand-kept classification classifies each, and, for a difference a
// normative rule covers, which conformance case catches it on that runtime, or MISSED when every case of the rule
// passes there. scripts/oracle.mts runs the tests and prints what this returns; the tests feed it fake runs.
import { isFailing } from '../../results/status.js';
import type { RuntimeName } from '../../results/candidate-spec.js';
import type { ClassificationEntry, DifferenceClass } from './classification.mjs';

/** How one test file ended on one side (the fields of run-test-file.mjs's FileRun the judgement reads). */
export interface SideRun {
  readonly outcome: 'pass' | 'skip' | 'fail' | 'timeout';
  /** The last lines of its output. */
  readonly tail: string;
  /** Its whole output as kept (bounded); the classification's `match` is tried on it. Absent: the tail is used. */
  readonly output?: string;
}

/** One test file run on the host (the control) and on the runtime. */
export interface CoreTestRow {
  /** `parallel/test-….js`, as the classification names it. */
  readonly file: string;
  readonly host: SideRun;
  readonly runtime: SideRun;
  /** The file differed once and was run again on both sides before it counted. */
  readonly retried?: boolean;
}

/** The runtime the tests ran on. */
export interface RuntimeUnderTest {
  readonly name: RuntimeName;
  readonly version: string;
  /** The candidate spec it was resolved from (`runtime:bun@1.4.5`). */
  readonly spec: string;
}

/** A case's result on the runtime, as results.json records it. */
export interface CaseOutcome {
  readonly case: string;
  readonly rules: readonly string[];
  readonly status: string;
}

/** One difference: a file (or one classified assertion of it) that passes on the host and not on the runtime. */
export interface Difference {
  readonly file: string;
  readonly outcome: 'fail' | 'timeout';
  readonly class: DifferenceClass | 'unclassified';
  /** The index of the classification entry that classified it, in its file's list. */
  readonly entry?: number;
  readonly rules: readonly string[];
  readonly reason: string;
  /** What the runtime printed that the entry matched (its first matching line), or the last line of its output. */
  readonly excerpt: string;
  /** `covered` only: the failing cases on the runtime that catch it. */
  readonly caughtBy: readonly string[];
  /** `covered` and caught by no case: every case of its rules passes on the runtime. */
  readonly missed: boolean;
  readonly retried: boolean;
}

/** A classification entry that no difference of this run used. */
export interface StaleEntry {
  readonly file: string;
  readonly entry: number;
  readonly why: string;
}

export interface DifferenceCounts {
  /** Differences found (one per classified assertion, one per unclassified file). */
  readonly found: number;
  readonly caught: number;
  readonly missed: number;
  readonly specSilent: number;
  readonly harnessOnly: number;
  /** spec-silent + harness-only. */
  readonly notCovered: number;
  readonly unclassified: number;
}

export interface RuntimeReport {
  readonly runtime: RuntimeUnderTest;
  /** Where the case results that decide caught / MISSED came from (a results.json). */
  readonly caseResultsFrom: string;
  readonly files: { readonly total: number; readonly differing: number; readonly runtimeSkipped: readonly string[] };
  readonly differences: readonly Difference[];
  readonly stale: readonly StaleEntry[];
  readonly counts: DifferenceCounts;
}

/** A file the gate is about: it passes on the host, and fails or times out on the runtime. */
export const differs = (row: Pick<CoreTestRow, 'host' | 'runtime'>): boolean =>
  row.host.outcome === 'pass' && (row.runtime.outcome === 'fail' || row.runtime.outcome === 'timeout');

/**
 * Classifies the differing files of one runtime's run and decides, for each covered one, which failing case catches it.
 *
 * @param rows every file run, on both sides
 * @param entries the classification of this runtime (file → entries); absent: nothing is classified
 * @param caseResults the runtime's results of the conformance cases (published or fresh)
 */
export function classifyRuntime(
  runtime: RuntimeUnderTest,
  rows: readonly CoreTestRow[],
  entries: ReadonlyMap<string, readonly ClassificationEntry[]> | undefined,
  caseResults: readonly CaseOutcome[],
  caseResultsFrom: string,
): RuntimeReport {
  const differences: Difference[] = [];
  const stale: StaleEntry[] = [];
  const differing = rows.filter(differs);
  for (const row of differing) {
    const output = withoutEscapes(row.runtime.output ?? row.runtime.tail);
    const outcome = row.runtime.outcome as 'fail' | 'timeout';
    const retried = row.retried === true;
    const fileEntries = entries?.get(row.file) ?? [];
    const applied = fileEntries.map((entry, index) => ({ entry, index, excerpt: matchIn(entry, output) })).filter((found) => found.excerpt !== undefined);
    if (applied.length === 0) {
      differences.push({ file: row.file, outcome, class: 'unclassified', rules: [], reason: fileEntries.length > 0 ? 'its classification matches none of this failure' : 'not classified', excerpt: lastLine(output), caughtBy: [], missed: false, retried });
    }
    for (const { entry, index, excerpt } of applied) {
      const caughtBy = entry.class === 'covered' ? catchers(entry, caseResults) : [];
      differences.push({
        file: row.file,
        outcome,
        class: entry.class,
        entry: index,
        rules: entry.rules ?? [],
        reason: entry.reason,
        excerpt: excerpt ?? '',
        caughtBy,
        missed: entry.class === 'covered' && caughtBy.length === 0,
        retried,
      });
    }
    fileEntries.forEach((entry, index) => {
      if (!entry.intermittent && !applied.some((found) => found.index === index)) stale.push({ file: row.file, entry: index, why: `its match ${JSON.stringify(entry.match)} is not in the output` });
    });
  }
  const ran = new Set(rows.map((row) => row.file));
  const differingFiles = new Set(differing.map((row) => row.file));
  for (const [file, fileEntries] of entries ?? []) {
    if (!ran.has(file) || differingFiles.has(file)) continue;
    const row = rows.find((candidate) => candidate.file === file);
    fileEntries.forEach((entry, index) => {
      if (!entry.intermittent) stale.push({ file, entry: index, why: `the file does not differ now (host ${row?.host.outcome}, ${runtime.name} ${row?.runtime.outcome})` });
    });
  }
  return {
    runtime,
    caseResultsFrom,
    files: { total: rows.length, differing: differing.length, runtimeSkipped: rows.filter((row) => row.host.outcome === 'pass' && row.runtime.outcome === 'skip').map((row) => row.file) },
    differences,
    stale,
    counts: countsOf(differences),
  };
}

/** The excerpt an entry matches in `output` (its first matching line), or undefined when it does not apply. */
function matchIn(entry: ClassificationEntry, output: string): string | undefined {
  if (entry.match === undefined) return lastLine(output);
  const pattern = new RegExp(entry.match, 'm');
  const found = pattern.exec(output);
  if (!found) return undefined;
  const start = output.lastIndexOf('\n', found.index) + 1;
  const end = output.indexOf('\n', found.index + found[0].length);
  return clip(output.slice(start, end < 0 ? undefined : end).trim());
}

/** The failing cases on the runtime that cite one of the entry's rules (and, when it names cases, are among them). */
function catchers(entry: ClassificationEntry, caseResults: readonly CaseOutcome[]): string[] {
  const rules = entry.rules ?? [];
  return caseResults
    .filter((result) => isFailing(result.status) && result.rules.some((rule) => rules.includes(rule)))
    .filter((result) => entry.cases === undefined || entry.cases.includes(result.case))
    .map((result) => result.case)
    .sort();
}

/** Terminal colour sequences taken out (Deno colours its errors even into a pipe), so matches read the text. */
const withoutEscapes = (text: string): string => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

const lastLine = (output: string): string => clip(output.trim().split('\n').at(-1)?.trim() ?? '');
const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

export function countsOf(differences: readonly Difference[]): DifferenceCounts {
  const count = (test: (difference: Difference) => boolean): number => differences.filter(test).length;
  const specSilent = count((difference) => difference.class === 'spec-silent');
  const harnessOnly = count((difference) => difference.class === 'harness-only');
  return {
    found: differences.length,
    caught: count((difference) => difference.class === 'covered' && !difference.missed),
    missed: count((difference) => difference.missed),
    specSilent,
    harnessOnly,
    notCovered: specSilent + harnessOnly,
    unclassified: count((difference) => difference.class === 'unclassified'),
  };
}

/** 1 when a runtime has a MISSED or an unclassified difference (the bar is zero of each), else 0. */
export function oracleExitCode(reports: readonly RuntimeReport[]): 0 | 1 {
  return reports.some((report) => report.counts.missed > 0 || report.counts.unclassified > 0) ? 1 : 0;
}
