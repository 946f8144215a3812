// Run-to-run comparison: which case results changed status between a baseline run `a` and a later run `b`, and a
// concise terminal table of those changes. Results are matched by candidate id and case id.
import type { ModuleName } from '../spec/rule.js';
import type { CaseResult, ResultsFile } from './results-file.js';
import { citesNormative, isRegression, normativeRuleIds } from './regression.js';
import { isFailing, type Status } from './status.js';

/**
 * - `regression`: the result in `b` is a regression with `a` as the baseline (see `isRegression`: a normative case
 *   failing in `b` with another status than in `a`; a case only in `b` was expected to pass);
 * - `fix`: a case that failed in `a` passes in `b`;
 * - `change`: any other status change (pass → skip, an informative-only case that stopped passing, …);
 * - `new` / `removed`: the case (or its whole candidate) is only in `b` (and does not regress) / only in `a`.
 */
export type ChangeKind = 'regression' | 'fix' | 'change' | 'new' | 'removed';

export const CHANGE_KINDS: readonly ChangeKind[] = ['regression', 'fix', 'change', 'new', 'removed'];

export interface StatusChange {
  readonly kind: ChangeKind;
  /** Candidate id. */
  readonly candidate: string;
  readonly case: string;
  readonly module: ModuleName;
  /** The case cites at least one normative rule. */
  readonly normative: boolean;
  /** Status in `a`; absent for `new`. */
  readonly before?: Status;
  /** Status in `b`; absent for `removed`. */
  readonly after?: Status;
  /** The message of the newer result, if any: why it is not passing now. */
  readonly message?: string;
}

export interface ResultsDiff {
  /** Ordered by kind (regressions first), then candidate, then case id. */
  readonly changes: readonly StatusChange[];
  readonly counts: Readonly<Record<ChangeKind, number>>;
  /** Results present in both runs. */
  readonly compared: number;
}

export interface FormatDiffOptions {
  /** Rows listed per kind before "… and N more"; default 50. */
  readonly limit?: number;
}

/**
 * Compares two runs.
 * @param a the baseline (earlier) results
 * @param b the newer results
 * @returns every status change, classified
 * @example
 * const diff = diffResults(await readResults('old.json'), await readResults('new.json'));
 * if (diff.counts.regression > 0) process.exitCode = 1;
 */
export function diffResults(a: ResultsFile, b: ResultsFile): ResultsDiff {
  const normativeRules = normativeRuleIds([...a.rules, ...b.rules]);
  // b's levels win over a's when the catalogue changed between runs: a rule made informative no longer regresses.
  for (const rule of b.rules) if (rule.level !== 'normative') normativeRules.delete(rule.id);
  const isNormative = (result: CaseResult): boolean => citesNormative(result, normativeRules);
  const before = indexRuns(a);
  const after = indexRuns(b);
  const candidateOrder = [...new Set([...after.keys(), ...before.keys()])];
  const changes: StatusChange[] = [];
  let compared = 0;
  for (const candidate of candidateOrder) {
    const old = before.get(candidate) ?? new Map<string, CaseResult>();
    const now = after.get(candidate) ?? new Map<string, CaseResult>();
    for (const [id, result] of now) {
      const previous = old.get(id);
      const normative = isNormative(result);
      if (!previous) {
        const kind = isRegression(result.status, undefined, normative) ? 'regression' : 'new';
        changes.push(change(kind, candidate, result, normative, undefined, result.status));
        continue;
      }
      compared++;
      if (previous.status === result.status) continue;
      const kind = isRegression(result.status, previous.status, normative)
        ? 'regression'
        : isFailing(previous.status) && result.status === 'pass'
          ? 'fix'
          : 'change';
      changes.push(change(kind, candidate, result, normative, previous.status, result.status));
    }
    for (const [id, result] of old) {
      if (!now.has(id)) changes.push(change('removed', candidate, result, isNormative(result), result.status, undefined));
    }
  }
  const rank = (candidate: string): number => candidateOrder.indexOf(candidate);
  changes.sort((x, y) => CHANGE_KINDS.indexOf(x.kind) - CHANGE_KINDS.indexOf(y.kind) || rank(x.candidate) - rank(y.candidate) || compare(x.case, y.case));
  const counts = { regression: 0, fix: 0, change: 0, new: 0, removed: 0 };
  for (const item of changes) counts[item.kind]++;
  return { changes, counts, compared };
}

function indexRuns(results: ResultsFile): Map<string, Map<string, CaseResult>> {
  const runs = new Map<string, Map<string, CaseResult>>();
  for (const run of results.runs) {
    const cases = runs.get(run.candidate.id) ?? new Map<string, CaseResult>();
    for (const result of run.results) if (!cases.has(result.case)) cases.set(result.case, result);
    runs.set(run.candidate.id, cases);
  }
  return runs;
}

function change(kind: ChangeKind, candidate: string, result: CaseResult, normative: boolean, before: Status | undefined, after: Status | undefined): StatusChange {
  return {
    kind,
    candidate,
    case: result.case,
    module: result.module,
    normative,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    ...(kind !== 'removed' && result.message !== undefined ? { message: result.message } : {}),
  };
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

const KIND_LABEL: Readonly<Record<ChangeKind, string>> = { regression: 'REGRESSED', fix: 'fixed', change: 'changed', new: 'new', removed: 'removed' };
const NOUNS: Readonly<Record<ChangeKind, readonly [string, string]>> = {
  regression: ['regression', 'regressions'],
  fix: ['fix', 'fixes'],
  change: ['other change', 'other changes'],
  new: ['new', 'new'],
  removed: ['removed', 'removed'],
};
const counted = (count: number, kind: ChangeKind): string => `${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;
const MESSAGE_WIDTH = 72;
const CANDIDATE_WIDTH = 28;

/**
 * Formats a diff as a plain-text table for a terminal: a count line, then one row per change.
 * @param diff the output of `diffResults`
 * @param options how many rows to list per kind
 * @returns text ending with a newline; control characters from candidate strings are replaced, never emitted
 * @example
 * process.stdout.write(formatDiffTable(diffResults(a, b)));
 */
export function formatDiffTable(diff: ResultsDiff, options: FormatDiffOptions = {}): string {
  const limit = options.limit ?? 50;
  if (diff.changes.length === 0) return `no status changes (${diff.compared} results compared)\n`;
  const head = `${CHANGE_KINDS.map((kind) => counted(diff.counts[kind], kind)).join(', ')} (${diff.compared} results compared)\n`;
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const kind of CHANGE_KINDS) {
    const ofKind = diff.changes.filter((item) => item.kind === kind);
    for (const item of ofKind.slice(0, limit)) {
      const message = item.after !== undefined && item.after !== 'pass' && item.message ? firstLine(item.message, MESSAGE_WIDTH) : '';
      rows.push([KIND_LABEL[kind], clip(printable(item.candidate), CANDIDATE_WIDTH), printable(item.case), `${item.before ?? '—'} → ${item.after ?? '—'}`, message]);
    }
    const more = ofKind.length - limit;
    if (more > 0) notes.push(`… and ${more} more ${NOUNS[kind][more === 1 ? 0 : 1]} (rtconf diff --json lists all)`);
  }
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column < 4 ? pad(cell, widths[column] ?? 0) : cell)).join('  ').trimEnd());
  return `${head}\n${lines.join('\n')}\n${notes.map((note) => `${note}\n`).join('')}`;
}

/** Candidate-provided text must not move the cursor or recolour the terminal. */
function printable(value: string): string {
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, '?');
}

function firstLine(message: string, width: number): string {
  return clip(printable(message.split(/\r?\n/, 1)[0] ?? ''), width);
}

function clip(value: string, width: number): string {
  const chars = [...value];
  return chars.length <= width ? value : `${chars.slice(0, width - 1).join('')}…`;
}

function pad(value: string, width: number): string {
  return value + ' '.repeat(Math.max(0, width - [...value].length));
}
