// A run as a short Markdown summary, for where CI shows one (GitHub's job summary, `rtconf run --summary FILE`): the
// gate's verdict as the exit code has it, each candidate's verdict over its normative rules, the per-API table (the
// dashboard's, reports/dashboard-markdown.ts) and the unexpected results. It renders the judgement it is handed.
import type { ExpectationMarks } from '../results/expectation-marks.js';
import { describeSources } from '../results/expectation-note.js';
import type { ResultsFile } from '../results/results-file.js';
import { candidateLabel } from '../results/candidate-label.js';
import { passRate } from '../results/verdict.js';
import { buildDashboardData } from './dashboard-data.js';
import { apiTableMarkdown } from './dashboard-markdown.js';

/** Unexpected results listed one per row, at most this many (the report has all of them). */
const LISTED_UNEXPECTED = 25;
/** A message is cut to its first line and this many characters. */
const MESSAGE_CHARS = 160;

const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text safe in a Markdown table cell: one line of printable characters, no pipes, no markup, no HTML. */
function plain(text: string, max = Infinity): string {
  const line = (text.split(/\r?\n/, 1)[0] ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut.replace(/[&<>]/g, (char) => ENTITY[char] ?? char).replace(/[|\\`*_[\]#]/g, (char) => `\\${char}`);
}

/** A code span in a table cell: one line, without backticks or pipes (GitHub would end the span or the cell there). */
function code(text: string): string {
  return `\`${(text.split(/\r?\n/, 1)[0] ?? '').replace(/[`|]/g, ' ')}\``;
}

/**
 * The summary of one run judged by the gate.
 * @param results the run
 * @param judgement the gate's judgement of it, as the verb exits by it
 * @param file the results file as written, named in the summary
 * @returns Markdown, ending with a newline
 * @example
 * await appendFile(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(results, judgement, 'rtconf-report/results.json'));
 */
export function summaryMarkdown(results: ResultsFile, judgement: ExpectationMarks, file: string): string {
  const unexpected = judgement.report.unexpected;
  const gated = judgement.sources.length > 0;
  const verdict = judgement.passed
    ? gated
      ? 'gate passed: only expected results'
      : 'every normative case passed'
    : gated
      ? `gate failed: ${unexpected.length} unexpected result${unexpected.length === 1 ? '' : 's'}`
      : `${unexpected.length} failing normative case${unexpected.length === 1 ? '' : 's'}`;
  const how = gated ? `Judged against ${plain(describeSources(judgement.sources.map((source) => source.label)))}.` : 'No expectations or baseline: every failing normative case counts.';
  const lines = [
    `### rt-conformance: ${judgement.passed ? '✅' : '❌'} ${verdict}`,
    '',
    `${how} Seed ${results.seed}${results.interface ? `, interface ${results.interface.version}` : ''}${results.interrupted ? ', **interrupted**: not every case ran' : ''}; results in ${code(file)}.`,
    '',
    '| candidate | verdict | normative rules passed | failing results | unexpected |',
    '|---|---|---|---|---|',
    ...results.runs.map((run) => {
      const rate = passRate(run, results.rules);
      const counts = judgement.counts(run.candidate.id);
      return `| ${plain(candidateLabel(run.candidate))} | ${rate.verdict} | ${rate.passed}/${rate.evaluated} | ${counts.failing} | ${counts.unexpected} |`;
    }),
    '',
    '#### Each export of the interface',
    '',
    apiTableMarkdown(buildDashboardData([{ file, results, judgement }])),
    '',
    '✓ conformant, ◐ partial (rules passed of those evaluated), ⊘ stub, ✗ absent.',
  ];
  if (unexpected.length > 0) {
    lines.push('', '#### Unexpected results', '', '| candidate | case | status | message |', '|---|---|---|---|');
    for (const item of unexpected.slice(0, LISTED_UNEXPECTED)) lines.push(`| ${plain(item.candidate)} | ${code(item.case)} | ${item.actual ?? ''} | ${plain(item.message ?? '', MESSAGE_CHARS)} |`);
    if (unexpected.length > LISTED_UNEXPECTED) lines.push('', `… and ${unexpected.length - LISTED_UNEXPECTED} more, in the report.`);
  }
  return `${lines.join('\n')}\n`;
}
