// Agents reused from candidate to candidate (rtconf mutate's agent stock): a loaded candidate gets the verdicts a fresh
// agent gives it, a crashed or tainted agent is never reused, and a candidate's leftovers make the agent refuse the next.
import { expect } from 'chai';
import type { CaseMeta } from '../../../conformance/case.js';
import { adapterRunner, collect, META } from '../agent-helpers.js';
import { AgentStock } from '../../../runners/agent/agent-stock.js';
import { buildAgent } from '../../../runners/agent/build-agent.js';

const CASES: readonly CaseMeta[] = [META.asserted!, META.stringify!];

/** Each candidate's statuses, run one after another; through `stock` when given, else each in fresh agents. */
async function statusesOf(candidates: readonly string[], stock?: AgentStock): Promise<string[][]> {
  const all: string[][] = [];
  for (const candidate of candidates) {
    const runner = adapterRunner(candidate, { stopAtFirstFailure: true, ...(stock ? { agents: stock } : {}) });
    all.push((await collect(runner, CASES)).map((result) => `${result.case}: ${result.status}`));
  }
  return all;
}

describe('agent stock: one agent, candidate after candidate', function () {
  this.timeout(60_000);
  before(() => buildAgent());

  it('runs a second candidate in the agent the first left healthy, with the verdicts fresh agents give', async () => {
    const candidates = ['good.mjs', 'mutant-wrong.mjs'];
    const stock = new AgentStock();
    try {
      const reused = await statusesOf(candidates, stock);
      expect(stock.counts).to.include({ started: 1, reused: 1, unfit: 0 });
      expect(reused).to.deep.equal(await statusesOf(candidates));
      // The wrong parse stopped the run at its first failure: stringify never ran.
      expect(reused[1]).to.deep.equal([`${META.asserted!.id}: fail`]);
    } finally {
      await stock.close();
    }
  });

  it("reuses an agent after a case whose child's pipes closed (which makes Node create the agent's own stderr)", async () => {
    const stock = new AgentStock();
    try {
      for (const candidate of ['good.mjs', 'mutant-wrong.mjs']) {
        const results = await collect(adapterRunner(candidate, { agents: stock }), [META.childWithPipes!, META.asserted!]);
        expect(results.map((result) => result.status)).to.deep.equal(['pass', candidate === 'good.mjs' ? 'pass' : 'fail']);
      }
      expect(stock.counts).to.include({ started: 1, reused: 1, unfit: 0 });
    } finally {
      await stock.close();
    }
  });

  it('starts a fresh agent after one whose candidate crashed it, and the next verdict is unaffected', async () => {
    const candidates = ['mutant-exit.mjs', 'good.mjs'];
    const stock = new AgentStock();
    try {
      const reused = await statusesOf(candidates, stock);
      expect(reused).to.deep.equal([[`${META.asserted!.id}: crash`], [`${META.asserted!.id}: pass`, `${META.stringify!.id}: pass`]]);
      expect(stock.counts).to.include({ started: 2, reused: 0 });
      expect(reused).to.deep.equal(await statusesOf(candidates));
    } finally {
      await stock.close();
    }
  });

  it('never loads one candidate twice into an agent (its modules would not be fresh)', async () => {
    const stock = new AgentStock();
    try {
      await statusesOf(['good.mjs', 'good.mjs'], stock);
      expect(stock.counts).to.include({ started: 2, reused: 0 });
    } finally {
      await stock.close();
    }
  });

  it('stops an agent whose case ended in error or left a stray error, rather than keeping it', async () => {
    const stock = new AgentStock();
    try {
      const reused = await statusesOf(['stray-querystring.mjs', 'good.mjs'], stock);
      expect(reused[1]).to.deep.equal([`${META.asserted!.id}: pass`, `${META.stringify!.id}: pass`]);
      expect(stock.counts).to.include({ started: 2, reused: 0, retired: 1 });
    } finally {
      await stock.close();
    }
  });

  it('has an agent that a candidate left a timer running in refuse the next one, which a fresh agent runs', async () => {
    const stock = new AgentStock();
    try {
      const reused = await statusesOf(['mutant-leaves-timer.mjs', 'good.mjs'], stock);
      expect(reused).to.deep.equal([
        [`${META.asserted!.id}: pass`, `${META.stringify!.id}: pass`],
        [`${META.asserted!.id}: pass`, `${META.stringify!.id}: pass`],
      ]);
      expect(stock.counts).to.include({ started: 2, reused: 0, unfit: 1 });
    } finally {
      await stock.close();
    }
  });

  it('replaces an agent once it has loaded its quota of candidates', async () => {
    const stock = new AgentStock({ maxLoads: 1 });
    try {
      await statusesOf(['good.mjs', 'mutant-wrong.mjs'], stock);
      // Each at its quota of one when given back.
      expect(stock.counts).to.include({ started: 2, reused: 0, retired: 2 });
    } finally {
      await stock.close();
    }
  });
});
