// Console formatting: how results, diffs and the gate read in a terminal. Candidate-provided text passes through
// `printable` first, so no candidate can move the cursor or recolour the terminal.
import type { GateItem, GateReport } from '../lib/index.js';
import { clip, firstLine } from '../io/message-text.js';
import { CHANGE_KINDS, CHANGE_NOUNS, type ChangeKind, type ResultsDiff } from '../results/diff.js';
import { describeUnmatched, type ExpectationSource } from '../results/regression-gate.js';
import { describeSources } from '../results/expectation-note.js';

export interface FormatDiffOptions {
  /** Rows listed per kind before "… and N more"; default 50. */
  readonly limit?: number;
}

/**
 * Replaces control characters (and the two Unicode line separators) by '?', so untrusted text prints as one line
 * of plain characters.
 * @example
 * printable('a\u001b[2Jb'); // 'a?[2Jb'
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, '?');
}

/** The first line of untrusted text, printable and clipped to `width`. */
export function printableLine(text: string, width: number): string {
  return clip(printable(firstLine(text)), width);
}

const KIND_LABEL: Readonly<Record<ChangeKind, string>> = { regression: 'REGRESSED', fix: 'fixed', change: 'changed', new: 'new', removed: 'removed' };
const counted = (count: number, kind: ChangeKind): string => `${count} ${CHANGE_NOUNS[kind][count === 1 ? 0 : 1]}`;
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
      const message = item.after !== undefined && item.after !== 'pass' && item.message ? printableLine(item.message, MESSAGE_WIDTH) : '';
      rows.push([KIND_LABEL[kind], clip(printable(item.candidate), CANDIDATE_WIDTH), printable(item.case), `${item.before ?? '—'} → ${item.after ?? '—'}`, message]);
    }
    const more = ofKind.length - limit;
    if (more > 0) notes.push(`… and ${more} more ${CHANGE_NOUNS[kind][more === 1 ? 0 : 1]} (rtconf diff --json lists all)`);
  }
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column < 4 ? pad(cell, widths[column] ?? 0) : cell)).join('  ').trimEnd());
  return `${head}\n${lines.join('\n')}\n${notes.map((note) => `${note}\n`).join('')}`;
}

function pad(value: string, width: number): string {
  return value + ' '.repeat(Math.max(0, width - [...value].length));
}

/** The gate's part of the end-of-run summary. */
export function formatGate(report: GateReport, sources: readonly ExpectationSource[], limit = 50): string {
  const lines = [`\nregression gate (${describeSources(sources.map((source) => source.label))}): ${report.checked} results checked`];
  const section = (title: string, items: readonly GateItem[], describe: (item: GateItem) => string): void => {
    lines.push(`  ${items.length} ${title}${items.length > 0 ? ':' : ''}`);
    for (const item of items.slice(0, limit)) lines.push(`    ${printable(item.candidate)}  ${printable(item.case)}  ${describe(item)}`);
    if (items.length > limit) lines.push(`    … and ${items.length - limit} more`);
  };
  const allowed = (item: GateItem): string => (item.allowed ?? ['pass']).join('|');
  const broken = (item: GateItem): string => (item.rules && item.rules.length > 0 ? ` [${item.rules.join(', ')}]` : '');
  section('unexpected result(s), new failures', report.unexpected, (item) => `${allowed(item)} → ${item.actual}${broken(item)}${item.message ? `: ${printableLine(item.message, 160)}` : ''}`);
  section('new pass(es) (stale expectations: remove them)', report.newPasses, (item) => `${allowed(item)} → ${item.actual}${item.reason ? ` (was: ${printableLine(item.reason, 160)})` : ''}`);
  section('missing case(s): expected but not run', report.missing, (item) => `expected ${allowed(item)}`);
  for (const item of report.unmatchedCandidates) lines.push(`  warning: ${printable(describeUnmatched(item))}; nothing was compared with it`);
  for (const item of report.notInBaseline) lines.push(`  note: ${printable(item.source)} has no run of ${printable(item.candidates.join(', '))}: compared with nothing, expected to pass`);
  lines.push(`verdict: ${report.unexpected.length === 0 ? 'OK, only expected results' : `FAIL, ${report.unexpected.length} unexpected: ${brokenRules(report.unexpected)}`}`);
  return `${lines.join('\n')}\n`;
}

/** Cases named in the verdict line before "and N more". */
const VERDICT_CASES = 3;

/**
 * The unexpected results as the verdict line names them: each case with the rules it cites, which its failure breaks.
 * @example
 * brokenRules([{ candidate: 'host', case: 'querystring.stringify.x', rules: ['querystring.stringify.finite-number-values'] }]);
 * // 'querystring.stringify.x (querystring.stringify.finite-number-values)'
 */
function brokenRules(items: readonly GateItem[]): string {
  const several = new Set(items.map((item) => item.candidate)).size > 1;
  const named = items.slice(0, VERDICT_CASES).map((item) => {
    const rules = item.rules && item.rules.length > 0 ? ` (${item.rules.join(', ')})` : '';
    return `${several ? `${printable(item.candidate)} ` : ''}${printable(item.case)}${rules}`;
  });
  const more = items.length - VERDICT_CASES;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}
