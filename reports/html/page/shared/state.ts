/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page state (matrix filters, page number and the open drill-down) lives in the URL hash, so a link, a reload or
// Back/Forward shows the same view. Anything not recognised in a hash falls back to its default: a hand-edited or
// stale link still opens a working page.

export type View = 'rules' | 'cases';

export interface PageState {
  readonly view: View;
  readonly module: string;
  /** '', a status, `none`, `problem`, or with a baseline `regression`, `fix`, `changed`. */
  readonly status: string;
  readonly level: string;
  /** Candidate id, '' for all. */
  readonly cand: string;
  /** Free-text search. */
  readonly q: string;
  /** 1-based matrix page, as text. */
  readonly page: string;
  /** Rule id, case id or API id of the open drill-down (at most one of them), and the candidate it was opened for. */
  readonly rule: string;
  readonly case: string;
  readonly api: string;
  readonly for: string;
}

export type StateKey = keyof PageState;

export const DEFAULTS: PageState = { view: 'rules', module: '', status: '', level: '', cand: '', q: '', page: '1', rule: '', case: '', api: '', for: '' };
/** Keys that change what the matrix shows. */
export const FILTER_KEYS: readonly StateKey[] = ['view', 'module', 'status', 'level', 'cand', 'q', 'page'];
/** Keys that change the drill-down dialog. */
export const DETAIL_KEYS: readonly StateKey[] = ['rule', 'case', 'api', 'for'];
/** Hash order. */
const KEYS: readonly StateKey[] = [...FILTER_KEYS, ...DETAIL_KEYS];

/** What a hash value must be to be kept; each test receives the value as written in the hash. */
export interface KnownValues {
  readonly module: (value: string) => boolean;
  readonly status: (value: string) => boolean;
  readonly candidate: (id: string) => boolean;
  readonly rule: (id: string) => boolean;
  readonly case: (id: string) => boolean;
  /** An API id of the page's table (`child_process.fork`); absent: no API view. */
  readonly api?: (id: string) => boolean;
}

/**
 * @param hash `location.hash`, with or without the leading `#`
 * @param known which modules, status filters and ids this report has
 * @returns a complete state; unknown values replaced by defaults
 */
export function parseHash(hash: string, known: KnownValues): PageState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = (key: StateKey): string => params.get(key) ?? DEFAULTS[key];
  const checked = (key: StateKey, test: (text: string) => boolean): string => {
    const text = value(key);
    return test(text) ? text : DEFAULTS[key];
  };
  return {
    view: value('view') === 'cases' ? 'cases' : 'rules',
    module: checked('module', known.module),
    status: checked('status', known.status),
    level: checked('level', (text) => text === 'normative' || text === 'informative'),
    cand: checked('cand', known.candidate),
    q: value('q'),
    page: checked('page', (text) => /^[1-9][0-9]{0,6}$/.test(text)),
    rule: checked('rule', known.rule),
    case: checked('case', known.case),
    api: checked('api', known.api ?? (() => false)),
    for: checked('for', known.candidate),
  };
}

/** The hash for a state: only the values that differ from their defaults, `#` alone for the default view. */
export function hashOf(values: PageState): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (values[key] && values[key] !== DEFAULTS[key]) params.set(key, values[key]);
  const text = params.toString();
  return text ? `#${text}` : '#';
}

/** A link to the matrix with these filters (and everything else at its default). */
export function filterHref(changes: Partial<PageState>): string {
  return hashOf({ ...DEFAULTS, ...changes });
}

/** A page state kept in the URL hash (the report's, the dashboard's). */
export interface StateStore<S> {
  readonly current: S;
  /** Changes the state, records it in the URL (a new history entry when `push`) and tells the listeners. */
  navigate(changes: Partial<S>, push: boolean): void;
  /** Called after every change with the state before it; read `current` for the new one. */
  onChange(listener: (previous: S) => void): void;
  /** Follows Back/Forward and hand-edited addresses by re-reading the hash. */
  watchAddress(): void;
}

export type PageStateStore = StateStore<PageState>;

/** @param read reads the state from the address (`parseHash(location.hash, …)`) */
export function createPageStateStore(read: () => PageState): PageStateStore {
  return createStateStore(read, hashOf);
}

/**
 * @param read reads the state from the address
 * @param hash writes a state as the address's hash
 */
export function createStateStore<S extends object>(read: () => S, hash: (state: S) => string): StateStore<S> {
  let state = read();
  const listeners: ((previous: S) => void)[] = [];
  const notify = (previous: S): void => {
    for (const listener of listeners) listener(previous);
  };
  return {
    get current() {
      return state;
    },
    navigate(changes, push) {
      const previous = state;
      state = { ...state, ...changes };
      const url = hash(state);
      if (push) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
      notify(previous);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    watchAddress() {
      // Listeners ignore a second call for the same state (hashchange and popstate both fire for one step).
      const onAddressChange = (): void => {
        const previous = state;
        state = read();
        notify(previous);
      };
      window.addEventListener('hashchange', onAddressChange);
      window.addEventListener('popstate', onAddressChange);
    },
  };
}
