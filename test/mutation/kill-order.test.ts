// The order a mutant's cases run in (mutation/kill-order.ts): the likely killers first, by the previous run's kills
// (this very mutant's, then its line's, then its function's, then its file's), the rest fastest first as before; learnt during the run
// only for files the previous run did not measure, so that where there is evidence the order cannot depend on timing.
import { expect } from 'chai';
import type { CaseMeta } from '../../conformance/case.js';
import { KillOrder, type MutantPlace } from '../../mutation/kill-order.js';
import type { MutantPlan } from '../../mutation/mutant-plan.js';
import type { MutantRecord } from '../../results/mutation-file.js';

const FILE = 'reference/internal/x.ts';
/** A mutant in the function starting at `start` (on that line, unless `line` says another). */
const place = (id: string, start: number, file = FILE, line = start): MutantPlace => ({ id, file, surrounding: { start }, line });
const record = (id: string, status: MutantRecord['status'], killer?: string, file = FILE): MutantRecord => ({
  id,
  file,
  modules: ['child_process'],
  line: 1,
  column: 1,
  operator: 'negation',
  diff: '',
  status,
  ...(killer ? { killedBy: [killer] } : {}),
  casesRun: 1,
  rules: [],
  durationMs: 1,
});
/** A plan over cases a…e, fastest first (a: 1 ms … e: 5 ms), for the mutant at `where`. */
function plan(where: MutantPlace): MutantPlan {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  const cases = ids.map((id) => ({ id, module: 'child_process', rules: [] }) as unknown as CaseMeta);
  return { mutant: { ...where } as unknown as MutantPlan['mutant'], modules: ['child_process'], cases, rules: [], durations: new Map(ids.map((id, index) => [id, index + 1])) };
}
const order = (kills: KillOrder, where: MutantPlace): string[] => kills.order(plan(where)).cases.map((meta) => meta.id);

describe('the kill-first order of a mutant’s cases', () => {
  const mutant = place('m', 100);
  const places = [mutant, place('sibling', 100), place('cousin', 500), place('other-file', 100, 'reference/internal/y.ts')];

  it('keeps fastest first without evidence', () => {
    expect(order(new KillOrder(undefined, places), mutant)).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it("puts the mutant's own killer first, then its function's, then its file's, then the rest fastest first", () => {
    const kills = new KillOrder(
      [record('m', 'killed', 'e'), record('sibling', 'killed', 'd'), record('cousin', 'killed', 'c'), record('other-file', 'killed', 'b', 'reference/internal/y.ts')],
      places,
    );
    expect(order(kills, mutant)).to.deep.equal(['e', 'd', 'c', 'a', 'b']);
  });

  it('takes no evidence from a survivor or a timeout, and counts a vanished mutant for its file only', () => {
    const kills = new KillOrder([record('sibling', 'survived'), record('cousin', 'timeout', 'e'), record('gone', 'killed', 'd')], places);
    expect(order(kills, mutant)).to.deep.equal(['d', 'a', 'b', 'c', 'e']);
  });

  it('runs the case a mutant timed out on first against that mutant only', () => {
    const kills = new KillOrder([record('m', 'timeout', 'e'), record('sibling', 'timeout', 'c')], places);
    expect(order(kills, mutant)).to.deep.equal(['e', 'a', 'b', 'c', 'd']);
    expect(order(kills, place('sibling', 100))).to.deep.equal(['c', 'a', 'b', 'd', 'e']);
    expect(order(kills, place('cousin', 500)), 'a timeout is no evidence about other mutants').to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it('puts the killers of mutants on its own line before those of the rest of its function, also when learnt during the run', () => {
    const onLine = place('on-line', 100, FILE, 104);
    const elsewhere = ['f1', 'f2'].map((id) => place(id, 100, FILE, 107));
    const kills = new KillOrder(
      [record('on-line', 'killed', 'e'), ...elsewhere.map((item) => record(item.id, 'killed', 'b'))],
      [...places, onLine, ...elsewhere],
    );
    // b killed two of the function's mutants in less time per kill, but e killed one on line 104.
    expect(order(kills, place('m104', 100, FILE, 104))).to.deep.equal(['e', 'b', 'a', 'c', 'd']);
    const learning = new KillOrder(undefined, places);
    learning.learn(place('x', 100, 'reference/internal/y.ts', 108), 'd');
    learning.learn(place('y', 100, 'reference/internal/y.ts', 109), 'a');
    expect(order(learning, place('n', 100, 'reference/internal/y.ts', 108))).to.deep.equal(['d', 'a', 'b', 'c', 'e']);
    expect(order(learning, place('n', 100, 'reference/internal/y.ts', 109))).to.deep.equal(['a', 'd', 'b', 'c', 'e']);
  });

  it('ranks a group by time per kill: a slower case that killed more goes first', () => {
    const kills = new KillOrder([record('sibling', 'killed', 'a'), ...['s1', 's2', 's3'].map((id) => record(id, 'killed', 'c'))], [...places, ...['s1', 's2', 's3'].map((id) => place(id, 100))]);
    // a: 1 ms per kill; c: 3 ms for three kills, 1 ms each, tied, and a came first; then b, d, e.
    expect(order(kills, mutant)).to.deep.equal(['a', 'c', 'b', 'd', 'e']);
  });

  it('learns during the run only for files the previous run did not measure', () => {
    const kills = new KillOrder([record('cousin', 'survived')], places);
    kills.learn(place('sibling', 100), 'e');
    expect(order(kills, mutant), 'x.ts was measured: its order stays fixed').to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    kills.learn(place('other-file', 100, 'reference/internal/y.ts'), 'd');
    expect(order(kills, place('n', 100, 'reference/internal/y.ts'))).to.deep.equal(['d', 'a', 'b', 'c', 'e']);
  });
});
