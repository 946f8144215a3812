// The reference rt:https, in the spec's order: Agent, globalAgent, Server, createServer, get, request. The default
// export is the module object; its `globalAgent` is an accessor, so assigning it (as applications do) changes the agent
// later requests use. HTTP itself is the host's plain-HTTP machinery; what makes it https (TLS connections, their
// pooling and session reuse, the server's defaults) is here and in reference/internal/https/.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { connectionArguments, requestArguments, serverArguments, type ResponseListener } from './internal/https/arguments.js';
import { defaultServername, tlsNameParts } from './internal/https/connection-name.js';
import { NET_SERVER_OPTIONS, TLS_CONNECT_OPTIONS } from './internal/https/host-option-names.js';
import { createHttpEngine } from './internal/https/http-engine.js';
import { legacyConstructor } from './internal/https/legacy-constructor.js';
import { SessionCache, validateMaxCachedSessions } from './internal/https/session-cache.js';
import { coverNames, ownOptions, type OwnOptions } from './internal/own-options.js';

/** Options of `new Agent()`: those of the plain-HTTP agent and of `tls.connect`, plus the session-cache size. */
export interface AgentOptions extends http.AgentOptions, tls.ConnectionOptions {
  /** How many TLS sessions to keep for resumption; 0 disables the cache. Default 100. */
  maxCachedSessions?: number | undefined;
}

/** What reaches `createConnection`: request options merged with the agent's, plus the pool name the agent chose. */
export type ConnectionOptions = tls.ConnectionOptions & http.ClientRequestArgs & { _agentKey?: string };

/** Options of the TLS server, TLS secure context and plain-HTTP server, in one object. */
export type ServerOptions = tls.TlsOptions & http.ServerOptions;
export type RequestListener = http.RequestListener;

/** The options of `request` and `get`: the plain-HTTP request's, plus the TLS connection options passed through. */
export interface RequestOptions extends http.RequestOptions, tls.SecureContextOptions {
  /** Called with the host name and peer certificate; returning an Error rejects the server. */
  checkServerIdentity?: typeof tls.checkServerIdentity | undefined;
  /** Verify the server certificate against the trusted CAs (default true). */
  rejectUnauthorized?: boolean | undefined;
  /** The SNI host name; '' sends none. */
  servername?: string | undefined;
  /** A TLS session to resume. */
  session?: Buffer | undefined;
}

/** The module object: the exports under the host's names, `globalAgent` replaceable. */
export interface HttpsExports {
  Agent: typeof AgentExport;
  globalAgent: Agent;
  Server: typeof ServerExport;
  createServer: typeof createServer;
  get: typeof get;
  request: typeof request;
}

type ConnectCallback = (error: Error | null, socket: Duplex) => void;

const DEFAULT_SET_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_HEADERS_COUNT = 2000;

/** The TLS session cache of each agent (a side table: an agent set up by an old-style subclass has no private fields). */
const sessionCaches = new WeakMap<object, SessionCache>();

/**
 * An agent for HTTPS requests: the plain-HTTP agent's pooling with connections made over TLS, a cache of TLS
 * sessions per connection name, SNI derived from the target host, and pool names that separate requests with
 * different TLS options. Pass one as the `agent` option of a request. Like the host's, it may be called without
 * `new`, and an old-style subclass may set itself up with `Agent.call(this, options)`.
 *
 * @example
 * ```ts
 * const agent = new Agent({ keepAlive: true, ca, maxCachedSessions: 10 });
 * get('https://localhost:8443/', { agent }, (res) => res.resume());
 * ```
 * @rules https.agent.constructor, https.agent.http-agent-options, https.agent.default-keep-alive-off, https.agent.caches-tls-sessions, https.agent.servername-default-host, https.agent.servername-ip-empty, https.agent.create-connection-async, https.agent.passed-as-agent-option, https.request.agent-false, https.events.agent-keylog, https.events.agent-keylog-line-format
 */
class Agent extends http.Agent {
  declare options: AgentOptions;
  declare defaultPort: number;
  declare protocol: string;
  /** Upper bound of the session cache; read on every insertion, so lowering it takes effect at once. */
  declare maxCachedSessions: number;

  /**
   * @param options Plain-HTTP agent options (keepAlive, maxSockets…), TLS connection options applied to every
   *   connection, and `maxCachedSessions` (default 100).
   * @rules https.agent.constructor, https.agent.http-agent-options, https.agent.tls-options-from-request-options
   */
  constructor(options?: AgentOptions) {
    // The plain-HTTP agent keeps a prototype-less copy of the caller's own options as `this.options`.
    super(options);
    setUpAgent(this);
  }

  /**
   * Opens a TLS connection for a request; override to customise how connections are made. An override may return
   * the socket, or return nothing and hand the socket (or an error) to `callback` later. Called directly, it also
   * takes the host's positional form `(port[, host][, options])` (typed, as in the host's declarations, with the
   * options form only).
   *
   * @param options Request and agent options merged, including TLS options (or the port).
   * @param rest `[callback]` (not used: this implementation returns the socket), or `[host][, options]` after a port.
   * @returns The connecting `tls.TLSSocket`.
   * @rules https.agent.create-connection-override, https.agent.create-connection-async, https.agent.caches-tls-sessions, https.agent.servername-custom, https.agent.servername-empty-disables, https.agent.tls-options-from-request-options, https.request.tls-options, https.request.high-water-mark, https.request.check-server-identity-called, https.request.check-server-identity-accepts, https.request.check-server-identity-rejects, https.request.peer-certificate-fields, https.auth.client-certificate, https.auth.client-ca, https.auth.reject-unauthorized, https.auth.default-host-check, https.auth.pin-fingerprint256, https.auth.pin-pubkey-sha256, https.auth.tls-credentials-only, https.errors.tls-verification-error-event, https.errors.identity-check-error-event
   */
  override createConnection(options: ConnectionOptions, ...rest: unknown[]): Duplex {
    // beyond-spec: create-connection-forms
    const own = connectionArguments(options, rest[0], rest[1]);
    const key = typeof own['_agentKey'] === 'string' ? own['_agentKey'] : undefined;
    const session = key === undefined ? undefined : sessionCacheOf(this).get(key);
    let servername = own['servername'];
    if (servername === undefined || servername === null) {
      // beyond-spec: direct-connection-servername
      servername = defaultServername((own['host'] ?? own['hostname']) as string | null | undefined);
    }
    // tls.connect copies these options into an ordinary object and reads them from there: every name it reads is
    // made an own property first.
    const connectOptions = coverNames({ __proto__: null, ...(session ? { session } : {}), ...own, servername }, TLS_CONNECT_OPTIONS);
    const socket = tls.connect(connectOptions as tls.ConnectionOptions);
    if (key !== undefined) {
      socket.on('session', (fresh: Buffer) => sessionCacheOf(this).store(key, fresh, this.maxCachedSessions));
      // A connection that failed must not be resumed from: the session may be what made it fail.
      // beyond-spec: session-drop-on-error
      socket.once('close', (hadError: boolean) => {
        if (hadError) sessionCacheOf(this).delete(key);
      });
    }
    return socket;
  }

  /**
   * The pool name of a request: the plain-HTTP name (host, port, local address, family) followed by every TLS option
   * that changes the connection, so that requests with different TLS settings never share sockets or sessions.
   *
   * @param options The request's options merged with the agent's (own properties only are read).
   * @returns The name.
   * @rules https.agent.caches-tls-sessions, https.agent.tls-options-from-request-options
   */
  override getName(options: http.ClientRequestArgs & tls.ConnectionOptions = {}): string {
    const own = ownOptions(options);
    return super.getName(own) + tlsNameParts(own);
  }
}

/**
 * What Agent's constructor adds to the plain-HTTP agent, for a new agent and for an old-style subclass alike.
 * @rules https.agent.max-cached-sessions-default, https.request.default-protocol, https.request.default-port
 */
function setUpAgent(agent: Agent): void {
  agent.defaultPort = 443;
  agent.protocol = 'https:';
  agent.maxCachedSessions = validateMaxCachedSessions(agent.options.maxCachedSessions);
}

/**
 * An agent's session cache, made on first use.
 * @rules https.agent.caches-tls-sessions
 */
function sessionCacheOf(agent: Agent): SessionCache {
  let cache = sessionCaches.get(agent);
  if (!cache) {
    cache = new SessionCache();
    sessionCaches.set(agent, cache);
  }
  return cache;
}

/**
 * The exported Agent: the class, also callable without `new` (see `legacyConstructor`).
 * @rules https.agent.constructor
 */
// beyond-spec: legacy-constructor
const AgentExport = legacyConstructor(Agent, (self, options) => {
  Reflect.apply(http.Agent as unknown as (options?: AgentOptions) => void, self, [options]);
  setUpAgent(self);
});
type AgentExport = Agent;
export { AgentExport as Agent };

/**
 * The agent of every request that names no other: keep-alive on and a 5 s socket timeout, unlike a default Agent.
 * Module state: a live binding that assigning `https.globalAgent` on the module object replaces.
 * @rules https.global-agent.instance, https.global-agent.keep-alive, https.global-agent.timeout, https.global-agent.default-for-requests
 */
export let globalAgent: Agent = new Agent({
  keepAlive: true,
  // beyond-spec: free-socket-order
  scheduling: 'lifo',
  timeout: 5000,
});

/** The plain-HTTP engine of each server (a side table: a server set up by an old-style subclass has no private fields). */
const engines = new WeakMap<object, http.Server>();

/**
 * An HTTPS server: a TLS server whose secure connections speak HTTP/1.1, with the plain-HTTP server's properties,
 * timeouts and connection management, and the https defaults (no socket timeout; `setTimeout()` means 2 minutes).
 * Start it with `listen()`, as a network server. Like the host's, it may be called without `new`.
 *
 * @example
 * ```ts
 * const server = new Server({ key, cert }, (req, res) => res.end('hi')).listen(0, '127.0.0.1');
 * ```
 * @rules https.server.extends-tls-server, https.server.serves-http, https.server.listen, https.server.properties-as-http, https.events.server-request
 */
class Server extends tls.Server {
  /**
   * @param options TLS server, secure-context and plain-HTTP server options.
   * @param requestListener Added as a `'request'` listener.
   * @rules https.create-server.tls-server-options, https.create-server.secure-context-options, https.create-server.http-server-options, https.create-server.request-listener
   */
  constructor(requestListener?: RequestListener);
  constructor(options: ServerOptions | null | undefined, requestListener?: RequestListener);
  constructor(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener) {
    const [opts, listener] = serverArguments<RequestListener>(options, requestListener);
    super(tlsServerOptions(opts));
    setUpServer(this, opts, listener);
  }

  /**
   * Socket inactivity limit in ms; 0 (the default) means none.
   * @rules https.server.default-timeout, https.server.properties-as-http
   */
  get timeout(): number {
    return engineOf(this).timeout;
  }
  set timeout(value: number) {
    engineOf(this).timeout = value;
  }

  /**
   * Time allowed to receive a request's complete headers. Default 60000.
   * @rules https.server.default-headers-timeout, https.server.properties-as-http
   */
  get headersTimeout(): number {
    return engineOf(this).headersTimeout;
  }
  set headersTimeout(value: number) {
    engineOf(this).headersTimeout = value;
  }

  /**
   * Time allowed to receive a whole request. Default 300000.
   * @rules https.server.default-request-timeout, https.server.properties-as-http
   */
  get requestTimeout(): number {
    return engineOf(this).requestTimeout;
  }
  set requestTimeout(value: number) {
    engineOf(this).requestTimeout = value;
  }

  /**
   * How long an idle keep-alive connection is kept after a response. Default 5000.
   * @rules https.server.default-keep-alive-timeout, https.server.properties-as-http
   */
  get keepAliveTimeout(): number {
    return engineOf(this).keepAliveTimeout;
  }
  set keepAliveTimeout(value: number) {
    engineOf(this).keepAliveTimeout = value;
  }

  /**
   * Most header lines read from a request; the rest are dropped. Default 2000.
   * @rules https.server.default-max-headers-count, https.server.properties-as-http
   */
  get maxHeadersCount(): number | null {
    return engineOf(this).maxHeadersCount;
  }
  set maxHeadersCount(value: number | null) {
    engineOf(this).maxHeadersCount = value;
  }

  /** Most requests served on one keep-alive connection; 0 or null means no limit. */
  // beyond-spec: max-requests-per-socket
  get maxRequestsPerSocket(): number | null {
    return engineOf(this).maxRequestsPerSocket;
  }
  // beyond-spec: max-requests-per-socket
  set maxRequestsPerSocket(value: number | null) {
    engineOf(this).maxRequestsPerSocket = value;
  }

  /**
   * Sets the socket inactivity limit and optionally listens for `'timeout'`.
   *
   * @param msecs The limit in ms; 120000 when omitted.
   * @param callback Added as a `'timeout'` listener.
   * @returns This server.
   * @rules https.server.set-timeout-default, https.server.set-timeout-returns-server, https.server.set-timeout-applies
   */
  setTimeout(callback?: () => void): this;
  setTimeout(msecs?: number, callback?: () => void): this;
  setTimeout(msecs?: number | (() => void), callback?: () => void): this {
    if (typeof msecs === 'function') return this.setTimeout(undefined, msecs);
    this.timeout = msecs ?? DEFAULT_SET_TIMEOUT_MS;
    if (callback) this.on('timeout', callback);
    return this;
  }

  /**
   * Stops accepting connections, closes the idle ones, and calls `callback` once every connection has ended.
   *
   * @param callback Called once the server has closed (with an error if it was not listening).
   * @returns This server.
   * @rules https.server.close-returns-server, https.server.close-callback
   */
  override close(callback?: (error?: Error) => void): this {
    // As a plain-HTTP server does: idle keep-alive connections would otherwise hold the server open.
    engineOf(this).close();
    super.close(callback);
    return this;
  }

  /**
   * Destroys every connection, busy or idle.
   * @rules https.server.close-all-connections
   */
  closeAllConnections(): void {
    engineOf(this).closeAllConnections();
  }

  /**
   * Destroys the connections not serving a request.
   * @rules https.server.close-idle-connections
   */
  closeIdleConnections(): void {
    engineOf(this).closeIdleConnections();
  }

  /**
   * Closes the server.
   *
   * @returns A promise that fulfils once it has closed (rejects, like `close`, if it was not listening).
   * @rules https.server.async-dispose-calls-close, https.server.async-dispose-resolves-when-closed, https.server.async-dispose-stable
   */
  override async [Symbol.asyncDispose](): Promise<void> {
    await promisify((done: (error?: Error) => void) => this.close(done))();
  }
}

// tls.Server reads `this.sessionTimeout` and `this.ticketKeys` when it builds its secure context, and sets them only
// when the options have them: without these properties of the class's own, the reads would reach Object.prototype.
// beyond-spec: pollution-defence
Object.defineProperties(Server.prototype, {
  sessionTimeout: { value: undefined, writable: true, enumerable: false, configurable: true },
  ticketKeys: { value: undefined, writable: true, enumerable: false, configurable: true },
});

/**
 * The options of the TLS server under an https Server: HTTP/1.1 offered over ALPN unless the caller chose its own
 * protocol negotiation, Nagle off, then the caller's own options — prototype-less, with an own property for each name
 * the plain network server reads from its copy of them.
 * @rules https.create-server.tls-server-options, https.create-server.secure-context-options, https.server.serves-http, https.auth.server-key-cert, https.auth.server-pfx-passphrase, https.auth.pem-text-or-bytes
 */
function tlsServerOptions(opts: OwnOptions): OwnOptions {
  // beyond-spec: alpn-http1
  const alpn = opts['ALPNProtocols'] || opts['ALPNCallback'] ? {} : { ALPNProtocols: ['http/1.1'] };
  return coverNames({ __proto__: null, noDelay: true, ...alpn, ...opts }, NET_SERVER_OPTIONS);
}

/**
 * What Server's constructor adds to the TLS server, for a new server and for an old-style subclass alike.
 * @rules https.server.serves-http, https.server.default-timeout, https.server.default-max-headers-count, https.server.close-all-connections, https.server.close-idle-connections, https.create-server.request-listener, https.events.server-request
 */
function setUpServer(server: Server, opts: OwnOptions, listener: RequestListener | undefined): void {
  const engine = createHttpEngine(server, opts as http.ServerOptions);
  engines.set(server, engine);
  engine.timeout = 0;
  engine.maxHeadersCount = DEFAULT_MAX_HEADERS_COUNT;
  if (listener) server.on('request', listener);
  server.on('secureConnection', (socket: tls.TLSSocket) => engine.emit('connection', socket));
  // Connection tracking (for headersTimeout, requestTimeout and close*Connections) starts when the engine hears
  // 'listening', as it would for a plain-HTTP server.
  server.on('listening', () => engine.emit('listening'));
  // beyond-spec: server-events
  server.on('tlsClientError', (error: Error, socket: tls.TLSSocket) => {
    if (!server.emit('clientError', error, socket)) socket.destroy(error);
  });
}

function engineOf(server: Server): http.Server {
  const engine = engines.get(server);
  if (!engine) {
    // beyond-spec: receiver-check
    throw new TypeError('Not an https Server: it was never set up by the Server constructor');
  }
  return engine;
}

/**
 * The exported Server: the class, also callable without `new` (see `legacyConstructor`).
 * @rules https.server.extends-tls-server
 */
// beyond-spec: legacy-constructor
const ServerExport = legacyConstructor(Server, (self, options, requestListener) => {
  const [opts, listener] = serverArguments<RequestListener>(options, requestListener);
  Reflect.apply(tls.Server as unknown as (options: OwnOptions) => void, self, [tlsServerOptions(opts)]);
  setUpServer(self, opts, listener);
});
type ServerExport = Server;
export { ServerExport as Server };

/**
 * Creates an https Server; start it with `listen()`.
 *
 * @param options TLS server, secure-context and plain-HTTP server options; credentials as `key` + `cert` or
 *   `pfx` + `passphrase`.
 * @param requestListener Added as a `'request'` listener.
 * @returns The server.
 * @example
 * ```ts
 * const server = createServer({ key, cert }, (req, res) => res.end('hi')).listen(0, '127.0.0.1');
 * ```
 * @rules https.create-server.returns-server, https.create-server.arguments-optional, https.auth.server-key-cert, https.auth.server-pfx-passphrase, https.auth.pem-text-or-bytes
 */
export function createServer(requestListener?: RequestListener): Server;
export function createServer(options: ServerOptions | null | undefined, requestListener?: RequestListener): Server;
export function createServer(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener): Server {
  // Server sorts out the `(requestListener)` form itself.
  return new Server(options as ServerOptions | null | undefined, requestListener);
}

/**
 * Like `request`, for the common GET case: the request is ended at once, since a GET has no body.
 *
 * @param url A URL string or URL object.
 * @param options As `request`.
 * @param callback Added as a `'response'` listener.
 * @returns The plain-HTTP client request, already ended.
 * @example
 * ```ts
 * get('https://localhost:8443/', { ca }, (res) => res.resume());
 * ```
 * @rules https.get.options-object, https.get.url-string, https.get.url-object, https.get.url-and-options, https.get.method-get, https.get.callback-response, https.get.returns-client-request
 */
export function get(options: RequestOptions | string | URL, callback?: ResponseListener): http.ClientRequest;
export function get(url: string | URL, options: RequestOptions, callback?: ResponseListener): http.ClientRequest;
export function get(...args: unknown[]): http.ClientRequest {
  const req = (request as (...all: unknown[]) => http.ClientRequest)(...args);
  req.end();
  return req;
}

/**
 * Starts an HTTPS request through `options.agent`, else the current `globalAgent`. Write a body to the returned
 * request and finish it with `end()`; failures (connection, TLS verification, a rejecting `checkServerIdentity`)
 * arrive on its `'error'` event.
 *
 * @param url A URL string or URL object; its credentials are URI-decoded.
 * @param options Plain-HTTP request options and TLS connection options; they override what the URL says.
 * @param callback Added as a `'response'` listener.
 * @returns The plain-HTTP client request, a writable stream.
 * @example
 * ```ts
 * request('https://localhost:8443/', { ca }, (res) => res.resume()).end();
 * ```
 * @rules https.request.http-options, https.request.options-object, https.request.url-string, https.request.url-object, https.request.url-and-options, https.request.callback-response, https.request.returns-client-request, https.request.body-write-end, https.request.connection-error-event, https.request.response-fields, https.events.response-data, https.global-agent.default-for-requests, https.agent.passed-as-agent-option
 */
export function request(options: RequestOptions | string | URL, callback?: ResponseListener): http.ClientRequest;
export function request(url: string | URL, options: RequestOptions, callback?: ResponseListener): http.ClientRequest;
export function request(...args: unknown[]): http.ClientRequest {
  const { options, callback } = requestArguments(args, globalAgent);
  return new http.ClientRequest(options as http.ClientRequestArgs, callback);
}

/**
 * The reference `rt:https` module, shaped like the host's exports. No code of ours implements the load rules: this
 * file's static import of `node:tls` throws on a runtime built without crypto, so loading the module fails as they say.
 * @rules https.module.exports, https.load.*
 */
const https: HttpsExports = {
  Agent: AgentExport,
  get globalAgent(): Agent {
    return globalAgent;
  },
  // beyond-spec: global-agent-assignment
  set globalAgent(agent: Agent) {
    globalAgent = agent;
  },
  Server: ServerExport,
  createServer,
  get,
  request,
};

export default https;
