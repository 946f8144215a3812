// Candidates that run out of process, in an agent: runtimes (their own builtins), and the untrusted kinds that run
// in an agent started from our own Node (adapter files and npm packages). Resolving one checks it can be used, so a
// broken adapter is a one-line exit-2 reason before anything runs.
import { dirname } from 'node:path';
import { fixturePath } from '../conformance/fixture-path.js';
import type { CandidateInfo } from '../results/results-file.js';
import { createAgentRunner } from './agent/agent-runner.js';
import { buildAgent } from './agent/build-agent.js';
import { AgentProcess, AgentStartError, type AgentLaunch } from './agent/agent-process.js';
import type { CandidateLoad } from './agent/protocol.js';
import { parseNpmSpec, resolvePackage, versionOf } from './load-npm-package.js';
import { CandidateError, type Runner } from './runner.js';
import { createDownloadProgress } from './runtimes/download-progress.js';
import { ensureRuntime } from './runtimes/ensure-runtime.js';
import { PROFILES } from './runtimes/runtime-profile.js';

export interface AgentCandidateOptions {
  readonly cwd?: string;
}

/** Our own Node, for candidates that are code rather than runtimes. */
const HOST_LAUNCH: AgentLaunch = { executable: process.execPath, args: (script) => PROFILES.node.scriptArgs(script), env: {} };

function runner(candidate: CandidateInfo, launch: AgentLaunch, load: CandidateLoad): Runner {
  return createAgentRunner({ candidate, launch, load });
}

export async function resolveRuntimeCandidate(spec: string): Promise<Runner> {
  const runtime = await ensureRuntime(spec, { onDownload: createDownloadProgress() });
  const launch: AgentLaunch = { executable: runtime.executable, args: (script) => runtime.profile.scriptArgs(script), env: runtime.profile.env };
  const candidate: CandidateInfo = { id: spec, name: runtime.profile.name, kind: 'runtime', version: runtime.version };
  // A runtime's own builtins use the runtime's name for the fork channel variable, not the spec's literal one.
  return runner(candidate, launch, { kind: 'builtins', declared: { ipcChannelVariable: runtime.profile.channelVariable } });
}

/**
 * The host: our own Node's builtins, in an agent like any runtime. It is trusted code, but in our process it would
 * have to wait for the in-process reference (stray errors there cannot be told apart); in agents it runs beside it
 * under the shared job pool, which halves the default run.
 */
export function resolveHostCandidate(): Runner {
  const candidate: CandidateInfo = { id: 'host', name: `host ${process.release.name}`, kind: 'host', version: process.version };
  return runner(candidate, HOST_LAUNCH, { kind: 'builtins', declared: { ipcChannelVariable: PROFILES.node.channelVariable } });
}

/** Starts one agent to load the candidate and report its name, version and modules, then stops it. */
async function probe(spec: string, load: CandidateLoad): Promise<{ name?: string; version?: string; modules: readonly string[] }> {
  const bundle = await buildAgent();
  let agent: AgentProcess | undefined;
  try {
    agent = await AgentProcess.start({
      launch: HOST_LAUNCH,
      script: bundle.file,
      init: { candidate: { id: spec, name: spec, kind: load.kind === 'npm' ? 'npm' : 'adapter' }, load, fixturesDir: dirname(fixturePath('x')), runSeed: 0, timeoutMs: 1000 },
      certificates: () => Promise.reject(new Error('no certificates while probing')),
      startTimeoutMs: 20_000,
    });
    const ready = agent.ready;
    return { ...(ready?.name ? { name: ready.name } : {}), ...(ready?.version ? { version: ready.version } : {}), modules: ready?.modules ?? [] };
  } catch (error) {
    if (error instanceof AgentStartError && error.fatal) throw new CandidateError(error.message);
    throw new CandidateError(`candidate ${spec} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await agent?.kill();
  }
}

/** An adapter's id: its declared name, so expectations and baselines match however its path is typed. */
export function adapterId(name: string): string {
  return `adapter:${name}`;
}

export async function resolveAdapterCandidate(spec: string, options: AgentCandidateOptions = {}): Promise<Runner> {
  const load: CandidateLoad = { kind: 'adapter', spec, cwd: options.cwd ?? process.cwd() };
  const probed = await probe(spec, load);
  // The agent refuses an adapter without a name, so `probed.name` is there; the path is only a fallback.
  const name = probed.name ?? spec;
  const candidate: CandidateInfo = { id: adapterId(name), name, kind: 'adapter', ...(probed.version ? { version: probed.version } : {}), path: spec };
  return runner(candidate, HOST_LAUNCH, load);
}

export async function resolveNpmCandidate(spec: string, options: AgentCandidateOptions = {}): Promise<Runner> {
  const { packageName, module } = parseNpmSpec(spec);
  const entry = resolvePackage(packageName, options.cwd ?? process.cwd());
  const load: CandidateLoad = { kind: 'npm', spec, entry, packageName, ...(module ? { module } : {}) };
  await probe(spec, load);
  const version = versionOf(entry, packageName);
  const candidate: CandidateInfo = { id: spec, name: packageName, kind: 'npm', ...(version ? { version } : {}) };
  return runner(candidate, HOST_LAUNCH, load);
}
