// `rtconf run --repeat N`: the N results of each case become one. Every result records how each repetition ended
// (`outcomes`); a case whose repetitions ended differently is `flaky`, carrying the details (message, expected vs
// actual, counterexample) of its first repetition that did not pass, so it can be replayed with that seed.
import type { CaseResult, RepetitionOutcome } from './results-file.js';
import { isFailing, type Status } from './status.js';

/** One repetition's results, with the run seed it used. */
export interface Repetition {
  readonly seed: number;
  readonly results: readonly CaseResult[];
}

/**
 * Joins the repetitions of a run, case by case, in the order of the first repetition (cases missing from it, as
 * after an interrupt, follow in the order they first appear).
 * @example
 * mergeRepetitions([{ seed: 1, results: [pass] }, { seed: 2, results: [timeout] }])[0].status; // 'flaky'
 */
export function mergeRepetitions(repetitions: readonly Repetition[]): CaseResult[] {
  const byCase = new Map<string, { result: CaseResult; seed: number }[]>();
  for (const { seed, results } of repetitions) {
    for (const result of results) {
      const list = byCase.get(result.case) ?? [];
      list.push({ result, seed });
      byCase.set(result.case, list);
    }
  }
  return [...byCase.values()].map(mergeCase);
}

function mergeCase(runs: readonly { result: CaseResult; seed: number }[]): CaseResult {
  const outcomes: RepetitionOutcome[] = runs.map(({ result, seed }) => ({
    status: result.status,
    seed,
    ...(result.status !== 'pass' && result.message !== undefined ? { message: result.message.slice(0, 500) } : {}),
  }));
  const first = runs[0] as { result: CaseResult; seed: number };
  const statuses = new Set(outcomes.map((outcome) => outcome.status));
  const durationMs = Math.round((runs.reduce((sum, { result }) => sum + result.durationMs, 0) / runs.length) * 1000) / 1000;
  if (statuses.size === 1) return { ...first.result, durationMs, outcomes };
  // The first repetition that did not pass tells what went wrong (and with which seed to replay it: `replaySeed`).
  const told = tellingOutcome(outcomes);
  const telling = (told ? runs[outcomes.indexOf(told)] : undefined) ?? first;
  const { status: _status, message, replay: _replay, ...details } = telling.result;
  return {
    ...details,
    status: 'flaky',
    durationMs,
    message: `${describeOutcomes(outcomes)}${message ? `; first ${telling.result.status} (seed ${telling.seed}): ${message}` : ''}`,
    outcomes,
  };
}

/**
 * The repetition whose details a repeated result carries: the first that failed, else the first that did not pass,
 * else the first. Its seed is the one that replays the result (`replaySeed` in results/replay.ts).
 */
export function tellingOutcome<T extends Pick<RepetitionOutcome, 'status'>>(outcomes: readonly T[]): T | undefined {
  return outcomes.find((outcome) => isFailing(outcome.status)) ?? outcomes.find((outcome) => outcome.status !== 'pass') ?? outcomes[0];
}

/** "pass ×3, timeout ×2 over 5 runs" */
export function describeOutcomes(outcomes: readonly Pick<RepetitionOutcome, 'status'>[]): string {
  const counts = new Map<Status, number>();
  for (const { status } of outcomes) counts.set(status, (counts.get(status) ?? 0) + 1);
  return `outcomes differ over ${outcomes.length} runs: ${[...counts].map(([status, count]) => `${status} ×${count}`).join(', ')}`;
}
