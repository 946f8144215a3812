// Turns a candidate spec from the command line into a Runner.
import type { CandidateInfo } from '../results/results-file.js';
import { CandidateError, type Runner } from './runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import { loadReferenceModules } from './reference-modules.js';
import { resolveAdapterCandidate, resolveHostCandidate, resolveNpmCandidate, resolveRuntimeCandidate } from './resolve-agent-candidate.js';
import { toolInfo } from '../io/tool-info.js';

export interface ResolveOptions {
  readonly cwd?: string;
}

export function isAdapterSpec(spec: string): boolean {
  return /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])/.test(spec) || /\.(m?js|cjs|mts|ts)$/.test(spec);
}

export async function resolveCandidate(spec: string, options: ResolveOptions = {}): Promise<Runner> {
  if (spec === 'reference') {
    return createInProcessRunner({ candidate: { id: spec, name: 'rt-conformance reference', kind: 'reference', version: toolInfo().version }, modules: await loadReferenceModules() });
  }
  if (spec === 'host') return resolveHostCandidate();
  // Everything else is untrusted code: it runs in an agent process (docs/architecture.md, "The path of one result").
  const agentOptions = options.cwd ? { cwd: options.cwd } : {};
  if (spec.startsWith('npm:')) return resolveNpmCandidate(spec, agentOptions);
  if (spec.startsWith('runtime:')) return resolveRuntimeCandidate(spec);
  if (isAdapterSpec(spec)) return resolveAdapterCandidate(spec, agentOptions);
  throw new CandidateError(
    `unknown candidate "${spec}": expected reference, host, a path to an adapter module (./adapter.mjs), npm:<package> or runtime:<name>@<version>`,
  );
}
