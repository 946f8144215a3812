// Shared plumbing of the child_process cases: run a candidate's function to its callback or events, and make sure
// every process a case starts is killed and waited for when the case ends, whether it passed, failed or timed out.
import { Buffer } from 'node:buffer';
import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { CaseFailure, type CaseContext } from '../case.js';

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

type Callable = (...args: never[]) => unknown;

/** How long a reaped child may take to die after SIGKILL before the cleanup gives up on it. */
const REAP_WAIT_MS = 2000;

function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Kills a child that is still running and waits (bounded) for it to be gone. */
async function reap(child: ChildProcess): Promise<void> {
  if (typeof child?.kill !== 'function') return;
  if (child.connected) child.disconnect?.();
  child.stdin?.destroy();
  child.stdout?.destroy();
  child.stderr?.destroy();
  if (!isAlive(child) || child.pid === undefined) return;
  const gone = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REAP_WAIT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  try {
    child.kill('SIGKILL');
  } catch {
    return;
  }
  await gone;
}

/** Registers the child for reaping when the case ends or is aborted. Returns it unchanged. */
export function adopt<T extends ChildProcess>(ctx: CaseContext, child: T): T {
  if (child && typeof child.kill === 'function') {
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

/** Rejects when the case is aborted (timeout or interruption), so waits never outlive their case. */
export function untilAborted<T>(ctx: CaseContext, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('case aborted while waiting'));
    if (ctx.signal.aborted) return onAbort();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        ctx.signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        ctx.signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The arguments of the next `event` the emitter emits. */
export function nextEvent<T extends unknown[] = unknown[]>(ctx: CaseContext, emitter: EventEmitter, event: string): Promise<T> {
  return untilAborted(ctx, new Promise<T>((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args as T))));
}

/**
 * Calls an exec-style function of the candidate (`exec`, `execFile`) with a completion callback appended to `args`,
 * and resolves with what the callback got. The child is reaped when the case ends.
 */
export function runToCallback(ctx: CaseContext, fn: Callable, ...args: unknown[]): Promise<CallbackOutcome> {
  let child: ChildProcess | undefined;
  const done = new Promise<Omit<CallbackOutcome, 'child'>>((resolve) => {
    const callback = (error: ExecError | null, stdout: string | Buffer, stderr: string | Buffer): void => resolve({ error, stdout, stderr });
    child = (fn as (...all: unknown[]) => ChildProcess)(...args, callback);
  });
  if (!child || typeof child.kill !== 'function') {
    throw new CaseFailure('the function did not return a ChildProcess', { actual: child });
  }
  adopt(ctx, child);
  const started = child;
  return untilAborted(ctx, done).then((outcome) => ({ ...outcome, child: started }));
}

/** The candidate's runtime executable and the path of a fixture, as the first arguments of an execFile/spawn. */
export function fixtureCommand(ctx: CaseContext, fixture: string, ...args: string[]): [string, string[]] {
  return [ctx.fixtures.execPath, [ctx.fixtures.path(fixture), ...args]];
}

/** Text of a callback's stdout/stderr whether it arrived as a string or a Buffer. */
export function text(output: unknown): string {
  return typeof output === 'string' ? output : String(output);
}

/**
 * Name of the variable that tells a forked child its IPC descriptor. The spec writes it `RT_CHANNEL_FD`, `RT` standing
 * for the runtime's own prefix as `rt:` stands for its module scheme; runtimes whose scheme is `node:` (Node, Bun,
 * Deno) name it `NODE_CHANNEL_FD`. The reference implements the spec's name literally.
 */
export function channelVariable(ctx: CaseContext): string {
  return ctx.candidate.kind === 'reference' ? 'RT_CHANNEL_FD' : 'NODE_CHANNEL_FD';
}

/** Quotes a word for a POSIX shell command line (single quotes; embedded ones closed, escaped and reopened). */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A POSIX shell command line running a fixture with the candidate's runtime. */
export function fixtureCommandLine(ctx: CaseContext, fixture: string, ...args: string[]): string {
  return [ctx.fixtures.execPath, ctx.fixtures.path(fixture), ...args].map(shellQuote).join(' ');
}

/** Calls `run` and returns what it threw, or fails the case when it did not throw (killing anything it started). */
export function thrownBy(ctx: CaseContext, run: () => unknown, what: string): unknown {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return error;
  }
  if (result && typeof (result as ChildProcess).kill === 'function') adopt(ctx, result as ChildProcess);
  throw new CaseFailure(`expected ${what} to throw, it returned instead`, { expected: 'a thrown error', actual: result });
}

/**
 * Resolves as `promise` does, or fails the case when it has not settled within `ms` — for waits that a broken
 * candidate would make endless (an ignored abort, timeout or kill), so they end as a failure naming what never came.
 */
export function within<T>(ctx: CaseContext, promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CaseFailure(`${what} did not happen within ${ms} ms`)), ms);
  });
  return untilAborted(ctx, Promise.race([promise, late])).finally(() => clearTimeout(timer));
}
