// The host of a process agent (Node, Bun, Deno, Bare, or our own Node for adapters and npm packages): the agent runs
// detached (its own process group) in an empty private working folder, talks over a TCP channel on 127.0.0.1
// (tcp-agent-channel.ts), and is killed with everything it started. Its stdout/stderr are drained, and only their
// tails are kept.
import type { AgentHost, AgentHostEvents, AgentHostFactory } from './agent-host.js';
import { buildAgent } from './build-agent.js';
import { AgentProcess } from './agent-process.js';
import { listenForAgent, type TcpAgentChannel } from './tcp-agent-channel.js';

/** How to start a runtime on the agent's script. */
export interface AgentLaunch {
  readonly executable: string;
  /** Arguments that make the executable run the agent script. */
  readonly args: (script: string) => readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Hosts for agents started by `launch` on the agent bundle (built on first use, runners/agent/build-agent.ts), or on
 * another script of the same protocol (`script`: Bare's, build-bare-agent.ts).
 * @example
 * createAgentRunner({ candidate, load, host: processHosts({ executable: process.execPath, args: (script) => [script] }) });
 */
export function processHosts(launch: AgentLaunch, script?: string): AgentHostFactory {
  return async () => new ProcessHost(launch, script ?? (await buildAgent()).file);
}

export class ProcessHost implements AgentHost {
  private readonly process = new AgentProcess({ folderPrefix: 'rtconf-agent-', folderMode: 0o711 });
  private channel?: TcpAgentChannel;

  constructor(
    private readonly launch: AgentLaunch,
    private readonly script: string,
  ) {}

  async start(events: AgentHostEvents): Promise<void> {
    const channel = await listenForAgent(events);
    this.channel = channel;
    if (this.process.isKilled) {
      // Killed while the channel was being set up: nothing may be started any more.
      channel.close();
      return;
    }
    const { launch, script } = this;
    this.process.spawn(launch.executable, [...launch.args(script), ...channel.args], events, { env: launch.env });
  }

  cpuMs(): number | undefined {
    return this.process.cpuMs();
  }

  diagnostics(): string {
    return this.process.diagnostics();
  }

  killNow(): void {
    this.process.killNow();
    this.channel?.close();
  }

  kill(): Promise<void> {
    this.channel?.close();
    return this.process.kill();
  }
}
