// Whether an agent that has run one candidate's cases may load another (rtconf mutate reuses agents): what the process
// holds now, against what it held right after its first load. A candidate's leftovers (a socket, a child, a ref'd
// timer, a process listener, a changed environment or working folder) could change what the next candidate's cases see.
import { errorText } from '../../io/message-text.js';

/** The agent's state right after its first load, and the test of whether it is still so. */
export interface FitnessBaseline {
  /** Why the agent is no longer as it was (the first few differences), or undefined when it is. */
  unfitness(): string | undefined;
}

/** The parts of a runtime's `process` the check reads (any may be missing: workerd's and Bare's differ from Node's). */
type ProcessLike = {
  getActiveResourcesInfo?: () => string[];
  _getActiveHandles?: () => unknown[];
  eventNames?: () => (string | symbol)[];
  listenerCount?: (event: string | symbol) => number;
  cwd?: () => string;
  env?: Record<string, string | undefined>;
  memoryUsage?: { rss?: () => number };
};

/**
 * How much more memory than at its first load an agent may hold before it is replaced: each mutant it loads keeps
 * its bundle's module graph alive (an import cannot be unloaded), and a whole mutate run with agents reused up to 25
 * times peaked at 2.2 GB where fresh agents had peaked at 416 MB.
 */
const MEMORY_GROWTH_LIMIT = 128 * 1024 * 1024;

function countsOf(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** How `getActiveResourcesInfo` names the handle under a standard stream, by the handle's class (Node's `_handle`). */
const STANDARD_STREAM_KINDS: ReadonlyMap<unknown, string> = new Map([
  ['Pipe', 'PipeWrap'],
  ['TTY', 'TTYWrap'],
  ['TCP', 'TCPSocketWrap'],
]);

/**
 * The active resources but those under the process's own stdout and stderr. Node makes `process.stderr` the first time
 * any socket with a handle is destroyed (net's `_destroy` compares the socket with it; Node 18 to 26 alike), so an
 * agent has it after its first child_process case whatever candidate ran it: a state every agent reaches, not
 * something a candidate left. Standard streams are the ones Node marks `_isStdio`, on descriptors 1 and 2.
 */
function resourcesBeyondStandardStreams(proc: ProcessLike): Map<string, number> {
  const counts = countsOf(proc.getActiveResourcesInfo?.() ?? []);
  for (const handle of proc._getActiveHandles?.() ?? []) {
    const stream = handle as { _isStdio?: unknown; fd?: unknown; _handle?: { constructor?: { name?: unknown } } | null } | null;
    if (stream?._isStdio !== true || (stream.fd !== 1 && stream.fd !== 2)) continue;
    const kind = STANDARD_STREAM_KINDS.get(stream._handle?.constructor?.name);
    const count = kind === undefined ? 0 : (counts.get(kind) ?? 0);
    if (kind !== undefined && count > 0) counts.set(kind, count - 1);
  }
  return counts;
}

function listenersOf(proc: ProcessLike): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of proc.eventNames?.() ?? []) counts.set(String(event), proc.listenerCount?.(event) ?? 0);
  return counts;
}

function envText(proc: ProcessLike): string {
  const env = proc.env ?? {};
  return JSON.stringify(Object.keys(env).sort().map((key) => [key, env[key]]));
}

/** What is over the baseline: more of a kind than there was (fewer is fine: Node drops some handles it made at start). */
function growth(label: string, before: ReadonlyMap<string, number>, now: ReadonlyMap<string, number>): string[] {
  const grown: string[] = [];
  for (const [kind, count] of now) {
    const was = before.get(kind) ?? 0;
    if (count > was) grown.push(`${count - was} more ${label} ${kind}`);
  }
  return grown;
}

/**
 * Takes the baseline now (call it once the first candidate has loaded, before any case).
 * @example
 * const baseline = takeFitnessBaseline(); … ; const reason = baseline.unfitness(); // "1 more active resource TCPSocketWrap"
 */
export function takeFitnessBaseline(proc: ProcessLike | undefined = (globalThis as { process?: ProcessLike }).process): FitnessBaseline {
  // Every runtime an agent runs in reaches this at its first load, so it must never throw there: a runtime whose
  // `process` lacks these, or has them throw "not implemented" (workerd's), gets an agent that is never reused.
  try {
    return baselineOf(proc);
  } catch (error) {
    const reason = `this runtime cannot tell what its process holds (${errorText(error)})`;
    return { unfitness: () => reason };
  }
}

function baselineOf(proc: ProcessLike | undefined): FitnessBaseline {
  if (!proc || typeof proc.getActiveResourcesInfo !== 'function') {
    return { unfitness: () => 'this runtime does not tell its active resources' };
  }
  // Not touched here: the standard streams, which Node makes on first use (a stream over a pipe makes its descriptor
  // non-blocking, and a candidate's writeSync(1, …) would then fail with EAGAIN). One made since is left out of the
  // counts (resourcesBeyondStandardStreams): Node makes stderr itself when a case's child's pipes close.
  const resources = resourcesBeyondStandardStreams(proc);
  const listeners = listenersOf(proc);
  const cwd = proc.cwd?.();
  const env = envText(proc);
  const rss = (): number | undefined => {
    try {
      return proc.memoryUsage?.rss?.();
    } catch {
      return undefined;
    }
  };
  const rssAtStart = rss();
  return {
    unfitness() {
      try {
        return differences();
      } catch (error) {
        return `its process could not be read again (${errorText(error)})`;
      }
    },
  };

  function differences(): string | undefined {
    const process = proc as ProcessLike;
    const grown = rssAtStart === undefined ? 0 : (rss() ?? rssAtStart) - rssAtStart;
    const problems = [
      ...(grown > MEMORY_GROWTH_LIMIT ? [`${Math.round(grown / 1048576)} MB more memory than at its first load`] : []),
      ...growth('active resource', resources, resourcesBeyondStandardStreams(process)),
      ...growth('process listener', listeners, listenersOf(process)),
      ...(process.cwd?.() !== cwd ? ['the working folder changed'] : []),
      ...(envText(process) !== env ? ['process.env changed'] : []),
    ];
    return problems.length > 0 ? problems.slice(0, 4).join(', ') : undefined;
  }
}
