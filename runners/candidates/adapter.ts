// `./adapter.mjs`: a module whose default export is `{ name, version?, modules, declared? }`, loaded only in agents of
// our own Node (runners/load-adapter.ts checks its shape there). Its id is its declared name, however its path is
// typed; its path is recorded to run it again.
import { adapterId } from '../../results/candidate-spec.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import type { CandidateLoad } from '../agent/protocol.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { OWN_NODE, probeCandidate } from './own-node-agent.js';

export const adapter: CandidateKindDeclaration<'adapter'> = {
  kind: 'adapter',
  async resolve(spec, options) {
    const load: CandidateLoad = { kind: 'adapter', spec: spec.path, cwd: options.cwd ?? process.cwd() };
    const probed = await probeCandidate(spec.path, load);
    // The agent refuses an adapter without a name, so `probed.name` is there; the path is only a fallback.
    const name = probed.name ?? spec.path;
    return createAgentRunner({
      candidate: { id: adapterId(name), name, kind: 'adapter', ...(probed.version ? { version: probed.version } : {}), path: spec.path },
      host: processHosts(OWN_NODE),
      load,
    });
  },
};
