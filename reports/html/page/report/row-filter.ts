/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Which rows and columns the matrix shows for a state: the module, level, status and free-text filters, and the
// candidate filter. Search text is built per row on first use and kept.
import { cellKey, statusOf, type ReportIndex } from './report-index.js';
import type { PageState } from '../shared/state.js';
import { statusMatches } from '../shared/status-filter.js';

export interface RowFilter {
  /** Candidate indices of the matrix columns. */
  selectedCandidates(state: PageState): number[];
  /** Rule indices (rules view) or case indices (cases view) that pass every filter, in data order. */
  visibleRows(state: PageState): number[];
}

export function createRowFilter(index: ReportIndex): RowFilter {
  const { rules, cases, candidates } = index.data;
  /** Lower-cased search text, built on first search. */
  const ruleText: (string | undefined)[] = [];
  const caseText: (string | undefined)[] = [];

  const textOfRule = (r: number): string => {
    let text = ruleText[r];
    if (text === undefined) {
      const rule = rules[r];
      text = rule ? `${rule.id} ${rule.title} ${rule.section || ''} ${rule.module}`.toLowerCase() : '';
      ruleText[r] = text;
    }
    return text;
  };

  const textOfCase = (k: number): string => {
    let text = caseText[k];
    if (text === undefined) {
      const item = cases[k];
      const parts = item ? [item.id, ...item.rules.map((r) => rules[r]?.id ?? '')] : [];
      for (const candidate of candidates) {
        const result = candidate.results[k];
        if (result && result.message) parts.push(result.message.slice(0, 2000));
      }
      text = parts.join(' ').toLowerCase();
      caseText[k] = text;
    }
    return text;
  };

  const selectedCandidates = (state: PageState): number[] => {
    const only = index.candidateById.get(state.cand);
    return only === undefined ? candidates.map((_, c) => c) : [only];
  };

  return {
    selectedCandidates,
    visibleRows(state) {
      const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
      const chosen = selectedCandidates(state);
      const rows: number[] = [];
      if (state.view === 'rules') {
        rules.forEach((rule, r) => {
          if (state.module && rule.module !== state.module) return;
          if (state.level && rule.level !== state.level) return;
          if (words.length && !words.every((word) => textOfRule(r).includes(word))) return;
          if (state.status && !chosen.some((c) => statusMatches(state.status, candidates[c]?.ruleStatus[r] ?? 'none', index.changeByRuleCell.get(cellKey(c, r)), candidates[c]?.ruleExpectation?.[r]))) return;
          rows.push(r);
        });
      } else {
        cases.forEach((item, k) => {
          if (state.module && item.module !== state.module) return;
          if (state.level && item.normative !== (state.level === 'normative')) return;
          if (words.length && !words.every((word) => textOfCase(k).includes(word))) return;
          if (state.status) {
            const hit = chosen.some((c) =>
              statusMatches(state.status, statusOf(candidates[c]?.results[k]), index.changeByCell.get(cellKey(c, k))?.kind, candidates[c]?.results[k]?.expectation?.outcome),
            );
            if (!hit) return;
          }
          rows.push(k);
        });
      }
      return rows;
    },
  };
}
