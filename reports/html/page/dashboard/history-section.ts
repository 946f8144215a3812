/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What the dashboard says across runs beyond one column: the rules every judged implementation fails (where the spec
// or the case may be what is wrong), and per runtime with several versions, the rules whose outcome changes: the first
// version where each passes and the first where it fails again, with its status strip over the versions.
import { releaseLabel } from '../../../../results/candidate-label.js';
import { MARK, STATUS_TEXT } from '../shared/labels.js';
import { h } from '../shared/dom.js';
import { columnLabel } from './columns.js';
import type { DashboardData } from './types.js';

type OpenRule = (r: number, c: number, trigger?: EventTarget | null) => void;

/** "Every implementation differs": null when no rule is failed by every implementation that judged it. */
export function renderDiffersSection(data: DashboardData, openRule: OpenRule): HTMLElement | null {
  if (data.everyImplementationDiffers.length === 0) return null;
  // The rule opens in the first column that judged it, so the drill-down shows a failing result at once.
  const firstJudging = (r: number): number => Math.max(0, data.columns.findIndex((column) => column.candidate.kind !== 'reference' && column.ruleStatus[r] !== 'none' && column.ruleStatus[r] !== 'skip' && column.ruleStatus[r] !== 'na'));
  return h(
    'section',
    { class: 'card', id: 'differs-section', 'aria-labelledby': 'differs-heading' },
    h('h2', { id: 'differs-heading' }, 'Every implementation differs: the spec or the case may be wrong'),
    h(
      'p',
      { class: 'hint' },
      'Normative rules that every run of every implementation judging them fails (the reference left out, at least two implementations). When all of them disagree with a rule in the same way, the spec, our reading of it or the case is the first suspect: these are the findings to take back to the spec.',
    ),
    h(
      'ul',
      { class: 'differs-list' },
      ...data.everyImplementationDiffers.map((entry) => {
        const rule = data.rules[entry.rule];
        return h(
          'li',
          { 'data-rule': rule?.id ?? '' },
          h('button', { type: 'button', class: 'link', onclick: (event) => openRule(entry.rule, firstJudging(entry.rule), event.currentTarget) }, h('code', null, rule?.id ?? '')),
          h('span', { class: 'rule-text' }, rule?.title ?? ''),
          h('span', { class: 'muted' }, `failed by ${entry.implementations.join(', ')} (${entry.runs} run${entry.runs === 1 ? '' : 's'})`),
        );
      }),
    ),
  );
}

/** Per runtime with several versions, the rules whose outcome changes; null when no runtime has a history. */
export function renderRuleHistory(data: DashboardData, openRule: OpenRule): HTMLElement | null {
  const groups = data.groups.filter((group) => group.history && group.history.rules.length > 0);
  if (groups.length === 0) return null;
  const version = (c: number | undefined): string => {
    const column = c === undefined ? undefined : data.columns[c];
    return column === undefined ? '—' : releaseLabel(column.version, column.candidate);
  };
  return h(
    'section',
    { class: 'card', id: 'history-section', 'aria-labelledby': 'history-heading' },
    h('h2', { id: 'history-heading' }, 'History: rules that change across versions'),
    h('p', { class: 'hint' }, 'For each runtime run at several versions, the rules whose outcome changes between them: the first version where it passes, the first where it fails again, and its status in each version, oldest first (what rtconf bisect would date between releases, read here from the runs given).'),
    ...groups.map((group) =>
      h(
        'div',
        { class: 'scroll' },
        h(
          'table',
          { class: 'history-table mini', 'data-group': group.key },
          h('caption', null, `${group.label}: ${group.columns.map((c) => version(c)).join(', ')}`),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Rule'), h('th', { scope: 'col' }, 'Passes from'), h('th', { scope: 'col' }, 'Fails again at'), h('th', { scope: 'col' }, 'Per version'))),
          h(
            'tbody',
            null,
            ...(group.history?.rules ?? []).map((entry) => {
              const rule = data.rules[entry.row];
              return h(
                'tr',
                { 'data-rule': rule?.id ?? '' },
                h('th', { scope: 'row' }, h('code', null, rule?.id ?? '')),
                h('td', null, version(entry.firstPass)),
                h('td', null, version(entry.failsAgain)),
                h(
                  'td',
                  null,
                  h(
                    'span',
                    { class: 'strip' },
                    ...group.columns.map((c) =>
                      stripMark(data, entry.row, c, (event) => openRule(entry.row, c, event.currentTarget)),
                    ),
                  ),
                ),
              );
            }),
          ),
        ),
      ),
    ),
  );
}

/** One version's status of a rule in a strip: its mark, the word in the label and tooltip. */
function stripMark(data: DashboardData, r: number, c: number, onclick: (event: MouseEvent) => void): HTMLButtonElement {
  const status = data.columns[c]?.ruleStatus[r] ?? 'none';
  const label = `${data.rules[r]?.id ?? ''} in ${columnLabel(data, c)}: ${STATUS_TEXT[status]}`;
  return h('button', { type: 'button', class: `cell compact s-${status}`, 'data-col': String(c), 'aria-label': label, title: label, onclick }, h('span', { class: 'mark', 'aria-hidden': 'true' }, MARK[status]));
}
