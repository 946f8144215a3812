// How many agents a long plan's tail runs in (mutation/tail-agents.ts): one per six seconds of its cases' dry-run time,
// at most four, and never more extra agents than the jobs have spare between them.
import { expect } from 'chai';
import { tailAgents } from '../../mutation/tail-agents.js';

describe('the agents a long plan’s tail runs in', () => {
  it('takes one agent per six seconds of cases, at most four', () => {
    expect(tailAgents(6000, 10)).to.equal(1);
    expect(tailAgents(6001, 10)).to.equal(2);
    expect(tailAgents(18_000, 10)).to.equal(3);
    expect(tailAgents(60_000, 10)).to.equal(4);
  });

  it('takes no more extra agents than are spare, and always one', () => {
    expect(tailAgents(60_000, 1)).to.equal(2);
    expect(tailAgents(60_000, 0)).to.equal(1);
    expect(tailAgents(60_000, -1), 'never fewer than one').to.equal(1);
  });
});
