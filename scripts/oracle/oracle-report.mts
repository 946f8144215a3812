// What the oracle prints and publishes from its reports: the console listing and table, the JSON document
// (docs/oracle.json when published) and the Markdown section of docs/runtimes.md between its two markers.
import type { Difference, RuntimeReport } from './classify-differences.mjs';

/** The JSON the oracle writes: one report per runtime and what the run was made of. */
export interface OracleDocument {
  readonly schemaVersion: 1;
  /** The host Node the tests passed on (the control). */
  readonly host: string;
  /** Where Node's tests came from (Debian's source package and version, or a folder given). */
  readonly tests: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly runtimes: readonly RuntimeReport[];
}

/** The markers of the section of docs/runtimes.md the oracle writes; everything between them is replaced. */
export const SECTION_BEGIN = '<!-- oracle:begin (written by npm run oracle -- --publish) -->';
export const SECTION_END = '<!-- oracle:end -->';

const label = (report: RuntimeReport): string => `${report.runtime.name} ${report.runtime.version}`;

/** The verdict column of a difference: the catching cases, MISSED, or its class. */
function verdictOf(difference: Difference): string {
  if (difference.class === 'unclassified') return 'UNCLASSIFIED';
  if (difference.class !== 'covered') return difference.class;
  return difference.missed ? `MISSED (${difference.rules.join(', ')})` : `caught by ${difference.caughtBy.join(', ')}`;
}

/** The summary table, one row per runtime, as plain text. */
export function summaryTable(reports: readonly RuntimeReport[]): string {
  const header = ['runtime', 'found', 'caught', 'not covered (spec-silent + harness-only)', 'MISSED', 'unclassified'];
  const rows = reports.map((report) => {
    const { counts } = report;
    return [label(report), String(counts.found), String(counts.caught), `${counts.notCovered} (${counts.specSilent} + ${counts.harnessOnly})`, String(counts.missed), String(counts.unclassified)];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** The console listing: per runtime, every difference with its verdict, stale entries, then the summary table. */
export function consoleReport(reports: readonly RuntimeReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    lines.push(`${label(report)} (${report.runtime.spec}): ${report.files.total} files, ${report.files.differing} differ; case results from ${report.caseResultsFrom}`);
    for (const difference of report.differences) {
      const notes = [difference.outcome === 'timeout' ? 'timed out' : '', difference.retried ? 'retried' : ''].filter(Boolean);
      lines.push(`  ${difference.file}${difference.entry !== undefined ? ` [${difference.entry}]` : ''}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}: ${verdictOf(difference)}`);
      if (difference.class === 'unclassified' || difference.missed) {
        lines.push(`      ${difference.excerpt}`);
        lines.push(`      ${difference.reason}`);
      }
    }
    for (const entry of report.stale) lines.push(`  ${entry.file} [${entry.entry}]: classified, but ${entry.why}: remove or re-read the entry`);
    if (report.files.runtimeSkipped.length > 0) lines.push(`  skipped on ${report.runtime.name}, passing on the host (not differences): ${report.files.runtimeSkipped.join(', ')}`);
  }
  lines.push('', summaryTable(reports));
  return lines.join('\n');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string): string => `\`${text}\``;

/** The Markdown section (markers included) for docs/runtimes.md. */
export function markdownSection(document: OracleDocument): string {
  const lines = [SECTION_BEGIN, ''];
  lines.push(
    `Measured ${document.startedAt.slice(0, 10)}: Node's core tests of the three modules (${document.tests}), each file run on the host`,
    `(${document.host}, the control) and on the runtime; a difference is a file that passes on the host and fails or times out on the`,
    'runtime. Each is classified by hand in `scripts/oracle/classification.json`; a covered one names the failing case that catches',
    "it in the runtime's run, or MISSED.",
    '',
    '| runtime | differences found | caught | not covered (spec-silent + harness-only) | MISSED | unclassified |',
    '|---|---|---|---|---|---|',
  );
  for (const report of document.runtimes) {
    const { counts } = report;
    lines.push(`| ${label(report)} | ${counts.found} | ${counts.caught} | ${counts.notCovered} (${counts.specSilent} + ${counts.harnessOnly}) | ${counts.missed} | ${counts.unclassified} |`);
  }
  for (const report of document.runtimes) {
    const from = report.caseResultsFrom.endsWith('.json') ? code(report.caseResultsFrom) : report.caseResultsFrom;
    lines.push('', `**${label(report)}** (${report.files.differing} of ${report.files.total} files differ; case results from ${from}):`, '');
    lines.push('| test file | class | rules | caught by | why |', '|---|---|---|---|---|');
    for (const difference of report.differences) {
      const caught = difference.class !== 'covered' ? '' : difference.missed ? '**MISSED**' : difference.caughtBy.map(code).join(', ');
      const file = `${code(difference.file.replace(/^parallel\//, ''))}${difference.outcome === 'timeout' ? ' (timeout)' : ''}`;
      lines.push(`| ${file} | ${difference.class} | ${difference.rules.map(code).join(', ')} | ${caught} | ${cell(difference.reason)} |`);
    }
  }
  lines.push('', SECTION_END);
  return lines.join('\n');
}

/**
 * `text` with its oracle section replaced by `section` (both markers kept), or with `section` appended under `heading`
 * when it has none yet.
 */
export function replaceSection(text: string, section: string, heading: string): string {
  const begin = text.indexOf(SECTION_BEGIN);
  const end = text.indexOf(SECTION_END);
  if (begin >= 0 && end > begin) return text.slice(0, begin) + section + text.slice(end + SECTION_END.length);
  return `${text.trimEnd()}\n\n${heading}\n\n${section}\n`;
}
