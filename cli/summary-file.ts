// `--summary FILE` of `rtconf run` and `rtconf report`: the run's Markdown summary (reports/summary-markdown.ts)
// appended to FILE, as GitHub's job summary ($GITHUB_STEP_SUMMARY) is written to. A file that cannot be written costs a
// warning, never the run's results or its exit code.
import { appendFile } from 'node:fs/promises';
import type { ExpectationMarks, ResultsFile } from '../lib/index.js';
import { summaryMarkdown } from '../reports/summary-markdown.js';
import { printable } from './terminal-text.js';

/**
 * @param file where to append (created when missing)
 * @param results the run, as written
 * @param judgement the gate's judgement the verb exits by
 * @param resultsFile where results.json is, named in the summary
 */
export async function appendSummary(file: string, results: ResultsFile, judgement: ExpectationMarks, resultsFile: string): Promise<void> {
  try {
    await appendFile(file, `${summaryMarkdown(results, judgement, resultsFile)}\n`);
  } catch (error) {
    process.stderr.write(`rtconf: could not append the summary to ${printable(file)}: ${printable(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))}\n`);
  }
}
