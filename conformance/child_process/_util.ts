// Shared plumbing of the child_process cases: run a candidate's function to its callback or events, and make sure
// every process a case starts is killed and waited for when the case ends, whether it passed, failed or timed out.
import { Buffer } from 'node:buffer';
import { execFile, type ChildProcess } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { shellQuote } from '../../io/shell-quote.js';
import { CaseFailure, type CaseContext } from '../case.js';
import { api, delay, describeThrown, describeValue, returnedBy, thrownBy, untilAborted, type ErrorExpectation, type WaitContext } from '../kit.js';

/** The error shape of exec/execFile callbacks: an Error with the fields the spec names (and the host adds). */
export type ExecError = Error & {
  code?: unknown;
  signal?: unknown;
  killed?: unknown;
  cmd?: unknown;
  stdout?: unknown;
  stderr?: unknown;
};

export interface CallbackOutcome {
  readonly error: ExecError | null;
  readonly stdout: string | Buffer;
  readonly stderr: string | Buffer;
  readonly child: ChildProcess;
  /** Resolves with the exit code of the child's `'close'` event (listened for from the start). */
  readonly closed: Promise<number | null>;
}

export interface Tracked {
  readonly child: ChildProcess;
  /** Resolves with `[code, signal]` of the `'exit'` event. */
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Resolves with `[code, signal]` of the `'close'` event. */
  readonly closed: Promise<[number | null, NodeJS.Signals | null]>;
  /** Everything the child wrote to a piped stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Messages received over the IPC channel so far, in order. */
  readonly messages: unknown[];
}

/** The asynchronous functions of the module, each of which returns a ChildProcess. */
export type Launcher = 'spawn' | 'fork' | 'exec' | 'execFile';

/** The members of an event emitter the cases rely on. */
const EMITTER_METHODS = ['on', 'once', 'emit', 'removeListener'] as const;

/** How long a reaped child may take to die after SIGKILL before the cleanup gives up on it. */
const REAP_WAIT_MS = 2000;

function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Runs a step of the cleanup of a candidate's child, which may lack what a real ChildProcess has. */
function quietly(step: () => unknown): void {
  try {
    step();
  } catch {
    // a candidate's child that cannot be released this way: the next step may still work
  }
}

/** Resolves when `child` emits `event`, or after REAP_WAIT_MS. */
function eventOrBound(child: ChildProcess, event: 'exit' | 'close'): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REAP_WAIT_MS);
    child.once(event, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Kills a child that is still running and waits (bounded) for it to be gone, and for its last event, `'close'`: what
 * the candidate does when its child closes (a promise of its own it rejects, say) then happens while the case is
 * still running, never in whichever case runs next (runners/stray-errors.ts).
 */
async function reap(child: ChildProcess): Promise<void> {
  if (typeof child?.kill !== 'function') return;
  quietly(() => child.stdin?.destroy?.());
  quietly(() => child.stdout?.destroy?.());
  quietly(() => child.stderr?.destroy?.());
  // Only a child that really started ends with 'close' (a candidate's stand-in object may never emit it).
  const started = typeof child.pid === 'number' && 'exitCode' in child;
  const closing = started && !closedChildren.has(child) ? eventOrBound(child, 'close') : undefined;
  if (isAlive(child) && child.pid !== undefined) {
    const gone = eventOrBound(child, 'exit');
    try {
      child.kill('SIGKILL');
      await gone;
    } catch {
      // cannot be killed this way: the close wait below is bounded all the same
    }
  }
  // Disconnected only now: Node (18 to 24 alike) never emits 'close' for a forked child whose channel its parent
  // disconnected before killing it, so every fork case waited out the close bound (2 s) here.
  quietly(() => child.connected && child.disconnect?.());
  await closing;
}

/** Children whose `'close'` event has come. */
const closedChildren = new WeakSet<object>();

/** Children already registered for reaping (a child is reaped once, however often it is adopted). */
const adopted = new WeakSet<object>();

/** Registers the child for reaping when the case ends or is aborted. Returns it unchanged. */
export function adopt<T extends ChildProcess>(ctx: CaseContext, child: T): T {
  if (child && typeof child.kill === 'function' && !adopted.has(child)) {
    adopted.add(child);
    child.once?.('close', () => closedChildren.add(child));
    ctx.defer(() => reap(child));
    // Swallow late errors (EPIPE on a closed channel, a second abort) so they cannot escape the case.
    child.on?.('error', () => undefined);
  }
  return child;
}

/**
 * Adopts a child and starts recording what it does: exit, close, output, messages. Listeners are attached at once,
 * because `'close'` can follow `'exit'` within the same tick. With `read: false` the output pipes are left unread.
 */
export function track(ctx: CaseContext, child: ChildProcess, options: { read?: boolean } = {}): Tracked {
  adopt(ctx, child);
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (code, signal) => resolve([code, signal])));
  // Bytes are kept and decoded at the end, so a character split across two reads is not mangled.
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  if (options.read !== false) {
    child.stdout?.on('data', (chunk: Buffer | string) => out.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    child.stderr?.on('data', (chunk: Buffer | string) => err.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  }
  const messages: unknown[] = [];
  child.on('message', (message: unknown) => messages.push(message));
  return { child, exited, closed, stdout: () => Buffer.concat(out).toString('utf8'), stderr: () => Buffer.concat(err).toString('utf8'), messages };
}

/**
 * Checks that a value can be a ChildProcess as the spec describes one: an event emitter (it has `on`, `once`, `emit`
 * and `removeListener`). No class is required: the spec lists no ChildProcess export, and a wrapper's child is still
 * a ChildProcess.
 * @param what where the value comes from, for the failure message, e.g. `'what child_process.spawn returned'`.
 */
export function asChildProcess(value: unknown, what: string): ChildProcess {
  const expected = `a ChildProcess (an event emitter with ${EMITTER_METHODS.join(', ')})`;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw new CaseFailure(`${what} is not a ChildProcess: it is ${describeValue(value)}`, { expected, actual: describeValue(value) });
  }
  const missing = EMITTER_METHODS.filter((name) => typeof (value as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) {
    throw new CaseFailure(`${what} is not a ChildProcess: it has no ${missing.join(', ')}`, { expected, actual: describeValue(value) });
  }
  return value as ChildProcess;
}

/**
 * Calls the candidate's `via` (checked to exist: missing is `not implemented: child_process.<via>`) with `args`,
 * fails with what it threw when it throws, and checks that it returned a ChildProcess. The child is reaped when the
 * case ends.
 */
export function launchChild(ctx: CaseContext, via: Launcher, args: readonly unknown[]): ChildProcess {
  const launcher = api(ctx, 'child_process', via) as unknown as (...all: unknown[]) => unknown;
  const returned = returnedBy(() => Reflect.apply(launcher, ctx.cp, args), `child_process.${via}`, `child_process.${via}`);
  return adopt(ctx, asChildProcess(returned, `what child_process.${via} returned`));
}

/**
 * Starts a child through the candidate's `via` and records what it does (see `track`). With `read: false` the output
 * pipes are left unread.
 * @example
 * ```ts
 * const child = launch(ctx, 'spawn', [command, args, { stdio: 'ignore' }]);
 * ```
 */
export function launch(ctx: CaseContext, via: Launcher, args: readonly unknown[], options: { read?: boolean } = {}): Tracked {
  return track(ctx, launchChild(ctx, via, args), options);
}

/**
 * Calls an exec-style function of the candidate (`exec`, `execFile`) with a completion callback appended to `args`,
 * and resolves with what the callback got. The child is reaped when the case ends.
 */
export function runToCallback(ctx: CaseContext, via: 'exec' | 'execFile', ...args: unknown[]): Promise<CallbackOutcome> {
  let resolveDone!: (outcome: Omit<CallbackOutcome, 'child' | 'closed'>) => void;
  const done = new Promise<Omit<CallbackOutcome, 'child' | 'closed'>>((resolve) => (resolveDone = resolve));
  const callback = (error: ExecError | null, stdout: string | Buffer, stderr: string | Buffer): void => resolveDone({ error, stdout, stderr });
  const child = launchChild(ctx, via, [...args, callback]);
  const closed = new Promise<number | null>((resolve) => child.once('close', (code: number | null) => resolve(code)));
  return untilAborted(ctx, done).then((outcome) => ({ ...outcome, child, closed }));
}

/**
 * Whether the process with this pid (one a fixture reported for itself) is gone, as the harness's own process sees it:
 * true once it has exited and been reaped, false while it runs (or is a zombie not yet waited for), undefined when
 * this runtime cannot tell.
 */
export function processGone(pid: number): boolean | undefined {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'ESRCH' ? true : code === 'EPERM' ? false : undefined;
  }
}

/**
 * Checks that the candidate's `via` refuses `refused` by throwing, and that the refusal is about what differs from
 * `accepted`: the same call with the accepted arguments must return a ChildProcess. A candidate whose `via` throws
 * whatever it is given shows no refusal of anything, and fails.
 * @param what the refused call, for the failure message.
 * @returns what the refused call threw.
 */
export function refusedCall(ctx: CaseContext, via: Launcher, call: { accepted: readonly unknown[]; refused: readonly unknown[]; what: string; expected?: ErrorExpectation }): unknown {
  const launcher = api(ctx, 'child_process', via) as unknown as (...all: unknown[]) => unknown;
  const control = returnedBy(() => Reflect.apply(launcher, ctx.cp, call.accepted), `child_process.${via} with valid arguments (the control for ${call.what})`, `child_process.${via}`);
  adopt(ctx, asChildProcess(control, `what child_process.${via} returned for valid arguments (the control for ${call.what})`));
  return thrownBy(ctx, () => Reflect.apply(launcher, ctx.cp, call.refused), call.what, call.expected ?? {});
}

/**
 * The child's `stdout` or `stderr` pipe, for a case that waits on it; fails naming the missing pipe (rather than with
 * a TypeError) when the ChildProcess has none although the call asked for one or the default gives one.
 */
export function pipeOf(child: ChildProcess, name: 'stdout' | 'stderr' | 'stdin', via: Launcher): NonNullable<ChildProcess['stdout']> {
  const pipe = (child as unknown as Record<string, unknown>)[name];
  if (pipe === null || typeof pipe !== 'object') {
    throw new CaseFailure(`the ChildProcess child_process.${via} returned has no ${name} pipe`, { expected: `a ${name} stream`, actual: describeValue(pipe) });
  }
  return pipe as NonNullable<ChildProcess['stdout']>;
}

/**
 * Checks that an exec/execFile callback got no error, failing with the candidate's own error when it got one.
 * @param what the error checked, for the failure message, e.g. `'the callback error'`.
 */
export function noError(error: unknown, what: string): void {
  if (error === null) return;
  const got = error === undefined ? 'undefined (the spec says null on success)' : describeThrown(error);
  throw new CaseFailure(`expected null as ${what}, got ${got}`, { expected: null, actual: got });
}

/** The candidate's runtime executable and the path of a fixture, as the first arguments of an execFile/spawn. */
export function fixtureCommand(ctx: CaseContext, fixture: string, ...args: string[]): [string, string[]] {
  return [ctx.fixtures.execPath, [ctx.fixtures.path(fixture), ...args]];
}

/** Text of a callback's stdout/stderr whether it arrived as a string or a Buffer. */
export function text(output: unknown): string {
  return typeof output === 'string' ? output : String(output);
}

/** The spec's literal name of the variable that tells a forked child its IPC descriptor. */
const SPEC_CHANNEL_VARIABLE = 'RT_CHANNEL_FD';

/**
 * Name of the variable that tells a forked child its IPC descriptor: what the candidate declares
 * (`declared.ipcChannelVariable`; a runtime's own builtins are declared by the harness, `NODE_CHANNEL_FD` for Node,
 * Bun and Deno), else the spec's literal `RT_CHANNEL_FD`.
 */
export function channelVariable(ctx: CaseContext): string {
  return ctx.candidate.declared?.ipcChannelVariable ?? SPEC_CHANNEL_VARIABLE;
}

/** How long a freshly written executable may stay busy (ETXTBSY) before the case stops waiting for it. */
const BUSY_WAIT_MS = 3000;

/**
 * Writes an executable script for a case (a probe, a stand-in shell) and returns once it can be run. On Linux, running
 * a file fails with ETXTBSY while any process holds it open for writing, and a process forked while this one wrote it
 * (an agent, another candidate's child) holds the descriptor until it execs: rare, but seen under load, and no fault
 * of the candidate's. Running the script once here (no arguments, output ignored) until that no longer fails proves
 * it free: no process that could hold it open is left, and none can come, since the descriptor is closed.
 */
export async function writeExecutable(ctx: WaitContext, path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const busy = await new Promise<boolean>((resolve) => {
      try {
        execFile(path, [], { timeout: BUSY_WAIT_MS }, (error) => resolve((error as { code?: unknown } | null)?.code === 'ETXTBSY'));
      } catch (error) {
        resolve((error as { code?: unknown }).code === 'ETXTBSY');
      }
    });
    if (!busy || Date.now() > deadline) return;
    await delay(ctx, 20);
  }
}

/**
 * Removes a variable a case set in the agent's own environment. `Reflect.deleteProperty`, not `delete`: a runtime whose
 * `process.env` is a proxy that unsets the variable but reports false (Bare's layer) would make `delete` throw in strict
 * code, and a cleanup that throws turns the case into an error that is nobody's finding.
 */
export function unsetEnv(name: string): void {
  Reflect.deleteProperty(process.env, name);
}

/** POSIX shell quoting, the same the replay commands use. */
export { shellQuote };

/** A POSIX shell command line running a fixture with the candidate's runtime. */
export function fixtureCommandLine(ctx: CaseContext, fixture: string, ...args: string[]): string {
  return [ctx.fixtures.execPath, ctx.fixtures.path(fixture), ...args].map(shellQuote).join(' ');
}
