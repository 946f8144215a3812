// The child_process cases' cleanup reaps a forked child without waiting out its close bound: it kills the child before
// disconnecting its channel, since Node (18 to 24) never emits 'close' for a forked child whose parent disconnected it
// first, and every fork case then spent the bound (2 s) waiting. The cases below start a fork and leave it running
// (the control call of a refusal check); each takes tens of milliseconds now, and took 2 s with the old order.
import { expect } from 'chai';
import * as host from 'node:child_process';
import { cases } from '../../conformance/child_process/index.js';
import type { ChildProcessModule } from '../../conformance/modules.js';
import reference from '../../reference/child_process.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { run } from './child_process-mutant-kit.js';

const FORK_CASES = ['child_process.fork.serialization-rejects-unknown', 'child_process.fork.module-path-other-url-throws', 'child_process.fork.stdio-array-with-two-ipc-throws'];
/** Well under the 2 s bound, with room for a machine several times slower than an idle one. */
const BOUND_MS = 1500;

describe('the child_process cases reap a forked child without waiting out the close bound', function () {
  this.timeout(30_000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  for (const [name, module] of [['the reference', reference as unknown as ChildProcessModule], ['the host', host as unknown as ChildProcessModule]] as const) {
    it(`for ${name}`, async () => {
      for (const id of FORK_CASES) {
        const definition = cases.find((item) => item.id === id);
        if (!definition) throw new Error(`no case ${id}`);
        const result = await run(definition, module, fixtures, name === 'the host' ? 'host' : 'reference');
        expect(result.status, id).to.equal('pass');
        expect(result.durationMs, id).to.be.below(BOUND_MS);
      }
    });
  }
});
