/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The dashboard's state (matrix filters, the compared columns and the open drill-down) lives in the URL hash, so a
// link, a reload or Back/Forward shows the same view; unknown values fall back to their defaults.

export interface DashboardState {
  readonly module: string;
  readonly level: string;
  /** '', a status, `none`, `problem`, or with expectations `unexpected`, `expected`, `unexpected-pass`. */
  readonly status: string;
  readonly q: string;
  /** The compared columns, as their indices joined by commas (`0,3`); with two or more, only rules that differ. */
  readonly cmp: string;
  /** The rule id, case id or API id of the open drill-down (at most one of them), and its column index. */
  readonly rule: string;
  readonly case: string;
  readonly api: string;
  readonly col: string;
}

export type DashboardKey = keyof DashboardState;

export const DEFAULTS: DashboardState = { module: '', level: '', status: '', q: '', cmp: '', rule: '', case: '', api: '', col: '' };
/** Keys that change what the matrix shows. */
export const FILTER_KEYS: readonly DashboardKey[] = ['module', 'level', 'status', 'q', 'cmp'];
/** Keys that change the drill-down dialog. */
export const DETAIL_KEYS: readonly DashboardKey[] = ['rule', 'case', 'api', 'col'];
const KEYS: readonly DashboardKey[] = [...FILTER_KEYS, ...DETAIL_KEYS];

export interface KnownValues {
  readonly module: (value: string) => boolean;
  readonly status: (value: string) => boolean;
  readonly rule: (id: string) => boolean;
  readonly case?: (id: string) => boolean;
  readonly api?: (id: string) => boolean;
  /** The number of columns. */
  readonly columns: number;
}

/** The compared column indices of a state, distinct and in ascending order. */
export function comparedColumns(state: Pick<DashboardState, 'cmp'>): number[] {
  return cmpList(state.cmp, Number.MAX_SAFE_INTEGER);
}

/** The `cmp` value for a set of columns. */
export function cmpOf(columns: Iterable<number>): string {
  return [...new Set(columns)].sort((a, b) => a - b).join(',');
}

function cmpList(text: string, columns: number): number[] {
  const list = text
    .split(',')
    .filter((part) => /^\d{1,5}$/.test(part))
    .map(Number)
    .filter((column) => column < columns);
  return [...new Set(list)].sort((a, b) => a - b);
}

/**
 * @param hash `location.hash`, with or without the leading `#`
 * @param known which modules, status filters, rules and how many columns this dashboard has
 */
export function parseHash(hash: string, known: KnownValues): DashboardState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = (key: DashboardKey): string => params.get(key) ?? DEFAULTS[key];
  const checked = (key: DashboardKey, test: (text: string) => boolean): string => (test(value(key)) ? value(key) : DEFAULTS[key]);
  return {
    module: checked('module', known.module),
    level: checked('level', (text) => text === 'normative' || text === 'informative'),
    status: checked('status', known.status),
    q: value('q'),
    cmp: cmpOf(cmpList(value('cmp'), known.columns)),
    rule: checked('rule', known.rule),
    case: checked('case', known.case ?? (() => false)),
    api: checked('api', known.api ?? (() => false)),
    col: checked('col', (text) => /^\d{1,5}$/.test(text) && Number(text) < known.columns),
  };
}

/** The hash for a state: only the values that differ from their defaults, `#` alone for the default view. */
export function hashOf(state: DashboardState): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (state[key] && state[key] !== DEFAULTS[key]) params.set(key, state[key]);
  const text = params.toString();
  return text ? `#${text}` : '#';
}
