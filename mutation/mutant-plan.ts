// A mutant's plan: which cases run against it (those whose coverage reaches its code and that pass unmutated, fastest
// first, each under a limit generous against its unmutated duration), and which modules and rules it counts for.
import type { CaseMeta } from '../conformance/case.js';
import type { ModuleName } from '../spec/rule.js';
import { casesCoveringSpan, type CoverageMap } from './file-coverage.js';
import type { Mutant } from './generate-mutants.js';
import type { ReferenceSources } from './reference-sources.js';
import { lineAndColumn, lineStarts } from './source-map.js';

/** A mutant with the cases to run against it (fastest first) and the rules those cases cite. */
export interface MutantPlan {
  readonly mutant: Mutant;
  readonly modules: readonly ModuleName[];
  readonly cases: readonly CaseMeta[];
  readonly rules: readonly string[];
  /** How long each of its cases took against the unmutated reference (the dry run), by id. */
  readonly durations: ReadonlyMap<string, number>;
}

/**
 * A mutant's cases get this many times their dry-run duration plus a second, and never less than three seconds: the
 * first case in a fresh agent runs cold, on a machine that may be busy. A timeout is still checked against the
 * unmutated reference before it counts (see `timeoutIsReal` in run-mutant.ts).
 */
const TIME_FACTOR = 10;
const MIN_LIMIT_MS = 3000;

/**
 * The plan of one mutant.
 * @param map the case ↔ code map; undefined: no case runs (nothing selected needs one)
 * @param usable dry-run durations of the cases that pass unmutated; undefined: every covering case, untimed
 * @param texts the sources' texts, by file
 * @param timeoutMs the default per-case limit (cases that set none)
 */
export function planMutant(
  mutant: Mutant,
  sources: ReferenceSources,
  map: CoverageMap | undefined,
  cases: readonly CaseMeta[],
  usable: ReadonlyMap<string, number> | undefined,
  texts: ReadonlyMap<string, string>,
  timeoutMs: number,
): MutantPlan {
  const owners = sources.files.get(mutant.file) ?? [];
  if (!map) return { mutant, modules: owners, cases: [], rules: [], durations: new Map() };
  const indices = casesRunning(map, mutant.file, texts.get(mutant.file) ?? '', { start: mutant.spanStart, end: mutant.spanEnd }, mutant.scope);
  const covering = new Set<string>();
  const direct = new Set<string>();
  for (const index of indices) {
    // Code that ran while the modules loaded serves every case of the modules that load it.
    if (index === -1) for (const meta of cases) if (owners.includes(meta.module)) covering.add(meta.id);
    const meta = map.cases[index];
    if (meta) {
      covering.add(meta.id);
      direct.add(meta.id);
    }
  }
  const selected = cases.filter((meta) => covering.has(meta.id));
  // A file several modules share (errors, validators) counts for the modules whose cases run the mutated code, not
  // for every module that imports the file; code no case runs counts against every module that imports it.
  const modules = selected.length > 0 ? owners.filter((module) => selected.some((meta) => meta.module === module)) : owners;
  if (!usable) return { mutant, modules, cases: selected, rules: [], durations: new Map() };
  // A rule counts the mutants its runnable cases executed while they ran (not those of cases that are n/a here, say
  // Windows-only ones). Code that only ran at load (tables, constants) counts for no rule: every case of its modules
  // ran it, so crediting it to each rule would charge, say, the rules on loading without crypto with every table
  // entry of the module; it still counts for its modules.
  const ran = selected.filter((meta) => usable.has(meta.id) && direct.has(meta.id));
  const rules = [...new Set(ran.flatMap((meta) => meta.rules))].sort();
  const runnable = selected
    .filter((meta) => usable.has(meta.id))
    .sort((a, b) => (usable.get(a.id) ?? 0) - (usable.get(b.id) ?? 0))
    .map((meta) => ({ ...meta, timeoutMs: limitFor(meta, usable.get(meta.id) ?? 0, timeoutMs) }));
  return { mutant, modules, cases: runnable, rules, durations: usable };
}

/**
 * The indices (into `map.cases`; -1: at load) of the cases that ran the code at [span.start, span.end) of `file`, by
 * the map's points (see casesCoveringSpan), inside the function at `scope` when given.
 * @param text the file's current text (offsets are into it)
 */
function casesRunning(map: CoverageMap, file: string, text: string, span: { readonly start: number; readonly end: number }, scope?: { readonly start: number; readonly end: number }): Set<number> {
  const starts = lineStarts(text);
  const at = (offset: number): { line: number; column: number } => lineAndColumn(starts, offset);
  return casesCoveringSpan(map.files[file], at(span.start), at(span.end), scope ? { from: at(scope.start), to: at(scope.end) } : undefined);
}

/** The time a mutant's case gets: generous against its dry-run duration, so only a real hang runs into it. */
function limitFor(meta: CaseMeta, durationMs: number, defaultMs: number): number {
  return Math.min(meta.timeoutMs ?? defaultMs, Math.max(MIN_LIMIT_MS, Math.round(TIME_FACTOR * durationMs + 1000)));
}

/** What running every case of `plan` costs, by the dry run: a survivor's time; an upper bound of a kill's. */
export function planCost(plan: MutantPlan): number {
  return plan.cases.reduce((sum, meta) => sum + (plan.durations.get(meta.id) ?? 0), 0);
}

/**
 * `plan` cut to one case, for a swap that moved a constant into a checked position (label-arguments.ts): the fastest
 * of its cases that also ran `next`, the statement that runs when the call returns, so that passed a good value
 * through the call (by the block coverage; code run at load says nothing of one call). Undefined when none did.
 * @param next [start, end) of that statement in the mutant's file
 */
export function planOfOneGoodCase(plan: MutantPlan, next: { readonly start: number; readonly end: number }, map: CoverageMap, texts: ReadonlyMap<string, string>): MutantPlan | undefined {
  const { mutant } = plan;
  const through = new Set<string>();
  for (const index of casesRunning(map, mutant.file, texts.get(mutant.file) ?? '', next, mutant.scope)) {
    const meta = map.cases[index];
    if (meta) through.add(meta.id);
  }
  const fastest = plan.cases.filter((meta) => through.has(meta.id)).sort((a, b) => (plan.durations.get(a.id) ?? 0) - (plan.durations.get(b.id) ?? 0))[0];
  return fastest ? { ...plan, cases: [fastest] } : undefined;
}
