// The dashboard's answers as Markdown, for a page that is read where no script runs (docs/conformance/README.md, written
// by `npm run certify`): the API × (runtime, version) table, the rules that change across a runtime's versions, and the
// rules every implementation fails. The same data as the dashboard page (reports/dashboard-data.ts), in text.
import { releaseLabel } from '../results/candidate-label.js';
import type { ApiCell, PageApi } from './candidate-view.js';
import { API_STATE_MARK } from './html/page/shared/api-labels.js';
import type { DashboardData } from './dashboard-data.js';

// The same marks as the pages' (one table of them), so the Markdown and the HTML tables read alike.
const MARK = API_STATE_MARK;
const UNTESTED: Readonly<Record<NonNullable<ApiCell['untested']>, string>> = { incomplete: 'not fully tested', 'not-provided': '–', 'not-run': 'not run', 'not-applicable': 'n/a' };

/** Text safe in a Markdown table cell: no pipes, no line breaks, no markup. */
function cellText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[|\\`*_<>[\]]/g, (char) => `\\${char}`);
}

/**
 * One API cell as text: `✓`, `◐ 34/35`, `✕ failing`, `⊘ stub`, `✗ absent`, or why it is untested (`–` for a module not provided).
 * @example
 * apiCellMarkdown({ state: 'partial', counts: { passed: 34, failing: 1, … }, … }); // '◐ 34/35'
 */
export function apiCellMarkdown(cell: ApiCell): string {
  switch (cell.state) {
    case 'conformant':
      return MARK.conformant;
    case 'partial':
      return `${MARK.partial} ${cell.counts.passed}/${cell.counts.passed + cell.counts.failing}`;
    case 'untested':
      return cell.untested ? UNTESTED[cell.untested] : 'untested';
    default:
      return `${MARK[cell.state]} ${cell.state}`;
  }
}

function columnHead(data: DashboardData, c: number): string {
  const column = data.columns[c];
  const group = data.groups.find((item) => item.key === column?.group);
  return cellText(`${group?.label ?? column?.candidate.name ?? ''} ${column ? releaseLabel(column.version, column.candidate) : ''}`.trim());
}

/** The API × column table, one row per export, columns in the dashboard's order (grouped by runtime, oldest first). */
export function apiTableMarkdown(data: DashboardData): string {
  const columns = data.columns.map((_, c) => c);
  const head = `| export | ${columns.map((c) => columnHead(data, c)).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---').join('|')}|`;
  const rows = data.apis.map((api: PageApi, a) => `| \`${api.id}\` | ${columns.map((c) => { const cell = data.columns[c]?.apis[a]; return cell ? apiCellMarkdown(cell) : ''; }).join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}

/** Per runtime with several versions: each rule whose outcome changes, the version where it passes and where it fails again. */
export function historyMarkdown(data: DashboardData): string {
  // A version with its compatibility settings, where a runtime has them: workerd's columns may share one release.
  const version = (c: number | undefined): string => {
    const column = c === undefined ? undefined : data.columns[c];
    return column === undefined ? '—' : cellText(releaseLabel(column.version, column.candidate));
  };
  const parts: string[] = [];
  for (const group of data.groups) {
    if (!group.history) continue;
    const versions = group.columns.map((c) => version(c)).join(', ');
    const apiLines = group.history.apis
      .filter((entry) => entry.changes > 0)
      .map((entry) => {
        const strip = group.columns.map((c) => { const cell = data.columns[c]?.apis[entry.row]; return cell ? apiCellMarkdown(cell) : MARK.untested; }).join(' → ');
        const since = entry.firstPass === undefined ? 'never conformant' : `conformant from ${version(entry.firstPass)}`;
        return `- \`${data.apis[entry.row]?.id ?? ''}\`: ${since}${entry.failsAgain === undefined ? '' : `, fails again at ${version(entry.failsAgain)}`} (${strip})`;
      });
    const ruleRows = group.history.rules.map((entry) => {
      const strip = group.columns.map((c) => data.columns[c]?.ruleStatus[entry.row] ?? 'none').join(' → ');
      return `| \`${data.rules[entry.row]?.id ?? ''}\` | ${version(entry.firstPass)} | ${version(entry.failsAgain)} | ${strip} |`;
    });
    parts.push(
      `**${cellText(group.label)}** (${versions}):`,
      '',
      ...(apiLines.length > 0 ? ['Exports whose state changes:', '', ...apiLines, ''] : ['No export changes state across these versions.', '']),
      ...(ruleRows.length > 0 ? ['| rule | passes from | fails again at | per version |', '|---|---|---|---|', ...ruleRows, ''] : ['No rule changes outcome across these versions.', '']),
    );
  }
  return parts.length > 0 ? parts.join('\n').trimEnd() : 'No runtime was run at more than one version.';
}

/** The rules every judged implementation fails, one line each with who judged it. */
export function differsMarkdown(data: DashboardData): string {
  if (data.everyImplementationDiffers.length === 0) return 'None: for every rule, some implementation that judged it passes it.';
  return data.everyImplementationDiffers
    .map((entry) => {
      const rule = data.rules[entry.rule];
      return `- \`${rule?.id ?? ''}\`: ${cellText(rule?.title ?? '')} Failed by ${entry.implementations.map(cellText).join(', ')} (${entry.runs} run${entry.runs === 1 ? '' : 's'}).`;
    })
    .join('\n');
}
