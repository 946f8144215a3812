// The reference rt:https, in the spec's order: Agent, globalAgent, Server, createServer, get, request. The default
// export is the module object; its `globalAgent` is an accessor, so assigning it (as applications do) changes the agent
// later requests use. HTTP itself is the host's plain-HTTP machinery; what makes it https (TLS connections, their
// pooling and session reuse, the server's defaults) is here and in reference/internal/https/.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { requestArguments, serverArguments, type ResponseListener } from './internal/https/arguments.js';
import { defaultServername, tlsNameParts } from './internal/https/connection-name.js';
import { createHttpEngine } from './internal/https/http-engine.js';
import { SessionCache, validateMaxCachedSessions } from './internal/https/session-cache.js';

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
  Agent: typeof Agent;
  globalAgent: Agent;
  Server: typeof Server;
  createServer: typeof createServer;
  get: typeof get;
  request: typeof request;
}

type ConnectCallback = (error: Error | null, socket: Duplex) => void;

const DEFAULT_SET_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_HEADERS_COUNT = 2000;

/**
 * An agent for HTTPS requests: the plain-HTTP agent's pooling with connections made over TLS, a cache of TLS
 * sessions per connection name, SNI derived from the target host, and pool names that separate requests with
 * different TLS options. Pass one as the `agent` option of a request.
 *
 * @example
 * ```ts
 * const agent = new Agent({ keepAlive: true, ca, maxCachedSessions: 10 });
 * get('https://localhost:8443/', { agent }, (res) => res.resume());
 * ```
 */
export class Agent extends http.Agent {
  declare options: AgentOptions;
  defaultPort = 443;
  protocol = 'https:';
  /** Upper bound of the session cache; read on every insertion, so lowering it takes effect at once. */
  maxCachedSessions: number;
  readonly #sessions = new SessionCache();

  /**
   * @param options Plain-HTTP agent options (keepAlive, maxSockets…), TLS connection options applied to every
   *   connection, and `maxCachedSessions` (default 100).
   */
  constructor(options?: AgentOptions) {
    super(options);
    this.maxCachedSessions = validateMaxCachedSessions(this.options.maxCachedSessions);
  }

  /**
   * Opens a TLS connection for a request; override to customise how connections are made. An override may return
   * the socket, or return nothing and hand the socket (or an error) to `callback` later.
   *
   * @param options Request and agent options merged, including TLS options.
   * @param _callback For asynchronous overrides; this implementation returns the socket instead.
   * @returns The connecting `tls.TLSSocket`.
   */
  override createConnection(options: ConnectionOptions, _callback?: ConnectCallback): Duplex {
    const key = options._agentKey;
    const session = key === undefined ? undefined : this.#sessions.get(key);
    const servername = options.servername ?? defaultServername(options.host ?? options.hostname);
    const connectOptions = { ...(session ? { session } : {}), ...options, servername } as tls.ConnectionOptions;
    const socket = tls.connect(connectOptions);
    if (key !== undefined) {
      socket.on('session', (fresh: Buffer) => this.#sessions.store(key, fresh, this.maxCachedSessions));
      // A connection that failed must not be resumed from: the session may be what made it fail.
      socket.once('close', (hadError: boolean) => {
        if (hadError) this.#sessions.delete(key);
      });
    }
    return socket;
  }

  /**
   * The pool name of a request: the plain-HTTP name (host, port, local address, family) followed by every TLS option
   * that changes the connection, so that requests with different TLS settings never share sockets or sessions.
   *
   * @param options The request's options merged with the agent's.
   * @returns The name.
   */
  override getName(options: http.ClientRequestArgs & tls.ConnectionOptions = {}): string {
    return super.getName(options) + tlsNameParts(options as Record<string, unknown>);
  }
}

/**
 * The agent of every request that names no other: keep-alive on and a 5 s socket timeout, unlike a default Agent.
 * Module state: a live binding that assigning `https.globalAgent` on the module object replaces.
 */
export let globalAgent: Agent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

/**
 * An HTTPS server: a TLS server whose secure connections speak HTTP/1.1, with the plain-HTTP server's properties,
 * timeouts and connection management, and the https defaults (no socket timeout; `setTimeout()` means 2 minutes).
 * Start it with `listen()`, as a network server.
 *
 * @example
 * ```ts
 * const server = new Server({ key, cert }, (req, res) => res.end('hi')).listen(0, '127.0.0.1');
 * ```
 */
export class Server extends tls.Server {
  readonly #http: http.Server;

  /**
   * @param options TLS server, secure-context and plain-HTTP server options.
   * @param requestListener Added as a `'request'` listener.
   */
  constructor(requestListener?: RequestListener);
  constructor(options: ServerOptions | null | undefined, requestListener?: RequestListener);
  constructor(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener) {
    const [opts, listener] = serverArguments<ServerOptions, RequestListener>(options, requestListener);
    // Offer HTTP/1.1 over ALPN unless the caller chose its own protocol negotiation.
    const alpn = opts.ALPNProtocols || (opts as { ALPNCallback?: unknown }).ALPNCallback ? {} : { ALPNProtocols: ['http/1.1'] };
    super({ noDelay: true, ...alpn, ...opts });
    this.#http = createHttpEngine(this, opts);
    this.#http.timeout = 0;
    this.#http.maxHeadersCount = DEFAULT_MAX_HEADERS_COUNT;
    if (listener) this.on('request', listener);
    this.on('secureConnection', (socket: tls.TLSSocket) => this.#http.emit('connection', socket));
    // Connection tracking (for headersTimeout, requestTimeout and close*Connections) starts when the engine hears
    // 'listening', as it would for a plain-HTTP server.
    this.on('listening', () => this.#http.emit('listening'));
    this.on('tlsClientError', (error: Error, socket: tls.TLSSocket) => {
      if (!this.emit('clientError', error, socket)) socket.destroy(error);
    });
  }

  /** Socket inactivity limit in ms; 0 (the default) means none. */
  get timeout(): number {
    return this.#http.timeout;
  }
  set timeout(value: number) {
    this.#http.timeout = value;
  }

  /** Time allowed to receive a request's complete headers. Default 60000. */
  get headersTimeout(): number {
    return this.#http.headersTimeout;
  }
  set headersTimeout(value: number) {
    this.#http.headersTimeout = value;
  }

  /** Time allowed to receive a whole request. Default 300000. */
  get requestTimeout(): number {
    return this.#http.requestTimeout;
  }
  set requestTimeout(value: number) {
    this.#http.requestTimeout = value;
  }

  /** How long an idle keep-alive connection is kept after a response. Default 5000. */
  get keepAliveTimeout(): number {
    return this.#http.keepAliveTimeout;
  }
  set keepAliveTimeout(value: number) {
    this.#http.keepAliveTimeout = value;
  }

  /** Most header lines read from a request; the rest are dropped. Default 2000. */
  get maxHeadersCount(): number | null {
    return this.#http.maxHeadersCount;
  }
  set maxHeadersCount(value: number | null) {
    this.#http.maxHeadersCount = value;
  }

  /** Most requests served on one keep-alive connection; 0 or null means no limit. */
  get maxRequestsPerSocket(): number | null {
    return this.#http.maxRequestsPerSocket;
  }
  set maxRequestsPerSocket(value: number | null) {
    this.#http.maxRequestsPerSocket = value;
  }

  /**
   * Sets the socket inactivity limit and optionally listens for `'timeout'`.
   *
   * @param msecs The limit in ms; 120000 when omitted.
   * @param callback Added as a `'timeout'` listener.
   * @returns This server.
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
   */
  override close(callback?: (error?: Error) => void): this {
    // As a plain-HTTP server does: idle keep-alive connections would otherwise hold the server open.
    this.#http.close();
    super.close(callback);
    return this;
  }

  /** Destroys every connection, busy or idle. */
  closeAllConnections(): void {
    this.#http.closeAllConnections();
  }

  /** Destroys the connections not serving a request. */
  closeIdleConnections(): void {
    this.#http.closeIdleConnections();
  }

  /**
   * Closes the server.
   *
   * @returns A promise that fulfils once it has closed (rejects, like `close`, if it was not listening).
   */
  override async [Symbol.asyncDispose](): Promise<void> {
    await promisify((done: (error?: Error) => void) => this.close(done))();
  }
}

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
 */
export function createServer(requestListener?: RequestListener): Server;
export function createServer(options: ServerOptions | null | undefined, requestListener?: RequestListener): Server;
export function createServer(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener): Server {
  return typeof options === 'function' ? new Server(options) : new Server(options, requestListener);
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
 */
export function request(options: RequestOptions | string | URL, callback?: ResponseListener): http.ClientRequest;
export function request(url: string | URL, options: RequestOptions, callback?: ResponseListener): http.ClientRequest;
export function request(...args: unknown[]): http.ClientRequest {
  const { options, callback } = requestArguments(args, globalAgent);
  return new http.ClientRequest(options as http.ClientRequestArgs, callback);
}

/** The reference `rt:https` module, shaped like the host's exports. */
const https: HttpsExports = {
  Agent,
  get globalAgent(): Agent {
    return globalAgent;
  },
  set globalAgent(agent: Agent) {
    globalAgent = agent;
  },
  Server,
  createServer,
  get,
  request,
};

export default https;
