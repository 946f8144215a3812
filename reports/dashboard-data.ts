// The data the dashboard embeds (`rtconf dashboard RESULTS...`): many runs side by side as one rule × (runtime,
// version) matrix. Every run of every results file is a column; columns are grouped by runtime and sorted by version,
// and each keeps what produced it (suite version, seed, interface, file), so runs of different suite versions or
// seeds are told apart, never merged. Pass rates come from the one verdict (`passRate`), computed here in typed code.
import { clean, compare as compareSemver, valid } from 'semver';
import type { ModuleName } from '../spec/rule.js';
import type { ExpectationMarks } from '../results/expectation-marks.js';
import type { CandidateInfo, CandidateKind, ResultsFile, RuleSummary } from '../results/results-file.js';
import { toolInfo } from '../io/tool-info.js';
import { everyImplementationDiffers } from '../results/every-implementation-differs.js';
import { milestones, type Milestones, type Outcome } from '../results/history.js';
import { buildTag } from '../results/candidate-label.js';
import { isFailing } from '../results/status.js';
import type { ApiStateName } from '../results/api-state.js';
import { candidateView, collectCases, modulesOf, pageApis, type CandidateView, type PageApi, type ReportCase } from './candidate-view.js';
import { orderRules } from './report-data.js';

/** One results file given to the dashboard, with the name the page shows for it (the path as given). */
export interface DashboardInput {
  readonly file: string;
  readonly results: ResultsFile;
  /**
   * The gate's judgement of this file (`markExpectations` over the `--expect` files), made once by the verb that exits
   * by it: with sources, each result is marked by it and the page counts unexpected results by it.
   */
  readonly judgement?: ExpectationMarks;
}

/** What one results file says about how its runs were made. */
export interface DashboardSource {
  readonly file: string;
  readonly tool: { readonly name: string; readonly version: string };
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly interrupted: boolean;
  /** The interface version the file certified against (`--interface`); absent: the whole interface. */
  readonly interface?: string;
}

/** One column: one candidate's run from one results file, as a report draws a candidate. */
export interface DashboardColumn extends CandidateView {
  /** Key of the runtime group (`runtime:node`, `npm:querystring-es3`, …). */
  readonly group: string;
  /**
   * The version as the column shows it, '' when the candidate has none: a semantic version without its `v` (the host
   * records Node's `v20.20.2`, a runtime column `18.20.8`; both read as the runtimes' own releases, 20.20.2).
   */
  readonly version: string;
  readonly candidate: CandidateInfo;
  /** Index into `DashboardData.sources`: the file, suite version, seed and interface that produced the column. */
  readonly source: number;
}

export interface DashboardGroup {
  readonly key: string;
  /** `node`, `bun`, `deno`, `querystring-es3 (npm)`, `my-qs (adapter)`, `rt-conformance reference`. */
  readonly label: string;
  /** Indices into `DashboardData.columns`, oldest version first. */
  readonly columns: readonly number[];
  /** With two columns or more: where rules and APIs start to pass, and fail again, over the group's versions. */
  readonly history?: GroupHistory;
}

/** A rule's or an API's milestones in one group, as indices into `DashboardData.columns`. */
export interface HistoryEntry {
  /** Index into `DashboardData.rules` or `DashboardData.apis`. */
  readonly row: number;
  readonly firstPass?: number;
  readonly failsAgain?: number;
  /** How often its outcome changes from one version to the next. */
  readonly changes: number;
}

export interface GroupHistory {
  /** The rules whose outcome changes across the group's versions (a rule that always passes or always fails has no history), in rule order. */
  readonly rules: readonly HistoryEntry[];
  /** Every API with an outcome in some version (conformant passes; partial, failing, stub and absent fail), in API order. */
  readonly apis: readonly HistoryEntry[];
}

/** A rule every judged implementation fails: "every implementation differs: the spec or the case may be wrong". */
export interface DifferingRule {
  /** Index into `DashboardData.rules`. */
  readonly rule: number;
  /** Labels of the implementations (groups) that judged it, all failing it. */
  readonly implementations: readonly string[];
  /** The runs (columns) that judged it. */
  readonly runs: number;
}

export interface DashboardData {
  /** The rtconf that built the dashboard. */
  readonly tool: { readonly name: string; readonly version: string };
  readonly sources: readonly DashboardSource[];
  readonly modules: readonly ModuleName[];
  /** The union of the files' rules (a rule's newest suite version's wording), ordered as in the report. */
  readonly rules: readonly RuleSummary[];
  /** The union of the files' cases, ordered by module, then id. */
  readonly cases: readonly ReportCase[];
  /** The exports of the page's modules (spec/apis.ts): the rows of the API table. */
  readonly apis: readonly PageApi[];
  /**
   * Normative rules that every implementation judging them fails, in rule order: the reference is left out, and so is
   * a run whose exports of the rule are all absent or stubs.
   */
  readonly everyImplementationDiffers: readonly DifferingRule[];
  /** In display order: by group, and inside a group by version. */
  readonly columns: readonly DashboardColumn[];
  readonly groups: readonly DashboardGroup[];
  /** The distinct suite versions, seeds and interface versions ('' for the whole interface) of the columns. */
  readonly distinct: { readonly suiteVersions: readonly string[]; readonly seeds: readonly number[]; readonly interfaces: readonly string[] };
  /** With expectations: their labels, and the unexpected results and unexpected passes over every column. */
  readonly gate?: { readonly sources: readonly string[]; readonly unexpected: number; readonly unexpectedPasses: number };
}

const KIND_RANK: Readonly<Record<CandidateKind, number>> = { reference: 0, host: 1, runtime: 1, npm: 2, adapter: 3 };

/**
 * Builds the dashboard's data from several results files.
 * @param inputs validated results files (`readResults`), each with the name to show for it and the gate's judgement
 * @returns plain JSON-serializable data
 * @example
 * const data = buildDashboardData([{ file: 'node-22/results.json', results, judgement: markExpectations(results, sources) }]);
 */
export function buildDashboardData(inputs: readonly DashboardInput[]): DashboardData {
  const rules = unionRules(inputs);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const normative = new Set(rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const cases = collectCases(inputs.flatMap(({ results }) => results.runs), ruleIndex, normative);
  const modules = modulesOf(rules, cases);
  const apis = pageApis(rules, modules);
  // The gate as the verb judged each file; the page marks by it where it had sources to judge by.
  const judged = (input: DashboardInput): ExpectationMarks | undefined => (input.judgement && input.judgement.sources.length > 0 ? input.judgement : undefined);
  const gateLabels = (inputs.map(judged).find((marks) => marks !== undefined)?.sources ?? []).map((item) => item.label);
  let unexpected = 0;
  let unexpectedPasses = 0;

  const unordered = inputs.flatMap((input, source) => {
    const { results } = input;
    const marks = judged(input);
    unexpected += marks?.report.unexpected.length ?? 0;
    unexpectedPasses += marks?.report.newPasses.length ?? 0;
    return results.runs.map(
      (run): DashboardColumn => ({
        group: groupOf(run.candidate).key,
        version: columnVersion(run.candidate),
        candidate: run.candidate,
        source,
        ...candidateView(run, results.rules, { rules, cases, modules, apis }, marks),
      }),
    );
  });

  const suiteOf = (column: DashboardColumn): string => inputs[column.source]?.results.tool.version ?? '';
  const groups = new Map<string, { key: string; label: string; rank: number }>();
  for (const column of unordered) {
    const group = groupOf(column.candidate);
    if (!groups.has(group.key)) groups.set(group.key, group);
  }
  const groupOrder = [...groups.values()].sort((a, b) => a.rank - b.rank || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  // Builds keep the order they were given in (yesterday's, then today's): their versions may all be one.
  const byVersion = (a: DashboardColumn, b: DashboardColumn): number => (a.candidate.build || b.candidate.build ? 0 : compareVersions(a.version, b.version));
  const columns = [...unordered].sort(
    (a, b) =>
      groupOrder.findIndex((group) => group.key === a.group) - groupOrder.findIndex((group) => group.key === b.group) ||
      byVersion(a, b) ||
      compatibilityOrder(a.candidate, b.candidate) ||
      compareVersions(suiteOf(a), suiteOf(b)) ||
      a.source - b.source,
  );
  const groupList = groupOrder.map(({ key, label }) => ({ key, label, columns: columns.flatMap((column, index) => (column.group === key ? [index] : [])) }));
  return {
    tool: toolInfo(),
    sources: inputs.map(({ file, results }) => ({
      file,
      tool: results.tool,
      seed: results.seed,
      startedAt: results.startedAt,
      durationMs: results.durationMs,
      interrupted: results.interrupted === true,
      ...(results.interface ? { interface: results.interface.version } : {}),
    })),
    modules,
    rules,
    cases,
    apis,
    everyImplementationDiffers: differingRules(rules, columns, groupList, apis),
    columns,
    groups: groupList.map((group) => (group.columns.length < 2 ? group : { ...group, history: groupHistory(group.columns, columns, rules, apis) })),
    distinct: {
      suiteVersions: distinctSorted(columns.map(suiteOf), compareVersions),
      seeds: distinctSorted(columns.map((column) => inputs[column.source]?.results.seed ?? 0), (a, b) => a - b),
      interfaces: distinctSorted(columns.map((column) => inputs[column.source]?.results.interface?.version ?? ''), compareVersions),
    },
    ...(gateLabels.length > 0 ? { gate: { sources: gateLabels, unexpected, unexpectedPasses } } : {}),
  };
}

/**
 * The runtime a candidate belongs to: host and `runtime:` candidates of one runtime (Node, Bun, Deno) share a group,
 * whatever their id; npm packages, adapters and the reference are grouped by kind and name, and apart when run in a
 * browser page (`chromium:`): one polyfill in Node and in a page are two columns, never two versions of one.
 */
export function groupOf(candidate: Pick<CandidateInfo, 'kind' | 'name'> & Partial<Pick<CandidateInfo, 'page' | 'build'>>): { key: string; label: string; rank: number } {
  const rank = KIND_RANK[candidate.kind];
  // Local builds are not releases of their runtime: a group of their own, its columns in the order they were given.
  if (candidate.build) return { key: `runtime:${candidate.name}:local`, label: `${candidate.name} (local builds)`, rank };
  if (candidate.page) {
    const browser = candidate.page.browser.split(' ')[0] ?? 'a browser';
    return { key: `${candidate.kind}:${candidate.name}:page`, label: `${candidate.name} (${candidate.kind}, in ${browser})`, rank };
  }
  switch (candidate.kind) {
    case 'host':
    case 'runtime': {
      // The host candidate is named `host <process.release.name>`, a runtime candidate by its profile (`node`).
      const runtime = candidate.name.replace(/^host\s+/, '');
      return { key: `runtime:${runtime}`, label: runtime, rank };
    }
    case 'reference':
      return { key: `reference:${candidate.name}`, label: candidate.name, rank };
    default:
      return { key: `${candidate.kind}:${candidate.name}`, label: `${candidate.name} (${candidate.kind})`, rank };
  }
}

/**
 * How a column names its run within its group: the release, and for a local build the digest that tells it from other
 * builds of that release (so a history reads "conformant from 20.20.2 build 1a2b3c4d5e6f", never "from 20.20.2 … at
 * 20.20.2").
 */
function columnVersion(candidate: CandidateInfo): string {
  const release = releaseOf(candidate.version ?? '');
  return candidate.build ? `${release} ${buildTag(candidate.build)}`.trim() : release;
}

/**
 * Runs of one release by their compatibility settings (no settings first, then by date, then by flags) and by the
 * compatibility layer they ran through (Bare's, by version).
 */
function compatibilityOrder(a: CandidateInfo, b: CandidateInfo): number {
  const key = (candidate: CandidateInfo): string => (candidate.compatibility ? `1 ${candidate.compatibility.date} ${candidate.compatibility.flags.join('+')}` : '0');
  const [x, y] = [key(a), key(b)];
  return (x < y ? -1 : x > y ? 1 : 0) || compareVersions(a.layer?.version ?? '', b.layer?.version ?? '');
}

/**
 * Versions in release order: semantic versions (with or without a leading `v`) by semver, before anything else,
 * which sorts as text.
 * @example
 * ['v20.20.2', '18.20.8', '22.23.3'].sort(compareVersions); // ['18.20.8', 'v20.20.2', '22.23.3']
 */
export function compareVersions(a: string, b: string): number {
  const x = valid(clean(a) ?? '');
  const y = valid(clean(b) ?? '');
  if (x && y) return compareSemver(x, y);
  if (x) return -1;
  if (y) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A version as the dashboard shows it: a semantic version without its leading `v`; anything else as recorded.
 * @example
 * releaseOf('v20.20.2'); // '20.20.2'
 * releaseOf('nightly'); // 'nightly'
 */
export function releaseOf(version: string): string {
  return valid(clean(version) ?? '') ?? version;
}

/** Every rule of every file, the wording of the newest suite version winning. */
function unionRules(inputs: readonly DashboardInput[]): RuleSummary[] {
  const newestFirst = [...inputs].sort((a, b) => compareVersions(b.results.tool.version, a.results.tool.version));
  const byId = new Map<string, RuleSummary>();
  for (const { results } of newestFirst) for (const rule of results.rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  return orderRules([...byId.values()]);
}

function distinctSorted<T>(values: readonly T[], order: (a: T, b: T) => number): T[] {
  return [...new Set(values)].sort(order);
}

/** How a rule status reads in a history: passes, fails, or says nothing (skipped, not applicable, not run). */
function ruleOutcome(status: string | undefined): Outcome {
  if (status === 'pass') return 'pass';
  return status !== undefined && isFailing(status) ? 'fail' : undefined;
}

/** How an API state reads in a history: conformant passes; absent, stub, failing and partial fail; untested says nothing. */
function apiOutcome(state: ApiStateName | undefined): Outcome {
  if (state === 'conformant') return 'pass';
  return state === undefined || state === 'untested' ? undefined : 'fail';
}

function entry(row: number, found: Milestones, at: readonly number[]): HistoryEntry {
  return {
    row,
    ...(found.firstPass === undefined ? {} : { firstPass: at[found.firstPass] as number }),
    ...(found.failsAgain === undefined ? {} : { failsAgain: at[found.failsAgain] as number }),
    changes: found.changes,
  };
}

/** The milestones of the group's rules and APIs over its columns, oldest first. */
function groupHistory(at: readonly number[], columns: readonly DashboardColumn[], rules: readonly RuleSummary[], apis: readonly PageApi[]): GroupHistory {
  const inGroup = at.map((index) => columns[index] as DashboardColumn);
  const ruleEntries = rules.flatMap((rule, r) => {
    if (rule.level !== 'normative') return [];
    const found = milestones(inGroup.map((column) => ruleOutcome(column.ruleStatus[r])));
    return found.changes > 0 ? [entry(r, found, at)] : [];
  });
  const apiEntries = apis.flatMap((_, a) => {
    const outcomes = inGroup.map((column) => apiOutcome(column.apis[a]?.state));
    return outcomes.some((outcome) => outcome !== undefined) ? [entry(a, milestones(outcomes), at)] : [];
  });
  return { rules: ruleEntries, apis: apiEntries };
}

/**
 * The normative rules every implementation judging them fails, over every column but the reference's. A run judges a
 * rule only where it implements the rule's exports: a failure of an absent, stub or failing export says nothing of the rule (it passes none of its rules).
 */
function differingRules(rules: readonly RuleSummary[], columns: readonly DashboardColumn[], groups: readonly DashboardGroup[], apis: readonly PageApi[]): DifferingRule[] {
  const labelOf = new Map(groups.map((group) => [group.key, group.label]));
  const apisOfRule = rules.map((_, r) => apis.flatMap((api, a) => (api.rules.includes(r) ? [a] : [])));
  const implemented = (column: DashboardColumn, r: number): boolean => {
    const mapped = apisOfRule[r] ?? [];
    return mapped.length === 0 || mapped.some((a) => column.apis[a]?.state !== 'absent' && column.apis[a]?.state !== 'stub' && column.apis[a]?.state !== 'failing');
  };
  const judged = columns
    .filter((column) => column.candidate.kind !== 'reference')
    .map((column) => ({ implementation: column.group, statuses: new Map(rules.map((rule, r) => [rule.id, implemented(column, r) ? (column.ruleStatus[r] ?? 'none') : 'none'])) }));
  const ruleIndex = new Map(rules.map((rule, r) => [rule.id, r]));
  const normative = rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id);
  return everyImplementationDiffers(normative, judged).map((found) => ({
    rule: ruleIndex.get(found.rule) as number,
    implementations: found.implementations.map((key) => labelOf.get(key) ?? key),
    runs: found.runs,
  }));
}
