// `runtime:NAME[@RANGE]` and `runtime:/path/to/binary[,OPTIONS]`: another runtime's own builtins, the agent bundle
// executed by that runtime's binary: a release of Node, Bun or Deno from the npm registry, downloaded once into
// $RTCONF_CACHE (runners/runtimes/), or a local build told apart by what it says of itself
// (runners/runtimes/local-build.ts): Node, Bun and Deno run here, a workerd build as runtime:workerd does (with its
// date= and flags=), a Bare build as runtime:bare does (through the layer, layer= pinning it). `rtconf bisect` probes
// releases with it too.
import { CandidateError, formatCandidateSpec, type LocalBuildOptions, type RuntimeSpec } from '../../results/candidate-spec.js';
import type { CandidateInfo } from '../../results/results-file.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import type { Runner } from '../runner.js';
import { ensureBareLayer } from '../runtimes/bare-layer.js';
import { RECORDED_LAYER_VERSION } from '../runtimes/bare-profile.js';
import { createDownloadProgress } from '../runtimes/download-progress.js';
import { ensureRuntime, type ResolvedRuntime } from '../runtimes/ensure-runtime.js';
import { detectLocalBuild } from '../runtimes/local-build.js';
import { workerdCompatibility } from '../runtimes/workerd-profile.js';
import { bareRunner } from './bare.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { workerdRunner } from './workerd.js';

export const runtime: CandidateKindDeclaration<'runtime'> = {
  kind: 'runtime',
  needs: { runsIn: 'agent', agentHost: 'runtime' },
  async resolve(spec) {
    if (spec.from === 'path') return localBuildRunner(spec);
    return processRunner(formatCandidateSpec(spec), await ensureRuntime(spec, { onDownload: createDownloadProgress() }));
  },
};

function processRunner(id: string, resolved: Pick<ResolvedRuntime, 'profile' | 'version' | 'executable'>, label: (candidate: CandidateInfo) => CandidateInfo = (candidate) => candidate): Runner {
  return createAgentRunner({
    candidate: label({ id, name: resolved.profile.name, kind: 'runtime', version: resolved.version }),
    host: processHosts({ executable: resolved.executable, args: (script) => resolved.profile.scriptArgs(script), env: resolved.profile.env }),
    // A runtime's own builtins use the runtime's name for the fork channel variable, not the spec's literal one.
    load: { kind: 'builtins', declared: { ipcChannelVariable: resolved.profile.channelVariable } },
  });
}

/**
 * How a local build is named wherever results are shown. One function for the three kinds of local build (a process
 * runtime, workerd, Bare), so that labelling builds by what tells them apart (issue 32: path and digest) is made once,
 * here; today the candidate's id (its path) and its version tell it apart.
 */
function localBuildLabel(candidate: CandidateInfo): CandidateInfo {
  return candidate;
}

/** The options of `runtime:/path,…` that the detected runtime does not take, by name. */
function refuseOptions(id: string, runtimeName: string, options: LocalBuildOptions, allowed: ReadonlyArray<keyof LocalBuildOptions>): void {
  const names: Record<keyof LocalBuildOptions, string> = { compatibilityDate: 'date=', compatibilityFlags: 'flags=', layer: 'layer=' };
  const given = (Object.keys(names) as Array<keyof LocalBuildOptions>).filter((key) => options[key] !== undefined && !allowed.includes(key));
  if (given.length > 0) throw new CandidateError(`candidate ${id}: ${given.map((key) => names[key]).join(' and ')} cannot be given to a ${runtimeName} build (date= and flags= are workerd's, layer= is bare's)`);
}

async function localBuildRunner(spec: Extract<RuntimeSpec, { from: 'path' }>): Promise<Runner> {
  const id = formatCandidateSpec(spec);
  const { executable, build } = await detectLocalBuild(id, spec.path);
  switch (build.kind) {
    case 'process':
      refuseOptions(id, build.profile.name, spec, []);
      return processRunner(id, { profile: build.profile, version: build.version, executable }, localBuildLabel);
    case 'workerd': {
      refuseOptions(id, 'workerd', spec, ['compatibilityDate', 'compatibilityFlags']);
      // A workerd build names the newest date it supports; a Worker runs at it unless date= says otherwise.
      const date = spec.compatibilityDate ?? (/^\d{4}-\d{2}-\d{2}$/.test(build.version) ? build.version : undefined);
      if (date === undefined) throw new CandidateError(`candidate ${id}: workerd ${build.version} does not say which compatibility date it supports; name one with date=YYYY-MM-DD`);
      const compatibility = workerdCompatibility({ compatibilityDate: date, compatibilityFlags: spec.compatibilityFlags ?? [] }, build.version);
      return workerdRunner({ id, version: build.version, executable, compatibility }, localBuildLabel);
    }
    case 'bare': {
      refuseOptions(id, 'bare', spec, ['layer']);
      const layer = await ensureBareLayer(spec.layer ?? RECORDED_LAYER_VERSION, id);
      return bareRunner({ id, version: build.version, executable, layer }, localBuildLabel);
    }
  }
}
