// The certification corpus: real third-party implementations of the interface, and synthetic stubs, each run through
// the suite as `rtconf run --candidate <adapter> --module … --seed …` runs it, with the verdicts we audited by hand
// committed beside them (verdicts/<name>.json). corpus.test.ts fails when a verdict changes; write-verdicts.ts
// drafts the files after a deliberate change, keeping the audited `why` of every verdict that did not change.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIMEOUT_MS } from '../../runners/runner.js';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { rules as catalogue } from '../../spec/index.js';
import { selectCases } from '../../conformance/registry.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { runSuite } from '../../runners/run-suite.js';
import type { Runner } from '../../runners/runner.js';
import { createJobPool, defaultJobs } from '../../runners/job-pool.js';
import type { CandidateInfo, CandidateRun, CaseResult, ResultsFile } from '../../results/results-file.js';
import type { Status } from '../../results/status.js';

/** One member of the corpus: its adapter in candidates/, and the modules it is certified for. */
export interface CorpusMember {
  /** The adapter's file name in candidates/ without `.mjs`, which also names its verdict file. */
  readonly name: string;
  /** The modules selected for it (`--module`): those it implements, or for unenv 1 those its mocks can answer. */
  readonly modules: readonly ModuleName[];
  /** A real npm package, or a synthetic stub. */
  readonly kind: 'package' | 'stub';
}

/** One committed verdict: the status of a case, and for anything but a pass why it is right (audited by hand). */
export interface Verdict {
  readonly status: Status;
  readonly why?: string;
}

/** A verdict file: the candidate, how it was run, and the verdict of every case run. */
export interface VerdictFile {
  readonly candidate: string;
  readonly version?: string;
  readonly seed: number;
  readonly modules: readonly ModuleName[];
  readonly verdicts: Readonly<Record<string, Verdict>>;
}

/** What a draft verdict's `why` starts with until someone has audited it by hand (write-verdicts.ts writes it). */
export const UNAUDITED = 'UNAUDITED: ';

/** The run seed of the corpus: property cases draw the same inputs every time, so a verdict can only change with the code. */
export const CORPUS_SEED = 20261123;

const ALL: readonly ModuleName[] = MODULES;

export const CORPUS: readonly CorpusMember[] = [
  { name: 'querystring-0.2.1', modules: ['querystring'], kind: 'package' },
  { name: 'querystring-es3', modules: ['querystring'], kind: 'package' },
  { name: 'bare-querystring', modules: ['querystring'], kind: 'package' },
  { name: 'fast-querystring', modules: ['querystring'], kind: 'package' },
  { name: 'frida-querystring', modules: ['querystring'], kind: 'package' },
  { name: 'frida-https', modules: ['https'], kind: 'package' },
  { name: 'https-browserify', modules: ['https'], kind: 'package' },
  { name: 'cross-spawn', modules: ['child_process'], kind: 'package' },
  { name: 'jspm-core', modules: ALL, kind: 'package' },
  { name: 'node-stdlib-browser', modules: ['querystring', 'https'], kind: 'package' },
  // unenv 1 maps all three modules to its mock proxy. Its child_process and https mocks never emit an event, so
  // their cases could only time out (27 × 10 s): it is certified for querystring, where its mock answers at once.
  { name: 'unenv-1', modules: ['querystring'], kind: 'package' },
  { name: 'unenv-2', modules: ALL, kind: 'package' },
  { name: 'stub-missing', modules: ALL, kind: 'stub' },
  { name: 'stub-not-implemented', modules: ALL, kind: 'stub' },
  { name: 'stub-http-as-https', modules: ['https'], kind: 'stub' },
];

const HERE = new URL('./', import.meta.url);

/** The path of a member's adapter, as given to `--candidate`. */
export function adapterPath(member: CorpusMember): string {
  return fileURLToPath(new URL(`candidates/${member.name}.mjs`, HERE));
}

export function verdictPath(member: CorpusMember): string {
  return fileURLToPath(new URL(`verdicts/${member.name}.json`, HERE));
}

/** A verdict file as committed: the head as usual, then one line per case, so a changed verdict is a one-line diff. */
export function formatVerdictFile(file: VerdictFile): string {
  const { verdicts, ...head } = file;
  const lines = Object.entries(verdicts).map(([id, verdict]) => `    ${JSON.stringify(id)}: ${JSON.stringify(verdict)}`);
  const top = JSON.stringify(head, null, 2).slice(0, -2);
  return `${top},\n  "verdicts": {\n${lines.join(',\n')}\n  }\n}\n`;
}

export async function readVerdicts(member: CorpusMember): Promise<VerdictFile> {
  return JSON.parse(await readFile(verdictPath(member), 'utf8')) as VerdictFile;
}

/**
 * What a corpus run runs: a member's adapter, or (for the seed sweep) `reference` or `host`, each with the modules it
 * is certified for. `name` identifies it in what the run gives back.
 */
export interface RunTarget {
  readonly name: string;
  /** What `--candidate` is given. */
  readonly spec: string;
  readonly modules: readonly ModuleName[];
}

/** A member as a run target: its adapter, for its modules. */
export function targetOf(member: CorpusMember): RunTarget {
  return { name: member.name, spec: adapterPath(member), modules: member.modules };
}

/** How a corpus run runs its targets. */
export interface CorpusRunOptions {
  /**
   * The run seeds: one repetition per seed, joined as `rtconf run --repeat` joins them (a case whose repetitions end
   * differently is `flaky`, with the status and seed of each in `outcomes`). Default: the corpus seed alone.
   */
  readonly seeds?: readonly number[];
  /** Keep only the cases whose id matches one of these globs (`--case`); default: every case of the target's modules. */
  readonly caseGlobs?: readonly string[];
  /** Job slots shared by every target (`--jobs`); default: rtconf run's, twice the CPU count. */
  readonly jobs?: number;
  /** Per-case time limit (`--timeout`); default: the CLI's. */
  readonly timeoutMs?: number;
  /** Called as each case of each repetition ends (progress output). */
  readonly onResult?: (candidate: CandidateInfo, result: CaseResult) => void;
  /** Called when a candidate has given all its results, every repetition joined. */
  readonly onCandidateEnd?: (candidate: CandidateInfo, results: readonly CaseResult[]) => void;
}

/** Targets grouped by their module selection: each group is one `runSuite`, as one `rtconf run --module …` would be. */
function bySelection(targets: readonly RunTarget[]): RunTarget[][] {
  const groups = new Map<string, RunTarget[]>();
  for (const target of targets) {
    const key = [...target.modules].sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), target]);
  }
  return [...groups.values()];
}

/** What a corpus run gives for one member. */
export interface MemberRun {
  readonly member: CorpusMember;
  readonly run: CandidateRun;
}

/** What a corpus run gives for one target. */
export interface TargetRun {
  readonly target: RunTarget;
  readonly run: CandidateRun;
}

/**
 * Runs the targets through the suite's own machinery (resolveCandidate, selectCases, runSuite, and for several seeds
 * the joining of `--repeat`) with the CLI's default time limit: one runSuite per module selection, as one `rtconf run
 * --module …` would be, all at once on one shared job pool (twice the CPU count, as `--jobs` defaults to).
 */
export async function runTargets(targets: readonly RunTarget[], options: CorpusRunOptions = {}): Promise<TargetRun[]> {
  const seeds = options.seeds ?? [CORPUS_SEED];
  const resolved: { target: RunTarget; runner: Runner }[] = [];
  try {
    for (const target of targets) resolved.push({ target, runner: await resolveCandidate(target.spec) });
  } catch (error) {
    await Promise.all(resolved.map(({ runner }) => runner.close()));
    throw error;
  }
  const pool = createJobPool(options.jobs ?? defaultJobs());
  const groups = bySelection(targets).map(async (group) => {
    const modules = group[0]!.modules;
    const cases = selectCases({ modules: [...modules], ...(options.caseGlobs ? { caseGlobs: options.caseGlobs } : {}) });
    const rules = catalogue.filter((rule) => modules.includes(rule.module));
    const runners = group.map((target) => resolved.find((entry) => entry.target === target)!.runner);
    const results: ResultsFile = await runSuite(runners, cases, rules, {
      seed: seeds[0] ?? CORPUS_SEED,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      pool,
      ...(seeds.length > 1 ? { repeatSeeds: seeds } : {}),
      ...(options.onResult ? { onResult: options.onResult } : {}),
      ...(options.onCandidateEnd ? { onCandidateEnd: options.onCandidateEnd } : {}),
    });
    return group.map((target, index): TargetRun => ({ target, run: results.runs[index]! }));
  });
  const runs = (await Promise.all(groups)).flat();
  return targets.map((target) => runs.find((run) => run.target === target)!);
}

/** Runs the members as `rtconf run --candidate <adapter> --module … --seed <corpus seed>` would (see runTargets). */
export async function runCorpus(members: readonly CorpusMember[] = CORPUS): Promise<MemberRun[]> {
  const targets = members.map(targetOf);
  const runs = await runTargets(targets);
  return members.map((member, index) => ({ member, run: runs[index]!.run }));
}

/** The verdict a result gives, in the committed form (without `why`). */
export function verdictOf(result: CaseResult): Verdict {
  return { status: result.status };
}
