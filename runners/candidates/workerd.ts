// `runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG+FLAG]`: Cloudflare's workerd, its Worker run with a
// compatibility date (the release's own unless named) and flags, `nodejs_compat` always on. The release is fetched
// from the npm registry into $RTCONF_CACHE like the other runtimes (runners/runtimes/ensure-workerd.ts); each agent is
// a Worker in a workerd process of its own (runners/agent/workerd-host.ts), driven over HTTP on 127.0.0.1.
import { formatCandidateSpec } from '../../results/candidate-spec.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { workerdHosts } from '../agent/workerd-host.js';
import { createDownloadProgress } from '../runtimes/download-progress.js';
import { ensureWorkerd } from '../runtimes/ensure-workerd.js';
import { PROFILES } from '../runtimes/runtime-profile.js';
import { WORKERD } from '../runtimes/workerd-profile.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const workerd: CandidateKindDeclaration<'workerd'> = {
  kind: 'workerd',
  async resolve(spec) {
    const resolved = await ensureWorkerd(spec, { onDownload: createDownloadProgress() });
    const { date, flags } = resolved.compatibility;
    return createAgentRunner({
      candidate: {
        id: formatCandidateSpec(spec),
        name: WORKERD,
        kind: 'runtime',
        version: resolved.version,
        compatibility: { date, flags: [...flags] },
      },
      host: workerdHosts({ executable: resolved.executable, version: resolved.version, compatibilityDate: date, compatibilityFlags: flags }),
      // Its node:child_process follows Node's, so a forked child's channel variable would be Node's.
      load: { kind: 'builtins', declared: { ipcChannelVariable: PROFILES.node.channelVariable } },
    });
  },
};
