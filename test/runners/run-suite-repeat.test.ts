// runSuite with repeatSeeds: every case runs once per seed and the runner closes once; a case whose status differs
// between seeds is flaky, and one repeated seed leaves a deterministic case steady.
import { expect } from 'chai';
import type { CaseMeta } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';
import { runSuite } from '../../runners/run-suite.js';
import type { RunOptions, Runner } from '../../runners/runner.js';

/** A runner whose case `q.odd` passes under even seeds and fails under odd ones; it counts its rounds and closes. */
function seedSensitiveRunner(): Runner & { seeds: number[]; closed: number } {
  const state = { seeds: [] as number[], closed: 0 };
  return Object.assign(state, {
    candidate: { id: 'fake', name: 'fake', kind: 'adapter' as const },
    async *run(cases: readonly CaseMeta[], options: RunOptions): AsyncIterable<CaseResult> {
      state.seeds.push(options.seed);
      for (const meta of cases) {
        const failing = meta.id === 'q.odd' && options.seed % 2 === 1;
        yield { case: meta.id, module: meta.module, rules: meta.rules, status: failing ? 'fail' : 'pass', durationMs: 1, ...(failing ? { message: 'odd seed' } : {}) };
      }
    },
    async close() {
      state.closed++;
    },
  });
}

describe('runSuite with repeatSeeds (run --repeat)', () => {
  const cases: CaseMeta[] = [
    { id: 'q.odd', module: 'querystring', rules: ['querystring.parse.repeated-keys'] },
    { id: 'q.fine', module: 'querystring', rules: ['querystring.parse.repeated-keys'] },
  ];

  it('runs every case once per seed, closes the runner once, and reports a case that differs as flaky', async () => {
    const runner = seedSensitiveRunner();
    const results = await runSuite([runner], cases, [], { seed: 2, timeoutMs: 1000, repeatSeeds: [2, 3, 4] });
    expect(runner.seeds).to.deep.equal([2, 3, 4]);
    expect(runner.closed).to.equal(1);
    const [odd, fine] = results.runs[0]?.results ?? [];
    expect(odd?.status).to.equal('flaky');
    expect(odd?.outcomes?.map((outcome) => `${outcome.status}@${outcome.seed}`)).to.deep.equal(['pass@2', 'fail@3', 'pass@4']);
    expect(fine?.status).to.equal('pass');
    expect(results.runs[0]?.summary).to.include({ total: 2, pass: 1, flaky: 1 });
  });

  it('with the same seed every time (--seed), only timing could differ: a deterministic case is steady', async () => {
    const runner = seedSensitiveRunner();
    const results = await runSuite([runner], cases, [], { seed: 3, timeoutMs: 1000, repeatSeeds: [3, 3, 3] });
    expect(results.runs[0]?.results.map((result) => result.status)).to.deep.equal(['fail', 'pass']);
  });
});
