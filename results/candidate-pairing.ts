// Which candidate of a baseline run is compared with which candidate of a later run. Results are matched by candidate
// id, and most ids are stable (`host`, `runtime:node@22`, `adapter:NAME`); a local build's is its path
// (`runtime:/builds/2026-11-27/node`), so yesterday's build compared with today's would compare nothing. A pairing
// says which baseline candidate stands for which run candidate: given with `--pair BASE_ID=RUN_ID`, or, when each run
// has exactly one candidate and both are the same thing by kind and name (two builds of node, two releases of deno),
// the one with the other. The baseline is then read with its paired candidates renamed to
// the run's ids, so the gate, the report's comparison and `rtconf diff` match them with no change of their own.
import { CandidateError } from './candidate-spec.js';
import type { CandidateInfo, ResultsFile } from './results-file.js';

/** A baseline run as read by `readResults`, with the path it came from. */
export interface BaselineInput {
  readonly file: string;
  readonly results: ResultsFile;
  /**
   * How its candidates were paired with the run's (`pairBaseline`, below), `results` then being
   * the baseline under the run's ids; the label says so.
   */
  readonly pairing?: Pairing;
}

/** What pairing reads of a candidate: its id, and what it is (two builds of node are both `runtime` and `node`). */
export type PairedCandidate = Pick<CandidateInfo, 'id' | 'kind' | 'name'>;

/** One baseline candidate compared with one run candidate of another id. */
export interface CandidatePair {
  /** The candidate's id in the baseline. */
  readonly baseline: string;
  /** The candidate's id in this run. */
  readonly run: string;
}

export interface Pairing {
  /** The pairs of different ids (a candidate with one id on both sides needs none). */
  readonly pairs: readonly CandidatePair[];
  /** How they were made: named with `--pair`, or found as the only candidate on each side. */
  readonly how: 'given' | 'only-candidates' | 'none';
  /** The run's candidates that have nothing in the baseline to be compared with. */
  readonly unpairedRun: readonly string[];
  /** The baseline's candidates compared with nothing of this run. */
  readonly unpairedBaseline: readonly string[];
}

/** The flag that names a pair, as the help and the messages spell it. */
export const PAIR_FLAG = '--pair';

/**
 * Reads `BASE_ID=RUN_ID`. Ids may hold `=` themselves (`npm:node-stdlib-browser=querystring`), so the text is split
 * at the `=` that leaves a baseline id on the left and a run id on the right.
 * @throws CandidateError (exit 2) when no split names a candidate of each side
 * @example
 * parsePair('runtime:/old/node=runtime:/new/node', ['runtime:/old/node'], ['runtime:/new/node']); // { baseline: 'runtime:/old/node', run: 'runtime:/new/node' }
 */
function parsePair(text: string, baselineIds: readonly string[], runIds: readonly string[]): CandidatePair {
  for (let at = text.indexOf('='); at > 0; at = text.indexOf('=', at + 1)) {
    const pair = { baseline: text.slice(0, at), run: text.slice(at + 1) };
    if (baselineIds.includes(pair.baseline) && runIds.includes(pair.run)) return pair;
  }
  throw new CandidateError(
    `${PAIR_FLAG} ${JSON.stringify(text)}: expected BASE_ID=RUN_ID, a candidate of the baseline (${baselineIds.join(', ') || 'none'}) = a candidate of this run (${runIds.join(', ') || 'none'})`,
  );
}

/**
 * Pairs the candidates of a baseline with those of a run: the pairs given, else, when each side has exactly one
 * candidate, their ids differ and they are the same thing (kind and name: node and node, never a reference baseline
 * taken for a host run), those two; candidates of one id on both sides are compared as ever.
 * @param given the `--pair` texts, in the order given
 * @throws CandidateError (exit 2) for a text that names no candidate of each side, or a candidate paired twice
 * @example
 * const node = (id: string) => ({ id, kind: 'runtime', name: 'node' }) as const;
 * pairCandidates([node('runtime:/old/node')], [node('runtime:/new/node')]); // pairs [{ baseline: 'runtime:/old/node', run: 'runtime:/new/node' }], how 'only-candidates'
 */
function pairCandidates(baseline: readonly PairedCandidate[], run: readonly PairedCandidate[], given: readonly string[] = []): Pairing {
  const baselineIds = [...new Set(baseline.map((candidate) => candidate.id))];
  const runIds = [...new Set(run.map((candidate) => candidate.id))];
  const [onlyBefore, onlyNow] = [baseline[0], run[0]];
  let pairs: CandidatePair[] = [];
  let how: Pairing['how'] = 'none';
  if (given.length > 0) {
    pairs = given.map((text) => parsePair(text, baselineIds, runIds));
    how = 'given';
    for (const side of ['baseline', 'run'] as const) {
      const twice = pairs.find((pair, index) => pairs.findIndex((other) => other[side] === pair[side]) !== index);
      if (twice) throw new CandidateError(`${PAIR_FLAG}: the ${side === 'run' ? "run's" : "baseline's"} candidate ${twice[side]} is paired twice`);
    }
    pairs = pairs.filter((pair) => pair.baseline !== pair.run);
  } else if (baselineIds.length === 1 && runIds.length === 1 && onlyBefore && onlyNow && onlyBefore.id !== onlyNow.id && sameThing(onlyBefore, onlyNow)) {
    pairs = [{ baseline: onlyBefore.id, run: onlyNow.id }];
    how = 'only-candidates';
  }
  const pairedRun = new Set(pairs.map((pair) => pair.run));
  const pairedBaseline = new Set(pairs.map((pair) => pair.baseline));
  // A run candidate is compared with its pair, else with the baseline candidate of its own id unless that one is paired away.
  const unpairedRun = runIds.filter((id) => !pairedRun.has(id) && (!baselineIds.includes(id) || pairedBaseline.has(id)));
  const unpairedBaseline = baselineIds.filter((id) => !pairedBaseline.has(id) && (!runIds.includes(id) || pairedRun.has(id)));
  return { pairs, how, unpairedRun, unpairedBaseline };
}

/** Whether two candidates are one implementation at another version, build or path: one kind, one name. */
function sameThing(a: PairedCandidate, b: PairedCandidate): boolean {
  return a.kind === b.kind && a.name === b.name;
}

/**
 * The baseline as the run's candidates see it: each paired candidate's run under the run candidate's id, and a
 * candidate whose id a pair gives to another left out (it is compared with nothing).
 * @example
 * const seen = pairedBaseline(baseline, pairCandidates(ids(baseline), ids(results)));
 */
function pairedBaseline(baseline: ResultsFile, pairing: Pairing): ResultsFile {
  if (pairing.pairs.length === 0) return baseline;
  const renamed = new Map(pairing.pairs.map((pair) => [pair.baseline, pair.run]));
  const taken = new Set(pairing.pairs.map((pair) => pair.run));
  const runs = baseline.runs.flatMap((run) => {
    const id = renamed.get(run.candidate.id);
    if (id !== undefined) return [{ ...run, candidate: { ...run.candidate, id } }];
    return taken.has(run.candidate.id) ? [] : [run];
  });
  return { ...baseline, runs };
}

/**
 * How the pairing reads in the baseline's label and in messages: '' when no pair was needed.
 * @example
 * describePairing({ pairs: [{ baseline: 'runtime:/old/node', run: 'runtime:/new/node' }], how: 'only-candidates', … });
 * // 'its runtime:/old/node compared with runtime:/new/node, the only candidate of each'
 */
export function describePairing(pairing: Pairing): string {
  if (pairing.pairs.length === 0) return '';
  const pairs = pairing.pairs.map((pair) => `${pair.baseline} compared with ${pair.run}`).join(', ');
  return `its ${pairs}${pairing.how === 'only-candidates' ? ', the only candidate of each' : ''}`;
}

/** The candidate ids of a results file, in its order, once each. */
export function candidateIds(results: ResultsFile): string[] {
  return [...new Set(results.runs.map((run) => run.candidate.id))];
}

/** The candidates of a results file, in its order. */
function candidatesOf(results: ResultsFile): CandidateInfo[] {
  return results.runs.map((run) => run.candidate);
}

/**
 * A baseline made ready for one run: its candidates paired with the run's, and the baseline read under the run's ids
 * (`pairedBaseline`); the gate labels it with the pairs (`gateSources`). `rtconf run --baseline`, `rtconf report
 * --baseline` and `rtconf diff` pair this way, and so can a program judging a run of its own.
 * @param baseline the earlier run, with its path
 * @param run the run's candidates
 * @param given the `--pair` texts (`BASE_ID=RUN_ID`)
 * @throws CandidateError (exit 2) for a pair that names no candidate of each side, or a candidate paired twice
 * @example
 * const baseline = pairBaseline({ file: 'yesterday/results.json', results: await readResults('yesterday/results.json') }, today.runs.map((run) => run.candidate));
 * judge(today, { baseline });
 */
export function pairBaseline(baseline: BaselineInput, run: readonly PairedCandidate[], given: readonly string[] = []): BaselineInput {
  const pairing = pairCandidates(candidatesOf(baseline.results), run, given);
  return { file: baseline.file, results: pairedBaseline(baseline.results, pairing), pairing };
}
