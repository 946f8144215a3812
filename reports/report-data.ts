// The data the HTML report embeds: the results reshaped for the page (cases aligned across candidates, rule statuses
// and pass rates computed here once, in typed code, so the page script only filters and draws).
import { MODULES, type ModuleName } from '../spec/rule.js';
import type { CandidateInfo, ResultsFile, RuleSummary, RunEnvironment } from '../results/results-file.js';
import { diffResults, type StatusChange } from '../results/diff.js';
import type { ModuleScore, MutantStatus, MutationFile, RuleScore, Score } from '../results/mutation-file.js';
import type { ExpectationMarks } from '../results/expectation-marks.js';
import { candidateView, collectCases, modulesOf, pageApis, type CandidateView, type PageApi, type ReportCase } from './candidate-view.js';

export type { ApiCell, PageApi, ReportCase, ReportResult } from './candidate-view.js';

/** A candidate of the run, as the page draws it (the same view a dashboard column has). */
export interface ReportCandidate extends CandidateInfo, CandidateView {}

/** The regression gate the results were judged by (`--expect` files and/or the baseline). */
export interface ReportGate {
  /** The sources' labels, e.g. `expectations expectations/deno-2.json`, in the order they were consulted. */
  readonly sources: readonly string[];
  /** Unexpected results over all candidates: the gate passed when there are none. */
  readonly unexpected: number;
  readonly unexpectedPasses: number;
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
  /** Where and how the run was made (OS, arch, CPUs, harness Node, command line, suite version); absent in old files. */
  readonly environment?: RunEnvironment;
  /** Modules with at least one rule or case, in catalogue order. */
  readonly modules: readonly ModuleName[];
  /** Ordered by module, then section (first appearance), then catalogue order. */
  readonly rules: readonly RuleSummary[];
  /** Ordered by module, then case id. */
  readonly cases: readonly ReportCase[];
  /** The exports of the page's modules (spec/apis.ts), in catalogue order: the rows of the API table. */
  readonly apis: readonly PageApi[];
  readonly candidates: readonly ReportCandidate[];
  readonly baseline?: ReportBaseline;
  /** Present when the run was judged against expectations or a baseline: each result then carries its mark. */
  readonly gate?: ReportGate;
  /** The interface version the run certified against (`--interface`), e.g. `v18.0.0`; absent: the whole interface. */
  readonly interface?: string;
  /** The suite's strength, from a mutation.json (`rtconf mutate`) beside the results or named with --mutation. */
  readonly mutation?: ReportMutation;
}

/** A surviving mutant as the page shows it: where, which operator, the diff, and the rules whose cases cover it. */
export interface ReportSurvivor {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly operator: string;
  readonly diff: string;
  readonly rules: readonly string[];
}

export interface ReportMutation {
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  readonly since?: string;
  readonly sampled?: number;
  readonly interrupted: boolean;
  readonly total: Score;
  readonly modules: readonly ModuleScore[];
  /** Weakest first. */
  readonly rules: readonly RuleScore[];
  readonly survivors: readonly ReportSurvivor[];
  /** Mutants no case executes: where the suite has no case at all. */
  readonly uncovered: readonly ReportSurvivor[];
  /** Mutants in code marked beyond the spec, each with its marker's reason. */
  readonly beyondSpec: readonly (ReportSurvivor & { readonly reason: string })[];
  /** Mutants not observable on this platform (code that runs only on another), each with its listed reason. */
  readonly unobservable: readonly (ReportSurvivor & { readonly reason: string })[];
}

/** What a report shows besides the run itself. */
export interface ReportOptions {
  /**
   * The gate's judgement of the run (`markExpectations` over the sources the verb gated with), made once by the verb
   * that exits by it: with expectations or a baseline among its sources, every result is marked by it and the
   * candidates count their unexpected results by it. The report shows it; it never judges again.
   */
  readonly judgement?: ExpectationMarks;
  /** An earlier run; its status changes are listed as regressions and fixes. */
  readonly baseline?: ResultsFile;
  /** A mutation.json (`rtconf mutate`): the report then shows the suite's strength per module and rule. */
  readonly mutation?: MutationFile;
}

/**
 * Reshapes a results file (and optionally the baseline it is compared with) for the HTML report.
 * @param results the run to show
 * @param options the gate's judgement, a baseline to compare with, a mutation file
 * @returns plain JSON-serializable data
 * @example
 * const data = buildReportData(results, { judgement: markExpectations(results, sources), baseline });
 */
export function buildReportData(results: ResultsFile, options: ReportOptions = {}): ReportData {
  const rules = orderRules(results.rules);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const normativeRules = new Set(rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const cases = collectCases(results.runs, ruleIndex, normativeRules);
  const modules = modulesOf(rules, cases);
  // The gate the verb exits by, as it judged: marks only where it had something to judge against.
  const marks = options.judgement && options.judgement.sources.length > 0 ? options.judgement : undefined;
  const apis = pageApis(rules, modules);
  const candidates = results.runs.map((run): ReportCandidate => ({ ...run.candidate, ...candidateView(run, results.rules, { rules, cases, modules, apis }, marks) }));
  const data: ReportData = {
    tool: results.tool,
    seed: results.seed,
    startedAt: results.startedAt,
    durationMs: results.durationMs,
    interrupted: results.interrupted === true,
    ...(results.environment ? { environment: results.environment } : {}),
    ...(results.interface ? { interface: results.interface.version } : {}),
    ...(marks
      ? { gate: { sources: marks.sources.map((source) => source.label), unexpected: marks.report.unexpected.length, unexpectedPasses: marks.report.newPasses.length } }
      : {}),
    modules,
    rules,
    cases,
    apis,
    candidates,
  };
  const withMutation = options.mutation ? { ...data, mutation: reportMutation(options.mutation) } : data;
  if (!options.baseline) return withMutation;
  const diff = diffResults(options.baseline, results);
  const { startedAt, seed, tool } = options.baseline;
  return { ...withMutation, baseline: { startedAt, seed, tool, compared: diff.compared, changes: diff.changes } };
}

/** The part of a mutation file the page draws: the scores, and the mutants no case noticed. */
export function reportMutation(mutation: MutationFile): ReportMutation {
  const shown = (status: string): ReportSurvivor[] =>
    mutation.mutants
      .filter((mutant) => mutant.status === status)
      .map(({ id, file, line, column, operator, diff, rules }) => ({ id, file, line, column, operator, diff, rules }));
  const explained = (status: MutantStatus): (ReportSurvivor & { reason: string })[] =>
    mutation.mutants
      .filter((mutant) => mutant.status === status)
      .map(({ id, file, line, column, operator, diff, rules, note }) => ({ id, file, line, column, operator, diff, rules, reason: note ?? '' }));
  return {
    startedAt: mutation.startedAt,
    durationMs: mutation.durationMs,
    seed: mutation.seed,
    ...(mutation.selection.since !== undefined ? { since: mutation.selection.since } : {}),
    ...(mutation.selection.max !== undefined ? { sampled: mutation.selection.max } : {}),
    interrupted: mutation.interrupted === true,
    total: mutation.total,
    modules: mutation.modules,
    rules: mutation.rules,
    survivors: shown('survived'),
    uncovered: shown('no-coverage'),
    beyondSpec: explained('beyond-spec'),
    unobservable: explained('unobservable'),
  };
}

/**
 * Module order of the catalogue, sections grouped in the order they first appear, rules in catalogue order inside.
 * The dashboard (reports/dashboard-data.ts) orders its rows the same way.
 */
export function orderRules(rules: readonly RuleSummary[]): RuleSummary[] {
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
