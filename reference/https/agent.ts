// The https Agent: the plain-HTTP agent's pooling with connections made over TLS, a cache of TLS sessions per
// connection name, SNI derived from the target host, and pool names that separate requests with different TLS options.
import http from 'node:http';
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';

/** Options of `new Agent()`: those of the plain-HTTP agent and of `tls.connect`, plus the session-cache size. */
export interface AgentOptions extends http.AgentOptions, tls.ConnectionOptions {
  /** How many TLS sessions to keep for resumption; 0 disables the cache. Default 100. */
  maxCachedSessions?: number | undefined;
}

/** What reaches `createConnection`: request options merged with the agent's, plus the pool name the agent chose. */
export type ConnectionOptions = tls.ConnectionOptions & http.ClientRequestArgs & { _agentKey?: string };

type ConnectCallback = (error: Error | null, socket: Duplex) => void;

const DEFAULT_MAX_CACHED_SESSIONS = 100;

/**
 * The TLS options that change what a connection is, in the order they enter the pool name. Requests that differ in
 * any of them must neither share a socket nor resume each other's sessions.
 */
const NAME_PARTS = [
  'ca',
  'cert',
  'clientCertEngine',
  'ciphers',
  'key',
  'pfx',
  'rejectUnauthorized',
  'servername',
  'minVersion',
  'maxVersion',
  'secureProtocol',
  'crl',
  'honorCipherOrder',
  'ecdhCurve',
  'dhparam',
  'secureOptions',
  'sessionIdContext',
  'sigalgs',
  'privateKeyIdentifier',
  'privateKeyEngine',
] as const;

function validateMaxCachedSessions(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_CACHED_SESSIONS;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    const error = new RangeError(`options.maxCachedSessions must be a number >= 0; received ${String(value)}`);
    Object.assign(error, { code: 'ERR_OUT_OF_RANGE' });
    throw error;
  }
  return value;
}

/** One part of the pool name; booleans and numbers count when set, strings and buffers when non-empty. */
function namePart(options: Record<string, unknown>, field: (typeof NAME_PARTS)[number]): string {
  const value = options[field];
  if (field === 'servername') {
    // A servername equal to the host adds nothing: the host is already in the plain-HTTP part of the name.
    return value && value !== options.host ? String(value) : '';
  }
  if (field === 'rejectUnauthorized' || field === 'honorCipherOrder' || field === 'secureOptions') {
    return value === undefined ? '' : String(value);
  }
  if (field === 'sigalgs') return value ? JSON.stringify(value) : '';
  return value ? String(value) : '';
}

/** The SNI value for a target: its host name, or '' (no SNI) when the target is an IP address. */
export function defaultServername(host: string | null | undefined): string {
  const name = host ?? 'localhost';
  return isIP(name) === 0 ? name : '';
}

export class Agent extends http.Agent {
  declare options: AgentOptions;
  defaultPort = 443;
  protocol = 'https:';
  /** Upper bound of the session cache; read on every insertion, so lowering it takes effect at once. */
  maxCachedSessions: number;
  /** Sessions by pool name, oldest first (Map keeps insertion order, which makes eviction O(1)). */
  readonly #sessions = new Map<string, Buffer>();

  constructor(options?: AgentOptions) {
    super(options);
    this.maxCachedSessions = validateMaxCachedSessions(this.options.maxCachedSessions);
  }

  /**
   * Opens a TLS connection for a request; override to customise how connections are made. An override may return
   * the socket, or return nothing and hand the socket (or an error) to `callback` later.
   * @param options request and agent options merged, including TLS options.
   * @param _callback for asynchronous overrides; this implementation returns the socket instead.
   * @returns the connecting `tls.TLSSocket`.
   */
  override createConnection(options: ConnectionOptions, _callback?: ConnectCallback): Duplex {
    const key = options._agentKey;
    const session = key === undefined ? undefined : this.#sessions.get(key);
    const servername = options.servername ?? defaultServername(options.host ?? options.hostname);
    const connectOptions = { ...(session ? { session } : {}), ...options, servername } as tls.ConnectionOptions;
    const socket = tls.connect(connectOptions);
    if (key !== undefined) {
      socket.on('session', (fresh: Buffer) => this.#cacheSession(key, fresh));
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
   */
  override getName(options: http.ClientRequestArgs & tls.ConnectionOptions = {}): string {
    let name = super.getName(options);
    const record = options as Record<string, unknown>;
    for (const field of NAME_PARTS) name += `:${namePart(record, field)}`;
    return name;
  }

  #cacheSession(key: string, session: Buffer): void {
    if (this.maxCachedSessions === 0) return;
    if (this.#sessions.has(key)) {
      this.#sessions.set(key, session);
      return;
    }
    while (this.#sessions.size >= this.maxCachedSessions) {
      const oldest = this.#sessions.keys().next();
      if (oldest.done) break;
      this.#sessions.delete(oldest.value);
    }
    this.#sessions.set(key, session);
  }
}
