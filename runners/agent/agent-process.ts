// The operating-system process an agent lives in, whichever host started it (process-host.ts for Node, Bun, Deno and
// our own Node; workerd-host.ts for a Worker): started detached in its own process group, in a private working
// folder, with a tag in its environment that everything it starts inherits; its stdout and stderr drained with only
// their tails kept; killed with its whole tree and waited for (bounded) until reaped.
import { spawn, type ChildProcess, type StdioPipe } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentHostEvents } from './agent-host.js';
import { killTree } from './kill-tree.js';
import { readProcess } from './process-table.js';
import { AGENT_TAG_VARIABLE } from './protocol.js';

const TAIL_BYTES = 4096;
/** How long `kill` waits for the killed process to be reaped. */
const REAP_WAIT_MS = 2000;

/** The last `TAIL_BYTES` of a stream (a process's output, a page's console), so diagnostics survive any amount of output without holding it. */
export class Tail {
  private text = '';
  push(chunk: Buffer | string): void {
    this.text = (this.text + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'))).slice(-TAIL_BYTES);
  }
  toString(): string {
    return this.text.trim();
  }
}

export interface AgentProcessOptions {
  /** Prefix of the private working folder's name under the system's temp folder. */
  readonly folderPrefix: string;
  /**
   * The working folder's mode. Process agents get 0o711, searchable but not listable: a case that starts a child as
   * another user (uid/gid options) inherits it, and runtimes that change into it explicitly (Deno) must be allowed to.
   * Left at mkdtemp's 0o700 where the folder holds a secret (a Worker's config with its token).
   */
  readonly folderMode?: number;
}

export class AgentProcess {
  /** `NAME=value` in the agent's environment, inherited by everything it starts, so stray descendants can be found. */
  readonly tag = `${AGENT_TAG_VARIABLE}=${randomBytes(8).toString('hex')}`;
  readonly workDir: string;
  private child?: ChildProcess;
  private readonly stdout = new Tail();
  private readonly stderr = new Tail();
  private killed = false;
  private reaped = false;
  private readonly reapWaiters: Array<() => void> = [];

  constructor(options: AgentProcessOptions) {
    this.workDir = mkdtempSync(join(tmpdir(), options.folderPrefix));
    if (options.folderMode !== undefined) chmodSync(this.workDir, options.folderMode);
  }

  /** Whether `killNow` has been called: nothing may be started any more. */
  get isKilled(): boolean {
    return this.killed;
  }

  /**
   * Starts `executable` once; `events.exited` reports its end (or that it could not start).
   * @param extraStdio descriptors past stderr (a control pipe as fd 3)
   */
  spawn(
    executable: string,
    args: readonly string[],
    events: Pick<AgentHostEvents, 'exited'>,
    options: { env?: Readonly<Record<string, string>>; extraStdio?: readonly StdioPipe[] } = {},
  ): ChildProcess {
    const [name, value] = this.tag.split('=');
    const child = spawn(executable, args, {
      cwd: this.workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...(options.extraStdio ?? [])],
      env: { ...process.env, ...options.env, [name ?? AGENT_TAG_VARIABLE]: value ?? '' },
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.on('error', (error) => {
      this.onReaped();
      events.exited(`could not start ${executable}: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      this.onReaped();
      events.exited(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
    return child;
  }

  /** A line of the harness's own about this agent, kept with what the agent printed on stderr. */
  note(line: string): void {
    this.stderr.push(`${line}\n`);
  }

  cpuMs(): number | undefined {
    const pid = this.child?.pid;
    return pid === undefined ? undefined : readProcess(pid)?.cpuMs;
  }

  diagnostics(): string {
    return this.stderr.toString() || this.stdout.toString();
  }

  /** Kills the process tree and removes the working folder; synchronous and idempotent. */
  killNow(): void {
    if (this.killed) return;
    this.killed = true;
    const pid = this.child?.pid;
    if (pid !== undefined) killTree(pid, this.tag);
    try {
      rmSync(this.workDir, { recursive: true, force: true });
    } catch {
      // a case may have left a read-only file; the OS temp cleaner gets it
    }
  }

  /** `killNow`, then waits at most REAP_WAIT_MS for the process to be reaped. */
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
