// One candidate's run as the pages draw it, the same for a report column and a dashboard column: its results aligned
// with the page's case list, its rule statuses aligned with the page's rules, pass rates from the one verdict, and,
// with a gate, the expectation marks. Also the page's case list itself, the union of every run's cases.
import { MODULES, type ModuleName } from '../spec/rule.js';
import { apiCites, apis as catalogueApis, type Api, type ApiKind } from '../spec/apis.js';
import type { CandidateRun, CaseResult, RuleSummary, Summary } from '../results/results-file.js';
import { passRate, ruleStatuses, type PassRate, type RuleStatus } from '../results/verdict.js';
import { apiStates, type ApiRuleCounts, type ApiStateName, type UntestedReason } from '../results/api-state.js';
import { ruleMarks, type ExpectationCounts, type ExpectationMarks, type ExpectationOutcome, type ResultExpectation } from '../results/expectation-marks.js';

export interface ReportCase {
  readonly id: string;
  readonly module: ModuleName;
  /** Indices into the page's rules. */
  readonly rules: readonly number[];
  /** Cites at least one normative rule. */
  readonly normative: boolean;
}

/** An export of the interface as a page lists it (spec/apis.ts), with its normative rules among the page's rules. */
export interface PageApi {
  /** `module.name`, e.g. `child_process.fork`. */
  readonly id: string;
  readonly module: ModuleName;
  readonly name: string;
  readonly kind: ApiKind;
  readonly title: string;
  /** Indices into the page's rules: the API's normative rules, in page order. */
  readonly rules: readonly number[];
}

/** One API × candidate cell: the state results/api-state.ts derives, with rules and cases as page indices. */
export interface ApiCell {
  readonly state: ApiStateName;
  readonly untested?: UntestedReason;
  readonly complete: boolean;
  readonly counts: ApiRuleCounts;
  /** Indices into the page's rules: its failing normative rules, and those not run. */
  readonly failing: readonly number[];
  readonly notRun: readonly number[];
  /** Indices into the page's cases: the cases that found it missing, and those it answered with "not implemented". */
  readonly missing: readonly number[];
  readonly notImplemented: readonly number[];
  /**
   * Aligned with the page API's rules: each one's status as judged for this export (a rule several exports share has
   * a status per export, from the cases that judge each).
   */
  readonly statuses: readonly RuleStatus[];
  /** Indices into the page's cases: the failing cases behind its failing rules. */
  readonly failingCases: readonly number[];
  /** For an alias whose identity a case observed: the export it names, and whether it is that very function object. */
  readonly identity?: { readonly of: string; readonly same: boolean };
}

/**
 * A case result without the fields the page gets elsewhere (case id, module, rules); with `--expect` or
 * `--baseline`, whether it was expected (results/expectation-marks.ts).
 */
export type ReportResult = Omit<CaseResult, 'case' | 'module' | 'rules'> & { readonly expectation?: ResultExpectation };

/** What a page knows of one candidate's run. */
export interface CandidateView {
  readonly summary: Summary;
  /** Pass rate over the normative rules of the run's own file: overall (`all`) and per module of the page. */
  readonly rates: Readonly<Record<'all' | ModuleName, PassRate>>;
  /** Aligned with the page's rules; `none` where no result of this run cites the rule. */
  readonly ruleStatus: readonly RuleStatus[];
  /** Aligned with the page's cases; null where this run has no result for the case. */
  readonly results: readonly (ReportResult | null)[];
  /** Aligned with the page's APIs: the state of each export for this candidate. */
  readonly apis: readonly ApiCell[];
  /** With a gate: aligned with the page's rules, the mark of the rule's cases, null for none. */
  readonly ruleExpectation?: readonly (ExpectationOutcome | null)[];
  /** With a gate: this candidate's failing results, how many were unexpected, and its unexpected passes. */
  readonly expectations?: ExpectationCounts;
}

/** The page's rows a view is aligned with. */
export interface PageRows {
  readonly rules: readonly RuleSummary[];
  readonly cases: readonly ReportCase[];
  readonly modules: readonly ModuleName[];
  readonly apis: readonly PageApi[];
}

/**
 * @param run one candidate's run
 * @param fileRules the rules of the results file the run comes from (its pass rates count those)
 * @param rows the page's rules, cases and modules
 * @param marks the gate's marks of the run's file, when a gate judged it
 */
export function candidateView(run: CandidateRun, fileRules: readonly RuleSummary[], rows: PageRows, marks?: ExpectationMarks): CandidateView {
  const statuses = ruleStatuses(run, rows.rules);
  const caseIndex = new Map(rows.cases.map((item, index) => [item.id, index]));
  const aligned: (ReportResult | null)[] = rows.cases.map(() => null);
  for (const result of run.results) {
    const index = caseIndex.get(result.case);
    if (index === undefined || aligned[index] !== null) continue;
    const { case: _case, module: _module, rules: _rules, ...rest } = result;
    const expectation = marks?.mark(run.candidate.id, result.case);
    aligned[index] = expectation ? { ...rest, expectation } : rest;
  }
  const rates = { all: passRate(run, fileRules) } as Record<'all' | ModuleName, PassRate>;
  for (const module of rows.modules) rates[module] = passRate(run, fileRules, module);
  const view: CandidateView = {
    summary: run.summary,
    rates,
    ruleStatus: rows.rules.map((rule) => statuses.get(rule.id) ?? 'none'),
    results: aligned,
    apis: apiCells(run, fileRules, rows, caseIndex),
  };
  return marks ? { ...view, ruleExpectation: ruleMarks(marks, run, rows.rules), expectations: marks.counts(run.candidate.id) } : view;
}

/**
 * The union of the cases of `runs`, ordered by module, then id: a case one run did not have still gets a row.
 * @param ruleIndex the page's rule ids to their indices
 */
export function collectCases(runs: Iterable<CandidateRun>, ruleIndex: ReadonlyMap<string, number>, normativeRules: ReadonlySet<string>): ReportCase[] {
  const byId = new Map<string, ReportCase>();
  for (const run of runs) {
    for (const result of run.results) {
      if (byId.has(result.case)) continue;
      byId.set(result.case, {
        id: result.case,
        module: result.module,
        rules: result.rules.flatMap((id) => ruleIndex.get(id) ?? []),
        normative: result.rules.some((id) => normativeRules.has(id)),
      });
    }
  }
  return [...byId.values()].sort((x, y) => MODULES.indexOf(x.module) - MODULES.indexOf(y.module) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** The modules of the catalogue with at least one of the page's rules or cases, in catalogue order. */
export function modulesOf(rules: readonly RuleSummary[], cases: readonly ReportCase[]): ModuleName[] {
  return MODULES.filter((module) => rules.some((rule) => rule.module === module) || cases.some((item) => item.module === module));
}

/**
 * The APIs of the catalogue whose module the page has, each with its normative rules among the page's rules.
 * @param rules the page's rules, in page order
 */
export function pageApis(rules: readonly RuleSummary[], modules: readonly ModuleName[], catalogue: readonly Api[] = catalogueApis): PageApi[] {
  return catalogue
    .filter((api) => modules.includes(api.module))
    .map((api) => ({
      id: api.id,
      module: api.module,
      name: api.name,
      kind: api.kind,
      title: api.title,
      rules: rules.flatMap((rule, index) => (rule.level === 'normative' && apiCites(api, rule.id) ? [index] : [])),
    }));
}

/** The run's API states, aligned with the page's APIs, rules and cases given as page indices. */
function apiCells(run: CandidateRun, fileRules: readonly RuleSummary[], rows: PageRows, caseIndex: ReadonlyMap<string, number>): ApiCell[] {
  const ruleIndex = new Map(rows.rules.map((rule, index) => [rule.id, index]));
  const listed = new Set(rows.apis.map((api) => api.id));
  const states = new Map(apiStates(run, fileRules, catalogueApis.filter((api) => listed.has(api.id))).map((state) => [state.api, state]));
  const rulesAt = (ids: readonly string[]): number[] => ids.flatMap((id) => ruleIndex.get(id) ?? []);
  const casesAt = (ids: readonly string[]): number[] => ids.flatMap((id) => caseIndex.get(id) ?? []);
  return rows.apis.map((api): ApiCell => {
    const state = states.get(api.id);
    if (!state) {
      return {
        state: 'untested',
        untested: 'not-run',
        complete: false,
        counts: { total: 0, passed: 0, failing: 0, notApplicable: 0, notRun: 0 },
        failing: [],
        notRun: [],
        missing: [],
        notImplemented: [],
        statuses: api.rules.map(() => 'none'),
        failingCases: [],
      };
    }
    return {
      state: state.state,
      ...(state.untested ? { untested: state.untested } : {}),
      complete: state.complete,
      counts: state.rules,
      failing: rulesAt(state.failing),
      notRun: rulesAt(state.notRun),
      missing: casesAt(state.evidence.missing),
      notImplemented: casesAt(state.evidence.notImplemented),
      statuses: api.rules.map((r) => state.statuses[rows.rules[r]?.id ?? ''] ?? 'none'),
      failingCases: casesAt(state.failingCases),
      ...(state.identity ? { identity: state.identity } : {}),
    };
  });
}
