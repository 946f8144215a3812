// The data the HTML report embeds: the results reshaped for the page (cases aligned across candidates, rule statuses
// and pass rates computed here once, in typed code, so the page script only filters and draws).
import { MODULES, type ModuleName } from '../spec/rule.js';
import type { CandidateInfo, CaseResult, ResultsFile, RuleSummary, Summary } from './results.js';
import { diffResults, type StatusChange } from './diff.js';
import { rateOf, type PassRate } from './pass-rate.js';
import { ruleStatuses, type RuleStatus } from './rule-status.js';

export interface ReportCase {
  readonly id: string;
  readonly module: ModuleName;
  /** Indices into `ReportData.rules`. */
  readonly rules: readonly number[];
  /** Cites at least one normative rule. */
  readonly normative: boolean;
}

/** A case result without the fields the page gets elsewhere (case id, module, rules). */
export type ReportResult = Omit<CaseResult, 'case' | 'module' | 'rules'>;

export interface ReportCandidate extends CandidateInfo {
  readonly summary: Summary;
  /** Pass rate over all modules (`all`) and per module present in the run. */
  readonly rates: Readonly<Record<'all' | ModuleName, PassRate>>;
  /** Aligned with `ReportData.rules`. */
  readonly ruleStatus: readonly RuleStatus[];
  /** Aligned with `ReportData.cases`; null where this candidate has no result for the case. */
  readonly results: readonly (ReportResult | null)[];
}

export interface ReportBaseline {
  readonly startedAt: string;
  readonly seed: number;
  readonly tool: { readonly name: string; readonly version: string };
  readonly compared: number;
  readonly changes: readonly StatusChange[];
}

export interface ReportData {
  readonly tool: { readonly name: string; readonly version: string };
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly interrupted: boolean;
  /** Modules with at least one rule or case, in catalogue order. */
  readonly modules: readonly ModuleName[];
  /** Ordered by module, then section (first appearance), then catalogue order. */
  readonly rules: readonly RuleSummary[];
  /** Ordered by module, then case id. */
  readonly cases: readonly ReportCase[];
  readonly candidates: readonly ReportCandidate[];
  readonly baseline?: ReportBaseline;
}

/**
 * Reshapes a results file (and optionally the baseline it is compared with) for the HTML report.
 * @param results the run to show
 * @param baseline an earlier run; its status changes are listed as regressions and fixes
 * @returns plain JSON-serializable data
 * @example
 * const data = buildReportData(results, { baseline });
 */
export function buildReportData(results: ResultsFile, options: { baseline?: ResultsFile } = {}): ReportData {
  const rules = orderRules(results.rules);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const normativeRules = new Set(rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const cases = collectCases(results, ruleIndex, normativeRules);
  const caseIndex = new Map(cases.map((item, index) => [item.id, index]));
  const modules = MODULES.filter((module) => rules.some((rule) => rule.module === module) || cases.some((item) => item.module === module));
  const candidates = results.runs.map((run): ReportCandidate => {
    const statuses = ruleStatuses(run, rules);
    const ruleStatus = rules.map((rule) => statuses.get(rule.id) ?? 'none');
    const normativeOf = (module?: ModuleName): RuleStatus[] =>
      rules.flatMap((rule, index) => (rule.level === 'normative' && (module === undefined || rule.module === module) ? [ruleStatus[index] ?? 'none'] : []));
    const rates = { all: rateOf(normativeOf()) } as Record<'all' | ModuleName, PassRate>;
    for (const module of modules) rates[module] = rateOf(normativeOf(module));
    const aligned: (ReportResult | null)[] = cases.map(() => null);
    for (const result of run.results) {
      const index = caseIndex.get(result.case);
      if (index !== undefined && aligned[index] === null) aligned[index] = withoutIdentity(result);
    }
    return { ...run.candidate, summary: run.summary, rates, ruleStatus, results: aligned };
  });
  const data: ReportData = {
    tool: results.tool,
    seed: results.seed,
    startedAt: results.startedAt,
    durationMs: results.durationMs,
    interrupted: results.interrupted === true,
    modules,
    rules,
    cases,
    candidates,
  };
  if (!options.baseline) return data;
  const diff = diffResults(options.baseline, results);
  const { startedAt, seed, tool } = options.baseline;
  return { ...data, baseline: { startedAt, seed, tool, compared: diff.compared, changes: diff.changes } };
}

/** Module order of the catalogue, sections grouped in the order they first appear, rules in catalogue order inside. */
function orderRules(rules: readonly RuleSummary[]): RuleSummary[] {
  const sectionRank = new Map<string, number>();
  for (const rule of rules) {
    const key = `${rule.module}\u0000${rule.section ?? ''}`;
    if (!sectionRank.has(key)) sectionRank.set(key, sectionRank.size);
  }
  const rank = (rule: RuleSummary): number => sectionRank.get(`${rule.module}\u0000${rule.section ?? ''}`) ?? 0;
  return rules
    .map((rule, position) => ({ rule, position }))
    .sort((x, y) => MODULES.indexOf(x.rule.module) - MODULES.indexOf(y.rule.module) || rank(x.rule) - rank(y.rule) || x.position - y.position)
    .map(({ rule }) => rule);
}

/** The union of cases over all candidates: a case one candidate did not run still gets a row. */
function collectCases(results: ResultsFile, ruleIndex: ReadonlyMap<string, number>, normativeRules: ReadonlySet<string>): ReportCase[] {
  const byId = new Map<string, ReportCase>();
  for (const run of results.runs) {
    for (const result of run.results) {
      if (byId.has(result.case)) continue;
      byId.set(result.case, {
        id: result.case,
        module: result.module,
        rules: result.rules.flatMap((id) => {
          const index = ruleIndex.get(id);
          return index === undefined ? [] : [index];
        }),
        normative: result.rules.some((id) => normativeRules.has(id)),
      });
    }
  }
  return [...byId.values()].sort((x, y) => MODULES.indexOf(x.module) - MODULES.indexOf(y.module) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

function withoutIdentity(result: CaseResult): ReportResult {
  const { case: _case, module: _module, rules: _rules, ...rest } = result;
  return rest;
}
