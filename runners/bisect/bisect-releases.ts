// Binary search over a runtime's releases for the versions where each selected case changes status. It probes the
// two ends and a few evenly spaced samples first, then keeps halving every gap between two probed releases where some
// case (or whether the suite can run at all) differs, until every such gap lies between adjacent releases. One probe
// runs every selected case, so the probes made for one case also date the others, and a case whose status changes
// more than once shows up as a non-monotonic history instead of being reported as one change.
import type { Status } from '../../results/status.js';

/** What one release did with the selected cases: ran them, or could not run the suite at all. */
export type Probe =
  | { readonly kind: 'ran'; readonly results: ReadonlyMap<string, ProbeResult> }
  | { readonly kind: 'unusable'; readonly reason: string };

export interface ProbeResult {
  readonly status: Status;
  /** First line of the case's message, when it did not pass. */
  readonly message?: string;
  /** How the status was reached, when that matters (`timeout on a first run, pass on a second`); never compared. */
  readonly note?: string;
}

export interface BisectOptions {
  /** The releases to search, oldest first (at least one). */
  readonly releases: readonly string[];
  /** The case ids every probe runs. */
  readonly cases: readonly string[];
  /** Runs the cases on one release (installing it first when needed). */
  probe(version: string): Promise<Probe>;
  /** Releases probed evenly between the two ends before the search, to catch a change that comes and goes (default 1: the midpoint). */
  readonly samples?: number;
  /**
   * Also tell apart two failures with different messages (first lines): `fail` keeping 1000 headers and `fail`
   * answering 431 are then two states, and the release between them a change (default false: statuses only).
   */
  readonly compareMessages?: boolean;
  /** At most this many releases are probed in all; gaps left wider are reported as not narrowed (default: no limit). */
  readonly maxProbes?: number;
  /** Called before each probe, with how many came before it. */
  readonly onProbeStart?: (version: string, index: number) => void;
  /** Called after each probe. */
  readonly onProbe?: (version: string, probe: Probe, index: number) => void;
  readonly signal?: AbortSignal;
}

export interface ProbeRecord {
  readonly version: string;
  readonly probe: Probe;
}

/** A run of consecutive probed releases where the case had one status (or the suite could not run). */
export interface Segment {
  /** A status, or `unusable` where the release could not run the suite. */
  readonly state: Status | 'unusable';
  /** The oldest and newest probed release of the run. */
  readonly from: string;
  readonly to: string;
  /** With compareMessages, the message the case failed with over the run. */
  readonly message?: string;
}

/**
 * One change of a case: `last` is the newest release with `before`, `first` the oldest with `after`. With
 * compareMessages, `before` and `after` can be one status whose messages differ.
 */
export interface Change {
  readonly before: Status;
  readonly after: Status;
  readonly last: string;
  readonly first: string;
  /**
   * True when no release between `last` and `first` is left untried: they are adjacent, or every release between
   * them could not run the suite. False when the search stopped early (maxProbes, or an interrupt).
   */
  readonly exact: boolean;
  /** The case's message (first line) at `last` and at `first`, where it did not pass. */
  readonly messageBefore?: string;
  readonly messageAfter?: string;
}

export interface CaseHistory {
  readonly case: string;
  /**
   * - `unchanged`: one status in every probed release that ran.
   * - `changed`: exactly one change.
   * - `non-monotonic`: more than one change (it changed and changed back, or went through a third status).
   * - `unusable`: no probed release could run the suite.
   */
  readonly verdict: 'unchanged' | 'changed' | 'non-monotonic' | 'unusable';
  readonly changes: readonly Change[];
  /** The case's history over the probed releases, oldest first (unusable releases included). */
  readonly segments: readonly Segment[];
}

/** Consecutive releases that could not run the suite, with the reason of the oldest. */
export interface UnusableSpan {
  readonly from: string;
  readonly to: string;
  /** True when the span's ends are known exactly (the releases next to it were probed and ran). */
  readonly exact: boolean;
  /**
   * Why, oldest first: consecutive probed releases with one reason are one entry (`12.0.0`: a syntax error in the
   * agent; `15.7.0 … 15.14.0`: the harness fails). Where one reason ends and the next begins is not searched for.
   */
  readonly reasons: readonly { readonly from: string; readonly to: string; readonly reason: string }[];
}

export interface BisectReport {
  readonly releases: readonly string[];
  /** In the order they were made. */
  readonly probes: readonly ProbeRecord[];
  readonly unusable: readonly UnusableSpan[];
  readonly cases: readonly CaseHistory[];
  /** True when maxProbes or the signal stopped the search before every gap was narrowed. */
  readonly incomplete: boolean;
}

/**
 * Searches `releases` for the versions where each case changes status.
 * @returns per case its changes (last release before, first after) and its history over the probed releases
 * @example
 * const report = await bisectReleases({ releases: ['18.0.0', '18.1.0', '19.0.0'], cases: ['a'], probe });
 * report.cases[0]?.changes; // [{ before: 'fail', after: 'pass', last: '18.1.0', first: '19.0.0', exact: true }]
 */
export async function bisectReleases(options: BisectOptions): Promise<BisectReport> {
  const { releases, cases } = options;
  if (releases.length === 0) throw new RangeError('bisectReleases: expected at least one release, got none');
  const observed = new Map<number, Probe>();
  const probes: ProbeRecord[] = [];
  const maxProbes = options.maxProbes ?? Number.POSITIVE_INFINITY;
  let incomplete = false;

  const probeAt = async (index: number): Promise<boolean> => {
    if (observed.has(index)) return true;
    if (probes.length >= maxProbes || options.signal?.aborted) {
      incomplete = true;
      return false;
    }
    const version = releases[index] as string;
    options.onProbeStart?.(version, probes.length);
    const probe = await options.probe(version);
    // A probe cut short by an interrupt says nothing of the release: it is left out, and the search ends.
    if (options.signal?.aborted) {
      incomplete = true;
      return false;
    }
    observed.set(index, probe);
    probes.push({ version, probe });
    options.onProbe?.(version, probe, probes.length - 1);
    return true;
  };

  for (const index of initialIndices(releases.length, options.samples ?? 1)) {
    if (!(await probeAt(index))) break;
  }
  // Narrow the first gap that still hides a change, until none is left (or the probes run out).
  const keyOf = stateKey(options.compareMessages === true);
  for (;;) {
    const next = nextGap(observed, cases, keyOf);
    if (next === undefined) break;
    if (!(await probeAt(Math.floor((next[0] + next[1]) / 2)))) break;
  }

  const order = [...observed.keys()].sort((a, b) => a - b);
  const history = cases.map((id) => caseHistory(id, order, observed, releases, keyOf));
  return { releases, probes, unusable: unusableSpans(order, observed, releases), cases: history, incomplete };
}

/** The two ends and `samples` releases evenly between them, ends first (they decide most searches), no repeats. */
function initialIndices(count: number, samples: number): number[] {
  const indices = [0, count - 1];
  const wanted = Math.max(0, Math.floor(samples));
  for (let sample = 1; sample <= wanted; sample++) indices.push(Math.round(((count - 1) * sample) / (wanted + 1)));
  return [...new Set(indices)];
}

/** What a probe says of one case: its status, or `unusable`. A case missing from a probe that ran counts as `error`. */
function stateOf(probe: Probe, id: string): Status | 'unusable' {
  if (probe.kind === 'unusable') return 'unusable';
  return probe.results.get(id)?.status ?? 'error';
}

type StateKey = (probe: Probe, id: string) => string;

/** What tells two probes of a case apart: its state, and with messages compared, a failure's message too. */
function stateKey(compareMessages: boolean): StateKey {
  return (probe, id) => {
    const state = stateOf(probe, id);
    if (!compareMessages || state === 'pass' || state === 'unusable') return state;
    return `${state}\u0000${messageOf(probe, id) ?? ''}`;
  };
}

/** The oldest gap between consecutive probed releases, not adjacent, whose ends differ for some case. */
function nextGap(observed: ReadonlyMap<number, Probe>, cases: readonly string[], keyOf: StateKey): [number, number] | undefined {
  const order = [...observed.keys()].sort((a, b) => a - b);
  for (let position = 1; position < order.length; position++) {
    const low = order[position - 1] as number;
    const high = order[position] as number;
    if (high - low < 2) continue;
    const a = observed.get(low) as Probe;
    const b = observed.get(high) as Probe;
    if (a.kind !== b.kind || cases.some((id) => keyOf(a, id) !== keyOf(b, id))) return [low, high];
  }
  return undefined;
}

function caseHistory(id: string, order: readonly number[], observed: ReadonlyMap<number, Probe>, releases: readonly string[], keyOf: StateKey): CaseHistory {
  const segments: Segment[] = [];
  let lastKey: string | undefined;
  for (const index of order) {
    const probe = observed.get(index) as Probe;
    const key = keyOf(probe, id);
    const version = releases[index] as string;
    const last = segments[segments.length - 1];
    if (last && lastKey === key) {
      segments[segments.length - 1] = { ...last, to: version };
      continue;
    }
    const state = stateOf(probe, id);
    const message = key !== state ? messageOf(probe, id) : undefined;
    segments.push({ state, from: version, to: version, ...(message ? { message } : {}) });
    lastKey = key;
  }
  // Status changes are read across the releases that ran: a stretch that could not run the suite is no status.
  const ran = order.filter((index) => observed.get(index)?.kind === 'ran');
  const changes: Change[] = [];
  for (let position = 1; position < ran.length; position++) {
    const low = ran[position - 1] as number;
    const high = ran[position] as number;
    if (keyOf(observed.get(low) as Probe, id) === keyOf(observed.get(high) as Probe, id)) continue;
    const before = stateOf(observed.get(low) as Probe, id) as Status;
    const after = stateOf(observed.get(high) as Probe, id) as Status;
    // Exact when nothing between them is untried: every release strictly between them was probed (and could not run).
    const exact = order.filter((index) => index > low && index < high).length === high - low - 1;
    const messageBefore = messageOf(observed.get(low), id);
    const messageAfter = messageOf(observed.get(high), id);
    changes.push({
      before,
      after,
      last: releases[low] as string,
      first: releases[high] as string,
      exact,
      ...(messageBefore ? { messageBefore } : {}),
      ...(messageAfter ? { messageAfter } : {}),
    });
  }
  const verdict = ran.length === 0 ? 'unusable' : changes.length === 0 ? 'unchanged' : changes.length === 1 ? 'changed' : 'non-monotonic';
  return { case: id, verdict, changes, segments };
}

function messageOf(probe: Probe | undefined, id: string): string | undefined {
  return probe?.kind === 'ran' ? probe.results.get(id)?.message : undefined;
}

function unusableSpans(order: readonly number[], observed: ReadonlyMap<number, Probe>, releases: readonly string[]): UnusableSpan[] {
  const spans: UnusableSpan[] = [];
  let run: number[] = [];
  const close = (after: number | undefined): void => {
    const start = run[0];
    const end = run[run.length - 1];
    if (start === undefined || end === undefined) return;
    const before = order[order.indexOf(start) - 1];
    // Exact when the releases just outside the span were probed (and ran), or the span reaches an end of the range.
    const exact = (start === 0 || before === start - 1) && (end === releases.length - 1 || after === end + 1);
    const reasons: { from: string; to: string; reason: string }[] = [];
    for (const index of run) {
      const reason = (observed.get(index) as Extract<Probe, { kind: 'unusable' }>).reason;
      const version = releases[index] as string;
      const last = reasons[reasons.length - 1];
      if (last && last.reason === reason) reasons[reasons.length - 1] = { ...last, to: version };
      else reasons.push({ from: version, to: version, reason });
    }
    spans.push({ from: releases[start] as string, to: releases[end] as string, exact, reasons });
    run = [];
  };
  for (const index of order) {
    if (observed.get(index)?.kind === 'unusable') run.push(index);
    else close(index);
  }
  close(undefined);
  return spans;
}
