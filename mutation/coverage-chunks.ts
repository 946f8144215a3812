// How one module's cases are split for the case ↔ code map: into chunks, each measured in a coverage worker process
// of its own, side by side (coverage-map.ts). The cases mostly wait (on children, timers, handshakes), so a module's
// ~30 s of waiting in one process shrinks to that of its longest chunk, at the price of one worker start per chunk.

/** A case as chunking sees it: its id, `module.topic.behaviour`. */
export interface ChunkedCase {
  readonly id: string;
}

/**
 * About one chunk per this much expected case time. A worker's start (a Node process, tsx loading the harness and the
 * cases, an esbuild bundle of the reference with source maps) costs a second or two of CPU; a chunk should wait
 * several times that for its process to pay on a 2-core machine that other work shares.
 */
const EXPECTED_MS_PER_CHUNK = 8_000;

/**
 * About one chunk per this many cases when no durations are known: ~8 s at the 150 to 175 ms that a child_process or an
 * https case takes in process on average (a querystring case takes ~30 ms, so its module gets a chunk too many).
 */
const CASES_PER_CHUNK = 45;

/**
 * At most one chunk per this many cases (fewer than twice this many stay whole), so a small re-measure stays in one
 * process whatever its durations say: a duration is one sample from an earlier map, taken after other cases in
 * another process (a lazy start they paid for may fall on this case now), and a worker's start is paid in full for
 * every chunk, however few its cases.
 */
const MIN_CASES_PER_CHUNK = 12;

/**
 * At most this many chunks of one module. The chunks of all modules start at once, each building its own bundle;
 * beyond four per module, on two cores, those starts cost more than the few seconds of waiting a further cut saves
 * (child_process's ~32 s of cases already wait ~8 s per chunk).
 */
const MAX_CHUNKS_PER_MODULE = 4;

/**
 * One module's cases in chunks: contiguous runs of `cases` in their order, cut only where the topic of the ids
 * changes (never inside a run of one topic, whose cases may depend on what the earlier ones left: caches, lazy
 * initialisation), with the expected work balanced over the chunks. The same list always gives the same chunks.
 * @param cases one module's cases, in the order they are to run (the registry's)
 * @param durations expected milliseconds by case id, from an earlier map; without them every case counts the same.
 *   A case they do not know is expected to take the mean of those they know.
 * @returns the chunks, in order, none empty; none for no case
 * @example
 * coverageChunks([{ id: 'https.server.a' }, { id: 'https.agent.b' }]);
 * // [[{ id: 'https.server.a' }, { id: 'https.agent.b' }]]: two cases are one chunk
 */
export function coverageChunks<T extends ChunkedCase>(
  cases: readonly T[],
  durations?: ReadonlyMap<string, number>,
): T[][] {
  if (cases.length === 0) return [];
  const runs = topicRuns(cases);
  const expected = expectedWork(cases, durations);
  const weights = runs.map((run) => run.reduce((sum, meta) => sum + (expected.weights.get(meta) ?? 0), 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const most = Math.min(MAX_CHUNKS_PER_MODULE, runs.length, Math.floor(cases.length / MIN_CASES_PER_CHUNK));
  const count = Math.max(1, Math.min(most, Math.round(total / expected.perChunk)));
  return balancedCuts(weights, count).map(([from, to]) => runs.slice(from, to).flat());
}

/** The cases in runs of one topic each (`module.topic`), in their order. */
function topicRuns<T extends ChunkedCase>(cases: readonly T[]): T[][] {
  const runs: T[][] = [];
  let topic: string | undefined;
  for (const meta of cases) {
    const own = meta.id.split('.', 2).join('.');
    if (own !== topic || runs.length === 0) runs.push([]);
    runs[runs.length - 1]?.push(meta);
    topic = own;
  }
  return runs;
}

/**
 * Each case's expected work and how much of it makes a chunk: milliseconds when some duration of these cases is known,
 * else one per case.
 */
function expectedWork<T extends ChunkedCase>(
  cases: readonly T[],
  durations: ReadonlyMap<string, number> | undefined,
): { weights: Map<T, number>; perChunk: number } {
  const known = cases.flatMap((meta) => {
    const ms = durations?.get(meta.id);
    return ms !== undefined && Number.isFinite(ms) && ms >= 0 ? [[meta, ms] as const] : [];
  });
  if (known.length === 0) return { weights: new Map(cases.map((meta) => [meta, 1])), perChunk: CASES_PER_CHUNK };
  const mean = known.reduce((sum, [, ms]) => sum + ms, 0) / known.length;
  const weights = new Map<T, number>(known);
  for (const meta of cases) if (!weights.has(meta)) weights.set(meta, mean);
  return { weights, perChunk: EXPECTED_MS_PER_CHUNK };
}

/**
 * `[from, to)` ranges of `weights` in `count` non-empty contiguous groups whose heaviest group is as light as can be
 * (the slowest worker decides when the map is done). Dynamic programming over the cut points (a module has about a
 * hundred topic runs and at most four chunks); of equally good cuts the earliest wins, so the result is deterministic.
 */
function balancedCuts(weights: readonly number[], count: number): [number, number][] {
  const prefix = [0];
  for (const weight of weights) prefix.push((prefix[prefix.length - 1] ?? 0) + weight);
  const sum = (from: number, to: number): number => (prefix[to] ?? 0) - (prefix[from] ?? 0);
  // heaviest[g - 1][end]: the lightest heaviest group when runs [0, end) are cut into g groups; cut[g - 1][end]: where
  // the last of those g groups starts.
  const heaviest: number[][] = [prefix.slice()];
  const cut: number[][] = [[]];
  for (let groups = 2; groups <= count; groups++) {
    const best: number[] = [];
    const from: number[] = [];
    for (let end = groups; end <= weights.length; end++) {
      for (let start = groups - 1; start < end; start++) {
        const candidate = Math.max(heaviest[groups - 2]?.[start] ?? Infinity, sum(start, end));
        if (best[end] === undefined || candidate < (best[end] as number)) {
          best[end] = candidate;
          from[end] = start;
        }
      }
    }
    heaviest.push(best);
    cut.push(from);
  }
  const ranges: [number, number][] = [];
  let end = weights.length;
  for (let groups = count; groups >= 1; groups--) {
    const start = groups === 1 ? 0 : (cut[groups - 1]?.[end] ?? 0);
    ranges.unshift([start, end]);
    end = start;
  }
  return ranges;
}
