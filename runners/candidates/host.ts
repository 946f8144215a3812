// `host`: our own Node's builtins, in agents like any runtime. It is trusted code, but in our process it would have to
// wait for the in-process reference (stray errors there cannot be told apart by candidate); in agents it runs beside
// it under the shared job pool, which halves the default run.
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import { PROFILES } from '../runtimes/runtime-profile.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { OWN_NODE } from './own-node-agent.js';

export const host: CandidateKindDeclaration<'host'> = {
  kind: 'host',
  async resolve() {
    return createAgentRunner({
      candidate: { id: 'host', name: `host ${process.release.name}`, kind: 'host', version: process.version },
      host: processHosts(OWN_NODE),
      load: { kind: 'builtins', declared: { ipcChannelVariable: PROFILES.node.channelVariable } },
    });
  },
};
