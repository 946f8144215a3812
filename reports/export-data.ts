// `rtconf export`: the results of one or more runs as data for other tools, in a documented, versioned format
// (`reports/export.schema.json`, shipped in the package): per candidate its identity (name, version, runtime,
// compatibility settings), per module its verdict, per export of the interface its state and rule counts, and per rule
// its status. Every value is a stable id or a number; no free text needs reading to interpret it. The export always
// covers the whole interface: a module a run did not select is there too, marked not selected, never read as a
// module with no rules.
import { MODULES, type ModuleName, type RuleLevel } from '../spec/rule.js';
import { rules as catalogueRules } from '../spec/index.js';
import { apiCites, apis as catalogueApis, apisOfRule, type ApiKind } from '../spec/apis.js';
import type { CandidateBuild, CandidateInfo, CandidateKind, CandidateLayer, CandidatePage, ResultsFile, RuleSummary } from '../results/results-file.js';
import { apiStates, countStates, type ApiState, type ApiStateCounts } from '../results/api-state.js';
import { passRate, ruleStatuses, type RuleStatus, type Verdict } from '../results/verdict.js';
import { toolInfo } from '../io/tool-info.js';

/** The format's name, and its version: a consumer checks both before reading further. */
const EXPORT_FORMAT = 'rt-conformance-export';
/** 2: modules a run did not select are listed as such (`selected: false`, rule status and API reason `not-selected`). */
const EXPORT_FORMAT_VERSION = 2;

/** A rule's status in an export: as a run aggregates it, or `not-selected` when the run did not select its module. */
type ExportRuleStatus = RuleStatus | 'not-selected';

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
  /** Whether the run selected the module (`--module`, or the cases it selected); false: not run at all, verdict untested. */
  readonly selected: boolean;
  readonly verdict: Verdict;
  /** Normative rules: passed, failing, evaluated (passed + failing), not applicable, skipped, not run. */
  readonly rules: { readonly passed: number; readonly failing: number; readonly evaluated: number; readonly notApplicable: number; readonly skipped: number; readonly untested: number };
  /** How many of the module's APIs are in each state. */
  readonly apis: ApiStateCounts;
}

/**
 * An API's state as results/api-state.ts derives it, keyed in the export by the API's id instead of carrying it; for
 * an API of a module the run did not select, `untested` with the reason `not-selected`.
 */
export type ExportApiState = Omit<ApiState, 'api' | 'untested' | 'statuses'> & {
  readonly untested?: ApiState['untested'] | 'not-selected';
  readonly statuses: Readonly<Record<string, ExportRuleStatus>>;
};

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
  /** A `chromium:` candidate: the page it ran in and the browser, as its results record them. */
  readonly page?: CandidatePage;
  /** A local build (`runtime:/path/to/binary`): the binary's path and SHA-256, as its results record them. */
  readonly build?: CandidateBuild;
  /** Index into `sources`. */
  readonly source: number;
  readonly modules: Readonly<Partial<Record<ModuleName, ExportModule>>>;
  /** Keyed by API id, every API of the export. */
  readonly apis: Readonly<Record<string, ExportApiState>>;
  /**
   * Keyed by rule id, every rule of the export: its status aggregated over the cases citing it, `none` for no case of
   * the run, `not-selected` for a rule of a module the run did not select.
   */
  readonly rules: Readonly<Record<string, ExportRuleStatus>>;
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
    rules: rules.map((rule) => ({ id: rule.id, module: rule.module, level: rule.level, apis: apisOfRule(rule.id), title: rule.title })),
    candidates: inputs.flatMap(({ results }, source) => results.runs.map((run) => candidateEntry(run, results, source, rules))),
  };
  return exported;
}

function candidateEntry(run: ResultsFile['runs'][number], results: ResultsFile, source: number, exportRules: readonly RuleSummary[]): ExportCandidate {
  // A module is selected in a run when its results file carries the module's rules (rtconf run records the rules of
  // the modules it selected, whichever of their cases ran).
  const selected = new Set(results.rules.map((rule) => rule.module));
  const states = apiStates(run, results.rules, catalogueApis).map((state): ApiState | NotSelectedState => (selected.has(moduleOf(state.api)) ? state : notSelected(state.api, exportRules)));
  const statuses = ruleStatuses(run, results.rules);
  const modules: Partial<Record<ModuleName, ExportModule>> = {};
  for (const module of MODULES) {
    const apis = countStates(states.filter((state) => moduleOf(state.api) === module));
    if (!selected.has(module)) {
      const untested = exportRules.filter((rule) => rule.module === module && rule.level === 'normative').length;
      modules[module] = { selected: false, verdict: 'untested', rules: { passed: 0, failing: 0, evaluated: 0, notApplicable: 0, skipped: 0, untested }, apis };
      continue;
    }
    const rate = passRate(run, results.rules, module);
    modules[module] = {
      selected: true,
      verdict: rate.verdict,
      rules: { passed: rate.passed, failing: rate.failing, evaluated: rate.evaluated, notApplicable: rate.notApplicable, skipped: rate.skipped, untested: rate.untested },
      apis,
    };
  }
  const compatibility = compatibilityOf(run.candidate);
  // The runtime, named as the dashboard groups it: a host candidate is named `host node`, a runtime by its profile.
  const runtime = run.candidate.kind === 'runtime' || run.candidate.kind === 'host' ? run.candidate.name.replace(/^host\s+/, '') : undefined;
  return {
    id: run.candidate.id,
    name: run.candidate.name,
    kind: run.candidate.kind,
    ...(run.candidate.version !== undefined ? { version: run.candidate.version } : {}),
    ...(runtime !== undefined ? { runtime } : {}),
    ...(compatibility ? { compatibility } : {}),
    ...(run.candidate.layer ? { layer: run.candidate.layer } : {}),
    ...(run.candidate.page ? { page: { url: run.candidate.page.url, browser: run.candidate.page.browser } } : {}),
    ...(run.candidate.build ? { build: { path: run.candidate.build.path, sha256: run.candidate.build.sha256 } } : {}),
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
    rules: Object.fromEntries(exportRules.map((rule): [string, ExportRuleStatus] => [rule.id, selected.has(rule.module) ? (statuses.get(rule.id) ?? 'none') : 'not-selected'])),
  };
}

function moduleOf(api: string): ModuleName {
  return api.slice(0, api.indexOf('.')) as ModuleName;
}

/** An API state of a module the run did not select. */
type NotSelectedState = Omit<ApiState, 'untested' | 'statuses'> & { readonly untested: 'not-selected'; readonly statuses: Readonly<Record<string, ExportRuleStatus>> };

/** The state of an API whose module the run did not select: untested, every normative rule of it not run. */
function notSelected(api: string, exportRules: readonly RuleSummary[]): NotSelectedState {
  const entry = catalogueApis.find((item) => item.id === api);
  const notRun = exportRules.filter((rule) => rule.level === 'normative' && entry !== undefined && apiCites(entry, rule.id)).map((rule) => rule.id);
  return {
    api,
    state: 'untested',
    untested: 'not-selected',
    complete: false,
    rules: { total: notRun.length, passed: 0, failing: 0, notApplicable: 0, notRun: notRun.length },
    failing: [],
    notRun,
    evidence: { missing: [], notImplemented: [] },
    statuses: Object.fromEntries(notRun.map((rule) => [rule, 'not-selected'])),
    failingCases: [],
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

/**
 * Every rule of every file, in the order they first appear, the first file that has a rule giving its wording; then
 * the catalogue's rules of any module no file selected, so the export speaks of the whole interface, as its APIs do.
 */
function unionRules(inputs: readonly ExportInput[]): RuleSummary[] {
  const byId = new Map<string, RuleSummary>();
  for (const { results } of inputs) for (const rule of results.rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  const covered = new Set([...byId.values()].map((rule) => rule.module));
  for (const rule of catalogueRules) {
    if (!covered.has(rule.module) && !rule.retired) byId.set(rule.id, { id: rule.id, module: rule.module, level: rule.level, title: rule.title });
  }
  return [...byId.values()];
}
