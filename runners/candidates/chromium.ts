// `chromium:./adapter.mjs` and `chromium:npm:PACKAGE[=MODULE]`: an adapter or npm package bundled for the browser and
// run in a page of headless Chromium. Parsed by the grammar already; not runnable yet. The runner to come: each agent
// hosted by a page (an AgentHost, runners/agent/agent-host.ts) and driven over the page's channel (a channel pair,
// runners/agent/channel.ts).
import { CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const chromium: CandidateKindDeclaration<'chromium'> = {
  kind: 'chromium',
  needs: { runsIn: 'agent', agentHost: 'chromium' },
  resolve(spec) {
    return Promise.reject(new CandidateError(`candidate ${formatCandidateSpec(spec)}: Chromium candidates are not supported yet`));
  },
};
