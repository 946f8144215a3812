/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Pass rates per module and version: for every column, the pass rate over normative rules of each module and of all
// of them (results/verdict.ts `passRate`, computed into the data), the verdict, and with expectations the unexpected
// results counted apart.
import { verdictChip } from '../shared/chips.js';
import { h } from '../shared/dom.js';
import { percent } from '../shared/format.js';
import { gateVerdictNote, VERDICT_TEXT } from '../shared/labels.js';
import { describeSources } from '../../../../results/expectation-note.js';
import type { PassRate } from '../shared/types.js';
import { columnLabel, headerRows } from './columns.js';
import type { DashboardData } from './types.js';

export function renderRates(data: DashboardData): HTMLElement {
  const all = data.columns.map((_, c) => c);
  const gatePassed = data.gate?.unexpected === 0;
  const rows = [
    ...data.modules.map((module) => rateRow(data, module, module, all)),
    rateRow(data, 'all modules', 'all', all),
    h(
      'tr',
      { class: 'verdict-row' },
      h('th', { scope: 'row' }, 'Verdict'),
      ...all.map((c) => {
        const column = data.columns[c];
        if (!column) return h('td');
        const counts = column.expectations;
        const note = data.gate && counts && column.rates.all.verdict === 'not-conformant' ? gateVerdictNote(counts, gatePassed) : '';
        return h(
          'td',
          { 'data-col': String(c) },
          verdictChip(column.rates.all.verdict),
          note ? h('span', { class: `verdict-note${counts && counts.unexpected > 0 ? ' k-unexpected' : ' k-expected'}` }, note) : null,
        );
      }),
    ),
    data.gate
      ? h(
          'tr',
          { class: 'expectations-row' },
          h('th', { scope: 'row' }, 'Unexpected results'),
          ...all.map((c) => {
            const counts = data.columns[c]?.expectations;
            return h(
              'td',
              { 'data-col': String(c) },
              counts ? h('span', { class: `count${counts.unexpected > 0 ? ' x-unexpected' : ''}` }, `${counts.unexpected} unexpected`) : '—',
              counts && counts.unexpectedPasses > 0 ? h('span', { class: 'count x-unexpected-pass' }, `${counts.unexpectedPasses} unexpected pass${counts.unexpectedPasses === 1 ? '' : 'es'}`) : null,
            );
          }),
        )
      : null,
  ];
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'rates-heading' },
    h('h2', { id: 'rates-heading' }, 'Pass rates per module and version'),
    h('p', { class: 'hint' }, 'Over normative rules: a rule passes when every case citing it passes; skipped, not applicable and untested rules are not counted.'),
    data.gate
      ? h(
          'p',
          { class: 'hint gate-line' },
          `Judged against ${describeSources(data.gate.sources)}: `,
          h('strong', null, data.gate.unexpected === 0 ? 'every failing result was expected' : `${data.gate.unexpected} unexpected result${data.gate.unexpected === 1 ? '' : 's'}`),
          '.',
        )
      : null,
    h('div', { class: 'scroll' }, h('table', { class: 'overview rates' }, h('thead', null, ...headerRows(data, all, 'Module', 'rowhead-col')), h('tbody', null, ...rows))),
  );
}

function rateRow(data: DashboardData, label: string, key: string, columns: readonly number[]): HTMLTableRowElement {
  return h(
    'tr',
    { 'data-module': key },
    h('th', { scope: 'row' }, label),
    ...columns.map((c) => {
      const column = data.columns[c];
      const rate: PassRate | undefined = column?.rates[key as keyof typeof column.rates];
      if (!column || !rate) return h('td', { class: 'rate empty', 'data-col': String(c) }, '—');
      if (rate.evaluated === 0) return h('td', { class: 'rate muted', 'data-col': String(c) }, VERDICT_TEXT[rate.verdict]);
      const fill = h('span', { class: rate.failing ? 'fill partial' : 'fill' });
      // Set through the CSSOM: a style attribute would be blocked by the page's CSP.
      fill.style.width = `${(100 * rate.passed) / rate.evaluated}%`;
      return h(
        'td',
        { class: 'rate', 'data-col': String(c), 'aria-label': `${columnLabel(data, c)}, ${label}: ${rate.passed} of ${rate.evaluated} normative rules pass` },
        h('span', { class: 'rate-link' }, h('span', { class: 'fraction' }, `${rate.passed}/${rate.evaluated}`), h('span', { class: 'percent' }, percent(rate.passed, rate.evaluated)), h('span', { class: 'bar', 'aria-hidden': 'true' }, fill)),
      );
    }),
  );
}
