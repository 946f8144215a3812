// How many agents a candidate's cases are worth: one per second of what they took last time, never more than the job
// slots or the cases, every slot when any case has no recorded duration; and the agent runner starts only that many.
import { expect } from 'chai';
import type { CaseMeta } from '../../../conformance/case.js';
import { agentsNeeded } from '../../../runners/agent/agents-needed.js';
import { processHosts } from '../../../runners/agent/process-host.js';
import { adapterRunner, collect, PARSE_CASES } from '../agent-helpers.js';

const cases = (count: number): CaseMeta[] => Array.from({ length: count }, (_, index) => ({ id: `querystring.c${index}`, module: 'querystring', rules: [] }));
/** The work one more agent must have, as agents-needed.ts documents it: a second of what the cases took last time. */
const WORK_PER_AGENT_MS = 1000;
const took = (list: readonly CaseMeta[], ms: number): Map<string, number> => new Map(list.map((meta) => [meta.id, ms]));

describe('agents needed for a candidate’s cases', () => {
  it('gives every slot an agent, up to the number of cases, when nothing was recorded', () => {
    expect(agentsNeeded(cases(10), 4, undefined)).to.equal(4);
    expect(agentsNeeded(cases(3), 4, undefined)).to.equal(3);
    expect(agentsNeeded(cases(3), 4, new Map())).to.equal(3);
  });

  it('starts one agent for cases that took little, and one more per WORK_PER_AGENT_MS of their work', () => {
    expect(agentsNeeded(cases(20), 4, took(cases(20), 5))).to.equal(1);
    const list = cases(5);
    expect(agentsNeeded(list, 4, took(list, WORK_PER_AGENT_MS / 5))).to.equal(1);
    expect(agentsNeeded(list, 4, took(list, WORK_PER_AGENT_MS / 5 + 1))).to.equal(2);
    expect(agentsNeeded(list, 4, took(list, WORK_PER_AGENT_MS / 2))).to.equal(3);
    expect(agentsNeeded(list, 4, took(list, 5000))).to.equal(4);
  });

  it('never goes past the slots or the cases, and never below one', () => {
    expect(agentsNeeded(cases(2), 4, took(cases(2), 60_000))).to.equal(2);
    expect(agentsNeeded(cases(8), 3, took(cases(8), 60_000))).to.equal(3);
    expect(agentsNeeded(cases(4), 4, took(cases(4), 0))).to.equal(1);
    expect(agentsNeeded([], 4, new Map())).to.equal(1);
  });

  it('gives every slot an agent when one case has no recorded duration: it could be long', () => {
    const list = cases(6);
    const durations = took(list.slice(1), 1);
    expect(agentsNeeded(list, 4, durations)).to.equal(4);
  });
});

describe('the agent runner starts the agents its cases are worth', function () {
  this.timeout(60_000);

  /** Runs `PARSE_CASES` with 4 slots, and counts the agents started. */
  async function agentsStarted(expectedMs?: ReadonlyMap<string, number>): Promise<{ started: number; statuses: string[] }> {
    let started = 0;
    const hosts = processHosts({ executable: process.execPath, args: (script) => [script] });
    const runner = adapterRunner('good.mjs', {
      host: (options) => {
        started++;
        return hosts(options);
      },
    });
    const results = await collect(runner, PARSE_CASES, { jobs: 4, ...(expectedMs ? { expectedMs } : {}) });
    return { started, statuses: results.map((result) => result.status) };
  }

  it('one agent for four cases that took milliseconds last time, four without a history, every case run', async () => {
    const quick = await agentsStarted(took(PARSE_CASES, 3));
    expect(quick).to.deep.equal({ started: 1, statuses: ['pass', 'pass', 'pass', 'pass'] });
    const unknown = await agentsStarted();
    expect(unknown).to.deep.equal({ started: 4, statuses: ['pass', 'pass', 'pass', 'pass'] });
  });
});
