// `rtconf export`: the results of one or more runs as data for other tools, in a documented, versioned format
// (`reports/export.schema.json`, shipped in the package): per candidate its identity (name, version, runtime,
// compatibility settings), per module its verdict, per export of the interface its state and rule counts, and per rule
// its status. Every value is a stable id or a number; no free text needs reading to interpret it.
import type { ModuleName, RuleLevel } from '../spec/rule.js';
import { apiCites, apis as catalogueApis, type ApiKind } from '../spec/apis.js';
import type { CandidateInfo, CandidateKind, CandidateLayer, ResultsFile } from '../results/results-file.js';
import { apiStates, countStates, type ApiState, type ApiStateCounts } from '../results/api-state.js';
import { passRate, ruleStatuses, type RuleStatus, type Verdict } from '../results/verdict.js';
import { toolInfo } from '../io/tool-info.js';
import { groupOf } from './dashboard-data.js';

/** The format's name, and its version: a consumer checks both before reading further. */
export const EXPORT_FORMAT = 'rt-conformance-export';
export const EXPORT_FORMAT_VERSION = 1;

export interface ExportInput {
  /** The results file as named on the command line (recorded as given). */
  readonly file: string;
  readonly results: ResultsFile;
}

export interface ExportFile {
  readonly format: typeof EXPORT_FORMAT;
  readonly formatVersion: typeof EXPORT_FORMAT_VERSION;
  /** The rtconf that wrote the export. */
  readonly tool: { readonly name: string; readonly version: string };
  readonly sources: readonly ExportSource[];
  readonly apis: readonly ExportApi[];
  readonly rules: readonly ExportRule[];
  readonly candidates: readonly ExportCandidate[];
}

/** One results file the export was made from. */
export interface ExportSource {
  readonly file: string;
  readonly suiteVersion: string;
  readonly seed: number;
  readonly startedAt: string;
  /** The interface version the run certified against (`--interface`); absent: the whole interface. */
  readonly interface?: string;
  readonly interrupted: boolean;
}

export interface ExportApi {
  readonly id: string;
  readonly module: ModuleName;
  readonly name: string;
  readonly kind: ApiKind;
  /** Ids of its normative rules among the export's rules. */
  readonly rules: readonly string[];
}

export interface ExportRule {
  readonly id: string;
  readonly module: ModuleName;
  readonly level: RuleLevel;
  /** Ids of the APIs the rule speaks of (none for a rule about a whole module). */
  readonly apis: readonly string[];
  readonly title: string;
}

export interface ExportModule {
  readonly verdict: Verdict;
  /** Normative rules: passed, failing, evaluated (passed + failing), not applicable, skipped, not run. */
  readonly rules: { readonly passed: number; readonly failing: number; readonly evaluated: number; readonly notApplicable: number; readonly skipped: number; readonly untested: number };
  /** How many of the module's APIs are in each state. */
  readonly apis: ApiStateCounts;
}

/** An API's state as results/api-state.ts derives it, keyed in the export by the API's id instead of carrying it. */
export type ExportApiState = Omit<ApiState, 'api'>;

export interface ExportCandidate {
  readonly id: string;
  readonly name: string;
  readonly kind: CandidateKind;
  readonly version?: string;
  /** For runtimes (and the host): which runtime, `node`, `bun`, `deno`, `workerd`. */
  readonly runtime?: string;
  /** The candidate's compatibility settings (a runtime's compatibility date and flags), as its results record them. */
  readonly compatibility?: Readonly<Record<string, unknown>>;
  /** The compatibility layer the runtime ran through (Bare's bare-node-runtime), as its results record it. */
  readonly layer?: CandidateLayer;
  /** Index into `sources`. */
  readonly source: number;
  readonly modules: Readonly<Partial<Record<ModuleName, ExportModule>>>;
  /** Keyed by API id, every API of the export. */
  readonly apis: Readonly<Record<string, ExportApiState>>;
  /** Keyed by rule id, every rule of its results file: its status aggregated over the cases citing it, `none` for no case. */
  readonly rules: Readonly<Record<string, RuleStatus>>;
}

/**
 * Builds the export of several results files: every run of every file is one candidate entry, in the order given.
 * @example
 * const data = buildExport([{ file: 'runs/node-22/results.json', results }]);
 */
export function buildExport(inputs: readonly ExportInput[]): ExportFile {
  const rules = unionRules(inputs);
  const exported: ExportFile = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    tool: toolInfo(),
    sources: inputs.map(({ file, results }) => ({
      file,
      suiteVersion: results.tool.version,
      seed: results.seed,
      startedAt: results.startedAt,
      ...(results.interface ? { interface: results.interface.version } : {}),
      interrupted: results.interrupted === true,
    })),
    apis: catalogueApis.map((api) => ({
      id: api.id,
      module: api.module,
      name: api.name,
      kind: api.kind,
      rules: rules.filter((rule) => rule.level === 'normative' && apiCites(api, rule.id)).map((rule) => rule.id),
    })),
    rules: rules.map((rule) => ({ id: rule.id, module: rule.module, level: rule.level, apis: catalogueApis.filter((api) => apiCites(api, rule.id)).map((api) => api.id), title: rule.title })),
    candidates: inputs.flatMap(({ results }, source) => results.runs.map((run) => candidateEntry(run, results, source))),
  };
  return exported;
}

function candidateEntry(run: ResultsFile['runs'][number], results: ResultsFile, source: number): ExportCandidate {
  const states = apiStates(run, results.rules, catalogueApis);
  const statuses = ruleStatuses(run, results.rules);
  const modules: Partial<Record<ModuleName, ExportModule>> = {};
  for (const module of [...new Set(results.rules.map((rule) => rule.module))]) {
    const rate = passRate(run, results.rules, module);
    modules[module] = {
      verdict: rate.verdict,
      rules: { passed: rate.passed, failing: rate.failing, evaluated: rate.evaluated, notApplicable: rate.notApplicable, skipped: rate.skipped, untested: rate.untested },
      apis: countStates(states.filter((state) => state.api.startsWith(`${module}.`))),
    };
  }
  const compatibility = compatibilityOf(run.candidate);
  const runtime = run.candidate.kind === 'runtime' || run.candidate.kind === 'host' ? groupOf(run.candidate).label : undefined;
  return {
    id: run.candidate.id,
    name: run.candidate.name,
    kind: run.candidate.kind,
    ...(run.candidate.version !== undefined ? { version: run.candidate.version } : {}),
    ...(runtime !== undefined ? { runtime } : {}),
    ...(compatibility ? { compatibility } : {}),
    ...(run.candidate.layer ? { layer: run.candidate.layer } : {}),
    source,
    modules,
    apis: Object.fromEntries(
      states.map((state) => [
        state.api,
        {
          state: state.state,
          ...(state.untested ? { untested: state.untested } : {}),
          complete: state.complete,
          rules: state.rules,
          failing: state.failing,
          notRun: state.notRun,
          evidence: state.evidence,
          statuses: state.statuses,
          failingCases: state.failingCases,
          ...(state.identity ? { identity: state.identity } : {}),
        },
      ]),
    ),
    rules: Object.fromEntries(results.rules.map((rule) => [rule.id, statuses.get(rule.id) ?? 'none'])),
  };
}

/**
 * A candidate's compatibility settings, when its results record them (a workerd runtime's compatibility date and
 * flags): copied as they are, if they are a plain JSON object.
 */
function compatibilityOf(candidate: CandidateInfo): Readonly<Record<string, unknown>> | undefined {
  const value: unknown = candidate.compatibility;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Every rule of every file, in the order they first appear; the first file that has a rule gives its wording. */
function unionRules(inputs: readonly ExportInput[]): ResultsFile['rules'][number][] {
  const byId = new Map<string, ResultsFile['rules'][number]>();
  for (const { results } of inputs) for (const rule of results.rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  return [...byId.values()];
}
