// The https Server: a TLS server whose secure connections speak HTTP/1.1, with the plain-HTTP server's properties,
// timeouts and connection management, and the https defaults (no socket timeout; setTimeout() means 2 minutes).
import type http from 'node:http';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { createHttpEngine } from './http-engine.js';

/** Options of the TLS server, TLS secure context and plain-HTTP server, in one object. */
export type ServerOptions = tls.TlsOptions & http.ServerOptions;
export type RequestListener = http.RequestListener;

const DEFAULT_SET_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_HEADERS_COUNT = 2000;

function invalidArgType(name: string, expected: string, value: unknown): TypeError {
  const error = new TypeError(`The "${name}" argument must be ${expected}. Received ${value === null ? 'null' : typeof value}`);
  Object.assign(error, { code: 'ERR_INVALID_ARG_TYPE' });
  return error;
}

/** Sorts `([options][, listener])` out, as `createServer` and `new Server` accept them. */
function serverArguments(
  options: ServerOptions | RequestListener | null | undefined,
  listener: RequestListener | undefined,
): [ServerOptions, RequestListener | undefined] {
  if (typeof options === 'function') return [{}, options];
  if (options === null || options === undefined) return [{}, listener];
  if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgType('options', 'of type object', options);
  return [options, listener];
}

export class Server extends tls.Server {
  readonly #http: http.Server;

  constructor(requestListener?: RequestListener);
  constructor(options: ServerOptions | null | undefined, requestListener?: RequestListener);
  constructor(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener) {
    const [opts, listener] = serverArguments(options, requestListener);
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
   * @param msecs the limit in ms; 120000 when omitted.
   * @param callback added as a `'timeout'` listener.
   * @returns this server.
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
   * @returns this server.
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

  /** Closes the server; fulfils once it has closed (rejects, like `close`, if it was not listening). */
  override async [Symbol.asyncDispose](): Promise<void> {
    await promisify((done: (error?: Error) => void) => this.close(done))();
  }
}
