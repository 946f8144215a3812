// What each case took the last time it ran, per candidate, kept in the cache folder so that a run starts its longest
// cases first (as Jest orders test files by their last durations): the short ones then fill the gaps at the end,
// instead of a five-second case starting last and the run waiting for it alone. Only the order of cases depends on
// it, never a result; a missing, unreadable or foreign file is an empty history.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseMeta } from '../conformance/case.js';
import { writeFileAtomically } from '../io/atomic-write.js';
import type { CandidateRun } from '../results/results-file.js';
import { cacheDir } from './runtimes/cache-dir.js';

/** Per candidate id, per case id, the case's last duration in ms. */
export type CaseDurations = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The file's shape; `version` changes when it does (an older file is then no history). */
interface DurationsFile {
  readonly version: 1;
  readonly candidates: Record<string, Record<string, number>>;
}

const VERSION = 1;

/** Where the history is kept: `<cache>/case-durations.json`. */
export function caseDurationsFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheDir(env), 'case-durations.json');
}

function parse(text: string): Map<string, Map<string, number>> {
  const history = new Map<string, Map<string, number>>();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return history;
  }
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== VERSION) return history;
  const candidates = (data as { candidates?: unknown }).candidates;
  if (typeof candidates !== 'object' || candidates === null) return history;
  for (const [candidate, cases] of Object.entries(candidates)) {
    if (typeof cases !== 'object' || cases === null) continue;
    const durations = new Map<string, number>();
    for (const [id, ms] of Object.entries(cases as Record<string, unknown>)) {
      if (typeof ms === 'number' && Number.isFinite(ms) && ms >= 0) durations.set(id, ms);
    }
    history.set(candidate, durations);
  }
  return history;
}

/**
 * @returns the durations recorded by earlier runs (empty when there are none, or the file cannot be read)
 * @example
 * const history = await readCaseDurations(); // history.get('reference')?.get('https.global-agent.socket-timeout-5000') → 5012
 */
export async function readCaseDurations(file = caseDurationsFile()): Promise<CaseDurations> {
  try {
    return parse(await readFile(file, 'utf8'));
  } catch {
    return new Map();
  }
}

/**
 * Records what each case of `runs` took, over what the file held (other candidates, and cases not run this time, are
 * kept). Results that took no time (skips, cases ended early, interrupted runs' absent cases) record nothing. Best
 * effort: a cache that cannot be written costs the next run its order, not this run its results.
 */
export async function recordCaseDurations(runs: readonly CandidateRun[], file = caseDurationsFile()): Promise<void> {
  try {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch {
      // No history yet.
    }
    const history = parse(text);
    for (const run of runs) {
      const durations = history.get(run.candidate.id) ?? new Map<string, number>();
      for (const result of run.results) {
        if (result.durationMs > 0) durations.set(result.case, Math.round(result.durationMs));
      }
      history.set(run.candidate.id, durations);
    }
    const data: DurationsFile = {
      version: VERSION,
      candidates: Object.fromEntries([...history].map(([candidate, durations]) => [candidate, Object.fromEntries(durations)])),
    };
    await writeFileAtomically(file, `${JSON.stringify(data)}\n`);
  } catch {
    // Best effort, as said.
  }
}

/**
 * The cases in the order to start them for `candidate`: longest first by its recorded durations; a case it has no
 * duration for ranks by the time limit it declares (a case that sets a longer limit than the run's expects to take
 * long), else keeps its place after the known ones. The sort is stable, so without any history the order is the
 * selection's.
 * @example
 * longestFirst(cases, 'host', await readCaseDurations(), 10_000);
 */
export function longestFirst(cases: readonly CaseMeta[], candidate: string, history: CaseDurations, timeoutMs: number): CaseMeta[] {
  const durations = history.get(candidate);
  const rank = (meta: CaseMeta): number => {
    const known = durations?.get(meta.id);
    if (known !== undefined) return known;
    return meta.timeoutMs !== undefined && meta.timeoutMs > timeoutMs ? meta.timeoutMs : 0;
  };
  return cases
    .map((meta, index) => ({ meta, index, rank: rank(meta) }))
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .map(({ meta }) => meta);
}
