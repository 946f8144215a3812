// `runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG+FLAG]`: Cloudflare's workerd, its Worker run with a
// compatibility date (the release's own unless named) and flags, `nodejs_compat` always on. The release is fetched
// from the npm registry into $RTCONF_CACHE like the other runtimes (runners/runtimes/ensure-workerd.ts); each agent is
// a Worker in a workerd process of its own (runners/agent/workerd-host.ts), driven over HTTP on 127.0.0.1. A local
// build (`runtime:/path/to/workerd`) is resolved by runtime.ts and run the same way (workerdRunner).
import { formatCandidateSpec } from '../../results/candidate-spec.js';
import type { CandidateInfo } from '../../results/results-file.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { workerdHosts } from '../agent/workerd-host.js';
import type { Runner } from '../runner.js';
import { createDownloadProgress } from '../runtimes/download-progress.js';
import { ensureWorkerd } from '../runtimes/ensure-workerd.js';
import { PROFILES } from '../runtimes/runtime-profile.js';
import { WORKERD, type WorkerdCompatibility } from '../runtimes/workerd-profile.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const workerd: CandidateKindDeclaration<'workerd'> = {
  kind: 'workerd',
  needs: { runsIn: 'agent', agentHost: 'workerd' },
  async resolve(spec) {
    const resolved = await ensureWorkerd(spec, { onDownload: createDownloadProgress() });
    return workerdRunner({ id: formatCandidateSpec(spec), version: resolved.version, executable: resolved.executable, compatibility: resolved.compatibility });
  },
};

/**
 * The runner of one workerd binary at one compatibility date and flags, whether the binary came from the registry or a
 * path (`label` then names the local build, runtime.ts).
 * @example
 * workerdRunner({ id: 'runtime:workerd@1', version: '1.20261117.1', executable, compatibility: { date: '2026-11-17', flags: [] } });
 */
export function workerdRunner(options: { id: string; version: string; executable: string; compatibility: WorkerdCompatibility }, label: (candidate: CandidateInfo) => CandidateInfo = (candidate) => candidate): Runner {
  const { date, flags } = options.compatibility;
  return createAgentRunner({
    candidate: label({ id: options.id, name: WORKERD, kind: 'runtime', version: options.version, compatibility: { date, flags: [...flags] } }),
    host: workerdHosts({ executable: options.executable, version: options.version, compatibilityDate: date, compatibilityFlags: flags }),
    // Its node:child_process follows Node's, so a forked child's channel variable would be Node's.
    load: { kind: 'builtins', declared: { ipcChannelVariable: PROFILES.node.channelVariable } },
  });
}
