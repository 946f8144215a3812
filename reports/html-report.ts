// The HTML report of one run: its data, in the one page shell (reports/html/page-shell.ts).
import type { ResultsFile } from '../results/results-file.js';
import type { MutationFile } from '../results/mutation-file.js';
import type { ExpectationsInput } from '../results/expectation-marks.js';
import { renderPage } from './html/page-shell.js';
import { buildReportData } from './report-data.js';

export interface HtmlReportOptions {
  /** An earlier run to compare with: the report then lists regressions and fixes. */
  readonly baseline?: ResultsFile;
  /** How the gate names the baseline (`baseline old/results.json`), as the verb that gated with it does. */
  readonly baselineLabel?: string;
  /** A mutation.json (`rtconf mutate`): the report then shows the suite's strength per module and rule. */
  readonly mutation?: MutationFile;
  /** Expectations files (`--expect`): results are then marked expected or unexpected, with the baseline if any. */
  readonly expectations?: readonly ExpectationsInput[];
}

/**
 * Renders the report page.
 * @param results a validated results file
 * @param options an optional baseline run to compare with
 * @returns the complete HTML document
 * @example
 * await writeFile('index.html', renderHtmlReport(results, { baseline }));
 */
export function renderHtmlReport(results: ResultsFile, options: HtmlReportOptions = {}): string {
  return renderPage({
    page: 'report',
    title: 'rt conformance report',
    noscript: 'This report is drawn by its own inline script, which is blocked here. The same data is in results.json next to this file.',
    data: buildReportData(results, options),
  });
}
