/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The matrix controls: free-text search, the module, status, level and candidate selects, Clear filters, and the
// Rules × candidates / Cases × candidates toggle. They write the state; `sync` writes the state back into them.
import { h } from '../shared/dom.js';
import { candidateLabel } from '../shared/labels.js';
import type { ReportIndex } from './report-index.js';
import { DEFAULTS, type PageStateStore, type View } from '../shared/state.js';
import { statusOptions, type Option } from '../shared/status-filter.js';

/** Milliseconds of quiet typing before the search applies (Enter applies at once). */
const SEARCH_DELAY = 150;

type SelectKey = 'module' | 'status' | 'level' | 'cand';

export interface FilterControls {
  /** The search box, the selects and Clear filters. */
  readonly filters: HTMLElement;
  /** The view toggle, shown in the matrix heading bar. */
  readonly views: HTMLElement;
  /** Makes every control show the current state. */
  sync(): void;
}

export function createFilterControls(index: ReportIndex, store: PageStateStore): FilterControls {
  const { data } = index;
  const selects: [SelectKey, HTMLSelectElement][] = [];
  const viewButtons: HTMLButtonElement[] = [];
  let searchTimer = 0;

  const select = (key: SelectKey, label: string, options: readonly Option[]): HTMLElement => {
    const id = `filter-${key}`;
    const element: HTMLSelectElement = h(
      'select',
      { id, onchange: () => store.navigate({ [key]: element.value, page: '1' }, false) },
      ...options.map(([value, text]) => h('option', { value }, text)),
    );
    selects.push([key, element]);
    return h('div', { class: 'field' }, h('label', { for: id }, label), element);
  };

  const search: HTMLInputElement = h('input', {
    id: 'filter-q',
    type: 'search',
    placeholder: 'rule, case or message…',
    autocomplete: 'off',
    spellcheck: 'false',
    oninput: () => {
      window.clearTimeout(searchTimer);
      searchTimer = window.setTimeout(() => store.navigate({ q: search.value, page: '1' }, false), SEARCH_DELAY);
    },
    onkeydown: (event) => {
      if (event.key === 'Enter') {
        window.clearTimeout(searchTimer);
        store.navigate({ q: search.value, page: '1' }, false);
      }
    },
  });

  const viewChoices: readonly (readonly [View, string])[] = [
    ['rules', 'Rules × candidates'],
    ['cases', 'Cases × candidates'],
  ];
  for (const [value, text] of viewChoices) {
    viewButtons.push(h('button', { type: 'button', class: 'toggle', 'data-view': value, onclick: () => store.navigate({ view: value, page: '1' }, false) }, text));
  }

  const filters = h(
    'div',
    { class: 'filters', role: 'search', 'aria-label': 'Filter the matrix' },
    h('div', { class: 'field' }, h('label', { for: 'filter-q' }, 'Search'), search),
    select('module', 'Module', [['', 'all modules'], ...data.modules.map((module): Option => [module, module])]),
    select('status', 'Status', statusOptions(Boolean(data.baseline), Boolean(data.gate))),
    select('level', 'Level', [
      ['', 'all levels'],
      ['normative', 'normative'],
      ['informative', 'informative'],
    ]),
    select('cand', 'Candidate', [['', 'all candidates'], ...data.candidates.map((candidate): Option => [candidate.id, candidateLabel(candidate)])]),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: () => {
          const { view, rule, case: item, for: focus } = store.current;
          store.navigate({ ...DEFAULTS, view, rule, case: item, for: focus }, false);
        },
      },
      'Clear filters',
    ),
  );

  return {
    filters,
    views: h('div', { class: 'views', role: 'group', 'aria-label': 'Matrix rows' }, ...viewButtons),
    sync() {
      const state = store.current;
      // Leave the search box alone while the user types in it; the state caught up from it anyway.
      if (document.activeElement !== search && search.value !== state.q) search.value = state.q;
      for (const [key, element] of selects) if (element.value !== state[key]) element.value = state[key];
      for (const button of viewButtons) button.setAttribute('aria-pressed', String(button.getAttribute('data-view') === state.view));
    },
  };
}
