// One agent seen from the harness, wherever it lives (agent-host.ts: a process, a Worker or a page): it is
// started by its host, told over its channel (channel.ts) what to load, then asked to run one case at a time under a
// hard deadline. Every frame it sends is judged here, once for every host: a result must be for the case asked about,
// a frame that is not a message makes the channel corrupt, and silence past a case's limit means it is stuck. The
// trusted peers and the run's certificates its cases ask for are served from here, in the harness.
import type { AliasIdentity, CandidateStray, CaseResult, UnimplementedApi } from '../../results/results-file.js';
import { isStatus } from '../../results/status.js';
import type { CertificateSet } from '../../conformance/certificate-set.js';
import { createTrustedPeerScope, type TrustedPeerScope } from '../fixtures/trusted-peer-service.js';
import type { AgentHost } from './agent-host.js';
import type { AgentChannel } from './channel.js';
import type { AgentMessage, HostMessage } from './protocol.js';
import { decodeWire, encodeWire } from './wire-json.js';

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

/** A reused agent refused to load another candidate: something earlier left it changed (serve-agent.ts, `unfitness`). */
export class AgentUnfitError extends Error {
  override readonly name = 'AgentUnfitError';
}

export interface StartOptions {
  /** Where the agent runs; the agent owns it from here and kills it when it goes. */
  readonly host: AgentHost;
  readonly init: Init;
  /** Answers the agent's request for the run's certificates. */
  readonly certificates: () => Promise<unknown>;
  readonly startTimeoutMs?: number;
}

/** How often a silent agent's CPU time is looked at again, past its case's limit. */
const CPU_CHECK_MS = 250;
const DEFAULT_START_TIMEOUT_MS = 30_000;
/** After the channel closes, how long the host has to report how the agent ended before the close itself is the news. */
const EXIT_REPORT_MS = 200;

/** Every agent alive in this process, so an abrupt exit (second Ctrl-C, process.exit) still kills them all. */
const live = new Set<Agent>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const agent of live) agent.killNow();
  });
}

type Pending = (outcome: CaseOutcome) => void;

export class Agent {
  ready?: Ready;
  private channel?: AgentChannel;
  private pending?: { id: string; settle: Pending; timer: NodeJS.Timeout; ackTimer?: NodeJS.Timeout };
  /** The trusted peers this agent's cases opened (runners/fixtures/trusted-peer-service.ts). */
  private trusted?: TrustedPeerScope;
  /** When the agent was last heard from (any frame), for telling a busy agent from a stuck one. */
  private lastHeard = 0;
  private exited = false;
  private exitInfo = '';
  private killed = false;
  private readonly startWaiters: { resolve: (ready: Ready) => void; reject: (error: AgentStartError | AgentUnfitError) => void }[] = [];

  private constructor(private readonly options: StartOptions) {}

  /** Starts an agent on `options.host`; resolves once it has loaded the candidate and said it is ready. */
  static async start(options: StartOptions): Promise<Agent> {
    installExitHook();
    const agent = new Agent(options);
    live.add(agent);
    try {
      await agent.launch();
      return agent;
    } catch (error) {
      await agent.kill();
      throw error;
    }
  }

  private async launch(): Promise<void> {
    const ready = new Promise<Ready>((resolve, reject) => this.startWaiters.push({ resolve, reject }));
    await this.options.host.start({
      opened: (channel) => {
        this.channel = channel;
        this.send({ type: 'init', ...this.options.init });
      },
      frame: (text) => this.handleFrame(text),
      corrupt: (detail) => this.corrupt(detail),
      // Give the host a moment to report how the agent ended (its exit code), so a crash report can say how it died.
      closed: () => setTimeout(() => this.onExit('closed its channel'), EXIT_REPORT_MS).unref(),
      exited: (info) => this.onExit(info),
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

  /**
   * Loads another candidate into this running agent (between cases, never during one): resolves once it is ready;
   * rejects with AgentUnfitError when the agent refuses (then it is no use: kill it), or AgentStartError as `start`
   * does when the candidate fails to load or is not ready in time (a candidate that loops while loading).
   */
  async load(candidate: Init['candidate'], load: Init['load'], timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS): Promise<Ready> {
    if (!this.alive) throw new AgentStartError(`the agent was not running (${this.exitInfo || 'killed'})`, false);
    const ready = new Promise<Ready>((resolve, reject) => this.startWaiters.push({ resolve, reject }));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AgentStartError(`the agent did not get ready within ${timeoutMs} ms${this.diagnostics()}`, false)), timeoutMs);
    });
    this.send({ type: 'load', candidate, load });
    try {
      this.ready = await Promise.race([ready, late]);
      return this.ready;
    } finally {
      clearTimeout(timer);
      this.startWaiters.splice(0);
    }
  }

  send(message: HostMessage): void {
    this.channel?.send(encodeWire(message));
  }

  private handleFrame(line: string): void {
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
      case 'unfit':
        for (const waiter of this.startWaiters.splice(0)) waiter.reject(new AgentUnfitError(String(message.reason).slice(0, 500)));
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

  private diagnostics(): string {
    const tail = this.options.host.diagnostics();
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
    const host = this.options.host;
    const cpuAtStart = host.cpuMs();
    /** Silent, and (where measurable) busy for the whole limit and silence: a loop that never yields. */
    const stuck = (silent: number): boolean => {
      if (silent < limits.silenceMs) return false;
      const cpu = cpuAtStart === undefined ? undefined : host.cpuMs();
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

  /** Stops the agent at once through its host (a process agent: its whole tree); safe to call repeatedly and from an 'exit' handler. */
  killNow(): void {
    if (!this.killed) {
      this.killed = true;
      this.closeTrusted();
      this.options.host.killNow();
    }
    live.delete(this);
  }

  /** Stops the agent and waits (bounded) until its host says it is gone (a process agent: reaped). */
  async kill(): Promise<void> {
    this.killNow();
    await this.options.host.kill();
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
    ...straysOf(raw.strays),
    ...aliasesOf(raw.aliases),
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

/** How many alias identities one result may carry: more than the interface has aliases. */
const MAX_ALIASES = 8;

/** The `aliases` of an agent's result, kept only in their known shape and bounded. */
function aliasesOf(value: unknown): { aliases?: AliasIdentity[] } {
  if (!Array.isArray(value)) return {};
  const kept: AliasIdentity[] = [];
  for (const item of value.slice(0, MAX_ALIASES)) {
    if (typeof item !== 'object' || item === null) continue;
    const { api, of, same } = item as Record<string, unknown>;
    if (typeof api !== 'string' || api.length === 0 || api.length > 200 || typeof of !== 'string' || of.length === 0 || of.length > 200 || typeof same !== 'boolean') continue;
    kept.push({ api, of, same });
  }
  return kept.length > 0 ? { aliases: kept } : {};
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

/** How many strays one result may record: as many as the agent keeps (runners/stray-errors.ts). */
const MAX_STRAYS = 8;

/** The `strays` of an agent's result, kept only in their known shape and bounded. */
function straysOf(value: unknown): { strays?: CandidateStray[] } {
  if (!Array.isArray(value)) return {};
  const kept: CandidateStray[] = [];
  for (const item of value.slice(0, MAX_STRAYS)) {
    if (typeof item !== 'object' || item === null) continue;
    const { kind, error, count, beforeCase } = item as Record<string, unknown>;
    if (kind !== 'unhandled-rejection' && kind !== 'uncaught-exception') continue;
    if (typeof error !== 'string') continue;
    kept.push({
      kind,
      error: error.slice(0, 500),
      ...(typeof count === 'number' && Number.isInteger(count) && count >= 2 ? { count } : {}),
      ...(beforeCase === true ? { beforeCase: true as const } : {}),
    });
  }
  return kept.length > 0 ? { strays: kept } : {};
}
