// `reference`: our reference implementation, the default candidate. Trusted code, but run in agents of our own Node
// like the host: in the harness's process its cases would have to run one at a time (a stray error or a replaced
// module export could not be told apart by case), and one after another they are the longest wait of the default run.
// The agent bundle carries the reference already (the oracle of differential cases), so it loads nothing else.
import { toolInfo } from '../../io/tool-info.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import { referenceHttpsLoadTarget } from '../reference-load-target.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { OWN_NODE } from './own-node-agent.js';

export const reference: CandidateKindDeclaration<'reference'> = {
  kind: 'reference',
  async resolve() {
    return createAgentRunner({
      candidate: { id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: toolInfo().version },
      host: processHosts(OWN_NODE),
      // Where a fresh process loads the reference's https module is known here, beside its sources or its build, not in
      // the agent bundle (which lives in the cache).
      load: { kind: 'reference', declared: { httpsLoadTarget: referenceHttpsLoadTarget() } },
    });
  },
};
