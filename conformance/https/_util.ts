// Shared plumbing of the https cases: the candidate's functions checked before use and called so that what they throw
// is the failure; the candidate's servers bound to 127.0.0.1 on ephemeral ports and closed (with every connection)
// when the case ends; its requests run to their response body or their 'error' event; and the trusted peers of the
// harness, which the candidate's client and server are checked against. Every wait ends with the case.
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { CaseFailure, type CaseContext } from '../case.js';
import { api, delay, describeThrown, describeValue, expectError, method, returnedBy, untilAborted, within, type WaitContext } from '../kit.js';
import type { HttpsModule } from '../modules.js';
import type { CertificateSet } from '../certificate-set.js';
import type {
  HandshakeObservation,
  ObservedConnection,
  ServerObservation,
  TrustedConnectOptions,
  TrustedConnection,
  TrustedReply,
  TrustedRequest,
  TrustedServer,
  TrustedServerOptions,
} from '../trusted-peer-handles.js';

/** Whatever owns cleanups: a case context, or a test's own list. */
export interface Scope {
  defer(cleanup: () => unknown): void;
}

/** What the helpers that wait and clean up need of a case. */
export type CaseScope = Scope & WaitContext;

/** What `listen` and `closeServer` need of a server: a candidate's https Server, or a plain one of the harness. */
export interface ListeningServer {
  listen(port: number, host: string, callback: () => void): unknown;
  close(callback?: (error?: Error) => void): unknown;
  address(): AddressInfo | string | null;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  readonly listening: boolean;
}

export type HttpsServer = ReturnType<HttpsModule['createServer']>;
export type HttpsAgent = InstanceType<HttpsModule['Agent']>;
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A response read to its end. */
export interface Reply {
  readonly status: number | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Number of `'data'` events the body came in. */
  readonly chunks: number;
  readonly request: ClientRequest;
  readonly socket: TLSSocket;
}

/** How long a case waits for one exchange before calling it hung (well under any case time limit). */
export const EXCHANGE_LIMIT_MS = 5000;

/** The https exports a case may use, and what each must be. */
type HttpsFunction = 'createServer' | 'request' | 'get' | 'Agent' | 'Server';

/**
 * Checks, before a case uses them, that the candidate has these exports: functions (classes for Agent and Server),
 * and `globalAgent` an object. A missing one fails the case with `not implemented: https.<name>`.
 * @example
 * ```ts
 * uses(ctx, 'get', 'Agent');
 * ```
 */
export function uses(ctx: Pick<CaseContext, 'https'>, ...names: readonly (HttpsFunction | 'globalAgent')[]): void {
  for (const name of names) {
    if (name !== 'globalAgent') {
      api(ctx, 'https', name);
      continue;
    }
    const value = returnedBy(() => (ctx.https as unknown as Record<string, unknown>)['globalAgent'], 'reading https.globalAgent', 'https.globalAgent');
    if (value === null || typeof value !== 'object') {
      throw new CaseFailure('not implemented: https.globalAgent', {
        expected: 'https.globalAgent, an object',
        actual: describeValue(value),
        unimplemented: [{ api: 'https.globalAgent', observed: 'missing' }],
      });
    }
  }
}

/** What `watchGlobalAgent` sees of the connections `https.globalAgent` makes. */
export interface GlobalAgentWatch {
  /**
   * How many connections globalAgent has been asked to make since the watch began; undefined when its agent has no
   * createConnection to watch through (allowed only when the watch was not `required`).
   */
  connections(): number | undefined;
}

/**
 * Watches the connections `https.globalAgent` makes for the rest of the case, through the hook the spec gives an
 * agent: `createConnection`, overridden on the instance by one that counts and then calls the agent's own (restored
 * when the case ends). The sockets made meanwhile are destroyed when the case ends, so no case leaves pooled
 * connections behind. With `required`, a globalAgent without createConnection fails the case as not implementing it.
 */
export function watchGlobalAgent(ctx: Pick<CaseContext, 'https'> & Scope, options: { required: boolean }): GlobalAgentWatch {
  uses(ctx, 'globalAgent');
  const agent = ctx.https.globalAgent as unknown as Record<string, unknown>;
  // Without createConnection there is nothing to watch through: a case that observes through it fails saying so; a
  // case that only cleans up with it goes on.
  if (options.required) method(agent, 'createConnection', 'https.globalAgent');
  else if (typeof agent['createConnection'] !== 'function') return { connections: () => undefined };
  const original = agent['createConnection'] as (...args: unknown[]) => unknown;
  const hadOwn = Object.prototype.hasOwnProperty.call(agent, 'createConnection');
  const sockets: unknown[] = [];
  let count = 0;
  const keep = (socket: unknown): void => {
    if (socket !== null && typeof socket === 'object') sockets.push(socket);
  };
  agent['createConnection'] = function createConnection(this: unknown, ...args: unknown[]): unknown {
    count += 1;
    // The asynchronous form hands the socket to a callback.
    const passed = args.map((arg) =>
      typeof arg === 'function'
        ? (error: unknown, socket: unknown): unknown => {
            keep(socket);
            return (arg as (...all: unknown[]) => unknown)(error, socket);
          }
        : arg,
    );
    const socket = Reflect.apply(original, this, passed);
    keep(socket);
    return socket;
  };
  ctx.defer(() => {
    if (hadOwn) agent['createConnection'] = original;
    else delete agent['createConnection'];
    for (const socket of sockets) {
      try {
        (socket as { destroy?: () => void }).destroy?.();
      } catch {
        // already gone
      }
    }
  });
  return { connections: () => count };
}

/**
 * The candidate's `request` or `get`, checked, called on the module object as an application calls it; what it throws
 * fails the case naming the call and the candidate's error.
 * @example
 * ```ts
 * const req = call(ctx, 'get')({ host: 'localhost', port });
 * ```
 */
export function call(ctx: Pick<CaseContext, 'https'>, name: 'request' | 'get'): (...args: unknown[]) => ClientRequest {
  const fn = api(ctx, 'https', name);
  return (...args) => returnedBy(() => Reflect.apply(fn, ctx.https, args) as ClientRequest, `https.${name}()`, `https.${name}`);
}

/**
 * The candidate's `request`, called as an application sends a request without a body: `https.request(...args)`, then
 * `end()` on the request it returned. The Request options (default port and protocol, agent, TLS options, identity
 * checks) are request's, and a result counts for the function its case called, so their cases call request; `get`,
 * which takes the same options, is judged by its own cases.
 * @example
 * ```ts
 * await exchange(ctx, (done) => send(ctx)({ host: 'localhost', port, ca }, done));
 * ```
 */
export function send(ctx: Pick<CaseContext, 'https'>): (...args: unknown[]) => ClientRequest {
  const request = call(ctx, 'request');
  return (...args) => {
    const req = requestOf(request(...args), 'https.request()');
    const end = method(req, 'end', 'ClientRequest');
    returnedBy(() => end(), "the request's end()");
    return req;
  };
}

/** A new Agent of the candidate, destroyed when the case ends. */
export function newAgent(ctx: Pick<CaseContext, 'https'> & Scope, options?: Record<string, unknown>): HttpsAgent {
  const Agent = api(ctx, 'https', 'Agent');
  const agent = returnedBy(() => (options === undefined ? new Agent() : new Agent(options)), `new https.Agent(${options === undefined ? '' : 'options'})`, 'https.Agent');
  ctx.defer(() => {
    try {
      (agent as { destroy?: () => void }).destroy?.();
    } catch {
      // the candidate's agent cannot be destroyed: the case has its verdict already
    }
  });
  return agent;
}

/** The candidate's `createServer(...args)`, checked; what it throws fails the case. */
export function createServer(ctx: Pick<CaseContext, 'https'>, ...args: unknown[]): HttpsServer {
  const create = api(ctx, 'https', 'createServer');
  return returnedBy(() => Reflect.apply(create, ctx.https, args) as HttpsServer, `https.createServer()`, 'https.createServer');
}

/**
 * Server credentials from the minted set: the localhost certificate of the trusted CA, as bytes.
 *
 * Every https case hands credentials over as bytes (`.bytes`: client `ca`, `key`, `cert` and the server's `key` and
 * `cert`): the spec fixes their form only for a server's key and cert (PEM text or bytes, both checked by the cases of
 * https.auth.pem-text-or-bytes), and bytes are what every TLS stack takes. Text elsewhere would make a candidate that
 * takes only bytes fail cases for a form the spec does not require, under the wrong rule.
 */
export function serverCredentials(certs: CertificateSet): { key: Buffer; cert: Buffer } {
  return { key: certs.server.key.bytes, cert: certs.server.cert.bytes };
}

/**
 * Starts `server` on 127.0.0.1 with an ephemeral port and makes sure it is closed, with every connection, when the
 * scope ends. A server that lacks `listen`, throws, emits 'error' or never listens fails the case.
 * @returns the port.
 */
export async function listen(scope: CaseScope, server: ListeningServer): Promise<number> {
  const start = method(server, 'listen', 'https.Server');
  method(server, 'address', 'https.Server');
  scope.defer(() => closeServer(server));
  const listening = new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(new CaseFailure(`the server could not listen: ${describeThrown(error)}`, { expected: 'listening', actual: describeThrown(error) }));
    if (typeof server.once === 'function') server.once('error', onError);
    returnedBy(() => start(0, '127.0.0.1', () => {
      if (typeof server.off === 'function') server.off('error', onError);
      resolve();
    }), 'server.listen(0, "127.0.0.1", callback)', 'https.Server');
  });
  await within(scope, listening, EXCHANGE_LIMIT_MS, 'the listen callback');
  const address = returnedBy(() => server.address(), 'server.address()', 'https.Server');
  if (address === null || typeof address !== 'object' || typeof address.port !== 'number') {
    throw new CaseFailure('server.address() does not give the port it listens on', { expected: '{ port, … }', actual: describeValue(address) });
  }
  return address.port;
}

/** How long a cleanup waits for a server to close before giving up on it (a broken candidate may never call back). */
const CLOSE_LIMIT_MS = 2000;

/** Closes a server and drops its connections; resolves when it is closed, was never listening, or after a bound. */
export function closeServer(server: ListeningServer): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, CLOSE_LIMIT_MS);
    try {
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    } catch {
      // a candidate's server that cannot close: the bound above ends the wait
    }
  });
}

/** A server of the candidate with the trusted localhost certificate, answering every request with `listener`. */
export async function startServer(
  ctx: Pick<CaseContext, 'https' | 'fixtures'> & CaseScope,
  listener: Listener = (_req, res) => res.end('ok'),
  options: Record<string, unknown> = {},
): Promise<{ server: HttpsServer; port: number }> {
  const certs = await ctx.fixtures.certificates();
  const server = createServer(ctx, { ...serverCredentials(certs), ...options }, listener);
  const port = await listen(ctx, server);
  return { server, port };
}

/** Destroys a request the case gave up on; one that cannot be destroyed is left to the end of the case. */
function abandon(request: ClientRequest | undefined): void {
  try {
    (request as { destroy?: () => void } | undefined)?.destroy?.();
  } catch {
    // the candidate's request refuses to be destroyed: the case has its verdict already
  }
}

/** Checks that what the candidate's `request`/`get` returned can be listened on, as a ClientRequest can. */
export function requestOf(value: unknown, what: string): ClientRequest {
  const candidate = value as { on?: unknown } | null | undefined;
  if (candidate === null || candidate === undefined || typeof candidate.on !== 'function') {
    throw new CaseFailure(`${what} did not return a request to listen on`, { expected: 'a ClientRequest', actual: describeValue(value) });
  }
  return value as ClientRequest;
}

/** What became of a request of the candidate: its response read to its end, or what `exchange` fails the case with. */
export interface Attempt {
  readonly reply?: Reply;
  readonly failure?: CaseFailure;
  /** The request the candidate's call returned, when it returned one. */
  readonly request?: ClientRequest;
}

/**
 * Runs `start` (which creates and ends a request of the candidate) to the end of its response body, or to its
 * failure, and says which: for a case whose rule speaks of something that happens before the response (the
 * ClientHello, the handshake), which the trusted peer records where it happens, so that a request failing afterwards
 * for another reason does not decide the case (`helloOf`, `completedHandshakes`).
 */
export async function attempted(ctx: WaitContext, start: (onResponse: (res: IncomingMessage) => void) => ClientRequest): Promise<Attempt> {
  let request: ClientRequest | undefined;
  const done = new Promise<Reply>((resolve, reject) => {
    const fail = (error: Error): void => {
      reject(error instanceof CaseFailure ? error : new CaseFailure(`the request failed: ${describeThrown(error)}`, { expected: 'a response', actual: describeThrown(error) }));
    };
    const onResponse = (res: IncomingMessage): void => {
      // Captured now: a keep-alive socket is detached from the response once the body has been read.
      const socket = res.socket as TLSSocket;
      let body = '';
      let chunks = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        chunks += 1;
      });
      res.on('error', fail);
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body, chunks, request: request as ClientRequest, socket }));
    };
    request = requestOf(returnedBy(() => start(onResponse), 'the request'), 'the request');
    request.on('error', fail);
  });
  try {
    return { reply: await within(ctx, done, EXCHANGE_LIMIT_MS, 'a complete response'), ...(request ? { request } : {}) };
  } catch (error) {
    abandon(request);
    if (error instanceof CaseFailure) return { failure: error, ...(request ? { request } : {}) };
    throw error;
  }
}

/**
 * Runs `start` (which creates and ends a request of the candidate) to the end of its response body. A request that
 * throws, fails or never completes fails the case, naming what the candidate did instead.
 */
export async function exchange(ctx: WaitContext, start: (onResponse: (res: IncomingMessage) => void) => ClientRequest): Promise<Reply> {
  const attempt = await attempted(ctx, start);
  if (attempt.failure) throw attempt.failure;
  return attempt.reply as Reply;
}

/** The application protocol the trusted server speaks (ALPN): HTTP/1.1, as Node's https server does. */
const TRUSTED_SERVER_PROTOCOL = 'http/1.1';

/**
 * The first connection of `seen` whose ClientHello the trusted server read (`since`: only connections after that
 * many), for a rule about what the client asks for in it (its SNI name): judged there, whatever became of the
 * handshake and the request afterwards. Without one, the case fails as the attempt did (or saying no ClientHello came).
 */
export function helloOf(seen: ServerObservation, attempt: Attempt, since = 0): ObservedConnection {
  const connections = seen.connections.filter((connection) => connection.id > since);
  const hello = connections.find((connection) => connection.helloSeen);
  if (hello) return hello;
  throw attempt.failure ?? new CaseFailure('the server read no TLS ClientHello from the client', { expected: 'a ClientHello', actual: connections.length > 0 ? 'connections without one' : 'no connection' });
}

/**
 * The connections of `seen` (after the first `since`) whose TLS handshake completed, for a rule about the handshake
 * (the certificate presented, the protocol and cipher negotiated, the key material, the session resumed): judged there,
 * whether or not the request then got its response. Without one, the case fails as the attempt did, except where the
 * trusted server refused the client's ClientHello because it offered only protocols other than HTTP/1.1 (ALPN, `h2`
 * say): the handshake ended before what the rule speaks of could happen, so the case is inconclusive (an error).
 */
export function completedHandshakes(seen: ServerObservation, attempt: Attempt, since = 0): ObservedConnection[] {
  const connections = seen.connections.filter((connection) => connection.id > since);
  const secure = connections.filter((connection) => connection.secure);
  if (secure.length > 0) return secure;
  const refused = connections.find((connection) => connection.helloSeen && connection.alpn.length > 0 && !connection.alpn.includes(TRUSTED_SERVER_PROTOCOL));
  if (refused) {
    throw new Error(
      `inconclusive: the client offered only ${refused.alpn.map((protocol) => JSON.stringify(protocol)).join(', ')} (ALPN), which the trusted server does not speak (it speaks ${TRUSTED_SERVER_PROTOCOL}), so the handshake ended at its ClientHello, before what the rule speaks of`,
    );
  }
  throw attempt.failure ?? new CaseFailure('no TLS handshake with the server completed', { expected: 'a completed TLS handshake', actual: connections.map((connection) => connection.failure?.message ?? 'incomplete') });
}

/**
 * Runs a request of the candidate that must fail; resolves with what its `'error'` event carried, which must be an
 * Error that does not merely say the API is missing (the spec names no class or code for these errors). A response,
 * or nothing at all, fails the case.
 * @param what what the error is expected for, for the failure message.
 */
export async function failure(ctx: WaitContext, start: () => ClientRequest, what = "the request's 'error'"): Promise<Error> {
  let request: ClientRequest | undefined;
  const failed = new Promise<unknown>((resolve, reject) => {
    request = requestOf(returnedBy(start, 'the request'), 'the request');
    request.on('error', resolve);
    request.on('response', (res: IncomingMessage) => {
      res.resume();
      reject(new CaseFailure('the request was expected to fail, but it got a response', { expected: "an 'error' event", actual: `a response with status ${String(res.statusCode)}` }));
    });
  });
  try {
    const error = await within(ctx, failed, EXCHANGE_LIMIT_MS, "an 'error' event");
    return expectError(error, what);
  } catch (error) {
    abandon(request);
    throw error;
  }
}

/**
 * Exactly `total` request header lines for the trusted client: Host first (a server requires it, and drops lines past
 * its limit), Connection given so no line is added, then `x-h0`… fillers.
 */
export function headerLines(total: number): [string, string][] {
  const headers: [string, string][] = [
    ['Host', 'localhost'],
    ['Connection', 'close'],
  ];
  for (let i = 0; i < total - 2; i++) headers.push([`x-h${i}`, 'v']);
  return headers;
}

/**
 * A trusted server of the harness for checking the candidate's client, closed when the case ends. (The trusted peers
 * bound their own waits, so only the end of the case cuts them short.)
 */
export async function trustedServer(ctx: Pick<CaseContext, 'fixtures'> & CaseScope, options: TrustedServerOptions = {}): Promise<TrustedServer> {
  const server = await untilAborted(ctx, ctx.fixtures.trustedServer(options));
  ctx.defer(() => server.close());
  return server;
}

/** What the trusted server has seen so far. */
export function observe(ctx: WaitContext, server: TrustedServer): Promise<ServerObservation> {
  return untilAborted(ctx, server.observe());
}

/**
 * Looks at the trusted server's observations every few milliseconds until `test` holds; fails the case naming `what`
 * (and what was seen last) when it does not within `ms`.
 */
export async function observeUntil(ctx: WaitContext, server: TrustedServer, test: (seen: ServerObservation) => boolean, ms: number, what: string): Promise<ServerObservation> {
  const deadline = Date.now() + ms;
  for (;;) {
    const seen = await observe(ctx, server);
    if (test(seen)) return seen;
    if (Date.now() > deadline) throw new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: seen });
    await delay(ctx, 20);
  }
}

/** A connection of the trusted client to the candidate's server on `port`, closed when the case ends; never throws for a failed handshake. */
export async function trustedConnection(
  ctx: Pick<CaseContext, 'fixtures'> & CaseScope,
  port: number,
  options: Omit<TrustedConnectOptions, 'port'> = {},
): Promise<TrustedConnection> {
  const connection = await within(ctx, ctx.fixtures.trustedClient({ port, ...options }), EXCHANGE_LIMIT_MS * 2, "the trusted client's TLS handshake");
  ctx.defer(() => connection.close());
  return connection;
}

/** Fails the case unless the trusted client's TLS handshake with the candidate's server completed. */
function expectSecure(handshake: HandshakeObservation): void {
  if (!handshake.secure) {
    const reason = handshake.error ? `${handshake.error.code ?? 'Error'}: ${handshake.error.message}` : 'no reason given';
    throw new CaseFailure(`a TLS handshake with the candidate's server failed: ${reason}`, { expected: 'a completed TLS handshake', actual: reason });
  }
}

/** A connection of the trusted client whose TLS handshake completed. */
export async function secureConnection(
  ctx: Pick<CaseContext, 'fixtures'> & CaseScope,
  port: number,
  options: Omit<TrustedConnectOptions, 'port'> = {},
): Promise<TrustedConnection> {
  const connection = await trustedConnection(ctx, port, options);
  expectSecure(connection.handshake);
  return connection;
}

/** The trusted client's request on `connection`: what came back, a response or a failure, within the exchange limit. */
export function trustedRequest(ctx: WaitContext, connection: TrustedConnection, request: TrustedRequest = {}): Promise<TrustedReply> {
  return within(ctx, connection.request(request), EXCHANGE_LIMIT_MS, "a response to the trusted client's request");
}

/** A response the candidate's server gave the trusted client, or a failure naming what happened instead. */
export function answered(reply: TrustedReply): Extract<TrustedReply, { ok: true }> {
  if (!reply.ok) {
    const reason = `${reply.error.code ?? 'Error'}: ${reply.error.message}`;
    throw new CaseFailure(`the candidate's server gave no response: ${reason}`, { expected: 'a response', actual: reason });
  }
  return reply;
}

/** One request of the trusted client on a fresh connection to the candidate's server, which must answer it. */
export async function trustedExchange(
  ctx: Pick<CaseContext, 'fixtures'> & CaseScope,
  port: number,
  request: TrustedRequest = {},
  options: Omit<TrustedConnectOptions, 'port'> = {},
): Promise<{ handshake: HandshakeObservation; reply: Extract<TrustedReply, { ok: true }>; connection: TrustedConnection }> {
  const connection = await secureConnection(ctx, port, options);
  const reply = answered(await trustedRequest(ctx, connection, request));
  return { handshake: connection.handshake, reply, connection };
}

/**
 * Runs a request of the candidate's client that must be refused because of the trusted server's certificate: its
 * `'error'` must be an Error that does not merely say the API is missing (see `failure`), the server must have seen
 * the client begin a TLS handshake (so the refusal is the client's verdict on TLS, not a failure to speak it), and
 * no request may have reached the server.
 * @returns the request's error.
 */
export async function refusedByClient(ctx: WaitContext, server: TrustedServer, start: () => ClientRequest, what: string): Promise<Error> {
  const error = await failure(ctx, start, what);
  const seen = await observe(ctx, server);
  if (!seen.connections.some((connection) => connection.tlsStarted)) {
    const failures = seen.connections.map((connection) => connection.failure?.message ?? 'no TLS');
    throw new CaseFailure('the request failed without beginning a TLS handshake with the server', {
      expected: 'a TLS handshake the client abandons',
      actual: failures.length > 0 ? failures.join('; ') : 'no connection',
    });
  }
  if (seen.requests.length > 0) {
    throw new CaseFailure('the request reached the server before it failed', { expected: 'no request sent', actual: seen.requests.map((request) => `${request.method} ${request.url}`) });
  }
  return error;
}

/**
 * A control exchange: what the case's conclusion rests on besides the rule it checks (the same client accepting a
 * server it should accept). Its failure makes the case inconclusive (an error), never a verdict on the cited rules.
 */
export async function control<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CaseFailure)) throw error;
    throw new Error(`inconclusive: the control (${what}) failed too, so the refusal says nothing about the rule: ${error.message}`);
  }
}

/**
 * Resolves once the trusted client's connection has closed (the candidate's server hung up), looking every few
 * milliseconds; fails the case when it is still open after `ms`.
 * @returns what the connection received before it closed.
 */
export async function closedWithin(ctx: WaitContext, connection: TrustedConnection, ms: number, what: string): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const seen = await untilAborted(ctx, connection.observe());
    if (seen.closed) return seen.received;
    if (Date.now() > deadline) throw new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: 'the connection still open' });
    await delay(ctx, 20);
  }
}
