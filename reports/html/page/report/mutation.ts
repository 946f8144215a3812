/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The suite's strength (`rtconf mutate`): the mutation score per module and per rule, then the surviving mutants'
// diffs grouped under the rules whose cases cover them, so a contributor sees which rule needs a sharper case.
// Diffs and file names are data: they reach the page as text nodes only.
import { h } from '../shared/dom.js';
import type { ReportData } from '../shared/types.js';

type ReportMutation = NonNullable<ReportData['mutation']>;
type Score = ReportMutation['total'];
type Survivor = ReportMutation['survivors'][number];

/** Rules listed in the per-rule table before the rest is folded away. */
const RULES_SHOWN = 15;

function scoreText(score: Score): string {
  return score.score === null ? '—' : `${score.score.toFixed(1)}%`;
}

function scoreRow(name: string, score: Score): HTMLTableRowElement {
  const fill = h('span', { class: score.score !== null && score.score < 100 ? 'fill partial' : 'fill' });
  // Set through the CSSOM: a style attribute would be blocked by the page's CSP.
  fill.style.width = `${score.score ?? 0}%`;
  return h(
    'tr',
    null,
    h('th', { scope: 'row' }, name),
    h('td', { class: 'rate' }, h('span', { class: 'percent' }, scoreText(score)), h('span', { class: 'bar', 'aria-hidden': 'true' }, fill)),
    h('td', null, String(score.killed + score.timeout)),
    h('td', null, String(score.survived)),
    h('td', null, String(score.noCoverage)),
    h('td', null, String(score.equivalent)),
    h('td', null, String(score.beyondSpec)),
    h('td', null, String(score.unobservable)),
    h('td', null, String(score.total)),
  );
}

function scoreTable(caption: string, rows: HTMLTableRowElement[]): HTMLElement {
  const head = h(
    'tr',
    null,
    h('th', { scope: 'col' }, caption),
    h('th', { scope: 'col' }, 'Score'),
    h('th', { scope: 'col' }, 'Killed'),
    h('th', { scope: 'col' }, 'Survived'),
    h('th', { scope: 'col' }, 'No coverage'),
    h('th', { scope: 'col' }, 'Equivalent'),
    h('th', { scope: 'col' }, 'Beyond spec'),
    h('th', { scope: 'col', title: 'not observable on this platform: code that runs only on another one' }, 'Unobservable here'),
    h('th', { scope: 'col' }, 'Mutants'),
  );
  return h('div', { class: 'scroll' }, h('table', { class: 'overview mutation-scores' }, h('thead', null, head), h('tbody', null, ...rows)));
}

function survivorBlock(mutant: Survivor): HTMLElement {
  return h(
    'div',
    { class: 'mutant', id: `mutant-${mutant.id}` },
    h('p', { class: 'mutant-place' }, h('code', null, `${mutant.file}:${mutant.line}:${mutant.column}`), ` ${mutant.operator} · `, h('span', { class: 'muted' }, mutant.id)),
    h('pre', { class: 'diff' }, mutant.diff),
  );
}

type Marked = ReportMutation['beyondSpec'][number];

/**
 * Mutants shown with a reason (beyond the spec, or unobservable here), grouped by file and reason, largest group first.
 * @param title the summary line, given the number of mutants
 */
function byReason(marked: readonly Marked[], title: (count: number) => string): HTMLElement | null {
  if (marked.length === 0) return null;
  const groups = new Map<string, Marked[]>();
  for (const mutant of marked) {
    const key = `${mutant.file}\u0000${mutant.reason}`;
    groups.set(key, [...(groups.get(key) ?? []), mutant]);
  }
  return h(
    'details',
    { class: 'survivors' },
    h('summary', null, title(marked.length)),
    ...[...groups.values()]
      .sort((a, b) => b.length - a.length)
      .map((mutants) => {
        const first = mutants[0] as Marked;
        return h(
          'details',
          { class: 'survivors' },
          h('summary', null, h('code', null, first.file), ` — ${mutants.length} mutant${mutants.length === 1 ? '' : 's'}: `, first.reason),
          ...mutants.map(survivorBlock),
        );
      }),
  );
}

/** The survivors grouped by the weakest rule covering each (a mutant is listed once). */
function survivorsByRule(mutation: ReportMutation): HTMLElement[] {
  const rank = new Map(mutation.rules.map((rule, index) => [rule.rule, index]));
  const groups = new Map<string, Survivor[]>();
  for (const mutant of mutation.survivors) {
    const weakest = [...mutant.rules].sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity))[0] ?? '(code that only runs while the module loads)';
    const list = groups.get(weakest) ?? [];
    list.push(mutant);
    groups.set(weakest, list);
  }
  return [...groups]
    .sort(([a], [b]) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity))
    .map(([rule, mutants]) =>
      h(
        'details',
        { class: 'survivors' },
        h('summary', null, h('code', null, rule), ` — ${mutants.length} surviving mutant${mutants.length === 1 ? '' : 's'}`),
        ...mutants.map(survivorBlock),
      ),
    );
}

/**
 * The mutation section of the report.
 * @param mutation the page's mutation data (reports/report-data.ts `reportMutation`)
 * @returns a section element, drawn with text nodes only
 */
export function renderMutation(mutation: ReportMutation): HTMLElement {
  const scope = [
    `${mutation.total.total} mutants of the reference`,
    mutation.sampled !== undefined ? `a seeded sample of at most ${mutation.sampled}` : null,
    mutation.since !== undefined ? `lines changed since ${mutation.since}` : null,
    `seed ${mutation.seed}`,
    `${(mutation.durationMs / 1000).toFixed(0)} s`,
    mutation.interrupted ? 'interrupted' : null,
  ].filter((part): part is string => part !== null);
  const rules = mutation.rules.filter((rule) => rule.score !== null);
  const ruleRows = rules.map((rule) => scoreRow(rule.rule, rule));
  const moreRules = ruleRows.splice(RULES_SHOWN);
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'mutation-heading' },
    h('h2', { id: 'mutation-heading' }, 'Suite strength (mutation testing)'),
    h(
      'p',
      { class: 'hint' },
      'Each mutant is the reference with one small change. A case that passes against the reference and fails against the mutant kills it; ' +
        'the score is the share of mutants killed (equivalent ones left out). A rule counts the mutants in code its cases execute. ' +
        'Code that follows the host runtime where the spec is silent (argument checks, error codes, messages) is marked beyond the spec in the source, with a reason: ' +
        'no case may encode it, so its mutants are not scored. Nor are mutants of code that runs only on another platform (Windows, Android): ' +
        'they are not observable here, and are counted as such, never as equivalent',
      mutation.total.scoreOfAll !== null && mutation.total.beyondSpec + mutation.total.unobservable > 0
        ? ` (with both counted as not killed, the score of all mutants is ${mutation.total.scoreOfAll.toFixed(1)}%)`
        : '',
      '. ',
      scope.join(' · '),
      '.',
    ),
    scoreTable('Module', [...mutation.modules.map((score) => scoreRow(score.module, score)), scoreRow('all', mutation.total)]),
    h('h3', null, 'Weakest rules'),
    scoreTable('Rule', ruleRows),
    moreRules.length > 0 ? h('details', null, h('summary', null, `${moreRules.length} more rules`), scoreTable('Rule', moreRules)) : null,
    h('h3', null, `Surviving mutants (${mutation.survivors.length})`),
    mutation.survivors.length === 0 ? h('p', { class: 'muted' }, 'None: every mutant in covered code was killed.') : null,
    ...survivorsByRule(mutation),
    mutation.uncovered.length > 0
      ? h(
          'details',
          { class: 'survivors' },
          h('summary', null, `Mutants in code no case executes (${mutation.uncovered.length})`),
          ...mutation.uncovered.map(survivorBlock),
        )
      : null,
    byReason(mutation.unobservable, (count) => `Mutants not observable on this platform (${count}): code that runs only on another one; not scored, each listed with its reason`),
    byReason(mutation.beyondSpec, (count) => `Mutants in code marked beyond the spec (${count}): not scored; each marker gives its reason`),
  );
}
