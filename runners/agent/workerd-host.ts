// The host of a Worker agent: one workerd process per agent, serving the Worker agent (build-worker-agent.ts) on
// 127.0.0.1 at a port the system picks, from a config written into a private folder: the Worker's compatibility date
// and flags, its outbound network limited to 127.0.0.1 and trusting the run's CA (so the https cases reach the
// harness's trusted peers, and nothing else), and a per-agent token. The harness drives it over one HTTP request
// (http-agent-channel.ts). A Worker cannot be stopped from inside, so stopping the agent ends its workerd process.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import type { AgentHost, AgentHostEvents, AgentHostFactory, AgentHostContext } from './agent-host.js';
import { buildWorkerAgent, type WorkerAgentBundle } from './build-worker-agent.js';
import type { AgentChannel } from './channel.js';
import { openHttpChannel } from './http-agent-channel.js';
import { LineFramer } from './line-framer.js';
import { AgentProcess } from './agent-process.js';
import { workerdConfig, type WorkerdLaunch } from './workerd-config.js';

/** The control descriptor's messages are short lines; one longer than this is not workerd's. */
const CONTROL_LINE_BYTES = 4096;

/**
 * Hosts for Worker agents run by `launch`, trusting the run's CA.
 * @example
 * createAgentRunner({ candidate, load: { kind: 'builtins' }, host: workerdHosts({ executable, version, compatibilityDate, compatibilityFlags }) });
 */
export function workerdHosts(launch: WorkerdLaunch): AgentHostFactory {
  return async (context?: AgentHostContext) => {
    const bundle = await buildWorkerAgent();
    // The trusted peers present certificates issued by the run's CA; without the run's certificates (a probe that
    // runs no case) the Worker trusts no one.
    const ca = context ? (await context.certificates()).ca.cert.pem : undefined;
    return new WorkerdHost(launch, bundle, ca === undefined ? [] : [ca], context?.caseModules ?? []);
  };
}

export class WorkerdHost implements AgentHost {
  private readonly token = randomBytes(16).toString('hex');
  // Private (mkdtemp's 0o700): the config holds the token.
  private readonly process = new AgentProcess({ folderPrefix: 'rtconf-workerd-' });
  private channel?: AgentChannel;

  constructor(
    private readonly launch: WorkerdLaunch,
    private readonly bundle: WorkerAgentBundle,
    private readonly trusted: readonly string[],
    private readonly caseModules: readonly string[] = [],
  ) {}

  async start(events: AgentHostEvents): Promise<void> {
    if (this.process.isKilled) return;
    const { workDir } = this.process;
    const config = join(workDir, 'config.capnp');
    const modules = {
      main: relative(workDir, this.bundle.main),
      agent: relative(workDir, this.bundle.agent),
      cases: this.caseModules.map((file) => ({ name: file, file: relative(workDir, file) })),
    };
    writeFileSync(config, workerdConfig(this.launch, modules, this.token, this.trusted), { mode: 0o600 });
    const child = this.process.spawn(this.launch.executable, ['serve', config, '--control-fd', '3'], events, { extraStdio: ['pipe'] });
    const control = child.stdio[3] as Readable | null;
    control?.setEncoding('utf8');
    const framer = new LineFramer(CONTROL_LINE_BYTES);
    control?.on('data', (chunk: string) => {
      for (const line of framer.push(chunk).lines) {
        const port = listeningPort(line);
        if (port !== undefined && !this.channel && !this.process.isKilled) this.connect(port, events);
      }
    });
    control?.on('error', () => undefined);
  }

  private connect(port: number, events: AgentHostEvents): void {
    this.channel = openHttpChannel(port, this.token, events, (why) => this.process.note(why));
  }

  cpuMs(): number | undefined {
    return this.process.cpuMs();
  }

  diagnostics(): string {
    return this.process.diagnostics();
  }

  killNow(): void {
    this.channel?.close();
    this.process.killNow();
  }

  kill(): Promise<void> {
    this.channel?.close();
    return this.process.kill();
  }
}

/** The port of workerd's control message `{"event":"listen","socket":"http","port":N}`, or undefined. */
function listeningPort(line: string): number | undefined {
  try {
    const message = JSON.parse(line) as { event?: unknown; socket?: unknown; port?: unknown };
    return message.event === 'listen' && message.socket === 'http' && typeof message.port === 'number' ? message.port : undefined;
  } catch {
    return undefined;
  }
}
