/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The overview: one row per candidate with its pass rate over normative rules per module and overall, its verdict
// and its case counts. Each rate links to the matrix filtered to those rules. With a gate (`--expect`, `--baseline`)
// a column counts the unexpected results apart, and a failing verdict says whether its failures were expected.
import { STATUSES } from '../../../../results/status.js';
import { chip, verdictChip } from '../shared/chips.js';
import { h } from '../shared/dom.js';
import { percent } from '../shared/format.js';
import { candidateLabel, gateVerdictNote, VERDICT_TEXT } from '../shared/labels.js';
import { filterHref, type PageState } from '../shared/state.js';
import type { ModuleName, PassRate, ReportCandidate, ReportData } from '../shared/types.js';
import { describeSources } from '../../../../results/expectation-note.js';
import { STRAY_CONSEQUENCE } from '../../../../results/stray-findings.js';

export function renderOverview(data: ReportData): HTMLElement {
  const head = h(
    'tr',
    null,
    h('th', { scope: 'col' }, 'Candidate'),
    ...data.modules.map((module) => h('th', { scope: 'col' }, module)),
    h('th', { scope: 'col' }, 'All modules'),
    h('th', { scope: 'col' }, 'Verdict'),
    data.gate ? h('th', { scope: 'col' }, 'Against expectations') : null,
    h('th', { scope: 'col' }, 'Case results'),
  );
  const body = data.candidates.map((candidate) => {
    const counts = STATUSES.filter((status) => candidate.summary[status] > 0).map((status) => chip(status, ` ${candidate.summary[status]}`));
    return h(
      'tr',
      null,
      h(
        'th',
        { scope: 'row', class: 'candidate' },
        h('span', { class: 'candidate-name' }, candidateLabel(candidate)),
        h('span', { class: 'candidate-id' }, candidate.id !== candidate.name ? `${candidate.kind} · ${candidate.id}` : candidate.kind),
      ),
      ...data.modules.map((module) => rateCell(candidate, module)),
      rateCell(candidate, 'all'),
      h('td', null, verdictChip(candidate.rates.all.verdict), verdictNote(data, candidate)),
      data.gate ? expectationCell(candidate) : null,
      h('td', null, h('div', { class: 'counts' }, ...counts, strayCount(candidate))),
    );
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'overview-heading' },
    h('h2', { id: 'overview-heading' }, 'Overview'),
    h('p', { class: 'hint' }, 'Pass rate over normative rules: a rule passes when every case citing it passes. Select a rate to see those rules.'),
    data.interface ? h('p', { class: 'hint' }, `Certified against interface ${data.interface}: cases citing a rule introduced in a later release are n/a, and every verdict and pass rate is over the rules of ${data.interface}.`) : null,
    data.gate
      ? h(
          'p',
          { class: 'hint gate-line' },
          `Judged against ${describeSources(data.gate.sources)}: `,
          h('strong', null, data.gate.unexpected === 0 ? 'gate passed, every failing result was expected' : `gate failed, ${data.gate.unexpected} unexpected result${data.gate.unexpected === 1 ? '' : 's'}`),
          data.gate.unexpectedPasses > 0 ? `; ${data.gate.unexpectedPasses} unexpected pass${data.gate.unexpectedPasses === 1 ? '' : 'es'} (stale expectations)` : '',
          '.',
        )
      : null,
    h('div', { class: 'scroll' }, h('table', { class: 'overview' }, h('thead', null, head), h('tbody', null, ...body))),
  );
}

/** The results that recorded errors the candidate let escape: a finding apart from the verdict (each case's drill-down lists them). */
function strayCount(candidate: ReportCandidate): HTMLElement | null {
  if (candidate.straying === 0) return null;
  const cases = candidate.straying === 1 ? '1 case' : `${candidate.straying} cases`;
  return h('span', { class: 'count finding', title: `Errors the candidate let escape: ${STRAY_CONSEQUENCE}.` }, `errors left uncaught in ${cases}`);
}

/** With a gate, a not-conformant verdict says whether its failures were expected. */
function verdictNote(data: ReportData, candidate: ReportCandidate): HTMLElement | null {
  const counts = candidate.expectations;
  if (!data.gate || !counts || candidate.rates.all.verdict !== 'not-conformant') return null;
  const unexpected = counts.unexpected > 0;
  return h('span', { class: `verdict-note${unexpected ? ' k-unexpected' : ' k-expected'}` }, ` — ${gateVerdictNote(counts, data.gate.unexpected === 0)}`);
}

/** Unexpected results (linked to them in the matrix), expected failures and unexpected passes of one candidate. */
function expectationCell(candidate: ReportCandidate): HTMLTableCellElement {
  const counts = candidate.expectations;
  if (!counts) return h('td', null, '—');
  const link = (status: string, text: string, className: string): HTMLElement =>
    h('a', { class: `count ${className}`, href: filterHref({ view: 'cases', cand: candidate.id, status }) }, text);
  return h(
    'td',
    null,
    h(
      'div',
      { class: 'counts' },
      link('unexpected', `${counts.unexpected} unexpected`, counts.unexpected > 0 ? 'x-unexpected' : ''),
      link('expected', `${counts.expected} expected`, 'x-expected'),
      counts.unexpectedPasses > 0 ? link('unexpected-pass', `${counts.unexpectedPasses} unexpected pass${counts.unexpectedPasses === 1 ? '' : 'es'}`, 'x-unexpected-pass') : null,
    ),
  );
}

function rateCell(candidate: ReportCandidate, key: 'all' | ModuleName): HTMLTableCellElement {
  // A module can be missing from an older candidate's rates: show a dash rather than fail.
  const rate: PassRate | undefined = candidate.rates[key];
  if (!rate) return h('td', { class: 'rate empty' }, '—');
  const link: Partial<PageState> = {
    view: 'rules',
    cand: candidate.id,
    module: key === 'all' ? '' : key,
    status: rate.failing > 0 ? 'problem' : '',
    level: 'normative',
  };
  const where = key === 'all' ? 'all modules' : key;
  if (rate.evaluated === 0) {
    return h('td', { class: 'rate' }, h('a', { href: filterHref(link), class: 'rate-link muted' }, VERDICT_TEXT[rate.verdict]));
  }
  const label = `${candidateLabel(candidate)}, ${where}: ${rate.passed} of ${rate.evaluated} normative rules pass${rate.failing ? `, ${rate.failing} failing; show them` : ''}`;
  const fill = h('span', { class: rate.failing ? 'fill partial' : 'fill' });
  // Set through the CSSOM: a style attribute would be blocked by the page's CSP.
  fill.style.width = `${(100 * rate.passed) / rate.evaluated}%`;
  const bar = h('span', { class: 'bar', 'aria-hidden': 'true' }, fill);
  return h(
    'td',
    { class: 'rate' },
    h(
      'a',
      { href: filterHref(link), class: 'rate-link', 'aria-label': label },
      h('span', { class: 'fraction' }, `${rate.passed}/${rate.evaluated}`),
      h('span', { class: 'percent' }, percent(rate.passed, rate.evaluated)),
      bar,
    ),
    rate.untested ? h('span', { class: 'untested', title: 'normative rules no case of this run cites' }, `${rate.untested} untested`) : null,
  );
}
