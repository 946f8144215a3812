// One agent process seen from the harness: started detached (its own process group) in an empty private working
// directory, connected over a loopback socket it must authenticate on, asked to run one case at a time under a hard
// deadline, and killed with everything it started. Its stdout/stderr are drained but only their tails are kept.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, UnimplementedApi } from '../../results/results-file.js';
import { isStatus } from '../../results/status.js';
import type { CertificateSet } from '../../conformance/certificate-set.js';
import { createTrustedPeerScope, type TrustedPeerScope } from '../fixtures/trusted-peer-service.js';
import { AGENT_PORT_ARG, AGENT_TAG_VARIABLE, AGENT_TOKEN_ARG, MAX_LINE_BYTES, type AgentMessage, type HostMessage } from './protocol.js';
import { killTree } from './kill-tree.js';
import { processCpuMs } from './process-cpu.js';
import { LineFramer } from './line-framer.js';
import { decodeWire, encodeWire } from './wire-json.js';

export interface AgentLaunch {
  readonly executable: string;
  /** Arguments that make the executable run the agent script. */
  readonly args: (script: string) => readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export type Init = Omit<Extract<HostMessage, { type: 'init' }>, 'type'>;
export type Ready = Extract<AgentMessage, { type: 'ready' }>;

export type CaseOutcome =
  | { readonly kind: 'result'; readonly result: CaseResult; readonly recycle?: string }
  /** No result in time. `stuck`: past its limit the agent fell silent (a loop that never yields), so it was not given the cleanup allowance. */
  | { readonly kind: 'timeout'; readonly afterMs: number; readonly stuck: boolean }
  | { readonly kind: 'crash'; readonly detail: string }
  | { readonly kind: 'malformed'; readonly detail: string }
  /** The agent did not even acknowledge the case: it was hung before the case started (by an earlier one). */
  | { readonly kind: 'unresponsive'; readonly afterMs: number };

/** The time limits of one case, as the harness enforces them. */
export interface CaseLimits {
  /** The case's own time limit (the agent enforces it too, when its event loop is free). */
  readonly limitMs: number;
  /** Beyond the limit, how long an agent that still sends heartbeats (running cleanups) may take to report. */
  readonly slackMs: number;
  /**
   * Beyond the limit, how long without a heartbeat makes the agent stuck. Where its CPU time can be read (Linux), it
   * must also have used the limit plus this much CPU since the case began, so that an agent slowed down by a busy
   * machine is not taken for a stuck one.
   */
  readonly silenceMs: number;
  /** How long the agent may take to acknowledge the case (an idle agent answers at once). */
  readonly ackMs: number;
}

export class AgentStartError extends Error {
  override readonly name = 'AgentStartError';
  constructor(
    message: string,
    /** True when the candidate itself was refused (bad adapter): no point in retrying. */
    readonly fatal: boolean,
  ) {
    super(message);
  }
}

export interface StartOptions {
  readonly launch: AgentLaunch;
  readonly script: string;
  readonly init: Init;
  /** Answers the agent's request for the run's certificates. */
  readonly certificates: () => Promise<unknown>;
  readonly startTimeoutMs?: number;
}

const TAIL_BYTES = 4096;
/** How often a silent agent's CPU time is looked at again, past its case's limit. */
const CPU_CHECK_MS = 250;
const DEFAULT_START_TIMEOUT_MS = 30_000;

/** Every agent alive in this process, so an abrupt exit (second Ctrl-C, process.exit) still kills them all. */
const live = new Set<AgentProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const agent of live) agent.killNow();
  });
}

/** The last `TAIL_BYTES` of a stream, so diagnostics survive any amount of output without holding it. */
class Tail {
  private text = '';
  push(chunk: Buffer): void {
    this.text = (this.text + chunk.toString('utf8')).slice(-TAIL_BYTES);
  }
  toString(): string {
    return this.text.trim();
  }
}

type Pending = (outcome: CaseOutcome) => void;

export class AgentProcess {
  readonly tag: string;
  ready?: Ready;
  private child?: ChildProcess;
  private socket?: Socket;
  private readonly server: Server;
  private readonly workDir: string;
  private readonly stdout = new Tail();
  private readonly stderr = new Tail();
  private readonly framer = new LineFramer(MAX_LINE_BYTES);
  private pending?: { id: string; settle: Pending; timer: NodeJS.Timeout; ackTimer?: NodeJS.Timeout };
  /** The trusted peers this agent's cases opened (runners/fixtures/trusted-peer-service.ts). */
  private trusted?: TrustedPeerScope;
  /** When the agent was last heard from (any message), for telling a busy agent from a stuck one. */
  private lastHeard = 0;
  private exited = false;
  private exitInfo = '';
  private killed = false;
  private processGone = false;
  private readonly exitWaiters: Array<() => void> = [];
  private readonly startWaiters: { resolve: (ready: Ready) => void; reject: (error: AgentStartError) => void }[] = [];

  private constructor(private readonly options: StartOptions) {
    this.tag = `${AGENT_TAG_VARIABLE}=${randomBytes(8).toString('hex')}`;
    this.server = createServer();
    this.workDir = mkdtempSync(join(tmpdir(), 'rtconf-agent-'));
    // Searchable but not listable: a case that starts a child as another user (uid/gid options) inherits this
    // directory, and runtimes that change into the working directory explicitly (Deno) need to be allowed to.
    chmodSync(this.workDir, 0o711);
  }

  static async start(options: StartOptions): Promise<AgentProcess> {
    installExitHook();
    const agent = new AgentProcess(options);
    live.add(agent);
    try {
      await agent.launch();
      return agent;
    } catch (error) {
      await agent.kill();
      throw error;
    }
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async launch(): Promise<void> {
    const token = randomBytes(16).toString('hex');
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.server.on('connection', (socket) => this.accept(socket, token));

    const ready = new Promise<Ready>((resolve, reject) => this.startWaiters.push({ resolve, reject }));
    const { launch, script } = this.options;
    const [name, value] = this.tag.split('=');
    const child = spawn(launch.executable, [...launch.args(script), AGENT_PORT_ARG, String(port), AGENT_TOKEN_ARG, token], {
      cwd: this.workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...launch.env, [name ?? AGENT_TAG_VARIABLE]: value ?? '' },
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.on('error', (error) => {
      this.reaped();
      this.onExit(`could not start ${launch.executable}: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      this.reaped();
      this.onExit(signal ? `killed by ${signal}` : `exit code ${code}`);
    });

    const limit = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AgentStartError(`the agent did not get ready within ${limit} ms${this.diagnostics()}`, false)), limit);
    });
    try {
      this.ready = await Promise.race([ready, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private accept(socket: Socket, token: string): void {
    if (this.socket) {
      socket.destroy();
      return;
    }
    // Until the agent proves itself with the token, this is just some local process: one bounded line, then judge.
    let first = '';
    const onData = (chunk: Buffer): void => {
      first += chunk.toString('utf8');
      const newline = first.indexOf('\n');
      if (newline < 0) {
        if (first.length > 4096) socket.destroy();
        return;
      }
      socket.off('data', onData);
      let hello: unknown;
      try {
        hello = JSON.parse(first.slice(0, newline));
      } catch {
        socket.destroy();
        return;
      }
      const fields = hello as { type?: unknown; token?: unknown };
      if (fields.type !== 'hello' || fields.token !== token || this.socket) {
        socket.destroy();
        return;
      }
      this.socket = socket;
      this.server.close();
      socket.on('data', (data: Buffer) => this.receive(data.toString('utf8')));
      socket.on('error', () => undefined);
      // Give the process's own exit a moment to arrive first, so a crash report can say how it died.
      socket.on('close', () => setTimeout(() => this.onExit('closed its channel'), 200).unref());
      this.receive(first.slice(newline + 1));
      this.send({ type: 'init', ...this.options.init });
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
  }

  send(message: HostMessage): void {
    this.socket?.write(`${encodeWire(message)}\n`);
  }

  private receive(chunk: string): void {
    const { lines, overflow } = this.framer.push(chunk);
    for (const line of lines) this.handleLine(line);
    if (overflow) this.corrupt(`a line longer than ${MAX_LINE_BYTES} bytes`);
  }

  private handleLine(line: string): void {
    this.lastHeard = performance.now();
    if (line.trim() === '') return;
    let message: AgentMessage;
    try {
      message = decodeWire(line) as AgentMessage;
    } catch {
      this.corrupt(`not JSON: ${JSON.stringify(line.slice(0, 120))}`);
      return;
    }
    if (typeof message !== 'object' || message === null) return this.corrupt(`not a message: ${JSON.stringify(line.slice(0, 120))}`);
    switch (message.type) {
      case 'ready':
        for (const waiter of this.startWaiters.splice(0)) waiter.resolve(message);
        return;
      case 'fatal':
        for (const waiter of this.startWaiters.splice(0)) waiter.reject(new AgentStartError(String(message.message).split('\n')[0] ?? 'the candidate failed to load', true));
        return;
      case 'started':
        if (this.pending && message.case === this.pending.id) {
          clearTimeout(this.pending.ackTimer);
          this.pending.ackTimer = undefined;
        }
        return;
      case 'alive':
        return;
      case 'certificates':
        this.answerCertificates(message.id);
        return;
      case 'trusted':
        this.answerTrusted(message.id, message.operation, message.args);
        return;
      case 'result': {
        const result = sanitizeResult(message.result, this.pending?.id);
        if (!result) return this.corrupt(`a result that is not one: ${JSON.stringify(line.slice(0, 120))}`);
        this.settle({ kind: 'result', result, ...(typeof message.recycle === 'string' ? { recycle: message.recycle.slice(0, 500) } : {}) });
        return;
      }
      default:
        this.corrupt(`an unknown message: ${JSON.stringify(line.slice(0, 120))}`);
    }
  }

  private answerCertificates(id: unknown): void {
    if (typeof id !== 'number') return;
    this.options.certificates().then(
      (set) => this.send({ type: 'certificates', id, set }),
      (error: unknown) => this.send({ type: 'certificates', id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  /**
   * Performs an operation on this agent's trusted peers (served here, in the harness, never in the candidate's
   * runtime); they are closed when the case's outcome is in and when the agent goes.
   */
  private answerTrusted(id: unknown, operation: unknown, args: unknown): void {
    if (typeof id !== 'number') return;
    this.trusted ??= createTrustedPeerScope(() => this.options.certificates() as Promise<CertificateSet>);
    this.trusted.call(operation, args).then(
      (result) => this.send({ type: 'trusted', id, result }),
      (error: unknown) => this.send({ type: 'trusted', id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  private closeTrusted(): void {
    const trusted = this.trusted;
    this.trusted = undefined;
    void trusted?.close();
  }

  /** The channel cannot be trusted any more: the case in flight is an error and the agent must go. */
  private corrupt(detail: string): void {
    if (this.pending) this.settle({ kind: 'malformed', detail });
    else for (const waiter of this.startWaiters.splice(0)) waiter.reject(new AgentStartError(`the agent sent ${detail}`, false));
    this.killNow();
  }

  private settle(outcome: CaseOutcome): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.closeTrusted();
    clearTimeout(pending.timer);
    clearTimeout(pending.ackTimer);
    pending.settle(outcome);
  }

  private onExit(info: string): void {
    if (this.exited) return;
    this.exited = true;
    this.exitInfo = info;
    this.settle({ kind: 'crash', detail: `the agent died (${info})${this.diagnostics()}` });
    for (const waiter of this.startWaiters.splice(0)) waiter.reject(new AgentStartError(`the agent exited before it was ready (${info})${this.diagnostics()}`, false));
  }

  private reaped(): void {
    this.processGone = true;
    for (const waiter of this.exitWaiters.splice(0)) waiter();
  }

  private diagnostics(): string {
    const stderr = this.stderr.toString();
    const stdout = this.stdout.toString();
    const tail = stderr || stdout;
    return tail ? `; its last output: ${tail.slice(-600)}` : '';
  }

  get alive(): boolean {
    return !this.exited && !this.killed;
  }

  /**
   * Runs one case; settles with its result, or an outcome after which the agent is gone: `unresponsive` when it does
   * not acknowledge the case within `ackMs`, `timeout` when past the case's limit it has been silent for
   * `silenceMs` (stuck: a loop that never yields) or, still alive, has not reported within `slackMs`.
   */
  runCase(id: string, limitsOrDeadlineMs: CaseLimits | number): Promise<CaseOutcome> {
    if (!this.alive) return Promise.resolve({ kind: 'crash', detail: `the agent was not running (${this.exitInfo || 'killed'})` });
    // A plain number is one hard deadline for everything (what the agent benchmark wants).
    const limits: CaseLimits =
      typeof limitsOrDeadlineMs === 'number' ? { limitMs: limitsOrDeadlineMs, slackMs: 0, silenceMs: 0, ackMs: limitsOrDeadlineMs } : limitsOrDeadlineMs;
    const started = performance.now();
    this.lastHeard = started;
    const end = (outcome: CaseOutcome): void => {
      this.settle(outcome);
      this.killNow();
    };
    const pid = this.child?.pid;
    const cpuAtStart = pid === undefined ? undefined : processCpuMs(pid);
    /** Silent, and (where measurable) busy for the whole limit and silence: a loop that never yields. */
    const stuck = (silent: number): boolean => {
      if (silent < limits.silenceMs) return false;
      const cpu = pid === undefined || cpuAtStart === undefined ? undefined : processCpuMs(pid);
      return cpu === undefined || cpuAtStart === undefined || cpu - cpuAtStart >= limits.limitMs + limits.silenceMs;
    };
    // Checked from setImmediate: after the timer fires, the poll phase first reads any heartbeat that arrived while
    // this process was busy (running an in-process candidate's case), so a late timer cannot mistake that for silence.
    const later = (ms: number): NodeJS.Timeout => setTimeout(() => setImmediate(check), ms);
    const check = (): void => {
      if (this.pending?.id !== id) return;
      const now = performance.now();
      const elapsed = Math.round(now - started);
      const silent = now - this.lastHeard;
      const isStuck = stuck(silent);
      if (isStuck || elapsed >= limits.limitMs + limits.slackMs) {
        end({ kind: 'timeout', afterMs: elapsed, stuck: isStuck });
        return;
      }
      const untilSilent = silent < limits.silenceMs ? limits.silenceMs - silent : CPU_CHECK_MS;
      if (this.pending) this.pending.timer = later(Math.max(10, Math.min(untilSilent, limits.limitMs + limits.slackMs - elapsed)));
    };
    return new Promise<CaseOutcome>((resolve) => {
      const timer = later(limits.limitMs + limits.silenceMs);
      const ackTimer = setTimeout(
        () =>
          setImmediate(() => {
            // Still unacknowledged once what has arrived meanwhile has been read.
            if (this.pending?.id === id && this.pending.ackTimer !== undefined) end({ kind: 'unresponsive', afterMs: Math.round(performance.now() - started) });
          }),
        limits.ackMs,
      );
      this.pending = { id, settle: resolve, timer, ackTimer };
      this.send({ type: 'run', case: id });
    });
  }

  /** Synchronous kill of the whole tree; safe to call repeatedly and from an 'exit' handler. */
  killNow(): void {
    if (!this.killed) {
      this.killed = true;
      this.closeTrusted();
      const pid = this.child?.pid;
      if (pid !== undefined) killTree(pid, this.tag);
      this.socket?.destroy();
      this.server.close();
      try {
        rmSync(this.workDir, { recursive: true, force: true });
      } catch {
        // a case may have left a read-only file; the OS temp cleaner gets it
      }
    }
    live.delete(this);
  }

  /** Kills the tree and waits (bounded) until the agent process has been reaped. */
  async kill(): Promise<void> {
    const waited = this.child?.pid !== undefined && !this.processGone
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000);
          this.exitWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        })
      : Promise.resolve();
    this.killNow();
    await waited;
  }
}

/** Takes only what a result may hold from the agent's line, bounded, for the case we asked about. */
function sanitizeResult(value: unknown, expectedCase: string | undefined): CaseResult | undefined {
  if (typeof value !== 'object' || value === null || expectedCase === undefined) return undefined;
  const raw = value as Record<string, unknown>;
  if (raw.case !== expectedCase) return undefined;
  if (!isStatus(raw.status)) return undefined;
  const text = (field: unknown, max = 8000): string | undefined => (typeof field === 'string' ? field.slice(0, max) : undefined);
  const counterexample = raw.counterexample as Record<string, unknown> | undefined;
  const message = text(raw.message);
  const expected = text(raw.expected);
  const actual = text(raw.actual);
  return {
    case: expectedCase,
    module: raw.module as CaseResult['module'],
    rules: Array.isArray(raw.rules) ? raw.rules.filter((rule): rule is string => typeof rule === 'string') : [],
    status: raw.status,
    durationMs: typeof raw.durationMs === 'number' && Number.isFinite(raw.durationMs) && raw.durationMs >= 0 ? raw.durationMs : 0,
    ...(message !== undefined ? { message } : {}),
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
    ...unimplementedOf(raw.unimplemented),
    ...(counterexample && typeof counterexample.value === 'string' && typeof counterexample.seed === 'number' && typeof counterexample.path === 'string'
      ? {
          counterexample: {
            value: counterexample.value.slice(0, 4000),
            seed: counterexample.seed,
            path: counterexample.path.slice(0, 1000),
            ...(typeof counterexample.numRuns === 'number' ? { numRuns: counterexample.numRuns } : {}),
          },
        }
      : {}),
  };
}

/** How many exports one result may name as missing or not implemented: more than the interface has. */
const MAX_UNIMPLEMENTED = 32;

/** The `unimplemented` evidence of an agent's result, kept only in its known shape and bounded. */
function unimplementedOf(value: unknown): { unimplemented?: UnimplementedApi[] } {
  if (!Array.isArray(value)) return {};
  const kept: UnimplementedApi[] = [];
  for (const item of value.slice(0, MAX_UNIMPLEMENTED)) {
    if (typeof item !== 'object' || item === null) continue;
    const { api, observed } = item as Record<string, unknown>;
    if (typeof api !== 'string' || api.length === 0 || api.length > 200) continue;
    if (observed !== 'missing' && observed !== 'throws-not-implemented') continue;
    kept.push({ api, observed });
  }
  return kept.length > 0 ? { unimplemented: kept } : {};
}
