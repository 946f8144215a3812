// `rtconf mutate`, the engine: generate the reference's mutants, map code to cases (coverage), check that the cases
// pass against the unmutated reference in an agent (the dry run), then run each mutant out of process against the
// cases that cover its code, `jobs` mutants at a time, stopping at the first case that notices. The outcome is a
// MutationFile (mutation.json).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import picomatch from 'picomatch';
import type { CaseMeta } from '../conformance/case.js';
import type { CaseResult } from '../results/results-file.js';
import { selectCases } from '../conformance/registry.js';
import { rules as catalogue } from '../spec/index.js';
import { MODULES, type ModuleName } from '../spec/rule.js';
import { createAgentRunner } from '../runners/agent/agent-runner.js';
import { processHosts, type AgentLaunch } from '../runners/agent/process-host.js';
import { createRunFixtures, type RunFixtures } from '../runners/fixtures/run-fixtures.js';
import { cacheDir } from '../runners/runtimes/cache-dir.js';
import { PROFILES } from '../runners/runtimes/runtime-profile.js';
import { writeFileAtomically } from '../io/atomic-write.js';
import { isFailing } from '../results/status.js';
import { toolInfo } from '../io/tool-info.js';
import { errorText, firstLine } from '../io/message-text.js';
import {
  MUTATION_SCHEMA_VERSION,
  moduleScores,
  ruleScores,
  scoreOf,
  type MutantRecord,
  type MutantStatus,
  type MutationFile,
} from '../results/mutation-file.js';
import { buildCandidate } from './build-candidate.js';
import { changedLinesSince, touches } from './changed-lines.js';
import { CASE_RUNTIME_ARGUMENTS, casesCoveringSpan, coverageMap, type CoverageMap } from './coverage-map.js';
import type { EquivalentMutants } from './equivalent-mutants.js';
import { unobservableOn, type UnobservableMutants } from './unobservable-mutants.js';
import { applyMutant, generateMutants, markerProblems, type Mutant } from './generate-mutants.js';
import { OPERATORS, type OperatorName } from './operators.js';
import { readReferenceSources, type ReferenceSources } from './reference-sources.js';
import { lineStarts } from './source-map.js';
import { judgeMarked, judgeUnobservable, unobservableNote } from './judge-mutant.js';
import { sample, shuffle } from './seeded-random.js';

export interface MutationOptions {
  /** The package root (holding reference/ and conformance/). */
  readonly root: string;
  /** Mutate only files reached from these modules' public files, and use only their cases (empty: all). */
  readonly modules?: readonly ModuleName[];
  /** Use only cases citing a rule that matches one of these globs. */
  readonly ruleGlobs?: readonly string[];
  /** Mutants run at once (each in its own agent). */
  readonly jobs: number;
  /** At most this many mutants, drawn with the seed. */
  readonly max?: number;
  readonly seed: number;
  /** Only lines changed since this git ref. */
  readonly since?: string;
  /** Only mutants in files matching one of these globs (paths relative to the root, `/`-separated). */
  readonly fileGlobs?: readonly string[];
  /** Default per-case limit (cases that set none), for the coverage and dry runs. */
  readonly timeoutMs: number;
  readonly operators?: ReadonlySet<OperatorName>;
  readonly equivalents: EquivalentMutants;
  /**
   * Mutants of code that runs only on other platforms (mutation/unobservable-mutants.json). Those this platform cannot
   * observe are still run where a case covers them, and reported `unobservable` unless a case notices.
   */
  readonly unobservable?: UnobservableMutants;
  /** The platform the run judges for (default: process.platform; the cases run here). */
  readonly platform?: string;
  /**
   * Run the mutants in code marked beyond the spec too (default: they are not run). One that a case kills is then
   * reported killed, with a note that its marker claims too much; one that survives stays `beyond-spec`.
   */
  readonly auditBeyondSpec?: boolean;
  /** Where the coverage map and dry run are cached (default: `$RTCONF_CACHE/mutation`); null: no cache. */
  readonly cacheDir?: string | null;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: MutationEvent) => void;
}

export type MutationEvent =
  | { readonly kind: 'phase'; readonly message: string }
  | { readonly kind: 'mutant'; readonly record: MutantRecord; readonly done: number; readonly total: number };

/**
 * A mutant's cases get this many times their dry-run duration plus a second, and never less than three seconds: the
 * first case in a fresh agent runs cold, on a machine that may be busy. A timeout is still checked against the
 * unmutated reference before it counts (see `timeoutIsReal`).
 */
const TIME_FACTOR = 10;
const MIN_LIMIT_MS = 3000;
/** Time a case past its limit gets to report before its agent is killed. */
const SLACK_MS = 2000;

interface DryRun {
  readonly key: string;
  readonly results: Readonly<Record<string, { status: string; durationMs: number }>>;
}

/** Our own Node runs the mutants; a failing property ends at its first counterexample (no shrinking). */
const MUTANT_LAUNCH: AgentLaunch = {
  executable: process.execPath,
  args: (script) => [...CASE_RUNTIME_ARGUMENTS, ...PROFILES.node.scriptArgs(script)],
  env: { RTCONF_PROPERTY_END_ON_FAILURE: '1' },
};

export async function runMutation(options: MutationOptions): Promise<MutationFile> {
  const startedAt = new Date();
  const started = performance.now();
  const emit = (message: string): void => options.onEvent?.({ kind: 'phase', message });
  const modules = options.modules && options.modules.length > 0 ? options.modules : MODULES;
  const sources = readReferenceSources(options.root, modules);
  const cases = selectCases({ modules, ruleGlobs: options.ruleGlobs ?? [] });
  const operators = options.operators ?? new Set(OPERATORS);
  const unobservable = unobservableOn(options.unobservable ?? new Map(), options.platform ?? process.platform);

  const texts = new Map<string, string>();
  let mutants: Mutant[] = [];
  for (const file of sources.files.keys()) {
    const text = await readFile(join(options.root, file), 'utf8');
    texts.set(file, text);
    mutants.push(...generateMutants(file, text, operators));
    for (const problem of markerProblems(file, text)) emit(`warning: ${file}:${problem.line}: ${problem.message}; its code is mutated as unmarked`);
  }
  const generated = mutants.length;
  if (options.since !== undefined) {
    const changed = await changedLinesSince(options.root, options.since);
    mutants = mutants.filter((mutant) => touches(changed, mutant.file, mutant.line, mutant.endLine));
  }
  if (options.fileGlobs && options.fileGlobs.length > 0) {
    const matches = picomatch([...options.fileGlobs]);
    mutants = mutants.filter((mutant) => matches(mutant.file));
  }
  if (options.max !== undefined && mutants.length > options.max) mutants = sample(mutants, options.max, options.seed);
  emit(`${generated} mutant(s) generated in ${sources.files.size} file(s); ${mutants.length} selected${options.since ? ` (lines changed since ${options.since})` : ''}`);

  const workDir = await mkdtemp(join(tmpdir(), 'rtconf-mutate-'));
  const fixtures = createRunFixtures();
  try {
    const cache = options.cacheDir === null ? undefined : (options.cacheDir ?? join(cacheDir(), 'mutation'));
    // Equivalent mutants never run, nor (unaudited) marked ones: a selection of nothing else needs no map.
    const runs = (mutant: Mutant): boolean =>
      !options.equivalents.has(mutant.id) && (options.auditBeyondSpec === true || mutant.beyondSpec === undefined || mutant.beyondSpec.check === true);
    const needsCases = cases.length > 0 && mutants.some(runs);
    const map = needsCases
      ? await coverageMap(sources, cases, {
          seed: options.seed,
          timeoutMs: options.timeoutMs,
          workDir,
          ...(cache ? { cacheDir: cache } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        })
      : undefined;
    if (map) emit(map.cached ? 'case ↔ code map: from the cache' : `case ↔ code map: ${cases.length} case(s) measured in ${(map.durationMs / 1000).toFixed(1)} s`);
    // The dry run needs only the cases some selected mutant will run (all of them in a full run).
    const covering = new Set(mutants.flatMap((mutant) => planMutant(mutant, sources, map, cases, undefined, texts, options.timeoutMs).cases.map((meta) => meta.id)));
    const wanted = cases.filter((meta) => covering.has(meta.id));
    const dry = map ? await dryRun(sources, wanted, map, { ...options, workDir, fixtures, ...(cache ? { cache } : {}) }, emit) : undefined;
    const usable = new Map<string, number>();
    const unusableCases: { case: string; status: string }[] = [];
    for (const meta of wanted) {
      const outcome = dry?.results[meta.id];
      if (outcome && outcome.status === 'pass') usable.set(meta.id, outcome.durationMs);
      else if (outcome && outcome.status !== 'na' && outcome.status !== 'skip') unusableCases.push({ case: meta.id, status: outcome.status });
    }

    const plans = mutants.map((mutant) => planMutant(mutant, sources, map, cases, usable, texts, options.timeoutMs));
    const records: MutantRecord[] = new Array(plans.length);
    let done = 0;
    const finish = (index: number, record: MutantRecord): void => {
      records[index] = record;
      done++;
      options.onEvent?.({ kind: 'mutant', record, done, total: plans.length });
    };
    let unmutated: Promise<{ adapter: string; dir: string }> | undefined;
    const context: RunContext = {
      workDir,
      fixtures,
      seed: options.seed,
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      limits: { verified: new Set(), raised: new Map() },
      unmutated: () => {
        const dir = join(workDir, 'unmutated');
        unmutated ??= buildCandidate(sources, dir, { name: 'reference (timeout check)' }).then((build) => ({ adapter: build.adapter, dir }));
        return unmutated;
      },
    };
    // In a seeded random order, so that an interrupted run has scored a fair sample of every module, not the first files.
    const queue = plans.map((plan, index) => ({ plan, index }));
    shuffle(queue, options.seed);
    const runOne = async (): Promise<void> => {
      for (let next = queue.shift(); next && !options.signal?.aborted; next = queue.shift()) {
        const { plan, index } = next;
        const equivalent = options.equivalents.get(plan.mutant.id);
        const marker = plan.mutant.beyondSpec;
        const elsewhere = unobservable.get(plan.mutant.id);
        if (equivalent) finish(index, record(plan, 'equivalent', 0, 0, { note: equivalent.reason }));
        else if (marker && ((!options.auditBeyondSpec && !marker.check) || plan.cases.length === 0)) finish(index, record(plan, 'beyond-spec', 0, 0, { note: marker.reason }));
        else if (plan.cases.length === 0) finish(index, elsewhere ? record(plan, 'unobservable', 0, 0, { note: unobservableNote(elsewhere) }) : record(plan, 'no-coverage', 0, 0));
        else finish(index, judgeUnobservable(judgeMarked(await runMutant(plan, sources, texts, context), marker), elsewhere));
      }
    };
    emit(`running ${plans.length} mutant(s), ${options.jobs} at a time`);
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, plans.length)) }, runOne));

    const finished = records.filter((item): item is MutantRecord => item !== undefined);
    const ruleModules = new Map(catalogue.map((rule) => [rule.id, rule.module] as const));
    return {
      schemaVersion: MUTATION_SCHEMA_VERSION,
      tool: toolInfo(),
      seed: options.seed,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      ...(options.signal?.aborted ? { interrupted: true } : {}),
      selection: {
        modules: [...modules],
        rules: [...(options.ruleGlobs ?? [])],
        ...(options.since !== undefined ? { since: options.since } : {}),
        ...(options.fileGlobs && options.fileGlobs.length > 0 ? { files: [...options.fileGlobs] } : {}),
        ...(options.max !== undefined ? { max: options.max } : {}),
        jobs: options.jobs,
      },
      sourcesHash: sources.hash,
      generated,
      unusableCases,
      total: scoreOf(finished),
      modules: moduleScores(finished, modules),
      rules: ruleScores(finished, ruleModules),
      mutants: finished,
    };
  } finally {
    await fixtures.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A mutant with the cases to run against it (fastest first) and the rules those cases cite. */
interface MutantPlan {
  readonly mutant: Mutant;
  readonly modules: readonly ModuleName[];
  readonly cases: readonly CaseMeta[];
  readonly rules: readonly string[];
}

function planMutant(
  mutant: Mutant,
  sources: ReferenceSources,
  map: CoverageMap | undefined,
  cases: readonly CaseMeta[],
  /** Dry-run durations of the cases that pass unmutated; undefined: every covering case, untimed. */
  usable: ReadonlyMap<string, number> | undefined,
  texts: ReadonlyMap<string, string>,
  timeoutMs: number,
): MutantPlan {
  const owners = sources.files.get(mutant.file) ?? [];
  if (!map) return { mutant, modules: owners, cases: [], rules: [] };
  const starts = lineStarts(texts.get(mutant.file) ?? '');
  const at = (offset: number): { line: number; column: number } => {
    let line = 0;
    for (let low = 0, high = starts.length - 1; low <= high; ) {
      const middle = (low + high) >> 1;
      if ((starts[middle] as number) <= offset) {
        line = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return { line, column: offset - (starts[line] as number) };
  };
  const scope = mutant.scope ? { from: at(mutant.scope.start), to: at(mutant.scope.end) } : undefined;
  const indices = casesCoveringSpan(map.files[mutant.file], at(mutant.spanStart), at(mutant.spanEnd), scope);
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
  if (!usable) return { mutant, modules, cases: selected, rules: [] };
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
  return { mutant, modules, cases: runnable, rules };
}

function record(plan: MutantPlan, status: MutantStatus, casesRun: number, durationMs: number, extra: { killedBy?: string[]; note?: string } = {}): MutantRecord {
  const { mutant } = plan;
  return {
    id: mutant.id,
    file: mutant.file,
    modules: plan.modules,
    line: mutant.line,
    column: mutant.column,
    operator: mutant.operator,
    diff: mutant.diff,
    status,
    ...(extra.killedBy ? { killedBy: extra.killedBy } : {}),
    casesRun,
    rules: plan.rules,
    ...(extra.note ? { note: extra.note } : {}),
    durationMs: Math.round(durationMs),
  };
}

interface RunContext {
  readonly workDir: string;
  readonly fixtures: RunFixtures;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Limits learnt during the run: cases whose timeouts were confirmed, and raised limits. */
  readonly limits: { readonly verified: Set<string>; readonly raised: Map<string, number> };
  /** The unmutated reference, built once on first need. */
  unmutated(): Promise<{ adapter: string; dir: string }>;
}

/** The time a mutant's case gets: generous against its dry-run duration, so only a real hang runs into it. */
function limitFor(meta: CaseMeta, durationMs: number, defaultMs: number): number {
  return Math.min(meta.timeoutMs ?? defaultMs, Math.max(MIN_LIMIT_MS, Math.round(TIME_FACTOR * durationMs + 1000)));
}

/** One pass of a mutant's cases in one agent: the first case that noticed it, or none. */
type Pass =
  | { readonly kind: 'killed'; readonly result: CaseResult; readonly casesRun: number }
  | { readonly kind: 'timeout'; readonly result: CaseResult; readonly casesRun: number }
  | { readonly kind: 'survived'; readonly casesRun: number }
  | { readonly kind: 'interrupted'; readonly casesRun: number }
  | { readonly kind: 'unloadable'; readonly error: unknown; readonly casesRun: number };

async function runCases(adapter: string, cwd: string, name: string, cases: readonly CaseMeta[], context: RunContext): Promise<Pass> {
  const runner = createAgentRunner({
    candidate: { id: 'reference', name, kind: 'reference' },
    host: processHosts(MUTANT_LAUNCH),
    load: { kind: 'adapter', spec: adapter, cwd },
    fixtures: context.fixtures,
    deadlineSlackMs: SLACK_MS,
    // A mutant that loops while loading never gets ready; a healthy agent starts in well under a second.
    startTimeoutMs: 5000,
  });
  let casesRun = 0;
  // Aborted at the first kill: the agent is then killed at once, not after the case it went on to start.
  const done = new AbortController();
  const onOuterAbort = (): void => done.abort();
  context.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    for await (const result of runner.run(cases, { seed: context.seed, timeoutMs: context.timeoutMs, jobs: 1, signal: done.signal })) {
      casesRun++;
      if (!isFailing(result.status)) continue;
      done.abort();
      return result.status === 'timeout' ? { kind: 'timeout', result, casesRun } : { kind: 'killed', result, casesRun };
    }
  } catch (error) {
    return { kind: 'unloadable', error, casesRun };
  } finally {
    done.abort();
    context.signal?.removeEventListener('abort', onOuterAbort);
    await runner.close();
  }
  return { kind: context.signal?.aborted ? 'interrupted' : 'survived', casesRun };
}

/**
 * Whether a timeout of `meta` under its limit is the mutant's doing: the unmutated reference runs it in a fresh agent
 * under the same limit (a loaded machine can make a cold agent miss a tight one). A case that passes once is trusted
 * from then on; one that times out unmutated too gets a limit four times longer for the rest of the run.
 */
async function timeoutIsReal(meta: CaseMeta, context: RunContext): Promise<boolean> {
  if (context.limits.verified.has(meta.id)) return true;
  const unmutated = await context.unmutated();
  const pass = await runCases(unmutated.adapter, unmutated.dir, 'reference (timeout check)', [meta], context);
  if (pass.kind === 'survived') {
    context.limits.verified.add(meta.id);
    return true;
  }
  context.limits.raised.set(meta.id, (meta.timeoutMs ?? context.timeoutMs) * 4);
  return false;
}

async function runMutant(plan: MutantPlan, sources: ReferenceSources, texts: ReadonlyMap<string, string>, context: RunContext): Promise<MutantRecord> {
  const started = performance.now();
  const { mutant } = plan;
  const dir = join(context.workDir, `mutant-${mutant.id}`);
  const elapsed = (): number => performance.now() - started;
  try {
    let build;
    try {
      const text = applyMutant(texts.get(mutant.file) ?? '', mutant);
      build = await buildCandidate(sources, dir, { override: { file: mutant.file, text }, modules: plan.modules, name: `reference mutant ${mutant.id}` });
    } catch (error) {
      return record(plan, 'error', 0, elapsed(), { note: `could not be built: ${firstLine(errorText(error), 300)}` });
    }
    let remaining = plan.cases.map((meta) => ({ ...meta, timeoutMs: context.limits.raised.get(meta.id) ?? meta.timeoutMs }));
    let casesRun = 0;
    for (let attempt = 0; attempt < 4 && remaining.length > 0; attempt++) {
      const pass = await runCases(build.adapter, dir, `reference mutant ${mutant.id}`, remaining, context);
      casesRun += pass.casesRun;
      if (pass.kind === 'killed') return record(plan, 'killed', casesRun, elapsed(), { killedBy: [pass.result.case] });
      // The agent could not load the mutant at all (it throws or loops while loading): every case would notice.
      if (pass.kind === 'unloadable') return record(plan, 'killed', casesRun, elapsed(), { killedBy: [], note: `the mutant failed to load: ${firstLine(errorText(pass.error), 300)}` });
      if (pass.kind === 'interrupted') return record(plan, 'error', casesRun, elapsed(), { note: 'interrupted before every covering case ran' });
      if (pass.kind === 'survived') return record(plan, 'survived', casesRun, elapsed());
      const index = remaining.findIndex((meta) => meta.id === pass.result.case);
      const meta = remaining[index];
      if (!meta || (await timeoutIsReal(meta, context))) {
        return record(plan, 'timeout', casesRun, elapsed(), { killedBy: [pass.result.case], note: firstLine(pass.result.message ?? 'timed out', 300) });
      }
      // Not the mutant's doing: go on from that case, under its raised limit.
      remaining = remaining.slice(index).map((item) => ({ ...item, timeoutMs: context.limits.raised.get(item.id) ?? item.timeoutMs }));
    }
    return record(plan, 'survived', casesRun, elapsed(), { note: 'some covering cases kept timing out against the unmutated reference too' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The unmutated reference, bundled exactly as the mutants are, run in an agent against the selected cases: a case
 * that does not pass here cannot kill anything, and its duration sets the limit a mutant's run of it gets.
 */
async function dryRun(
  sources: ReferenceSources,
  cases: readonly CaseMeta[],
  map: CoverageMap,
  options: MutationOptions & { workDir: string; fixtures: RunFixtures; cache?: string },
  emit: (message: string) => void,
): Promise<DryRun> {
  const key = map.key;
  const file = options.cache ? join(options.cache, `dry-run-${key}.json`) : undefined;
  const results: Record<string, { status: string; durationMs: number }> = {};
  if (file) {
    try {
      const cached = JSON.parse(await readFile(file, 'utf8')) as DryRun;
      if (cached.key === key) Object.assign(results, cached.results);
    } catch {
      // not cached yet
    }
  }
  const missing = cases.filter((meta) => results[meta.id] === undefined);
  if (missing.length === 0) {
    emit(`dry run: ${cases.length} case(s), from the cache`);
    return { key, results };
  }
  const started = performance.now();
  const dir = join(options.workDir, 'dry-run');
  const build = await buildCandidate(sources, dir, { name: 'reference (dry run)' });
  const runner = createAgentRunner({
    candidate: { id: 'reference', name: 'reference (dry run)', kind: 'reference' },
    host: processHosts(MUTANT_LAUNCH),
    load: { kind: 'adapter', spec: build.adapter, cwd: dir },
    fixtures: options.fixtures,
  });
  try {
    for await (const result of runner.run(missing, { seed: options.seed, timeoutMs: options.timeoutMs, jobs: options.jobs, ...(options.signal ? { signal: options.signal } : {}) })) {
      results[result.case] = { status: result.status, durationMs: result.durationMs };
    }
  } finally {
    await runner.close();
  }
  const dry: DryRun = { key, results };
  emit(`dry run: ${missing.length} case(s) against the unmutated reference in ${((performance.now() - started) / 1000).toFixed(1)} s${missing.length < cases.length ? ` (${cases.length - missing.length} from the cache)` : ''}`);
  if (file && !options.signal?.aborted) await writeFileAtomically(file, JSON.stringify(dry));
  return dry;
}
