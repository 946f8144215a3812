// Where one agent lives and how it is stopped, seen from the harness: a process (process-host.ts), a Worker in a
// workerd process (workerd-host.ts) or a page in Chromium (page-host.ts). The host starts the agent and opens its channel (channel.ts); agent.ts
// drives the protocol over it the same way whatever the host, and asks the host to kill the agent when a case hangs,
// the agent dies or the run ends.
import type { CertificateSet } from '../../conformance/certificate-set.js';
import type { AgentChannel, AgentChannelEvents } from './channel.js';

export interface AgentHost {
  /**
   * Starts the agent. Resolves once it has been started (not yet connected); from then on `events` report the channel
   * opening, its frames, and the agent's end. Rejects only when there is nothing to wait for.
   */
  start(events: AgentHostEvents): Promise<void>;
  /**
   * CPU time the agent has used so far in ms, where it can be read (a process, on Linux), else undefined. With it, an
   * agent that falls silent past its case's limit is only taken for stuck if it has also been busy on the CPU.
   */
  cpuMs(): number | undefined;
  /** The tail of what the agent itself printed (stderr, else stdout; a page's console), to say how it died. */
  diagnostics(): string;
  /**
   * Stops the agent at once with everything it started and releases what the host holds (its channel, its working
   * folder). Synchronous, safe to call twice and from a process 'exit' handler. A process agent's whole process tree
   * is killed; a Worker's host must end the Worker's workerd process (or restart it), a page's host close the page:
   * a stuck agent is stopped from outside, never asked.
   */
  killNow(): void;
  /** `killNow`, then waits (bounded) until the agent is really gone (its process reaped). */
  kill(): Promise<void>;
}

export interface AgentHostEvents extends AgentChannelEvents {
  /** The agent has connected and proven it is the one started: frames can flow. */
  opened(channel: AgentChannel): void;
  /** The agent is gone, and how: `exit code 7`, `killed by SIGKILL`, `could not start …`. */
  exited(info: string): void;
}

/** What the run offers a host it starts agents for (absent when an agent is started outside a run, to probe a candidate). */
export interface AgentHostContext {
  /** The run's certificates, minted once: a Worker's host configures its Worker to trust their CA. */
  certificates(): Promise<CertificateSet>;
  /** Extra case modules the agents load (the harness's own tests): a Worker's host embeds them in its Worker. */
  readonly caseModules?: readonly string[];
}

/** Makes the host of one more agent: an agent runner calls it for each agent it starts. */
export type AgentHostFactory = (context?: AgentHostContext) => Promise<AgentHost>;
