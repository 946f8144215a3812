// Agents started from the harness's own Node, for candidates that are code rather than runtimes (the host's builtins,
// adapters, npm packages): how they are launched, and the probe that loads such a candidate once before the run, so
// that a broken adapter is a one-line exit-2 reason before anything runs.
import { dirname } from 'node:path';
import { fixturePath } from '../../conformance/fixture-path.js';
import { CandidateError } from '../../results/candidate-spec.js';
import { Agent, AgentStartError } from '../agent/agent.js';
import type { AgentHostFactory } from '../agent/agent-host.js';
import { processHosts, type AgentLaunch } from '../agent/process-host.js';
import type { CandidateLoad } from '../agent/protocol.js';
import { PROFILES } from '../runtimes/runtime-profile.js';

/** Our own Node, running the agent bundle. */
export const OWN_NODE: AgentLaunch = { executable: process.execPath, args: (script) => PROFILES.node.scriptArgs(script), env: {} };

/** What the probe learnt from the candidate's own agent. */
export interface Probed {
  readonly name?: string;
  readonly version?: string;
  readonly modules: readonly string[];
}

/**
 * Starts one agent to load the candidate and report its name, version and modules, then stops it.
 * @param spec the spec as given, for messages
 * @param host where the agent runs (default: our own Node; a `chromium:` candidate probes in a page)
 * @throws CandidateError when the candidate cannot be loaded, with the agent's one-line reason
 */
export async function probeCandidate(spec: string, load: CandidateLoad, host: AgentHostFactory = processHosts(OWN_NODE)): Promise<Probed> {
  let agent: Agent | undefined;
  try {
    agent = await Agent.start({
      host: await host(),
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
