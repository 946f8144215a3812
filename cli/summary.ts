// The end-of-run summary table: one row per candidate and module, with a verdict over the normative cases.
import { MODULES } from '../spec/rule.js';
import { STATUSES, summarize, type ResultsFile } from '../reports/results.js';

const NOT_PASSING = new Set(['fail', 'error', 'timeout', 'crash']);

/** Results of cases that cite at least one normative rule and did not pass. */
export function failedNormative(results: ResultsFile): number {
  const normative = new Set(results.rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  let failed = 0;
  for (const run of results.runs) {
    for (const result of run.results) {
      if (NOT_PASSING.has(result.status) && result.rules.some((id) => normative.has(id))) failed++;
    }
  }
  return failed;
}

export function printSummary(stream: NodeJS.WritableStream, results: ResultsFile): void {
  const header = ['candidate', 'module', ...STATUSES, 'verdict'];
  const rows: string[][] = [];
  for (const run of results.runs) {
    for (const module of MODULES) {
      const moduleResults = run.results.filter((result) => result.module === module);
      if (moduleResults.length === 0) continue;
      const summary = summarize(moduleResults);
      const failing = moduleResults.filter((result) => NOT_PASSING.has(result.status)).length;
      const verdict = failing > 0 ? 'FAIL' : summary.pass > 0 ? 'PASS' : summary.skip > 0 ? 'SKIP' : 'N/A';
      rows.push([run.candidate.id, module, ...STATUSES.map((status) => String(summary[status])), verdict]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: readonly string[]): string => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  stream.write(`\n${format(header)}\n`);
  for (const row of rows) stream.write(`${format(row)}\n`);
  const seconds = (results.durationMs / 1000).toFixed(1);
  stream.write(`\nseed ${results.seed}, ${seconds} s${results.interrupted ? ', INTERRUPTED: not every case ran' : ''}\n`);
}
