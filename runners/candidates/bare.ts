// `runtime:bare[@RANGE][,layer=RANGE]`: Holepunch's Bare, reaching Node's API through its compatibility layer
// bare-node-runtime, as a Node program ported to Bare does. The release is fetched from the npm registry into
// $RTCONF_CACHE like the other runtimes, the layer installed beside it (runners/runtimes/ensure-bare.ts); each agent
// is a Bare process running the Bare agent bundle (runners/agent/build-bare-agent.ts) over the TCP channel. A local
// build (`runtime:/path/to/bare`) is resolved by runtime.ts and run the same way (bareRunner).
import { formatCandidateSpec } from '../../results/candidate-spec.js';
import type { CandidateInfo } from '../../results/results-file.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { buildBareAgent } from '../agent/build-bare-agent.js';
import { processHosts } from '../agent/process-host.js';
import type { Runner } from '../runner.js';
import type { BareLayer } from '../runtimes/bare-layer.js';
import { BARE } from '../runtimes/bare-profile.js';
import { createDownloadProgress } from '../runtimes/download-progress.js';
import { ensureBare } from '../runtimes/ensure-bare.js';
import { PROFILES } from '../runtimes/runtime-profile.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const bare: CandidateKindDeclaration<'bare'> = {
  kind: 'bare',
  needs: { runsIn: 'agent', agentHost: 'runtime' },
  async resolve(spec) {
    const resolved = await ensureBare(spec, { onDownload: createDownloadProgress() });
    return bareRunner({ id: formatCandidateSpec(spec), version: resolved.version, executable: resolved.executable, layer: resolved.layer });
  },
};

/**
 * The runner of one Bare binary through one installed layer, whether the binary came from the registry or a path
 * (`label` then names the local build, runtime.ts).
 * @example
 * await bareRunner({ id: 'runtime:bare@1', version: '1.33.4', executable, layer });
 */
export async function bareRunner(
  options: { id: string; version: string; executable: string; layer: BareLayer },
  label: (candidate: CandidateInfo) => CandidateInfo = (candidate) => candidate,
): Promise<Runner> {
  const { layer } = options;
  const bundle = await buildBareAgent(layer.dir);
  return createAgentRunner({
    candidate: label({
      id: options.id,
      name: BARE,
      kind: 'runtime',
      version: options.version,
      layer: { name: layer.name, version: layer.version, modules: layer.modules },
    }),
    host: processHosts({ executable: options.executable, args: (script) => [script] }, bundle.main),
    fixturesDir: bundle.fixturesDir,
    // The layer's child_process (bare-subprocess) has no fork; were one added, its channel would follow Node's.
    load: { kind: 'builtins', declared: { ipcChannelVariable: PROFILES.node.channelVariable } },
  });
}
