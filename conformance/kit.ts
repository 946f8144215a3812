// The helper kit every case shares: waits that end the moment their case does, the check that the candidate provides
// what a case is about to use, and the checks that a call throws what the spec says (or returns, showing what it threw).
// Each wait stops listening and clears its timers whether it settles, times out or is cut short by `ctx.signal`.
import type { EventEmitter } from 'node:events';
import { CaseFailure, type CaseContext, type UnimplementedApi } from './case.js';
import type { ChildProcessModule, HttpsModule, QuerystringModule } from './modules.js';
import type { ModuleName } from '../spec/rule.js';
import { clip, firstLine } from '../io/message-text.js';

/** What a wait needs of its case: the signal aborted when the case times out, is interrupted or finishes. */
export type WaitContext = Pick<CaseContext, 'signal'>;

/** What `thrownBy` needs of its case: somewhere to register the release of what a call returned instead of throwing. */
export type CleanupContext = Pick<CaseContext, 'defer'>;

interface Settle<T> {
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/**
 * The one way the kit waits. `start` sets the wait up and returns what undoes it (listeners, timers); that runs
 * exactly once, as soon as the wait settles, times out or the case's signal aborts, after which nothing settles it.
 * An abort rejects with the signal's reason, and that rejection counts as handled: an abort means the case is over,
 * so a wait nobody awaits any more must not surface as a stray error of the case.
 */
function wait<T>(ctx: WaitContext, start: (settle: Settle<T>) => (() => void) | void): Promise<T> {
  const { signal } = ctx;
  let resolvePromise!: (value: T) => void;
  let rejectPromise!: (reason: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    resolvePromise = resolve;
    rejectPromise = reject;
  });
  let settled = false;
  let undo: (() => void) | void = undefined;
  const finish = (): boolean => {
    if (settled) return false;
    settled = true;
    signal.removeEventListener('abort', onAbort);
    undo?.();
    return true;
  };
  const onAbort = (): void => {
    if (!finish()) return;
    promise.catch(() => undefined);
    rejectPromise(signal.reason);
  };
  if (signal.aborted) {
    onAbort();
    return promise;
  }
  signal.addEventListener('abort', onAbort, { once: true });
  const settle: Settle<T> = {
    resolve(value) {
      if (finish()) resolvePromise(value);
    },
    reject(reason) {
      if (finish()) rejectPromise(reason);
    },
  };
  try {
    undo = start(settle);
  } catch (error) {
    settle.reject(error);
  }
  // `start` may have settled the wait before handing back its undo.
  if (settled) undo?.();
  return promise;
}

/**
 * Settles as `promise` does, or rejects with the signal's reason once the case is aborted, whichever comes first.
 * For waits that the case's own time limit bounds well enough.
 * @param ctx the case (only its `signal` is used).
 * @returns the value of `promise`.
 * @example
 * ```ts
 * const [code, signal] = await untilAborted(ctx, child.exited);
 * ```
 */
export function untilAborted<T>(ctx: WaitContext, promise: Promise<T>): Promise<T> {
  return wait<T>(ctx, ({ resolve, reject }) => {
    promise.then(resolve, reject);
  });
}

/**
 * Settles as `promise` does, or fails the case when it has not settled within `ms`: for waits that a broken candidate
 * would make endless (an ignored abort, timeout or kill), so they end as a failure naming what never came.
 * @param what the awaited behaviour, for the failure message.
 * @returns the value of `promise`.
 * @example
 * ```ts
 * const error = await within(ctx, closed, 3000, 'the close callback');
 * ```
 */
export function within<T>(ctx: WaitContext, promise: Promise<T>, ms: number, what: string): Promise<T> {
  return wait<T>(ctx, ({ resolve, reject }) => {
    const timer = setTimeout(() => reject(new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: 'nothing' })), ms);
    promise.then(resolve, reject);
    return () => clearTimeout(timer);
  });
}

/**
 * Resolves with the arguments of the next `event` the emitter emits. With `ms`, fails the case if none comes within
 * `ms`; without, waits as long as the case runs.
 * @returns the event's arguments.
 * @example
 * ```ts
 * const [message] = await nextEvent<[unknown]>(ctx, child, 'message');
 * await nextEvent(ctx, socket, 'close', 3000);
 * ```
 */
export function nextEvent<T extends unknown[] = unknown[]>(ctx: WaitContext, emitter: EventEmitter, event: string, ms?: number): Promise<T> {
  return wait<T>(ctx, ({ resolve, reject }) => {
    // What the candidate handed over may not be an emitter at all: say so, rather than fail on calling its `on`.
    if (!isEmitter(emitter)) throw new CaseFailure(`expected an event emitter to wait for '${event}' on, got ${describeValue(emitter)}`, { expected: 'an event emitter', actual: describeValue(emitter) });
    const listener = (...args: unknown[]): void => resolve(args as T);
    emitter.on(event, listener);
    const timer =
      ms === undefined ? undefined : setTimeout(() => reject(new CaseFailure(`no '${event}' event within ${ms} ms`, { expected: `a '${event}' event`, actual: 'none' })), ms);
    return () => {
      // `off` is the modern name; an older emitter only has `removeListener`.
      (typeof emitter.off === 'function' ? emitter.off : emitter.removeListener).call(emitter, event, listener);
      clearTimeout(timer);
    };
  });
}

/** How often `until` looks at its condition. */
const POLL_MS = 5;

/**
 * Resolves once `condition` holds, looking every few milliseconds; fails the case (naming `what`) if it does not
 * within `ms`. A condition that throws rejects with what it threw.
 * @example
 * ```ts
 * await until(ctx, () => respond !== undefined, 3000, 'the request reaching the server');
 * ```
 */
export function until(ctx: WaitContext, condition: () => boolean, ms: number, what: string): Promise<void> {
  return wait<void>(ctx, ({ resolve, reject }) => {
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const look = (): void => {
      try {
        if (condition()) return resolve();
      } catch (error) {
        return reject(error);
      }
      if (Date.now() > deadline) return reject(new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: 'nothing' }));
      timer = setTimeout(look, POLL_MS);
    };
    look();
    return () => clearTimeout(timer);
  });
}

/**
 * Resolves after `ms`: for a case that must give the candidate time to do something it must not do.
 * @example
 * ```ts
 * await delay(ctx, 100);
 * ```
 */
export function delay(ctx: WaitContext, ms: number): Promise<void> {
  return wait<void>(ctx, ({ resolve }) => {
    const timer = setTimeout(resolve, ms);
    return () => clearTimeout(timer);
  });
}

/** What the spec says of an expected error; each field given must hold. */
export interface ErrorExpectation {
  /** The class the error must be an instance of: `Error` when the expectation is given without one. */
  readonly instanceOf?: abstract new (...args: never[]) => unknown;
  /** The error's `name`, e.g. `'AbortError'`. */
  readonly name?: string;
  /** The error's `code`, or any one of several. */
  readonly code?: string | number | readonly (string | number)[];
}

/**
 * Calls `run` and returns what it threw, or fails the case when it returned instead. With `ctx`, what it returned (a
 * child process, a server, a request the call should never have made) is released when the case ends.
 *
 * A throw only counts when it is the refusal the case is about: an error that says the API is missing (a TypeError
 * from calling something that is not a function, "not implemented", `ERR_NOT_IMPLEMENTED`) fails the case, and with
 * `expected` the error must also have the class, `name` and `code` given (class `Error` unless another is named).
 * @param what the call, for the failure message.
 * @returns the thrown value, for the case to check further.
 * @example
 * ```ts
 * const error = thrownBy(ctx, () => fork(path, [], { serialization: 'xml' }), "fork with serialization 'xml'", { instanceOf: Error });
 * ```
 */
export function thrownBy(ctx: CleanupContext | undefined, run: () => unknown, what: string, expected?: ErrorExpectation): unknown {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    if (expected) return expectError(error, `${what} to throw`, expected);
    if (isMissingApi(error)) throw missingApiFailure(error, `${what} to throw`, 'an error refusing the call');
    return error;
  }
  if (ctx) keepForRelease(ctx, result);
  throw new CaseFailure(`expected ${what} to throw, it returned instead`, { expected: 'a thrown error', actual: result });
}

/**
 * Checks an error the candidate produced (thrown, passed to a callback or emitted) against what the spec says of it,
 * and fails the case naming what the candidate gave when it does not match: not an error at all, an error saying the
 * API is missing, or an error of another class, `name` or `code`.
 * @param what what was expected, for the failure message, e.g. `"the exec callback's error"`.
 * @returns the error, typed for further checks.
 * @example
 * ```ts
 * const error = expectError(outcome.error, 'the callback error after the abort', { name: 'AbortError' });
 * ```
 */
export function expectError(error: unknown, what: string, expected: ErrorExpectation = {}): Error & { code?: unknown } {
  const wanted = describeExpectation(expected);
  if (isMissingApi(error)) throw missingApiFailure(error, what, wanted);
  const fail = (why: string): CaseFailure => new CaseFailure(`expected ${what}: ${wanted}; ${why}`, { expected: wanted, actual: describeThrown(error) });
  if (error === null || error === undefined) throw new CaseFailure(`expected ${what}: ${wanted}; got ${String(error)}`, { expected: wanted, actual: error });
  const instanceOf = expected.instanceOf ?? Error;
  if (!isInstance(error, instanceOf)) throw fail(`got ${describeThrown(error)}`);
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (expected.name !== undefined && name !== expected.name) throw fail(`got ${describeThrown(error)}`);
  const codes = expected.code === undefined ? undefined : ([] as (string | number)[]).concat(expected.code as string | number | (string | number)[]);
  if (codes && !codes.includes(code as string | number)) throw fail(`got ${describeThrown(error)}`);
  return error as Error & { code?: unknown };
}

/**
 * Calls `run` and returns what it returned; when it throws, fails the case with what the candidate threw (its name,
 * code and first line), so "fork threw Error: not implemented" is what the report shows, not a later symptom.
 * @param what the call, for the failure message, e.g. `'child_process.exec'`.
 * @param apiId the export called (`module.name`), when the call is one: a not-implemented error it throws is then
 *   recorded as evidence that the export is a stub (the result's `unimplemented`).
 * @example
 * ```ts
 * const child = returnedBy(() => spawn(command, args), 'child_process.spawn', 'child_process.spawn');
 * ```
 */
export function returnedBy<T>(run: () => T, what: string, apiId?: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CaseFailure) throw error;
    const thrown = describeThrown(error);
    const unimplemented: UnimplementedApi[] = apiId !== undefined && isMissingApi(error) ? [{ api: apiId, observed: 'throws-not-implemented' }] : [];
    throw new CaseFailure(`${what} threw ${thrown}`, { expected: `${what} to return`, actual: thrown, ...(unimplemented.length > 0 ? { unimplemented } : {}) });
  }
}

/** The module shapes behind the spec's module names. */
interface ModuleShapes {
  readonly querystring: QuerystringModule;
  readonly child_process: ChildProcessModule;
  readonly https: HttpsModule;
}

/** What `api` needs of its case: the candidate's modules. */
export type ApiContext = Partial<Pick<CaseContext, 'qs' | 'cp' | 'https'>>;

const CONTEXT_KEYS = { querystring: 'qs', child_process: 'cp', https: 'https' } as const;

/**
 * The candidate's export `name` of `module`, checked before a case uses it: when it is not a function (or class), the
 * case fails with `not implemented: module.name` rather than with a TypeError from calling it. The function is
 * returned as exported (not bound), so what is attached to it (`util.promisify.custom`) stays reachable.
 * @example
 * ```ts
 * const fork = api(ctx, 'child_process', 'fork');
 * ```
 */
export function api<M extends ModuleName, K extends keyof ModuleShapes[M] & string>(ctx: ApiContext, module: M, name: K): ModuleShapes[M][K] {
  const provided: unknown = ctx[CONTEXT_KEYS[module]];
  const value = provided === null || provided === undefined ? undefined : (provided as Record<string, unknown>)[name];
  if (typeof value !== 'function') {
    throw new CaseFailure(`not implemented: ${module}.${name}`, {
      expected: `${module}.${name}, a function`,
      actual: describeValue(value),
      unimplemented: [{ api: `${module}.${name}`, observed: 'missing' }],
    });
  }
  return value as ModuleShapes[M][K];
}

/**
 * Looks whether the candidate's `alias` of `module` is the very function object of its `original` (`decode` and
 * `parse`), and records it on the result (`ctx.noteAlias`) when both are functions: per-API state then judges an
 * alias that is its original as one with it. Whether two separate functions behave alike is the alias cases' matter.
 * @returns whether the two are one object; undefined when either is not a function.
 * @example
 * ```ts
 * aliasIdentity(ctx, 'querystring', 'decode', 'parse'); // true for node:querystring
 * ```
 */
export function aliasIdentity(ctx: ApiContext & Pick<CaseContext, 'noteAlias'>, module: ModuleName, alias: string, original: string): boolean | undefined {
  const provided: unknown = ctx[CONTEXT_KEYS[module]];
  if (provided === null || provided === undefined) return undefined;
  const read = (name: string): unknown => (provided as Record<string, unknown>)[name];
  const aliasValue = read(alias);
  const originalValue = read(original);
  if (typeof aliasValue !== 'function' || typeof originalValue !== 'function') return undefined;
  const same = aliasValue === originalValue;
  ctx.noteAlias({ api: `${module}.${alias}`, of: `${module}.${original}`, same });
  return same;
}

/**
 * The method `name` of an object the candidate returned, bound to it, checked before a case calls it: a missing one
 * fails the case with `not implemented: owner.name`.
 * @param owner what the object is, for the message, e.g. `'ChildProcess'`.
 * @example
 * ```ts
 * method(child, 'send', 'ChildProcess')({ ping: 1 });
 * ```
 */
export function method(target: unknown, name: string, owner: string): (...args: unknown[]) => unknown {
  const value = target === null || target === undefined ? undefined : (target as Record<string, unknown>)[name];
  if (typeof value !== 'function') {
    throw new CaseFailure(`not implemented: ${owner}.${name}`, {
      expected: `${owner}.${name}, a function`,
      actual: describeValue(value),
      unimplemented: [{ api: `${owner}.${name}`, observed: 'missing' }],
    });
  }
  return (...args: unknown[]) => Reflect.apply(value, target, args) as unknown;
}

/** Error codes by which runtimes and polyfills say an API is not there. */
const MISSING_API_CODES: ReadonlySet<unknown> = new Set(['ERR_NOT_IMPLEMENTED', 'ERR_METHOD_NOT_IMPLEMENTED']);
/**
 * Messages by which polyfills say an API is not there: "[unenv] child_process.fork is not implemented yet!", "Node.js
 * child_process is not supported by JSPM core in the browser". A refusal of an argument ("protocol 'x:' not
 * supported") says neither.
 */
const MISSING_API_MESSAGE = /\bnot (?:yet )?implemented\b|\bunimplemented\b|\bis not supported (?:by|in)\b/i;
/** What a runtime's TypeError says when something that is not there was called (V8, JavaScriptCore). */
const NOT_CALLABLE_MESSAGE = /\bis not a (?:function|constructor)\b|\bCannot read propert(?:y|ies) of (?:undefined|null)\b|\bis not an object\b/;

/**
 * Whether an error says that the API called is missing rather than that it refused its input: a TypeError from
 * calling something that is not a function, or a polyfill's "not implemented".
 * @example
 * ```ts
 * isMissingApi(new TypeError('cp.fork is not a function')); // true
 * ```
 */
export function isMissingApi(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { name, code, message } = readError(error);
  if (MISSING_API_CODES.has(code)) return true;
  if (MISSING_API_MESSAGE.test(message)) return true;
  return name === 'TypeError' && NOT_CALLABLE_MESSAGE.test(message);
}

/**
 * A one-line description of what the candidate threw: name, code and the first line of the message.
 * @example
 * ```ts
 * describeThrown(Object.assign(new TypeError('bad scheme'), { code: 'ERR_INVALID_URL_SCHEME' })); // 'TypeError [ERR_INVALID_URL_SCHEME]: bad scheme'
 * ```
 */
export function describeThrown(error: unknown): string {
  if (error === null || typeof error !== 'object') return `the non-Error value ${describeValue(error)}`;
  const { name, code, message } = readError(error);
  const codePart = typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : '';
  return `${name}${codePart}: ${firstLine(message, 300)}`;
}

/**
 * A short description of any value for a failure message: its type, and for small values the value itself.
 * @example
 * ```ts
 * describeValue(undefined); // 'undefined'
 * describeValue({}); // 'an object (Object)'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(clip(value, 80))}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof value} ${String(value)}`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default: {
      const constructor = safeRead(() => (value as { constructor?: { name?: unknown } }).constructor?.name);
      return typeof constructor === 'string' && constructor !== '' ? `an object (${constructor})` : 'an object';
    }
  }
}

/**
 * The module exports among `names` that are missing, or there but answer an ordinary call by saying they are not
 * implemented (`isMissingApi`), each with what it is and which of the two it was: what the module-exports cases fail
 * on. An export whose ordinary call throws anything else is there: whether it behaves is for the other cases to say.
 * @param exported the candidate's module object.
 * @param call makes one ordinary call of the export `name` (with the module as `this`) and returns what it returned.
 * @example
 * ```ts
 * unimplementedExports(ctx.qs, ['parse'], (name, fn) => Reflect.apply(fn, ctx.qs, ['a=1'])); // [] when parse works
 * ```
 */
export function unimplementedExports<N extends string>(
  exported: unknown,
  names: readonly N[],
  call: (name: N, fn: (...args: unknown[]) => unknown) => unknown,
): Array<readonly [N, string, UnimplementedApi['observed']]> {
  const missing: Array<readonly [N, string, UnimplementedApi['observed']]> = [];
  for (const name of names) {
    const fn = exported === null || exported === undefined ? undefined : (exported as Record<string, unknown>)[name];
    if (typeof fn !== 'function') {
      missing.push([name, describeValue(fn), 'missing']);
      continue;
    }
    try {
      call(name, fn as (...args: unknown[]) => unknown);
    } catch (error) {
      if (isMissingApi(error)) missing.push([name, `a function that throws ${describeThrown(error)}`, 'throws-not-implemented']);
    }
  }
  return missing;
}

function describeExpectation(expected: ErrorExpectation): string {
  const parts = [`an instance of ${expected.instanceOf?.name ?? 'Error'}`];
  if (expected.name !== undefined) parts.push(`named ${expected.name}`);
  if (expected.code !== undefined) parts.push(`with code ${([] as unknown[]).concat(expected.code).join(' or ')}`);
  return parts.join(', ');
}

function missingApiFailure(error: unknown, what: string, wanted: string): CaseFailure {
  const thrown = describeThrown(error);
  return new CaseFailure(`expected ${what}: ${wanted}; got ${thrown}, which says the API is missing`, { expected: wanted, actual: thrown });
}

/** `instanceof`, or for `Error` also an error of another realm (a vm context, a worker), which is still an Error. */
function isInstance(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  if (value instanceof type) return true;
  return type === Error && Object.prototype.toString.call(value) === '[object Error]';
}

/** name, code and message of a thrown object, read defensively: a candidate's error may have throwing getters. */
function readError(error: object): { name: string; code: unknown; message: string } {
  const name = safeRead(() => (error as { name?: unknown }).name);
  const message = safeRead(() => (error as { message?: unknown }).message);
  return {
    name: typeof name === 'string' && name !== '' ? name : 'Error',
    code: safeRead(() => (error as { code?: unknown }).code),
    message: typeof message === 'string' ? message : '',
  };
}

function safeRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function isEmitter(value: unknown): value is EventEmitter {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['on'] === 'function' && (typeof candidate['off'] === 'function' || typeof candidate['removeListener'] === 'function');
}

interface Releasable {
  on?(event: 'error', listener: () => void): unknown;
  kill?(signal: NodeJS.Signals): unknown;
  destroy?(): unknown;
  close?(): unknown;
}

/**
 * Makes sure what a call returned cannot outlive the case: its late `'error'` events (a refused spawn, a failed
 * connection) are swallowed now, and when the case ends a process is killed, a stream destroyed, a server closed.
 */
function keepForRelease(ctx: CleanupContext, value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const resource = value as Releasable;
  if (typeof resource.on === 'function') resource.on('error', () => undefined);
  ctx.defer(() => {
    try {
      if (typeof resource.kill === 'function') resource.kill('SIGKILL');
      else if (typeof resource.destroy === 'function') resource.destroy();
      else if (typeof resource.close === 'function') resource.close();
    } catch {
      // Already gone, or a candidate's object that cannot be released: the case has failed either way.
    }
  });
}
