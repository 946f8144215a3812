/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Which rules and columns the dashboard's matrix shows for a state: the module, level, status and free-text
// filters, and the comparison: with two or more columns compared, only those columns, and only the rules whose
// status is not the same in all of them.
import { statusMatches } from '../shared/status-filter.js';
import { comparedColumns, type DashboardState } from './state.js';
import type { DashboardData } from './types.js';

export interface DashboardRowFilter {
  /** Column indices shown: the compared ones when two or more are, else every column. */
  visibleColumns(state: DashboardState): number[];
  /** Rule indices that pass every filter, in data order. */
  visibleRules(state: DashboardState): number[];
}

/**
 * Whether rule `r` has different statuses in `columns` (`none`, no result citing it, counts as a status of its own).
 * @example
 * statusDiffers(data, 0, [0, 3]); // true when column 0 says pass and column 3 fail
 */
function statusDiffers(data: DashboardData, r: number, columns: readonly number[]): boolean {
  const statuses = new Set(columns.map((c) => data.columns[c]?.ruleStatus[r] ?? 'none'));
  return statuses.size > 1;
}

export function createDashboardRowFilter(data: DashboardData): DashboardRowFilter {
  const ruleText: (string | undefined)[] = [];
  const textOf = (r: number): string => {
    let text = ruleText[r];
    if (text === undefined) {
      const rule = data.rules[r];
      text = rule ? `${rule.id} ${rule.title} ${rule.section ?? ''} ${rule.module}`.toLowerCase() : '';
      ruleText[r] = text;
    }
    return text;
  };
  const visibleColumns = (state: DashboardState): number[] => {
    const compared = comparedColumns(state).filter((c) => c < data.columns.length);
    return compared.length >= 2 ? compared : data.columns.map((_, c) => c);
  };
  return {
    visibleColumns,
    visibleRules(state) {
      const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
      const compared = comparedColumns(state).filter((c) => c < data.columns.length);
      const columns = visibleColumns(state);
      const rows: number[] = [];
      data.rules.forEach((rule, r) => {
        if (state.module && rule.module !== state.module) return;
        if (state.level && rule.level !== state.level) return;
        if (words.length && !words.every((word) => textOf(r).includes(word))) return;
        if (compared.length >= 2 && !statusDiffers(data, r, compared)) return;
        if (state.status) {
          const hit = columns.some((c) => {
            const column = data.columns[c];
            return statusMatches(state.status, column?.ruleStatus[r] ?? 'none', undefined, column?.ruleExpectation?.[r]);
          });
          if (!hit) return;
        }
        rows.push(r);
      });
      return rows;
    },
  };
}
