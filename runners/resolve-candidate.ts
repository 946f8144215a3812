// Turns a candidate spec from the command line into a Runner.
import type { CandidateInfo } from '../results/results-file.js';
import { CandidateError, type Runner } from './runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import { loadReferenceModules } from './reference-modules.js';
import { loadHostModules } from './host-modules.js';
import { resolveAdapterCandidate, resolveNpmCandidate, resolveRuntimeCandidate } from './resolve-agent-candidate.js';
import { toolInfo } from '../results/tool-info.js';
import { PROFILES } from './runtimes/runtime-profile.js';

export interface ResolveOptions {
  readonly cwd?: string;
}

export function isAdapterSpec(spec: string): boolean {
  return /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])/.test(spec) || /\.(m?js|cjs|mts|ts)$/.test(spec);
}

export async function resolveCandidate(spec: string, options: ResolveOptions = {}): Promise<Runner> {
  const make = (candidate: CandidateInfo, modules: Parameters<typeof createInProcessRunner>[0]['modules'], declared?: Parameters<typeof createInProcessRunner>[0]['declared']): Runner =>
    createInProcessRunner({ candidate, modules, ...(declared ? { declared } : {}) });

  if (spec === 'reference') {
    return make({ id: spec, name: 'rt-conformance reference', kind: 'reference', version: toolInfo().version }, await loadReferenceModules());
  }
  if (spec === 'host') {
    // The host's builtins are Node's, and name the fork channel variable as Node does.
    const declared = { ipcChannelVariable: PROFILES.node.channelVariable };
    return make({ id: spec, name: `host ${process.release.name}`, kind: 'host', version: process.version }, await loadHostModules(), declared);
  }
  // Everything else is untrusted code: it runs in an agent process (see DESIGN.md, "Candidates and runners").
  const agentOptions = options.cwd ? { cwd: options.cwd } : {};
  if (spec.startsWith('npm:')) return resolveNpmCandidate(spec, agentOptions);
  if (spec.startsWith('runtime:')) return resolveRuntimeCandidate(spec);
  if (isAdapterSpec(spec)) return resolveAdapterCandidate(spec, agentOptions);
  throw new CandidateError(
    `unknown candidate "${spec}": expected reference, host, a path to an adapter module (./adapter.mjs), npm:<package> or runtime:<name>@<version>`,
  );
}
