// `runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG+FLAG]`: Cloudflare's workerd, its Worker run with a
// compatibility date and flags. Parsed by the grammar already; not runnable yet. The runner to come: workerd fetched
// from the npm registry into $RTCONF_CACHE like the other runtimes, the agent bundled as a Worker module, each agent
// hosted by a workerd process (an AgentHost, runners/agent/agent-host.ts) and driven over HTTP on 127.0.0.1 (a
// channel pair, runners/agent/channel.ts).
import { CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const workerd: CandidateKindDeclaration<'workerd'> = {
  kind: 'workerd',
  needs: { runsIn: 'agent', agentHost: 'workerd' },
  resolve(spec) {
    return Promise.reject(new CandidateError(`candidate ${formatCandidateSpec(spec)}: workerd candidates are not supported yet`));
  },
};
