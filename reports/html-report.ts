// The HTML report of one run: its data, in the one page shell (reports/html/page-shell.ts).
import type { ResultsFile } from '../results/results-file.js';
import { renderPage } from './html/page-shell.js';
import { buildReportData, type ReportOptions } from './report-data.js';

/**
 * Renders the report page.
 * @param results a validated results file
 * @param options the gate's judgement, a baseline run to compare with, a mutation file
 * @returns the complete HTML document
 * @example
 * await writeFile('index.html', renderHtmlReport(results, { judgement, baseline }));
 */
export function renderHtmlReport(results: ResultsFile, options: ReportOptions = {}): string {
  return renderPage({
    page: 'report',
    title: 'rt conformance report',
    noscript: 'This report is drawn by its own inline script, which is blocked here. The same data is in results.json next to this file.',
    data: buildReportData(results, options),
  });
}
