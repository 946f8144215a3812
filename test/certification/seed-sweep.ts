// The seed sweep: a deterministic candidate's verdicts must not depend on the seed. Every corpus member, the reference
// and the host run over several run seeds, one repetition per seed joined as `rtconf run --repeat` joins them; a case
// whose status differs between seeds is a finding (its generator strays outside its rule, or the case leans on
// timing), and so is a member's case whose status is the same for every seed but not the verdict committed for it.
// `npm run certify:seeds` (test/certification/certify-seeds.mjs) runs it over 20 seeds; seed-sweep-corpus.test.ts over 3
// (`npm run test:sweeps`), seed-sweep.test.ts checks the sweep itself in `npm test`.
import { summarize, type CandidateInfo, type CaseResult, type RepetitionOutcome } from '../../results/results-file.js';
import type { Status } from '../../results/status.js';
import { selectCases } from '../../conformance/registry.js';
import { MODULES } from '../../spec/rule.js';
import { firstLine } from '../../io/message-text.js';
import { CORPUS, CORPUS_SEED, readVerdicts, runTargets, targetOf, type RunTarget, type TargetRun, type VerdictFile } from './corpus.js';

/** What the sweep found wrong with one case of one candidate. */
export interface SeedFinding {
  /** The candidate's name: a corpus member's, `reference` or `host`. */
  readonly candidate: string;
  readonly case: string;
  /** `seeds`: the status differs between seeds; `verdict`: it is the same for every seed, but not the committed one. */
  readonly kind: 'seeds' | 'verdict';
  /** The status and the run seed of each repetition. */
  readonly outcomes: readonly Pick<RepetitionOutcome, 'status' | 'seed'>[];
  /** The committed verdict, for a `verdict` finding. */
  readonly committed?: Status;
  /** The first line of the message of the first repetition that did not pass. */
  readonly message?: string;
}

/** What a sweep did and found. */
export interface SweepReport {
  readonly seeds: readonly number[];
  readonly candidates: readonly string[];
  /** Case runs made: candidates × their cases × seeds. */
  readonly caseRuns: number;
  readonly durationMs: number;
  readonly findings: readonly SeedFinding[];
}

export interface SweepOptions {
  /** The run seeds (at least two for a sweep to compare anything). */
  readonly seeds: readonly number[];
  /** Names of the candidates: corpus members, `reference`, `host`; default: all of them. */
  readonly only?: readonly string[];
  /** The candidates to choose from (default: sweepTargets(), the reference, the host and the corpus). */
  readonly targets?: readonly RunTarget[];
  /** Keep only cases whose id matches one of these globs (`--case`). */
  readonly caseGlobs?: readonly string[];
  readonly jobs?: number;
  readonly timeoutMs?: number;
  /** Called when a candidate has run every case over every seed, with its name, its cases and its findings. */
  readonly onCandidate?: (name: string, cases: number, findings: readonly SeedFinding[]) => void;
}

/**
 * Whether a case draws its inputs from its seed: it runs a fast-check property (`ctx.check`, `ctx.fc`) or samples
 * one (`fc.sample`). The others give the same inputs whatever the seed (some name a variable after it, which changes
 * nothing they check), so over several seeds only timing could tell their runs apart.
 */
export function drawsFromSeed(run: (...args: never[]) => unknown): boolean {
  return /\bctx\.(?:check|fc)\b|\bfc\.sample\(/.test(run.toString());
}

/** The candidates the sweep knows: the reference and the host for every module, then the corpus. */
export function sweepTargets(): RunTarget[] {
  return [{ name: 'reference', spec: 'reference', modules: MODULES }, { name: 'host', spec: 'host', modules: MODULES }, ...CORPUS.map(targetOf)];
}

/**
 * `count` consecutive run seeds starting at `base` (default: the corpus seed, whose verdicts are committed). Each case
 * derives its own seed from the run seed and its id, so consecutive run seeds draw unrelated inputs.
 */
export function seedList(count: number, base = CORPUS_SEED): number[] {
  return Array.from({ length: count }, (_, index) => base + index);
}

/**
 * The findings of one candidate's run: every case whose repetitions ended differently, and, given the committed
 * verdicts of a corpus member, every case whose one status is not the committed one.
 */
export function findingsOf(name: string, run: TargetRun['run'], committed?: VerdictFile): SeedFinding[] {
  const findings: SeedFinding[] = [];
  for (const result of run.results) {
    const outcomes = (result.outcomes ?? [{ status: result.status, seed: Number.NaN }]).map(({ status, seed }) => ({ status, seed }));
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    const message = messageLine(result.outcomes?.find((outcome) => outcome.status !== 'pass')?.message ?? (result.status === 'pass' ? undefined : result.message));
    const base = { candidate: name, case: result.case, outcomes, ...(message ? { message } : {}) };
    if (statuses.size > 1) {
      findings.push({ ...base, kind: 'seeds' });
      continue;
    }
    const verdict = committed?.verdicts[result.case]?.status;
    if (committed && verdict !== result.status) findings.push({ ...base, kind: 'verdict', ...(verdict ? { committed: verdict } : {}) });
  }
  return findings;
}

/**
 * Runs the candidates over the seeds and reports every case whose status depends on the seed (or, for a corpus member,
 * is not its committed verdict).
 * @throws Error naming an unknown candidate in `only`.
 */
export async function sweepSeeds(options: SweepOptions): Promise<SweepReport> {
  const known = options.targets ?? sweepTargets();
  const unknown = (options.only ?? []).filter((name) => !known.some((target) => target.name === name));
  if (unknown.length > 0) throw new Error(`unknown candidate(s): ${unknown.join(', ')} (known: ${known.map((target) => target.name).join(', ')})`);
  const chosen = options.only && options.only.length > 0 ? known.filter((target) => options.only?.includes(target.name)) : known;
  // A candidate none of whose cases is selected (an https-only one for querystring cases) has nothing to sweep.
  const targets = chosen.filter((target) => selectCases({ modules: [...target.modules], ...(options.caseGlobs ? { caseGlobs: options.caseGlobs } : {}) }).length > 0);
  const committed = new Map<string, VerdictFile>();
  for (const member of CORPUS) if (targets.some((target) => target.name === member.name)) committed.set(member.name, await readVerdicts(member));
  const started = performance.now();
  const runs = await runTargets(targets, {
    seeds: options.seeds,
    ...(options.caseGlobs ? { caseGlobs: options.caseGlobs } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.onCandidate
      ? {
          onCandidateEnd: (candidate: CandidateInfo, results: readonly CaseResult[]) => {
            const name = targets.find((target) => target.spec === candidate.path || target.spec === candidate.id)?.name ?? candidate.id;
            options.onCandidate?.(name, results.length, findingsOf(name, { candidate, summary: summarize([...results]), results: [...results] }, committed.get(name)));
          },
        }
      : {}),
  });
  const findings: SeedFinding[] = [];
  let caseRuns = 0;
  for (const { target, run } of runs) {
    findings.push(...findingsOf(target.name, run, committed.get(target.name)));
    caseRuns += run.results.length * options.seeds.length;
  }
  return { seeds: options.seeds, candidates: targets.map((target) => target.name), caseRuns, durationMs: Math.round(performance.now() - started), findings };
}

/** A finding as one line: candidate, case, what is wrong, and the status of each seed. */
export function describeFinding(finding: SeedFinding): string {
  const bySeed = finding.outcomes.map(({ seed, status }) => `${Number.isNaN(seed) ? '?' : seed} ${status}`).join(', ');
  const what = finding.kind === 'seeds' ? 'status differs between seeds' : `committed verdict ${finding.committed ?? 'absent'}, every seed gives ${finding.outcomes[0]?.status ?? '?'}`;
  return `${finding.candidate} ${finding.case}: ${what} (${bySeed})${finding.message ? `; ${finding.message}` : ''}`;
}

/** The message's first line, clipped for a one-line finding; undefined for none. */
function messageLine(text: string | undefined): string | undefined {
  const line = text === undefined ? '' : firstLine(text, 301).trim();
  return line === '' ? undefined : line;
}
