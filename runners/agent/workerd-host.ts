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
import { AGENT_MODULE, buildWorkerAgent, MAIN_MODULE, type WorkerAgentBundle } from './build-worker-agent.js';
import type { AgentChannel } from './channel.js';
import { openHttpChannel } from './http-agent-channel.js';
import { LineFramer } from './line-framer.js';
import { AgentProcess } from './agent-process.js';

/** Which workerd, and how its Worker is configured. */
export interface WorkerdLaunch {
  readonly executable: string;
  /** The release (`1.20261117.1`), told to the agent, which cannot read it. */
  readonly version: string;
  readonly compatibilityDate: string;
  readonly compatibilityFlags: readonly string[];
}

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

/**
 * The Worker's config in Cap'n Proto text, as workerd reads it.
 * @param modules the main and agent modules' paths, relative to the config's folder, and extra case modules: each
 *   named by its path on this machine (which the agent imports it by, workerd-platform.ts), with its relative path
 */
export function workerdConfig(
  launch: WorkerdLaunch,
  modules: { main: string; agent: string; cases?: readonly { name: string; file: string }[] },
  token: string,
  trusted: readonly string[],
): string {
  const list = (items: readonly string[]): string => `[${items.map(capnpText).join(', ')}]`;
  const cases = (modules.cases ?? []).map((item) => `\n    (name = ${capnpText(item.name)}, esModule = embed ${capnpText(item.file)}),`).join('');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "agent", worker = .agent),
    # The Worker's only way out: 127.0.0.1, where the harness's trusted peers listen, trusting the run's CA.
    (name = "loopback", network = (allow = ["127.0.0.1/32"], tlsOptions = (trustedCertificates = ${list(trusted)}))),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "agent") ],
);

const agent :Workerd.Worker = (
  modules = [
    (name = ${capnpText(MAIN_MODULE)}, esModule = embed ${capnpText(modules.main)}),
    (name = ${capnpText(AGENT_MODULE)}, esModule = embed ${capnpText(modules.agent)}),${cases}
  ],
  compatibilityDate = ${capnpText(launch.compatibilityDate)},
  compatibilityFlags = ${list(launch.compatibilityFlags)},
  globalOutbound = "loopback",
  bindings = [
    (name = "RTCONF_TOKEN", text = ${capnpText(token)}),
    (name = "RTCONF_WORKERD_VERSION", text = ${capnpText(launch.version)}),
  ],
);
`;
}

/** A Cap'n Proto text literal: quotes, backslashes and control characters escaped. */
function capnpText(value: string): string {
  const escaped = value.replace(/[\\"\u0000-\u001f\u007f]/g, (char) => {
    if (char === '\\' || char === '"') return `\\${char}`;
    if (char === '\n') return '\\n';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `"${escaped}"`;
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
