// mutation.json, schema version 4 (MUTATION_SCHEMA_VERSION; read-mutation.ts upgrades 1 to 3): what `rtconf mutate` found out about the suite's strength. Per mutant of the
// reference: where it is, what it changed (a unified diff), whether a case noticed (killed), and which; plus the
// scores per module and per rule computed from those records. `results/mutation.schema.json` describes the same shape.
// Browser-safe (no node: imports): the report page reads these types.
import type { ModuleName } from '../spec/rule.js';

/**
 * 2 added the `beyond-spec` status and its score fields; 3 added the `unobservable` status and its `unobservable` count,
 * and renamed `scoreWithBeyondSpec` to `scoreOfAll` (which counts unobservable mutants as not killed too); 4 added what
 * `--incremental` decides by (each run mutant's `fingerprint` and `outcome`, the `cases` the run used with their code
 * hashes and dry-run outcomes, the `coverageKey`), what it did (`reused` mutants, `incremental`) and where the time
 * went (`phases`). Files of versions 1 to 3 are read by upgrading (results/read-mutation.ts); they hold no
 * fingerprints, so `--incremental` runs fully after one.
 */
export const MUTATION_SCHEMA_VERSION = 4;

const MUTANT_STATUSES = ['killed', 'timeout', 'survived', 'no-coverage', 'equivalent', 'beyond-spec', 'unobservable', 'error'] as const;
/**
 * - `killed`: a case that passes against the reference failed (or errored, or crashed) against the mutant.
 * - `timeout`: a case hung against the mutant and was stopped: the suite noticed, so it counts as killed.
 * - `survived`: every case covering the mutated code still passed: the suite cannot tell the mutant from the reference.
 * - `no-coverage`: no case executes the mutated code at all.
 * - `equivalent`: listed with a written reason in `mutation/equivalent-mutants.json`: it cannot be told apart, by design.
 * - `beyond-spec`: in code marked `// beyond-spec: key` (behaviour the spec does not state, which no case may
 *   encode): not run, or run (with `--audit-beyond-spec`, or as the guard of a marked refusal, or against one case for
 *   a constant swapped into a checked position: mutation/label-arguments.ts) and not killed. Left out of `score`,
 *   counted as not killed in `scoreOfAll`.
 * - `unobservable`: not observable on this platform: a change to code that runs only on another platform (Windows,
 *   Android), listed with the platforms that can observe it in `mutation/unobservable-mutants.json`: not run here (run
 *   with `--audit-unobservable`, and not killed). It is not equivalent (a run on one of those platforms judges it). Left out of `score`, counted as not killed
 *   in `scoreOfAll`.
 * - `error`: the mutant could not be built or started (a bug in an operator, not a finding): left out of every score.
 */
export type MutantStatus = (typeof MUTANT_STATUSES)[number];

export interface MutantRecord {
  /** Stable id (see mutation/generate-mutants.ts); the key of `mutation/equivalent-mutants.json`. */
  readonly id: string;
  /** Relative to the package root, `/`-separated. */
  readonly file: string;
  /** The modules whose public file reaches `file`. */
  readonly modules: readonly ModuleName[];
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly operator: string;
  /** A unified diff of the changed line(s). */
  readonly diff: string;
  readonly status: MutantStatus;
  /** The case(s) that killed it (the first failing one: a mutant stops at its first kill). */
  readonly killedBy?: readonly string[];
  /** How many cases covering the mutated code were run against it. */
  readonly casesRun: number;
  /** The rules cited by the cases that cover the mutated code (the rules whose score the mutant counts in). */
  readonly rules: readonly string[];
  /** For equivalent, beyond-spec and unobservable mutants, the reason given; for errors and timeouts, what happened. */
  readonly note?: string;
  readonly durationMs: number;
  /**
   * For a mutant that was run: what its verdict depends on (mutation/mutant-fingerprint.ts: the mutant, the code of its
   * function, its covering cases and their code, the seed, the Node that ran them). `--incremental` reuses the verdict
   * of a mutant whose fingerprint is unchanged.
   */
  readonly fingerprint?: string;
  /**
   * The same over the mutant's own statement instead of its function: `--incremental` also reuses a verdict no case
   * reached (survived) while this is unchanged (mutation/reuse-verdict.ts). Absent from files written before it
   * was added: their verdicts are reused by `fingerprint` alone.
   */
  readonly statementFingerprint?: string;
  /** For a mutant that was run: the run's own verdict, before the markers and lists judged it (what is reused). */
  readonly outcome?: MutantOutcome;
  /** Its outcome, cases run and duration were reused from the previous mutation.json (`--incremental`), not run now. */
  readonly reused?: true;
}

/** What running a mutant found, before markers and lists judged it: a case noticed (`killedBy`), hung, or none did. */
export interface MutantOutcome {
  readonly status: 'killed' | 'timeout' | 'survived';
  readonly killedBy?: readonly string[];
  readonly note?: string;
}

/** A case the run could use: the hash of its code (mutation/case-hashes.ts) and how it ran against the unmutated reference. */
export interface CaseRecord {
  readonly id: string;
  readonly hash: string;
  /** Its status in the dry run (pass: it can kill mutants). */
  readonly status: string;
  readonly durationMs: number;
}

/** Where a run's time went, in milliseconds: its phases' wall time, and the mutants' work summed over the jobs. */
export interface PhaseTimes {
  /** Generating and selecting the mutants. */
  readonly selectMs: number;
  /** The case ↔ code map (measured, updated or read from the cache). */
  readonly coverageMs: number;
  /** The dry run of the unmutated bundle. */
  readonly dryRunMs: number;
  /** Running the mutants (wall time). */
  readonly mutantsMs: number;
  /** Summed over the mutants run: bundling each (esbuild). */
  readonly buildMs: number;
  /** Summed: starting agents until their first result, less that case's own duration. */
  readonly agentStartMs: number;
  /** Summed: the cases' own durations. */
  readonly casesMs: number;
  /** Summed: stopping and reaping agents. */
  readonly agentStopMs: number;
  /** Summed: re-running timed-out cases against the unmutated reference. */
  readonly timeoutChecksMs: number;
  /** Agents started (fresh processes), for the mutants and the timeout checks. */
  readonly agents: number;
  /** Mutants loaded into an agent an earlier mutant had used (rather than a fresh one); absent before agents were reused. */
  readonly agentLoads?: number;
  /** Reused agents that refused the next mutant (something an earlier one left: a socket, a listener), so a fresh one started. */
  readonly agentsUnfit?: number;
  /** Mutants run (not reused from a previous run, nor decided without running). */
  readonly mutantsRun?: number;
}

export interface Score {
  readonly total: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly equivalent: number;
  readonly beyondSpec: number;
  readonly unobservable: number;
  readonly error: number;
  /**
   * (killed + timeout) / (total − equivalent − beyond-spec − unobservable − error), in percent with one decimal; null
   * when nothing counts.
   */
  readonly score: number | null;
  /** (killed + timeout) / (total − equivalent − error): the score of all mutants, beyond-spec and unobservable ones counted as not killed. */
  readonly scoreOfAll: number | null;
}

export interface ModuleScore extends Score {
  readonly module: ModuleName;
}

export interface RuleScore extends Score {
  readonly rule: string;
  readonly module: ModuleName;
}

export interface MutationFile {
  readonly schemaVersion: typeof MUTATION_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly interrupted?: boolean;
  /** How the run was asked for: modules, rule globs, --since, --max, jobs. */
  readonly selection: {
    readonly modules: readonly ModuleName[];
    readonly rules: readonly string[];
    readonly since?: string;
    /** The --file globs. */
    readonly files?: readonly string[];
    readonly max?: number;
    readonly jobs: number;
  };
  /** sha256 of the reference sources that were mutated. */
  readonly sourcesHash: string;
  /** Mutants generated before --since and --max narrowed them down. */
  readonly generated: number;
  /** Cases that do not pass against the unmutated reference in an agent, so they cannot kill anything. */
  readonly unusableCases: readonly { readonly case: string; readonly status: string }[];
  /** The cases the run could use, with their code hashes and dry-run outcomes (what `--incremental` compares). */
  readonly cases?: readonly CaseRecord[];
  /** The key of the case ↔ code map the run used (cached under `$RTCONF_CACHE/mutation` by that key). */
  readonly coverageKey?: string;
  /** Set by `--incremental`: the run it built on and how much of it was reused. */
  readonly incremental?: {
    /** `startedAt` of the previous mutation.json. */
    readonly previous: string;
    /** Mutants whose verdict was reused, and mutants run anew. */
    readonly reused: number;
    readonly rerun: number;
    /** Cases whose coverage was measured again (changed cases, and cases that ran changed code), of all the run used. */
    readonly casesRemeasured: number;
  };
  readonly phases?: PhaseTimes;
  readonly total: Score;
  readonly modules: readonly ModuleScore[];
  readonly rules: readonly RuleScore[];
  readonly mutants: readonly MutantRecord[];
}

/**
 * The score of a set of mutant records.
 * @example
 * scoreOf([{ status: 'killed' }, { status: 'survived' }]).score; // 50
 */
export function scoreOf(mutants: readonly Pick<MutantRecord, 'status'>[]): Score {
  const count = (status: MutantStatus): number => mutants.filter((mutant) => mutant.status === status).length;
  const killed = count('killed');
  const timeout = count('timeout');
  const equivalent = count('equivalent');
  const beyondSpec = count('beyond-spec');
  const unobservable = count('unobservable');
  const error = count('error');
  const percent = (counted: number): number | null => (counted > 0 ? Math.round((1000 * (killed + timeout)) / counted) / 10 : null);
  return {
    total: mutants.length,
    killed,
    timeout,
    survived: count('survived'),
    noCoverage: count('no-coverage'),
    equivalent,
    beyondSpec,
    unobservable,
    error,
    score: percent(mutants.length - equivalent - beyondSpec - unobservable - error),
    scoreOfAll: percent(mutants.length - equivalent - error),
  };
}

/** Scores per module (a mutant in a file several modules share counts for each). */
export function moduleScores(mutants: readonly MutantRecord[], modules: readonly ModuleName[]): ModuleScore[] {
  return modules.map((module) => ({ module, ...scoreOf(mutants.filter((mutant) => mutant.modules.includes(module))) }));
}

/** Scores per rule: the mutants in code that the rule's cases cover; weakest (lowest score) first. */
export function ruleScores(mutants: readonly MutantRecord[], ruleModules: ReadonlyMap<string, ModuleName>): RuleScore[] {
  const byRule = new Map<string, MutantRecord[]>();
  for (const mutant of mutants) {
    for (const rule of mutant.rules) {
      const list = byRule.get(rule) ?? [];
      list.push(mutant);
      byRule.set(rule, list);
    }
  }
  const scores: RuleScore[] = [];
  for (const [rule, list] of byRule) {
    const module = ruleModules.get(rule) ?? (rule.split('.')[0] as ModuleName);
    scores.push({ rule, module, ...scoreOf(list) });
  }
  return scores.sort((a, b) => (a.score ?? 101) - (b.score ?? 101) || b.survived - a.survived || (a.rule < b.rule ? -1 : 1));
}
