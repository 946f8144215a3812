// `rtconf mutate`, the engine: select the reference's mutants (select-mutants.ts), map code to cases (coverage-map.ts),
// check that the cases pass against the unmutated reference in an agent (dry-run.ts), plan each mutant's cases
// (mutant-plan.ts), then run each mutant out of process (run-mutant.ts), `jobs` mutants at a time, and judge it against
// the markers and lists (judge-mutant.ts). The outcome is a MutationFile (mutation.json).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectCases } from '../conformance/registry.js';
import { rules as catalogue } from '../spec/index.js';
import { MODULES, type ModuleName } from '../spec/rule.js';
import { AgentStock } from '../runners/agent/agent-stock.js';
import { createRunFixtures } from '../runners/fixtures/run-fixtures.js';
import { cacheDir } from '../runners/runtimes/cache-dir.js';
import { toolInfo } from '../io/tool-info.js';
import { MUTATION_SCHEMA_VERSION, moduleScores, ruleScores, scoreOf, type CaseRecord, type MutantRecord, type MutationFile } from '../results/mutation-file.js';
import { buildCandidate } from './build-candidate.js';
import { caseHashes } from './case-hashes.js';
import { cachedCoverageMap, coverageMap, planCoverage, type CoverageOptions } from './coverage-map.js';
import { dryRun } from './dry-run.js';
import type { EquivalentMutants } from './equivalent-mutants.js';
import type { Mutant } from './generate-mutants.js';
import { judgeMarked, judgeUnobservable, unobservableNote } from './judge-mutant.js';
import { KillOrder } from './kill-order.js';
import { labelClaims, type LabelClaim } from './label-arguments.js';
import { mutantFingerprints } from './mutant-fingerprint.js';
import { mutantRecord, reusedRecord, withOutcome } from './mutant-record.js';
import { planCost, planMutant, planOfOneGoodCase, type MutantPlan } from './mutant-plan.js';
import { usablePrevious } from './previous-run.js';
import { OPERATORS, type OperatorName } from './operators.js';
import { readReferenceSources } from './reference-sources.js';
import { reusableOutcome } from './reuse-verdict.js';
import { runMutant, type RunContext } from './run-mutant.js';
import { shuffle } from './seeded-random.js';
import { selectMutants } from './select-mutants.js';
import { readSourceSnapshot } from './source-snapshot.js';
import { unobservableOn, type UnobservableMutants } from './unobservable-mutants.js';

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
   * observe are reported `unobservable` without running (unless `auditUnobservable`).
   */
  readonly unobservable?: UnobservableMutants;
  /**
   * Run the listed unobservable mutants too (default: they are not run). One that a case kills is then reported killed,
   * with a note that its entry claims too much; one that survives stays `unobservable`. Unrun, a listed mutant is out
   * of the score as it would be surviving; only this audit can tell an entry that has gone stale (a case now notices).
   */
  readonly auditUnobservable?: boolean;
  /** The platform the run judges for (default: process.platform; the cases run here). */
  readonly platform?: string;
  /**
   * Run the mutants in code marked beyond the spec too (default: they are not run). One that a case kills is then
   * reported killed, with a note that its marker claims too much; one that survives stays `beyond-spec`. The mutants the
   * label argument spares (mutation/label-arguments.ts) then run in full too.
   */
  readonly auditBeyondSpec?: boolean;
  /** Where the coverage map and dry run are cached (default: `$RTCONF_CACHE/mutation`); null: no cache. */
  readonly cacheDir?: string | null;
  /**
   * The previous mutation.json (`--incremental`): the verdict of every mutant whose fingerprint is unchanged since is
   * reused, and only the cases that can have run differently are measured again. One of another seed, or without
   * fingerprints (schema version 3 and older), is said so in one line, and the run is a full one.
   */
  readonly previous?: MutationFile;
  /**
   * The mutants of an earlier run (the mutation.json already in the output folder, of any seed or selection): the
   * cases that killed mutants of the same function and file run first (mutation/kill-order.ts). Default: `previous`'s.
   */
  readonly killEvidence?: readonly MutantRecord[];
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: MutationEvent) => void;
}

export type MutationEvent =
  | { readonly kind: 'phase'; readonly message: string }
  | { readonly kind: 'mutant'; readonly record: MutantRecord; readonly done: number; readonly total: number };

export async function runMutation(options: MutationOptions): Promise<MutationFile> {
  const startedAt = new Date();
  const started = performance.now();
  const emit = (message: string): void => options.onEvent?.({ kind: 'phase', message });
  const modules = options.modules && options.modules.length > 0 ? options.modules : MODULES;
  const sources = readReferenceSources(options.root, modules);
  const cases = selectCases({ modules, ruleGlobs: options.ruleGlobs ?? [] });
  const operators = options.operators ?? new Set(OPERATORS);
  const unobservable = unobservableOn(options.unobservable ?? new Map(), options.platform ?? process.platform);

  const clock = { at: performance.now() };
  const lap = (): number => {
    const now = performance.now();
    const ms = now - clock.at;
    clock.at = now;
    return Math.round(ms);
  };
  const phases = { selectMs: 0, coverageMs: 0, dryRunMs: 0, mutantsMs: 0 };
  const { mutants, generated, all, texts, warnings } = await selectMutants(sources, {
    operators,
    seed: options.seed,
    ...(options.since !== undefined ? { since: options.since } : {}),
    ...(options.fileGlobs ? { fileGlobs: options.fileGlobs } : {}),
    ...(options.max !== undefined ? { max: options.max } : {}),
  });
  for (const warning of warnings) emit(`warning: ${warning}`);
  emit(`${generated} mutant(s) generated in ${sources.files.size} file(s); ${mutants.length} selected${options.since ? ` (lines changed since ${options.since})` : ''}`);
  phases.selectMs = lap();

  const hashes = caseHashes(options.root, cases);
  const previous = options.previous ? usablePrevious(options.previous, options.seed) : undefined;
  if (previous && 'reason' in previous) emit(`--incremental: ${previous.reason}; running every mutant`);
  const base = previous && 'file' in previous ? previous.file : undefined;

  const workDir = await mkdtemp(join(tmpdir(), 'rtconf-mutate-'));
  const fixtures = createRunFixtures();
  // Idle agents beyond the jobs' own: a long plan's cases are shared by up to four agents at once, which then go back.
  const stock = new AgentStock({ maxIdle: options.jobs * 2 });
  try {
    const cache = options.cacheDir === null ? undefined : (options.cacheDir ?? join(cacheDir(), 'mutation'));
    const earlierMap = base?.coverageKey && cache ? await cachedCoverageMap(cache, base.coverageKey) : undefined;
    const earlierTexts = base && cache ? await readSourceSnapshot(cache, base.sourcesHash) : undefined;
    if (base && !(earlierMap && earlierTexts)) {
      emit(`--incremental: ${cache ? 'the cache no longer holds the previous case ↔ code map' : 'without a cache (--no-cache) the previous case ↔ code map is not read'}; measuring it anew (verdicts are still reused)`);
    }
    const earlier =
      base && earlierMap && earlierTexts
        ? { map: earlierMap, texts: earlierTexts, caseHashes: new Map((base.cases ?? []).map((item) => [item.id, item.hash])), now: { texts, caseHashes: hashes } }
        : undefined;
    // What the label argument says of the marked checks' mutants (none when auditing: then they all run in full).
    const labels: ReadonlyMap<string, LabelClaim> = options.auditBeyondSpec ? new Map() : labelClaims(texts, mutants);
    // Equivalent mutants never run, nor (unaudited) marked or listed ones: a selection of nothing else needs no map.
    const runs = (mutant: Mutant): boolean =>
      !options.equivalents.has(mutant.id) &&
      (options.auditBeyondSpec === true || mutant.beyondSpec === undefined || (mutant.beyondSpec.check === true && labels.get(mutant.id)?.kind !== 'text')) &&
      (options.auditUnobservable === true || !unobservable.has(mutant.id));
    const needsCases = cases.length > 0 && mutants.some(runs);
    const dryOptions = { seed: options.seed, timeoutMs: options.timeoutMs, jobs: options.jobs, workDir, fixtures, ...(cache ? { cache } : {}), ...(options.signal ? { signal: options.signal } : {}) };
    const coverageOptions: CoverageOptions = {
      seed: options.seed,
      timeoutMs: options.timeoutMs,
      workDir,
      ...(cache ? { cacheDir: cache } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(earlier ? { earlier } : {}),
    };
    // Known before the map is measured: whether it is cached, and in an incremental run the cases measured again.
    const plan = needsCases ? await planCoverage(sources, cases, coverageOptions) : undefined;
    // The dry run runs beside the coverage run (both mostly wait) over the cases known before the map to need it: in
    // a whole run nearly every case does, so all of them run there, instead of after the map over those some mutant
    // needs; in an incremental run, the cases measured again, whose earlier outcomes no longer hold. After the map,
    // only the cases some mutant needs whose outcome is still unknown run.
    const besideAll = plan !== undefined && !earlier && mutants.length === generated;
    const remeasure = plan?.remeasure;
    const besideCases = besideAll ? cases : remeasure ? cases.filter((meta) => remeasure.has(meta.id)) : [];
    const stopEarly = new AbortController();
    options.signal?.addEventListener('abort', () => stopEarly.abort(), { once: true });
    const besideOptions = { ...dryOptions, signal: stopEarly.signal };
    const early =
      plan && besideCases.length > 0 ? dryRun(sources, besideCases, plan.key, besideOptions, emit) : undefined;
    // Its failure is taken up where it is awaited, after the map; until then it must not end the process as unhandled.
    void early?.catch(() => undefined);
    let map;
    try {
      map = plan ? await coverageMap(sources, cases, coverageOptions, plan) : undefined;
    } catch (error) {
      // No map, no mutant run: the dry run beside it stops, and is waited for, so none of its agents outlives this.
      stopEarly.abort();
      await early?.catch(() => undefined);
      throw error;
    }
    phases.coverageMs = lap();
    const measured = !map || map.cached ? 0 : (map.remeasured?.size ?? cases.length);
    if (map) emit(map.cached ? 'case ↔ code map: from the cache' : `case ↔ code map: ${measured} case(s) measured in ${(map.durationMs / 1000).toFixed(1)} s${map.remeasured ? ` (of ${cases.length}; the others cannot have run differently since the previous run)` : ''}`);
    // Outcomes of the previous dry run that still hold: cases that were not measured again ran the same code.
    const known: Record<string, { status: string; durationMs: number }> = {};
    if (base && map?.remeasured) {
      for (const item of base.cases ?? []) if (!map.remeasured.has(item.id) && hashes.get(item.id) === item.hash) known[item.id] = { status: item.status, durationMs: item.durationMs };
    }
    // The dry run needs only the cases some selected mutant will run (all of them in a full run).
    const covering = new Set(mutants.flatMap((mutant) => planMutant(mutant, sources, map, cases, undefined, texts, options.timeoutMs).cases.map((meta) => meta.id)));
    const wanted = cases.filter((meta) => covering.has(meta.id));
    const beside = early ? await early : undefined;
    const afterOptions = { ...dryOptions, known: { ...known, ...beside?.results } };
    const dry = besideAll ? beside : map ? await dryRun(sources, wanted, map.key, afterOptions, emit) : undefined;
    phases.dryRunMs = lap();
    const usable = new Map<string, number>();
    const unusableCases: { case: string; status: string }[] = [];
    const caseRecords: CaseRecord[] = [];
    for (const meta of wanted) {
      const outcome = dry?.results[meta.id];
      if (outcome) caseRecords.push({ id: meta.id, hash: hashes.get(meta.id) ?? '', status: outcome.status, durationMs: Math.round(outcome.durationMs) });
      if (outcome && outcome.status === 'pass') usable.set(meta.id, outcome.durationMs);
      else if (outcome && outcome.status !== 'na' && outcome.status !== 'skip') unusableCases.push({ case: meta.id, status: outcome.status });
    }
    const before = new Map((base?.mutants ?? []).map((record) => [record.id, record]));
    let reused = 0;
    let rerun = 0;

    const plans = mutants.map((mutant) => planMutant(mutant, sources, map, cases, usable, texts, options.timeoutMs));
    // A swap that moved a constant into a checked position runs against one case that passed a good value there.
    const oneCase = new Map<number, MutantPlan>();
    plans.forEach((plan, index) => {
      const label = labels.get(plan.mutant.id);
      const one = map && label?.kind === 'constant' && label.next ? planOfOneGoodCase(plan, label.next, map, texts) : undefined;
      if (one) oneCase.set(index, one);
    });
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
      stock,
      // At most twice as many agents running cases as jobs, however many long tails run at once.
      spareAgents: { available: options.jobs },
      times: { build: 0, start: 0, cases: 0, stop: 0, timeoutChecks: 0, agents: 0 },
      unmutated: () => {
        const dir = join(workDir, 'unmutated');
        unmutated ??= buildCandidate(sources, dir, { name: 'reference (timeout check)' }).then((build) => ({ adapter: build.adapter, dir }));
        return unmutated;
      },
    };
    // Longest first (by what running all their cases costs, the most a mutant can take), so that no long survivor is
    // left to run alone at the end; mutants of one cost in a seeded random order.
    const queue = plans.map((plan, index) => ({ plan, index, cost: planCost(oneCase.get(index) ?? plan) }));
    shuffle(queue, options.seed);
    queue.sort((a, b) => b.cost - a.cost);
    // The likely killers first: the cases that killed mutants of the same function, then of the same file.
    const order = new KillOrder(options.killEvidence ?? base?.mutants, all);
    const runOne = async (): Promise<void> => {
      for (let next = queue.shift(); next && !options.signal?.aborted; next = queue.shift()) {
        const { plan, index } = next;
        const equivalent = options.equivalents.get(plan.mutant.id);
        const marker = plan.mutant.beyondSpec;
        const elsewhere = unobservable.get(plan.mutant.id);
        const label = labels.get(plan.mutant.id);
        if (equivalent) finish(index, mutantRecord(plan, 'equivalent', 0, 0, { note: equivalent.reason }));
        else if (marker && ((!options.auditBeyondSpec && !marker.check) || plan.cases.length === 0)) finish(index, mutantRecord(plan, 'beyond-spec', 0, 0, { note: marker.reason }));
        else if (marker && label?.kind === 'text') finish(index, mutantRecord(plan, 'beyond-spec', 0, 0, { note: labelNote(label, marker.reason) }));
        // Not run: out of the score as a survivor would be; marked code stays beyond the spec, as it would surviving.
        else if (elsewhere && !options.auditUnobservable) {
          finish(index, marker ? mutantRecord(plan, 'beyond-spec', 0, 0, { note: marker.reason }) : mutantRecord(plan, 'unobservable', 0, 0, { note: unobservableNote(elsewhere) }));
        } else if (plan.cases.length === 0) finish(index, elsewhere ? mutantRecord(plan, 'unobservable', 0, 0, { note: unobservableNote(elsewhere) }) : mutantRecord(plan, 'no-coverage', 0, 0));
        else {
          const fingerprints = mutantFingerprints(plan, texts.get(plan.mutant.file) ?? '', hashes, options.seed);
          const earlierRecord = before.get(plan.mutant.id);
          let outcome: MutantRecord;
          let one: MutantPlan | undefined;
          const earlierOutcome = reusableOutcome(earlierRecord, fingerprints);
          if (earlierRecord && earlierOutcome) {
            reused++;
            outcome = reusedRecord(plan, { ...earlierRecord, outcome: earlierOutcome }, fingerprints);
          } else {
            rerun++;
            one = oneCase.get(index);
            outcome = withOutcome(await runMutant(one ?? order.order(plan), sources, texts, context), fingerprints);
            const killedBy = outcome.status === 'killed' ? outcome.killedBy?.[0] : undefined;
            if (killedBy) order.learn(plan.mutant, killedBy);
          }
          const judged = judgeUnobservable(judgeMarked(outcome, marker), elsewhere);
          finish(index, one && label?.kind === 'constant' && judged.status === 'beyond-spec' && marker ? { ...judged, note: constantNote(label, one.cases[0]?.id ?? '', marker.reason) } : judged);
        }
      }
    };
    emit(`running ${plans.length} mutant(s), ${options.jobs} at a time`);
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, plans.length)) }, runOne));
    phases.mutantsMs = lap();

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
      cases: caseRecords,
      ...(map ? { coverageKey: map.key } : {}),
      ...(base ? { incremental: { previous: base.startedAt, reused, rerun, casesRemeasured: measured } } : {}),
      phases: {
        ...phases,
        buildMs: Math.round(context.times.build),
        agentStartMs: Math.round(context.times.start),
        casesMs: Math.round(context.times.cases),
        agentStopMs: Math.round(context.times.stop + stock.counts.stopMs),
        timeoutChecksMs: Math.round(context.times.timeoutChecks),
        agents: context.times.agents + stock.counts.started,
        agentLoads: stock.counts.reused,
        agentsUnfit: stock.counts.unfit,
        mutantsRun: rerun,
      },
      total: scoreOf(finished),
      modules: moduleScores(finished, modules),
      rules: ruleScores(finished, ruleModules),
      mutants: finished,
    };
  } finally {
    await stock.close();
    await fixtures.close();
    await rm(workDir, { recursive: true, force: true });
  }
}


/** Why a label mutant was not run. */
function labelNote(label: LabelClaim & { kind: 'text' }, reason: string): string {
  const names = label.parameters.map((name) => `"${name}"`).join(' and ');
  return `not run: it changes only what is passed as ${names} of ${label.callee}, which only labels the error it throws (mutation/label-arguments.ts), so only the text of a refusal: ${reason}`;
}

/** Why a swap that moved a constant into a checked position is beyond the spec after one case. */
function constantNote(label: LabelClaim & { kind: 'constant' }, caseId: string, reason: string): string {
  return (
    `run against one case, ${caseId}, which passed a good value through this call: checking the constant ${label.constant} as "${label.parameter}" of ${label.callee} refused nothing there, ` +
    `so it refuses no call, and the mutant only stops refusing what the reference refused (mutation/label-arguments.ts): ${reason}`
  );
}
