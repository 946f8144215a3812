// `runtime:NAME[@RANGE]` and `runtime:/path/to/binary`: another runtime's own builtins (Node, Bun, Deno), the agent
// bundle executed by that runtime's binary: a release from the npm registry, downloaded once into $RTCONF_CACHE
// (runners/runtimes/), or a local build told apart by its --version. `rtconf bisect` probes releases with it too.
import { formatCandidateSpec } from '../../results/candidate-spec.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import { createDownloadProgress } from '../runtimes/download-progress.js';
import { ensureRuntime } from '../runtimes/ensure-runtime.js';
import { describeLocalBuild } from '../runtimes/local-build.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const runtime: CandidateKindDeclaration<'runtime'> = {
  kind: 'runtime',
  needs: { runsIn: 'agent', agentHost: 'runtime' },
  async resolve(spec) {
    const resolved = await ensureRuntime(spec, { onDownload: createDownloadProgress() });
    // A binary given by path is a local build: which one it is goes with its results, not only the version it reports.
    const build = resolved.source === 'path' ? await describeLocalBuild(resolved.executable) : undefined;
    return createAgentRunner({
      candidate: { id: formatCandidateSpec(spec), name: resolved.profile.name, kind: 'runtime', version: resolved.version, ...(build ? { build } : {}) },
      host: processHosts({ executable: resolved.executable, args: (script) => resolved.profile.scriptArgs(script), env: resolved.profile.env }),
      // A runtime's own builtins use the runtime's name for the fork channel variable, not the spec's literal one.
      load: { kind: 'builtins', declared: { ipcChannelVariable: resolved.profile.channelVariable } },
    });
  },
};
