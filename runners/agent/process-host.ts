// The host of a process agent (Node, Bun, Deno, or our own Node for adapters and npm packages): the agent runs
// detached (its own process group) in an empty private working folder, talks over a TCP channel on 127.0.0.1
// (tcp-agent-channel.ts), and is killed with everything it started. Its stdout/stderr are drained, and only their
// tails are kept.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentHost, AgentHostEvents, AgentHostFactory } from './agent-host.js';
import { buildAgent } from './build-agent.js';
import { killTree } from './kill-tree.js';
import { processCpuMs } from './process-cpu.js';
import { AGENT_TAG_VARIABLE } from './protocol.js';
import { listenForAgent, type TcpAgentChannel } from './tcp-agent-channel.js';

/** How to start a runtime on the agent's script. */
export interface AgentLaunch {
  readonly executable: string;
  /** Arguments that make the executable run the agent script. */
  readonly args: (script: string) => readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

const TAIL_BYTES = 4096;
/** How long `kill` waits for the killed process to be reaped. */
const REAP_WAIT_MS = 2000;

/** The last `TAIL_BYTES` of a stream, so diagnostics survive any amount of output without holding it (any host of a process). */
export class Tail {
  private text = '';
  push(chunk: Buffer): void {
    this.text = (this.text + chunk.toString('utf8')).slice(-TAIL_BYTES);
  }
  toString(): string {
    return this.text.trim();
  }
}

/**
 * Hosts for agents started by `launch` on the agent bundle (built on first use, runners/agent/build-agent.ts).
 * @example
 * createAgentRunner({ candidate, load, host: processHosts({ executable: process.execPath, args: (script) => [script] }) });
 */
export function processHosts(launch: AgentLaunch): AgentHostFactory {
  return async () => new ProcessHost(launch, (await buildAgent()).file);
}

export class ProcessHost implements AgentHost {
  /** `NAME=value` in the agent's environment, inherited by everything it starts, so stray descendants can be found. */
  readonly tag: string;
  private child?: ChildProcess;
  private channel?: TcpAgentChannel;
  private readonly workDir: string;
  private readonly stdout = new Tail();
  private readonly stderr = new Tail();
  private killed = false;
  private reaped = false;
  private readonly reapWaiters: Array<() => void> = [];

  constructor(
    private readonly launch: AgentLaunch,
    private readonly script: string,
  ) {
    this.tag = `${AGENT_TAG_VARIABLE}=${randomBytes(8).toString('hex')}`;
    this.workDir = mkdtempSync(join(tmpdir(), 'rtconf-agent-'));
    // Searchable but not listable: a case that starts a child as another user (uid/gid options) inherits this
    // directory, and runtimes that change into the working directory explicitly (Deno) need to be allowed to.
    chmodSync(this.workDir, 0o711);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(events: AgentHostEvents): Promise<void> {
    const channel = await listenForAgent(events);
    this.channel = channel;
    if (this.killed) {
      // Killed while the channel was being set up: nothing may be started any more.
      channel.close();
      return;
    }
    const { launch, script } = this;
    const [name, value] = this.tag.split('=');
    const child = spawn(launch.executable, [...launch.args(script), ...channel.args], {
      cwd: this.workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...launch.env, [name ?? AGENT_TAG_VARIABLE]: value ?? '' },
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.on('error', (error) => {
      this.onReaped();
      events.exited(`could not start ${launch.executable}: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      this.onReaped();
      events.exited(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  }

  cpuMs(): number | undefined {
    const pid = this.child?.pid;
    return pid === undefined ? undefined : processCpuMs(pid);
  }

  diagnostics(): string {
    const stderr = this.stderr.toString();
    return stderr || this.stdout.toString();
  }

  killNow(): void {
    if (this.killed) return;
    this.killed = true;
    const pid = this.child?.pid;
    if (pid !== undefined) killTree(pid, this.tag);
    this.channel?.close();
    try {
      rmSync(this.workDir, { recursive: true, force: true });
    } catch {
      // a case may have left a read-only file; the OS temp cleaner gets it
    }
  }

  async kill(): Promise<void> {
    const waited =
      this.child?.pid !== undefined && !this.reaped
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, REAP_WAIT_MS);
            this.reapWaiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          })
        : Promise.resolve();
    this.killNow();
    await waited;
  }

  private onReaped(): void {
    this.reaped = true;
    for (const waiter of this.reapWaiters.splice(0)) waiter();
  }
}
