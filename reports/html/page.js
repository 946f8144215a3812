// The rt conformance report page. Runs in the browser, inlined into index.html and allowed there by its CSP hash.
// Every string from the results (candidate names, messages, counterexamples, even rule titles) is untrusted: it
// reaches the DOM only through text nodes, textContent and setAttribute on inert attributes, never through HTML.
'use strict';
(() => {
  const PAGE_SIZE = 100;
  const FAILING = new Set(['fail', 'error', 'timeout', 'crash']);
  const STATUSES = ['pass', 'fail', 'error', 'timeout', 'crash', 'skip', 'na'];
  const MARK = { pass: '✓', fail: '✗', error: '!', timeout: '◔', crash: '↯', skip: '–', na: '∅', none: '·' };
  const STATUS_TEXT = {
    pass: 'pass', fail: 'fail', error: 'error', timeout: 'timeout', crash: 'crash', skip: 'skip', na: 'n/a', none: 'no case',
  };
  const VERDICT_TEXT = {
    conformant: 'conformant',
    'not-conformant': 'not conformant',
    'not-provided': 'not provided',
    'not-applicable': 'not applicable',
    untested: 'no cases',
  };
  const CHANGE_TEXT = { regression: 'regressed', fix: 'fixed', change: 'changed', new: 'new', removed: 'removed' };
  const CHANGE_RANK = { regression: 4, fix: 3, change: 2, new: 1, removed: 0 };
  const DEFAULTS = { view: 'rules', module: '', status: '', level: '', cand: '', q: '', page: '1', rule: '', case: '', for: '' };
  const FILTER_KEYS = ['view', 'module', 'status', 'level', 'cand', 'q', 'page'];
  const DETAIL_KEYS = ['rule', 'case', 'for'];

  const started = performance.now();
  const dataElement = document.getElementById('data');
  const app = document.getElementById('app');
  if (!dataElement || !app) throw new Error('report: the page is missing its data or app element');
  /** @type {any} */
  const data = JSON.parse(dataElement.textContent || 'null');

  // ---------------------------------------------------------------- indices built once
  const rules = data.rules;
  const cases = data.cases;
  const candidates = data.candidates;
  const candidateById = new Map(candidates.map((candidate, index) => [candidate.id, index]));
  const ruleById = new Map(rules.map((rule, index) => [rule.id, index]));
  const caseById = new Map(cases.map((item, index) => [item.id, index]));
  /** @type {number[][]} case indices citing each rule */
  const casesByRule = rules.map(() => []);
  cases.forEach((item, index) => item.rules.forEach((rule) => casesByRule[rule].push(index)));
  const baseline = data.baseline || null;
  /** @type {Map<string, any>} `${candidate index}:${case index}` → change */
  const changeByCell = new Map();
  /** @type {Map<string, string>} `${candidate index}:${rule index}` → most notable change kind */
  const changeByRuleCell = new Map();
  if (baseline) {
    for (const change of baseline.changes) {
      const c = candidateById.get(change.candidate);
      const k = caseById.get(change.case);
      if (c === undefined || k === undefined) continue;
      changeByCell.set(`${c}:${k}`, change);
      for (const r of cases[k].rules) {
        const key = `${c}:${r}`;
        const known = changeByRuleCell.get(key);
        if (!known || CHANGE_RANK[change.kind] > CHANGE_RANK[known]) changeByRuleCell.set(key, change.kind);
      }
    }
  }
  /** @type {(string | undefined)[]} lower-cased search text, built on first search */
  const ruleText = [];
  /** @type {(string | undefined)[]} */
  const caseText = [];

  // ---------------------------------------------------------------- DOM helpers (text only, never HTML)
  /**
   * @param {string} tag
   * @param {Record<string, any> | null} [props] `class`, `text`, `on<event>` handlers; anything else via setAttribute
   * @param {...(Node | string | number | null | undefined | false)} children
   * @returns {HTMLElement}
   */
  function h(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = String(value);
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
      if (child === undefined || child === null || child === false) continue;
      node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    }
    return node;
  }

  function chip(status, extra) {
    return h('span', { class: `chip s-${status}` }, h('span', { 'aria-hidden': 'true', text: MARK[status] }), ` ${STATUS_TEXT[status]}`, extra || null);
  }

  function verdictChip(verdict) {
    return h('span', { class: `verdict v-${verdict}`, text: VERDICT_TEXT[verdict] || verdict });
  }

  function formatMs(ms) {
    if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    const seconds = ms / 1000;
    return seconds < 120 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  }

  function percent(passed, evaluated) {
    if (evaluated === 0) return '';
    const share = (100 * passed) / evaluated;
    // Never round a failing candidate up to 100%.
    return `${share === 100 ? 100 : Math.min(99.9, Math.round(share * 10) / 10)}%`;
  }

  function candidateLabel(candidate) {
    return candidate.version ? `${candidate.name} ${candidate.version}` : candidate.name;
  }

  // ---------------------------------------------------------------- state in the URL hash
  /** @type {Record<string, string>} */
  let state = readHash();

  function readHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    /** @type {Record<string, string>} */
    const next = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS)) {
      const value = params.get(key);
      if (value !== null) next[key] = value;
    }
    // Anything not recognised falls back to its default: a hand-edited or stale link still opens a working page.
    if (next.view !== 'cases') next.view = 'rules';
    if (!data.modules.includes(next.module)) next.module = '';
    if (!statusOptions().some(([value]) => value === next.status)) next.status = '';
    if (next.level !== 'normative' && next.level !== 'informative') next.level = '';
    if (!candidateById.has(next.cand)) next.cand = '';
    if (!/^[1-9][0-9]{0,6}$/.test(next.page)) next.page = '1';
    if (!ruleById.has(next.rule)) next.rule = '';
    if (!caseById.has(next.case)) next.case = '';
    if (!candidateById.has(next.for)) next.for = '';
    return next;
  }

  function hashOf(values) {
    const params = new URLSearchParams();
    for (const key of Object.keys(DEFAULTS)) if (values[key] && values[key] !== DEFAULTS[key]) params.set(key, values[key]);
    const text = params.toString();
    return text ? `#${text}` : '#';
  }

  /** Changes the state, records it in the URL (a new history entry when `push`) and redraws what changed. */
  function navigate(changes, push) {
    const previous = state;
    state = { ...state, ...changes };
    const url = hashOf(state);
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    apply(previous);
  }

  function apply(previous) {
    if (FILTER_KEYS.some((key) => previous[key] !== state[key])) {
      syncControls();
      renderMatrix();
    }
    if (DETAIL_KEYS.some((key) => previous[key] !== state[key])) renderDetail();
  }

  // Back/Forward and hand-edited addresses: re-read the hash (apply() ignores a second call for the same state).
  const onAddressChange = () => {
    const previous = state;
    state = readHash();
    apply(previous);
  };
  window.addEventListener('hashchange', onAddressChange);
  window.addEventListener('popstate', onAddressChange);

  // ---------------------------------------------------------------- filtering
  function statusOptions() {
    const options = [
      ['', 'any status'],
      ['problem', 'not passing (fail, error, timeout, crash)'],
      ...STATUSES.map((status) => [status, STATUS_TEXT[status]]),
      ['none', 'no case / no result'],
    ];
    if (data.baseline) options.push(['regression', 'regressed since baseline'], ['fix', 'fixed since baseline'], ['changed', 'any change since baseline']);
    return options;
  }

  function selectedCandidates() {
    const only = candidateById.get(state.cand);
    return only === undefined ? candidates.map((_, index) => index) : [only];
  }

  function statusMatches(status, change) {
    switch (state.status) {
      case '':
        return true;
      case 'problem':
        return FAILING.has(status);
      case 'regression':
      case 'fix':
        return change === state.status;
      case 'changed':
        return change !== undefined;
      default:
        return status === state.status;
    }
  }

  function queryWords() {
    return state.q.toLowerCase().split(/\s+/).filter(Boolean);
  }

  function textOfRule(r) {
    if (ruleText[r] === undefined) {
      const rule = rules[r];
      ruleText[r] = `${rule.id} ${rule.title} ${rule.section || ''} ${rule.module}`.toLowerCase();
    }
    return ruleText[r];
  }

  function textOfCase(k) {
    if (caseText[k] === undefined) {
      const item = cases[k];
      const parts = [item.id, ...item.rules.map((r) => rules[r].id)];
      for (const candidate of candidates) {
        const result = candidate.results[k];
        if (result && result.message) parts.push(result.message.slice(0, 2000));
      }
      caseText[k] = parts.join(' ').toLowerCase();
    }
    return caseText[k];
  }

  function visibleRows() {
    const words = queryWords();
    const chosen = selectedCandidates();
    const rows = [];
    if (state.view === 'rules') {
      rules.forEach((rule, r) => {
        if (state.module && rule.module !== state.module) return;
        if (state.level && rule.level !== state.level) return;
        if (words.length && !words.every((word) => textOfRule(r).includes(word))) return;
        if (state.status && !chosen.some((c) => statusMatches(candidates[c].ruleStatus[r], changeByRuleCell.get(`${c}:${r}`)))) return;
        rows.push(r);
      });
    } else {
      cases.forEach((item, k) => {
        if (state.module && item.module !== state.module) return;
        if (state.level && item.normative !== (state.level === 'normative')) return;
        if (words.length && !words.every((word) => textOfCase(k).includes(word))) return;
        if (state.status) {
          const hit = chosen.some((c) => {
            const result = candidates[c].results[k];
            const change = changeByCell.get(`${c}:${k}`);
            return statusMatches(result ? result.status : 'none', change && change.kind);
          });
          if (!hit) return;
        }
        rows.push(k);
      });
    }
    return rows;
  }

  // ---------------------------------------------------------------- static parts: header, overview, baseline
  function renderHeader() {
    const when = new Date(data.startedAt);
    const meta = [
      `${data.tool.name} ${data.tool.version}`,
      `started ${Number.isNaN(when.getTime()) ? data.startedAt : when.toLocaleString()}`,
      `took ${formatMs(data.durationMs)}`,
      `seed ${data.seed}`,
      `${candidates.length} candidate${candidates.length === 1 ? '' : 's'}`,
      `${cases.length} cases`,
      `${rules.length} rules`,
    ];
    return h(
      'header',
      { class: 'page-header' },
      h('a', { class: 'skip-link', href: '#matrix-section', onclick: skipToMatrix }, 'Skip to the matrix'),
      h('h1', null, 'rt conformance report'),
      h('p', { class: 'meta' }, meta.join(' · ')),
      data.interrupted ? h('p', { class: 'banner', role: 'note' }, 'This run was interrupted: not every case ran, and the missing ones count as untested.') : null,
    );
  }

  function skipToMatrix(event) {
    // The hash holds the filter state, so the skip link moves focus itself instead of navigating.
    event.preventDefault();
    const target = document.getElementById('matrix-heading');
    if (target) target.focus();
  }

  function filterHref(changes) {
    return hashOf({ ...DEFAULTS, ...changes });
  }

  function rateCell(candidate, key) {
    const rate = candidate.rates[key];
    if (!rate) return h('td', { class: 'rate empty' }, '—');
    const link = {
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
    const bar = h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span', { class: rate.failing ? 'fill partial' : 'fill' }));
    const fill = /** @type {HTMLElement} */ (bar.firstChild);
    // Set through the CSSOM: a style attribute would be blocked by the page's CSP.
    fill.style.width = `${(100 * rate.passed) / rate.evaluated}%`;
    return h(
      'td',
      { class: 'rate' },
      h('a', { href: filterHref(link), class: 'rate-link', 'aria-label': label },
        h('span', { class: 'fraction' }, `${rate.passed}/${rate.evaluated}`),
        h('span', { class: 'percent' }, percent(rate.passed, rate.evaluated)),
        bar),
      rate.untested ? h('span', { class: 'untested', title: 'normative rules no case of this run cites' }, `${rate.untested} untested`) : null,
    );
  }

  function renderOverview() {
    const head = h('tr', null, h('th', { scope: 'col' }, 'Candidate'), ...data.modules.map((module) => h('th', { scope: 'col' }, module)), h('th', { scope: 'col' }, 'All modules'), h('th', { scope: 'col' }, 'Verdict'), h('th', { scope: 'col' }, 'Case results'));
    const body = candidates.map((candidate) => {
      const counts = STATUSES.filter((status) => candidate.summary[status] > 0).map((status) => chip(status, ` ${candidate.summary[status]}`));
      return h(
        'tr',
        null,
        h('th', { scope: 'row', class: 'candidate' },
          h('span', { class: 'candidate-name' }, candidateLabel(candidate)),
          h('span', { class: 'candidate-id' }, candidate.id !== candidate.name ? `${candidate.kind} · ${candidate.id}` : candidate.kind)),
        ...data.modules.map((module) => rateCell(candidate, module)),
        rateCell(candidate, 'all'),
        h('td', null, verdictChip(candidate.rates.all.verdict)),
        h('td', null, h('div', { class: 'counts' }, ...counts)),
      );
    });
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'overview-heading' },
      h('h2', { id: 'overview-heading' }, 'Overview'),
      h('p', { class: 'hint' }, 'Pass rate over normative rules: a rule passes when every case citing it passes. Select a rate to see those rules.'),
      h('div', { class: 'scroll' }, h('table', { class: 'overview' }, h('thead', null, head), h('tbody', null, ...body))),
    );
  }

  const LIST_LIMIT = 100;

  function changeRow(change) {
    const k = caseById.get(change.case);
    const c = candidateById.get(change.candidate);
    const caseCell = k === undefined ? h('code', null, change.case) : h('button', { class: 'link', type: 'button', onclick: (event) => openCase(k, c, event.currentTarget) }, h('code', null, change.case));
    return h(
      'tr',
      null,
      h('td', null, c === undefined ? change.candidate : candidateLabel(candidates[c])),
      h('td', null, caseCell),
      h('td', { class: 'nowrap' }, change.before ? chip(change.before) : '—', ' → ', change.after ? chip(change.after) : '—'),
      h('td', { class: 'message-cell' }, change.message ? firstLine(change.message) : ''),
    );
  }

  function changeTable(changes, kind, open) {
    const shown = changes.slice(0, LIST_LIMIT);
    const title = `${changes.length} ${kind === 'regression' ? 'regressed' : CHANGE_TEXT[kind]}`;
    const table = h('table', { class: 'changes' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Candidate'), h('th', { scope: 'col' }, 'Case'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Message'))),
      h('tbody', null, ...shown.map(changeRow)));
    const more = changes.length > shown.length && (kind === 'regression' || kind === 'fix')
      ? h('p', null, h('a', { href: filterHref({ view: 'cases', status: kind }) }, `Show all ${changes.length} in the matrix`))
      : changes.length > shown.length ? h('p', null, `… and ${changes.length - shown.length} more`) : null;
    return h('details', { class: `change-group k-${kind}`, open: open || undefined }, h('summary', null, title), h('div', { class: 'scroll' }, table), more);
  }

  function renderBaseline() {
    const changes = baseline.changes;
    const byKind = (kind) => changes.filter((change) => change.kind === kind);
    const when = new Date(baseline.startedAt);
    const nouns = { regression: ['regression', 'regressions'], fix: ['fix', 'fixes'], change: ['other change', 'other changes'], new: ['new', 'new'], removed: ['removed', 'removed'] };
    const counts = ['regression', 'fix', 'change', 'new', 'removed'].map((kind) => {
      const count = byKind(kind).length;
      return h('span', { class: `count k-${kind}` }, `${count} ${nouns[kind][count === 1 ? 0 : 1]}`);
    });
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'baseline-heading' },
      h('h2', { id: 'baseline-heading' }, 'Compared with the baseline'),
      h('p', { class: 'meta' }, `Baseline: ${baseline.tool.name} ${baseline.tool.version}, started ${Number.isNaN(when.getTime()) ? baseline.startedAt : when.toLocaleString()}, seed ${baseline.seed}; ${baseline.compared} results compared.`),
      h('p', { class: 'counts' }, ...counts),
      changes.length === 0 ? h('p', null, 'No status changed.') : null,
      ...['regression', 'fix', 'change', 'new', 'removed'].filter((kind) => byKind(kind).length > 0).map((kind) => changeTable(byKind(kind), kind, kind === 'regression' || kind === 'fix')),
    );
  }

  function firstLine(text) {
    const line = text.split('\n', 1)[0];
    return line.length > 160 ? `${line.slice(0, 159)}…` : line;
  }

  // ---------------------------------------------------------------- filters
  /** @type {Record<string, HTMLInputElement | HTMLSelectElement>} */
  const controls = {};
  /** @type {HTMLElement[]} */
  const viewButtons = [];
  let searchTimer = 0;
  /** @type {HTMLElement | null} */
  let viewGroup = null;

  function select(key, label, options) {
    const id = `filter-${key}`;
    const element = /** @type {HTMLSelectElement} */ (h('select', { id, onchange: () => navigate({ [key]: element.value, page: '1' }, false) },
      ...options.map(([value, text]) => h('option', { value }, text))));
    controls[key] = element;
    return h('div', { class: 'field' }, h('label', { for: id }, label), element);
  }

  function renderFilters() {
    const search = /** @type {HTMLInputElement} */ (h('input', {
      id: 'filter-q',
      type: 'search',
      placeholder: 'rule, case or message…',
      autocomplete: 'off',
      spellcheck: 'false',
      oninput: () => {
        clearTimeout(searchTimer);
        searchTimer = setTimeout(() => navigate({ q: search.value, page: '1' }, false), 150);
      },
      onkeydown: (event) => {
        if (event.key === 'Enter') {
          clearTimeout(searchTimer);
          navigate({ q: search.value, page: '1' }, false);
        }
      },
    }));
    controls.q = search;
    const views = [['rules', 'Rules × candidates'], ['cases', 'Cases × candidates']].map(([value, text]) => {
      const button = h('button', { type: 'button', class: 'toggle', 'data-view': value, onclick: () => navigate({ view: value, page: '1' }, false) }, text);
      viewButtons.push(button);
      return button;
    });
    const groups = [
      h('div', { class: 'field' }, h('label', { for: 'filter-q' }, 'Search'), search),
      select('module', 'Module', [['', 'all modules'], ...data.modules.map((module) => [module, module])]),
      select('status', 'Status', statusOptions()),
      select('level', 'Level', [['', 'all levels'], ['normative', 'normative'], ['informative', 'informative']]),
      select('cand', 'Candidate', [['', 'all candidates'], ...candidates.map((candidate) => [candidate.id, candidateLabel(candidate)])]),
      h('button', { type: 'button', class: 'secondary', onclick: () => navigate({ ...DEFAULTS, view: state.view, rule: state.rule, case: state.case, for: state.for }, false) }, 'Clear filters'),
    ];
    viewGroup = h('div', { class: 'views', role: 'group', 'aria-label': 'Matrix rows' }, ...views);
    return h('div', { class: 'filters', role: 'search', 'aria-label': 'Filter the matrix' }, ...groups);
  }

  function syncControls() {
    for (const [key, control] of Object.entries(controls)) {
      // Leave the search box alone while the user types in it; the state caught up from it anyway.
      if (key === 'q' && document.activeElement === control) continue;
      if (control.value !== state[key]) control.value = state[key];
    }
    for (const button of viewButtons) button.setAttribute('aria-pressed', String(button.getAttribute('data-view') === state.view));
  }

  // ---------------------------------------------------------------- the matrix
  const matrixBody = h('tbody');
  const matrixHead = h('thead');
  const matrixTable = h('table', { class: 'matrix', role: 'grid', 'aria-labelledby': 'matrix-heading', 'aria-describedby': 'matrix-keys' }, matrixHead, matrixBody);
  const countLine = h('p', { class: 'match-count', role: 'status', 'aria-live': 'polite' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Matrix pages' });
  /** @type {HTMLElement[][]} focusable cells by row, for arrow-key movement */
  let grid = [];

  function renderMatrixSection() {
    matrixTable.addEventListener('click', onMatrixClick);
    matrixTable.addEventListener('keydown', onMatrixKey);
    const filters = renderFilters();
    return h(
      'section',
      { class: 'card', id: 'matrix-section', 'aria-labelledby': 'matrix-heading' },
      h('div', { class: 'section-bar' }, h('h2', { id: 'matrix-heading', tabindex: '-1' }, 'Matrix'), viewGroup),
      filters,
      countLine,
      h('p', { id: 'matrix-keys', class: 'hint' }, 'Tab into the matrix, move with the arrow keys, Home/End, Page Up/Down; Enter opens the details.'),
      h('div', { class: 'scroll matrix-scroll' }, matrixTable),
      pager,
    );
  }

  function renderMatrix() {
    const t0 = performance.now();
    const rows = visibleRows();
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
    const page = Math.min(Number(state.page), pages);
    const first = (page - 1) * PAGE_SIZE;
    const shown = rows.slice(first, first + PAGE_SIZE);
    const chosen = selectedCandidates();
    const noun = state.view === 'rules' ? 'rule' : 'case';

    matrixHead.replaceChildren(h('tr', null,
      h('th', { scope: 'col', class: 'rowhead-col' }, state.view === 'rules' ? 'Rule' : 'Case'),
      ...chosen.map((c) => h('th', { scope: 'col', class: 'cand-col', title: `${candidateLabel(candidates[c])} (${candidates[c].id})` }, h('span', { class: 'cand-head' }, candidateLabel(candidates[c]))))));

    const fragment = document.createDocumentFragment();
    grid = [];
    let group = '';
    for (const index of shown) {
      const label = state.view === 'rules' ? `${rules[index].module} › ${rules[index].section || 'other rules'}` : cases[index].module;
      if (label !== group) {
        group = label;
        fragment.append(h('tr', { class: 'group' }, h('th', { scope: 'colgroup', colspan: String(chosen.length + 1) }, label)));
      }
      fragment.append(state.view === 'rules' ? ruleRow(index, chosen) : caseRow(index, chosen));
    }
    matrixBody.replaceChildren(fragment);
    if (shown.length === 0) {
      matrixBody.append(h('tr', null, h('td', { colspan: String(chosen.length + 1), class: 'empty' }, `No ${noun} matches these filters.`)));
    }
    const firstCell = grid[0] && grid[0][0];
    if (firstCell) firstCell.tabIndex = 0;

    countLine.textContent = rows.length === 0
      ? `No ${noun}s match.`
      : `${rows.length} ${noun}${rows.length === 1 ? '' : 's'} match; showing ${first + 1}–${first + shown.length}.`;
    pager.replaceChildren(
      h('button', { type: 'button', class: 'secondary', disabled: page <= 1, onclick: () => turnPage(page - 1) }, '← Previous'),
      h('span', { class: 'page-of' }, `Page ${page} of ${pages}`),
      h('button', { type: 'button', class: 'secondary', disabled: page >= pages, onclick: () => turnPage(page + 1) }, 'Next →'),
    );
    document.documentElement.setAttribute('data-matrix-ms', (performance.now() - t0).toFixed(1));
  }

  function turnPage(page) {
    navigate({ page: String(page) }, false);
    const heading = document.getElementById('matrix-heading');
    if (heading) heading.scrollIntoView({ block: 'start' });
  }

  function ruleRow(r, chosen) {
    const rule = rules[r];
    const head = h('button', { type: 'button', class: 'rowhead-button', 'data-rule': String(r), tabindex: '-1' }, h('code', null, rule.id));
    const row = [head];
    const cells = chosen.map((c) => {
      const status = candidates[c].ruleStatus[r];
      const change = changeByRuleCell.get(`${c}:${r}`);
      const button = cellButton(status, change, `${rule.id} for ${candidateLabel(candidates[c])}: ${STATUS_TEXT[status]}`, { 'data-rule': String(r), 'data-cand': String(c) });
      row.push(button);
      return h('td', null, button);
    });
    grid.push(row);
    return h('tr', { class: rule.level === 'informative' ? 'informative' : null },
      h('th', { scope: 'row', class: 'rowhead' }, head,
        h('span', { class: 'rule-title' }, rule.title),
        rule.level === 'informative' ? h('span', { class: 'tag' }, 'informative') : null),
      ...cells);
  }

  function caseRow(k, chosen) {
    const item = cases[k];
    const head = h('button', { type: 'button', class: 'rowhead-button', 'data-case': String(k), tabindex: '-1' }, h('code', null, item.id));
    const row = [head];
    const cells = chosen.map((c) => {
      const result = candidates[c].results[k];
      const status = result ? result.status : 'none';
      const change = changeByCell.get(`${c}:${k}`);
      const label = `${item.id} for ${candidateLabel(candidates[c])}: ${STATUS_TEXT[status]}${result ? `, ${formatMs(result.durationMs)}` : ''}`;
      const button = cellButton(status, change && change.kind, label, { 'data-case': String(k), 'data-cand': String(c) });
      row.push(button);
      return h('td', null, button);
    });
    grid.push(row);
    return h('tr', { class: item.normative ? null : 'informative' },
      h('th', { scope: 'row', class: 'rowhead' }, head,
        h('span', { class: 'rule-title' }, `${item.rules.length} rule${item.rules.length === 1 ? '' : 's'}: ${item.rules.map((r) => rules[r].id).join(', ')}`)),
      ...cells);
  }

  function cellButton(status, change, label, attributes) {
    const changeNote = change ? `; ${CHANGE_TEXT[change]} since the baseline` : '';
    return h('button', { type: 'button', class: `cell s-${status}${change ? ` c-${change}` : ''}`, tabindex: '-1', 'aria-label': label + changeNote, ...attributes },
      h('span', { 'aria-hidden': 'true', class: 'mark' }, MARK[status]),
      h('span', { 'aria-hidden': 'true' }, STATUS_TEXT[status]),
      change === 'regression' || change === 'fix' ? h('span', { class: 'delta', 'aria-hidden': 'true' }, change === 'regression' ? '▼' : '▲') : null);
  }

  function onMatrixClick(event) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !matrixTable.contains(button)) return;
    const cand = button.hasAttribute('data-cand') ? Number(button.getAttribute('data-cand')) : undefined;
    if (button.hasAttribute('data-rule')) openRule(Number(button.getAttribute('data-rule')), cand, button);
    else if (button.hasAttribute('data-case')) openCase(Number(button.getAttribute('data-case')), cand, button);
  }

  /** Roving focus over the matrix cells (one tab stop for the whole grid). */
  function onMatrixKey(event) {
    const target = event.target;
    let row = -1;
    let column = -1;
    grid.some((cells, r) => {
      const c = cells.indexOf(/** @type {HTMLElement} */ (target));
      if (c < 0) return false;
      row = r;
      column = c;
      return true;
    });
    if (row < 0) return;
    const last = grid.length - 1;
    const moves = {
      ArrowRight: [row, column + 1],
      ArrowLeft: [row, column - 1],
      ArrowDown: [row + 1, column],
      ArrowUp: [row - 1, column],
      Home: event.ctrlKey ? [0, 0] : [row, 0],
      End: event.ctrlKey ? [last, Infinity] : [row, Infinity],
      PageDown: [row + 10, column],
      PageUp: [row - 10, column],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const nextRow = Math.max(0, Math.min(last, move[0]));
    const cells = grid[nextRow];
    const next = cells[Math.max(0, Math.min(cells.length - 1, move[1]))];
    for (const cellsOfRow of grid) for (const cell of cellsOfRow) cell.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  // ---------------------------------------------------------------- drill-down dialog
  const dialogBody = h('div', { class: 'dialog-body' });
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'detail', 'aria-labelledby': 'detail-title' },
    h('div', { class: 'dialog-bar' }, h('button', { type: 'button', class: 'secondary close', onclick: () => dialog.close() }, 'Close ', h('kbd', null, 'Esc'))),
    dialogBody));
  /** @type {Element | null} */
  let returnFocus = null;

  dialog.addEventListener('close', () => {
    if (state.rule || state.case) navigate({ rule: '', case: '', for: '' }, false);
    const back = returnFocus && returnFocus.isConnected ? returnFocus : document.getElementById('matrix-heading');
    returnFocus = null;
    if (back instanceof HTMLElement) back.focus();
  });
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop (outside the dialog's box) closes it, as people expect of a modal.
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    }
  });

  function openRule(r, c, trigger) {
    if (trigger && !dialog.open) returnFocus = trigger;
    navigate({ rule: rules[r].id, case: '', for: c === undefined ? '' : candidates[c].id }, true);
  }

  function openCase(k, c, trigger) {
    if (trigger && !dialog.open) returnFocus = trigger;
    navigate({ case: cases[k].id, rule: '', for: c === undefined ? '' : candidates[c].id }, true);
  }

  function renderDetail() {
    const r = ruleById.get(state.rule);
    const k = caseById.get(state.case);
    if (r === undefined && k === undefined) {
      if (dialog.open) dialog.close();
      return;
    }
    dialogBody.replaceChildren(...(k !== undefined ? caseDetail(k) : ruleDetail(/** @type {number} */ (r))));
    if (!dialog.open) dialog.showModal();
    dialogBody.scrollTop = 0;
    const title = document.getElementById('detail-title');
    if (title) title.focus();
  }

  function definitionList(pairs) {
    return h('dl', { class: 'facts' }, ...pairs.filter(([, value]) => value !== undefined && value !== '').flatMap(([term, value]) => [h('dt', null, term), h('dd', null, value)]));
  }

  function ruleDetail(r) {
    const rule = rules[r];
    const citing = casesByRule[r];
    const focus = candidateById.get(state.for);
    const order = focus === undefined ? candidates.map((_, c) => c) : [focus, ...candidates.map((_, c) => c).filter((c) => c !== focus)];
    const statusList = h('ul', { class: 'statuses' }, ...order.map((c) => h('li', { class: c === focus ? 'focus' : null }, chip(candidates[c].ruleStatus[r]), ' ', candidateLabel(candidates[c]))));
    const caseTable = citing.length === 0
      ? h('p', null, 'No case of this run cites this rule.')
      : h('div', { class: 'scroll' }, h('table', { class: 'mini' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Case'), ...order.map((c) => h('th', { scope: 'col' }, candidateLabel(candidates[c]))))),
        h('tbody', null, ...citing.map((k) => h('tr', null,
          h('th', { scope: 'row' }, h('button', { type: 'button', class: 'link', onclick: () => openCase(k, focus) }, h('code', null, cases[k].id))),
          ...order.map((c) => {
            const result = candidates[c].results[k];
            const status = result ? result.status : 'none';
            return h('td', null, h('button', { type: 'button', class: `cell s-${status}`, 'aria-label': `${cases[k].id} for ${candidateLabel(candidates[c])}: ${STATUS_TEXT[status]}`, onclick: () => openCase(k, c) },
              h('span', { class: 'mark', 'aria-hidden': 'true' }, MARK[status]), h('span', { 'aria-hidden': 'true' }, STATUS_TEXT[status])));
          }))))));
    return [
      h('p', { class: 'kind' }, 'Rule'),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, rule.id)),
      h('p', { class: 'statement' }, rule.title),
      definitionList([['Module', rule.module], ['Section', rule.section], ['Level', rule.level], ['Since', rule.since], ['Platforms', rule.platforms ? rule.platforms.join(', ') : undefined]]),
      h('h3', null, 'Status per candidate'),
      statusList,
      h('h3', null, `Cases citing this rule (${citing.length})`),
      caseTable,
    ];
  }

  function caseDetail(k) {
    const item = cases[k];
    const focus = candidateById.get(state.for);
    const order = focus === undefined ? candidates.map((_, c) => c) : [focus, ...candidates.map((_, c) => c).filter((c) => c !== focus)];
    const ruleList = h('ul', { class: 'rules' }, ...item.rules.map((r) => h('li', null,
      h('button', { type: 'button', class: 'link', onclick: () => openRule(r, focus) }, h('code', null, rules[r].id)),
      rules[r].level === 'informative' ? h('span', { class: 'tag' }, 'informative') : null,
      h('span', { class: 'rule-text' }, rules[r].title))));
    return [
      h('p', { class: 'kind' }, 'Case'),
      h('h2', { id: 'detail-title', tabindex: '-1' }, h('code', null, item.id)),
      definitionList([['Module', item.module], ['Level', item.normative ? 'normative (cites a normative rule)' : 'informative only']]),
      h('h3', null, `Rules it checks (${item.rules.length})`),
      ruleList,
      h('h3', null, 'Results'),
      ...order.map((c) => resultBlock(k, c, c === focus || (focus === undefined && order.length === 1))),
    ];
  }

  function resultBlock(k, c, focused) {
    const candidate = candidates[c];
    const result = candidate.results[k];
    const change = changeByCell.get(`${c}:${k}`);
    const status = result ? result.status : 'none';
    const interesting = focused || (result !== null && status !== 'pass' && status !== 'skip' && status !== 'na');
    const summary = h('summary', null, chip(status), ' ', h('span', { class: 'candidate-name' }, candidateLabel(candidate)),
      result ? h('span', { class: 'muted' }, ` · ${formatMs(result.durationMs)}`) : null,
      change ? h('span', { class: `change-note k-${change.kind}` }, ` · ${CHANGE_TEXT[change.kind]}: ${change.before ? STATUS_TEXT[change.before] : 'absent'} → ${change.after ? STATUS_TEXT[change.after] : 'absent'}`) : null);
    const body = [];
    if (!result) body.push(h('p', { class: 'muted' }, 'This candidate has no result for this case.'));
    else {
      body.push(h('p', { class: 'muted' }, `Candidate id: ${candidate.id} (${candidate.kind})`));
      if (result.message !== undefined) body.push(h('h4', null, 'Message'), h('pre', { class: 'message' }, result.message));
      if (result.expected !== undefined || result.actual !== undefined) {
        body.push(h('div', { class: 'compare' },
          h('div', null, h('h4', null, 'Expected'), h('pre', { class: 'expected' }, result.expected === undefined ? '—' : result.expected)),
          h('div', null, h('h4', null, 'Actual'), h('pre', { class: 'actual' }, result.actual === undefined ? '—' : result.actual))));
      }
      const example = result.counterexample;
      if (example) {
        body.push(h('h4', null, 'Property counterexample'),
          definitionList([['Seed', String(example.seed)], ['Path', example.path], ['Runs', example.numRuns === undefined ? undefined : String(example.numRuns)]]),
          h('pre', { class: 'counterexample' }, example.value));
      }
      if (result.replay) body.push(h('h4', null, 'Replay this case'), replayBlock(result.replay));
      else if (status !== 'pass') body.push(h('p', { class: 'muted' }, 'No replay command was recorded.'));
    }
    return h('details', { class: 'result', open: interesting || undefined }, summary, ...body);
  }

  function replayBlock(command) {
    const code = h('code', null, command);
    const pre = h('pre', { class: 'replay' }, code);
    const button = h('button', { type: 'button', class: 'secondary copy', 'aria-label': 'Copy the replay command' }, 'Copy');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(command);
        button.textContent = 'Copied';
      } catch {
        // Clipboard access can be refused (permissions, file://): select the text so Ctrl+C works.
        const range = document.createRange();
        range.selectNodeContents(code);
        const selection = window.getSelection();
        if (selection) {
          selection.removeAllRanges();
          selection.addRange(range);
        }
        button.textContent = 'Selected: press Ctrl+C';
      }
      setTimeout(() => (button.textContent = 'Copy'), 2000);
    });
    return h('div', { class: 'replay-row' }, pre, button);
  }

  // ---------------------------------------------------------------- start
  try {
    document.title = `rt conformance report: ${candidates.length} candidate${candidates.length === 1 ? '' : 's'}, ${cases.length} cases`;
    app.replaceChildren(
      renderHeader(),
      h('main', null, renderOverview(), baseline ? renderBaseline() : null, renderMatrixSection()),
      h('footer', { class: 'page-footer' }, 'Static report: everything shown is in this file. The filter state is kept in the address, so a link shows the same view.'),
      dialog,
    );
    syncControls();
    renderMatrix();
    renderDetail();
    document.documentElement.setAttribute('data-render-ms', (performance.now() - started).toFixed(1));
    document.documentElement.setAttribute('data-ready', 'true');
  } catch (error) {
    app.replaceChildren(h('p', { class: 'banner', role: 'alert' }, `The report could not be drawn: ${error instanceof Error ? error.message : String(error)}`));
    throw error;
  }
})();
