// The order a mutant's covering cases run in: the likely killers first. A mutant stops at its first failing case, and a
// killed child_process mutant ran about six cases before the one that failed it, each starting children; a case that
// killed mutants of the same line most likely kills this one too (another operator at the same code), then one that
// killed mutants of the same function, then of the same file. The evidence is the previous mutation.json (in the
// output folder) when there is one: fixed before the run starts, so the order, and with it `killedBy`, does not depend
// on which mutants happen to finish first. For a file it did not measure, the order is learnt during the run (the
// killers of its mutants finished so far), which does. Either way only the order changes: a mutant is killed when any
// of its cases fails it, so the verdicts and the score are those of the fastest-first order; `killedBy` may name
// another failing case.
import type { MutantRecord } from '../results/mutation-file.js';
import type { CaseMeta } from '../conformance/case.js';
import type { MutantPlan } from './mutant-plan.js';

/** Where a mutant lies, as the evidence is kept: its file, its function (or top-level statement) and its line there. */
export interface MutantPlace {
  readonly id: string;
  readonly file: string;
  readonly surrounding: { readonly start: number };
  /** 1-based. */
  readonly line: number;
}

/** Kills counted by case. */
type Tally = Map<string, number>;

export class KillOrder {
  /** Killers by line (`file:line`), function (`file#offset`), file, and mutant id (its own killer, or hang, last time). */
  readonly #byLine = new Map<string, Tally>();
  readonly #byFunction = new Map<string, Tally>();
  readonly #byFile = new Map<string, Tally>();
  readonly #byMutant = new Map<string, string>();
  /** Files the previous run measured: their order is fixed by it, and nothing about them is learnt during this one. */
  readonly #measured = new Set<string>();

  /**
   * @param previous the records of the previous run, if any (its killed mutants are the evidence; a timed-out one's
   *   case runs first against that mutant only)
   * @param places every mutant of the current sources (not only the selected ones), to find where a previous mutant
   *   lies now; one whose id no longer exists counts for its file only
   */
  constructor(previous: readonly MutantRecord[] | undefined, places: readonly MutantPlace[]) {
    const now = new Map(places.map((place) => [place.id, place]));
    for (const record of previous ?? []) {
      this.#measured.add(record.file);
      // A mutant that timed out runs the case that hung on it first too: otherwise it would pass every other covering
      // case before it (a minute for one in code every spawn runs); a timeout is no evidence about its neighbours.
      const hung = (record.outcome?.status ?? record.status) === 'timeout' ? record.killedBy?.[0] : undefined;
      if (hung) this.#byMutant.set(record.id, hung);
      const killer = record.status === 'killed' ? record.killedBy?.[0] : undefined;
      if (!killer) continue;
      const place = now.get(record.id);
      this.#byMutant.set(record.id, killer);
      if (place) {
        count(this.#byLine, lineOf(place), killer);
        count(this.#byFunction, functionOf(place), killer);
      }
      count(this.#byFile, record.file, killer);
    }
  }

  /** A kill seen during the run: evidence for the mutants still to run, in a file the previous run did not measure. */
  learn(place: MutantPlace, killer: string): void {
    if (this.#measured.has(place.file)) return;
    count(this.#byLine, lineOf(place), killer);
    count(this.#byFunction, functionOf(place), killer);
    count(this.#byFile, place.file, killer);
  }

  /**
   * `plan` with its cases reordered: the case that killed this very mutant before, then the cases that killed
   * mutants of its line, then of its function, then of its file (each group by its dry-run time per kill, least
   * first), then the rest as they were (fastest first).
   */
  order<P extends MutantPlan>(plan: P): P {
    const { mutant } = plan;
    const own = this.#byMutant.get(mutant.id);
    const onLine = this.#byLine.get(lineOf(mutant));
    const inFunction = this.#byFunction.get(functionOf(mutant));
    const inFile = this.#byFile.get(mutant.file);
    if (!own && !onLine && !inFunction && !inFile) return plan;
    const rank = (meta: CaseMeta): readonly [number, number] => {
      const time = plan.durations.get(meta.id) ?? 0;
      if (meta.id === own) return [0, 0];
      const groups = [onLine, inFunction, inFile];
      for (let group = 0; group < groups.length; group++) {
        const kills = groups[group]?.get(meta.id);
        if (kills) return [group + 1, time / kills];
      }
      return [groups.length + 1, 0];
    };
    const ranked = plan.cases.map((meta, index) => ({ meta, index, rank: rank(meta) }));
    // A stable sort: the rest keep their fastest-first order.
    ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index);
    return { ...plan, cases: ranked.map((item) => item.meta) };
  }
}

function lineOf(place: MutantPlace): string {
  return `${place.file}:${place.line}`;
}

function functionOf(place: MutantPlace): string {
  return `${place.file}#${place.surrounding.start}`;
}

function count(tallies: Map<string, Tally>, key: string, killer: string): void {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = new Map()));
  tally.set(killer, (tally.get(killer) ?? 0) + 1);
}
