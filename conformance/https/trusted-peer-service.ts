// The trusted peers themselves, run by the harness: Node's own https server and TLS client, bound to 127.0.0.1, with
// the run's minted certificates. A scope serves one consumer (the in-process cases of a run, or one agent) and
// closes everything it opened when it is closed. Arguments arrive from untrusted agents, so they are checked here
// and every recording is bounded.
import http from 'node:http';
import https from 'node:https';
import { createServer as createNetServer, Socket, type AddressInfo, type Server as NetServer } from 'node:net';
import tls from 'node:tls';
import type { CertificateSet } from './certificate-set.js';
import type {
  ConnectionObservation,
  HandshakeObservation,
  ObservedCertificate,
  ObservedConnection,
  ObservedError,
  ObservedRequest,
  TrustedConnectOptions,
  TrustedCredential,
  TrustedOperation,
  TrustedReply,
  TrustedRequest,
  TrustedResponse,
  TrustedServerOptions,
} from './trusted-peer.js';

/** One consumer's share of the trusted peers. */
export interface TrustedPeerScope {
  /** Performs one operation; rejects with a `TrustedPeerError` when the arguments are not what the operation takes. */
  call(operation: unknown, args: unknown): Promise<unknown>;
  /** Closes every server and connection the scope opened; the scope stays usable. */
  close(): Promise<void>;
}

/** A fault of the harness side or of the arguments, never a verdict on the candidate. */
export class TrustedPeerError extends Error {
  override readonly name = 'TrustedPeerError';
}

const MAX_SERVERS = 64;
const MAX_CONNECTIONS = 1024;
const MAX_REQUESTS_PER_SERVER = 4096;
const MAX_TEXT = 256 * 1024;
const MAX_HEADER_LINES = 10_000;
/** How long the trusted client waits for a handshake or a response before it gives up on its own. */
const PEER_LIMIT_MS = 60_000;
const CREDENTIALS: readonly TrustedCredential[] = ['server', 'otherServer', 'expired', 'wrongName'];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MutableConnection = Mutable<ObservedConnection>;
type MutableRequest = Mutable<ObservedRequest>;

interface ServerEntry {
  readonly server: https.Server;
  /** The TCP listener in front of `server`. */
  readonly front: NetServer;
  port: number;
  readonly connections: MutableConnection[];
  readonly requests: MutableRequest[];
  readonly sockets: Set<Socket>;
  released: number;
  readonly waiting: Set<() => void>;
}

interface ConnectionEntry {
  readonly socket: tls.TLSSocket;
  readonly agent: http.Agent;
  readonly port: number;
  received: string;
  closed: boolean;
}

function fail(message: string): never {
  throw new TrustedPeerError(message);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function port(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535) fail(`port must be an integer 1-65535, got ${String(value)}`);
  return value;
}

function id(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) fail(`${what} must be a positive integer`);
  return value;
}

function text(value: unknown, what: string, max = MAX_TEXT): string {
  if (typeof value !== 'string' || value.length > max) fail(`${what} must be a string of at most ${max} characters`);
  return value;
}


/** What is kept of a body or stream the peer records: the first MAX_TEXT characters, so a flood cannot exhaust memory. */
function bounded(value: string): string {
  return value.length <= MAX_TEXT ? value : value.slice(0, MAX_TEXT);
}

function observedError(error: unknown): ObservedError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : null, message: (typeof message === 'string' ? message : String(error)).split('\n')[0]?.slice(0, 500) ?? '' };
}

function observedCertificate(certificate: tls.PeerCertificate | tls.DetailedPeerCertificate | undefined): ObservedCertificate | null {
  if (!certificate || typeof certificate.fingerprint256 !== 'string' || certificate.fingerprint256 === '') return null;
  const cn = (name: unknown): string | null => (typeof name === 'string' ? name : Array.isArray(name) && typeof name[0] === 'string' ? name[0] : null);
  return { subjectCN: cn(certificate.subject?.CN), issuerCN: cn(certificate.issuer?.CN), fingerprint256: certificate.fingerprint256 };
}

function checkServerOptions(value: unknown): TrustedServerOptions {
  const options = record(value, 'server options');
  const credential = options['credential'] ?? 'server';
  if (!CREDENTIALS.includes(credential as TrustedCredential)) fail(`credential must be one of ${CREDENTIALS.join(', ')}`);
  const respond = record(options['respond'], 'respond');
  const status = respond['status'] ?? 200;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 999) fail('respond.status must be an integer 200-999');
  const headers = record(respond['headers'], 'respond.headers');
  if (Object.keys(headers).length > 100) fail('respond.headers has too many entries');
  for (const [name, header] of Object.entries(headers)) text(header, `respond.headers.${name}`, 8192);
  const body = respond['body'] ?? 'ok';
  const parts = typeof body === 'string' ? [body] : Array.isArray(body) && body.length > 0 && body.length <= 100 ? body : fail('respond.body must be a string or 1-100 strings');
  for (const part of parts) text(part, 'a respond.body part');
  const keepAliveTimeoutMs = options['keepAliveTimeoutMs'];
  if (keepAliveTimeoutMs !== undefined && !(typeof keepAliveTimeoutMs === 'number' && Number.isInteger(keepAliveTimeoutMs) && keepAliveTimeoutMs >= 0 && keepAliveTimeoutMs <= 60_000)) {
    fail('keepAliveTimeoutMs must be an integer 0-60000');
  }
  return {
    credential: credential as TrustedCredential,
    requestCert: options['requestCert'] === true,
    respond: { status, headers: headers as Record<string, string>, body: parts as string[] },
    ...(keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs }),
  };
}

function checkConnectOptions(value: unknown): TrustedConnectOptions {
  const options = record(value, 'connect options');
  const servername = options['servername'] ?? 'localhost';
  if (servername !== false) text(servername, 'servername', 255);
  const maxVersion = options['maxVersion'];
  if (maxVersion !== undefined && maxVersion !== 'TLSv1.2' && maxVersion !== 'TLSv1.3') fail('maxVersion must be TLSv1.2 or TLSv1.3');
  return {
    port: port(options['port']),
    servername: servername as string | false,
    clientCertificate: options['clientCertificate'] === true,
    ...(maxVersion ? { maxVersion } : {}),
  };
}

function checkRequest(value: unknown): TrustedRequest {
  const request = record(value, 'request');
  const method = text(request['method'] ?? 'GET', 'method', 32);
  if (!/^[A-Z]+$/.test(method)) fail('method must be upper-case letters');
  const path = text(request['path'] ?? '/', 'path', 8192);
  if (!path.startsWith('/') || /[\s]/.test(path)) fail('path must start with / and hold no white space');
  const headers = request['headers'] ?? [];
  if (!Array.isArray(headers) || headers.length > MAX_HEADER_LINES) fail(`headers must be at most ${MAX_HEADER_LINES} [name, value] pairs`);
  for (const header of headers) {
    if (!Array.isArray(header) || header.length !== 2) fail('each header must be a [name, value] pair');
    text(header[0], 'a header name', 256);
    text(header[1], 'a header value', 64 * 1024);
  }
  const body = request['body'];
  return { method, path, headers: headers as [string, string][], ...(body !== undefined ? { body: text(body, 'body') } : {}) };
}

/** Node's http.Agent over one given socket: keep-alive requests on one TLS connection the trusted client opened. */
class OneConnectionAgent extends http.Agent {
  private handedOut = false;
  constructor(private readonly socket: tls.TLSSocket) {
    super({ keepAlive: true, maxSockets: 1 });
  }
  override createConnection(): Socket {
    if (!this.handedOut) {
      this.handedOut = true;
      return this.socket;
    }
    // The connection is gone (the candidate's server closed it): a request on it fails, it never opens another.
    const gone = new Socket();
    process.nextTick(() => gone.destroy(Object.assign(new Error('the connection is closed'), { code: 'ECONNRESET' })));
    return gone;
  }
}

/**
 * A scope of trusted peers using the run's certificates.
 * @param certificates the run's certificate set (minted on first use).
 * @example
 * ```ts
 * const scope = createTrustedPeerScope(() => fixtures.certificates());
 * const { port } = (await scope.call('server.start', {})) as { port: number };
 * ```
 */
export function createTrustedPeerScope(certificates: () => Promise<CertificateSet>): TrustedPeerScope {
  const servers = new Map<number, ServerEntry>();
  const connections = new Map<number, ConnectionEntry>();
  /** Requests still waiting for an answer: closing the scope answers them, so no wait outlives its case. */
  const waiting = new Set<(reply: TrustedReply) => void>();
  let nextServer = 1;
  let nextConnection = 1;

  /** Closed servers stay observable (what they saw is still the case's evidence), the most recent few of them. */
  const closedServers = new Map<number, ServerEntry>();
  const serverEntry = (args: unknown): ServerEntry => {
    const key = id(record(args, 'arguments')['server'], 'server');
    return servers.get(key) ?? closedServers.get(key) ?? fail(`no trusted server ${key} in this scope`);
  };
  const connectionEntry = (args: unknown): [number, ConnectionEntry | undefined] => {
    const key = id(record(args, 'arguments')['connection'], 'connection');
    return [key, connections.get(key)];
  };

  async function startServer(args: unknown): Promise<{ server: number; port: number }> {
    const options = checkServerOptions(args);
    if (servers.size >= MAX_SERVERS) fail(`at most ${MAX_SERVERS} trusted servers at a time`);
    const certs = await certificates();
    const credential = certs[options.credential ?? 'server'];
    const server = https.createServer({
      key: credential.key.pem,
      cert: credential.cert.pem,
      ...(options.requestCert ? { requestCert: true, rejectUnauthorized: false, ca: certs.ca.cert.pem } : {}),
    });
    if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
    // Connections arrive at a plain TCP listener first, which looks at the first bytes (a TLS handshake record, or
    // something else, such as plain HTTP) before it hands the connection to the https server.
    const front = createNetServer({ pauseOnConnect: true });
    const entry: ServerEntry = { server, front, port: 0, connections: [], requests: [], sockets: new Set(), released: 0, waiting: new Set() };
    /** The connections by the client's port: the raw socket and the TLS socket over it both report it. */
    const byPort = new Map<number, MutableConnection>();
    front.on('connection', (socket: Socket) => {
      const observed: MutableConnection = {
        id: entry.connections.length + 1,
        tlsStarted: false,
        secure: false,
        failure: null,
        servername: false,
        protocol: null,
        cipher: null,
        sessionReused: false,
        clientCertificate: null,
        clientAuthorized: false,
        closed: false,
      };
      if (entry.connections.length < MAX_CONNECTIONS) entry.connections.push(observed);
      const clientPort = socket.remotePort ?? 0;
      byPort.set(clientPort, observed);
      entry.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        observed.closed = true;
        entry.sockets.delete(socket);
        if (byPort.get(clientPort) === observed) byPort.delete(clientPort);
      });
      socket.once('readable', () => {
        const first = socket.read() as Buffer | null;
        if (first === null) return;
        // 0x16: a TLS record of the handshake type, which is how every TLS client opens (its ClientHello).
        observed.tlsStarted = first[0] === 0x16;
        socket.unshift(first);
        server.emit('connection', socket);
      });
    });
    const connectionOf = (socket: { remotePort?: number | undefined }): MutableConnection | undefined => byPort.get(socket.remotePort ?? 0);
    const noteServername = (socket: tls.TLSSocket, observed: MutableConnection): void => {
      if (typeof socket.servername === 'string' && socket.servername !== '') observed.servername = socket.servername;
    };
    server.on('keylog', (_line: Buffer, socket: tls.TLSSocket) => {
      const observed = connectionOf(socket);
      if (observed) noteServername(socket, observed);
    });
    server.on('tlsClientError', (error: Error, socket: tls.TLSSocket) => {
      const observed = connectionOf(socket);
      if (observed) observed.failure ??= observedError(error);
      socket.destroy();
    });
    server.on('secureConnection', (socket: tls.TLSSocket) => {
      socket.on('error', () => undefined);
      const observed = connectionOf(socket);
      if (!observed) return;
      observed.secure = true;
      noteServername(socket, observed);
      observed.protocol = socket.getProtocol();
      observed.cipher = socket.getCipher()?.name ?? null;
      observed.sessionReused = socket.isSessionReused();
      if (options.requestCert) {
        observed.clientCertificate = observedCertificate(socket.getPeerCertificate());
        observed.clientAuthorized = socket.authorized;
      }
    });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const observed: MutableRequest = {
        connection: connectionOf(req.socket)?.id ?? 0,
        method: req.method ?? '',
        url: req.url ?? '',
        httpVersion: req.httpVersion,
        headers: { ...req.headers } as Record<string, string | string[]>,
        headerLines: req.rawHeaders.length / 2,
        body: '',
        complete: false,
      };
      if (entry.requests.length < MAX_REQUESTS_PER_SERVER) entry.requests.push(observed);
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (observed.body = bounded(observed.body + chunk)));
      req.on('error', () => undefined);
      req.on('end', () => {
        observed.complete = true;
        void answer(entry, res, options.respond ?? {});
      });
    });
    server.on('clientError', (_error, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(0, '127.0.0.1', () => {
        front.off('error', reject);
        resolve();
      });
    });
    entry.port = (front.address() as AddressInfo).port;
    const key = nextServer++;
    servers.set(key, entry);
    return { server: key, port: entry.port };
  }

  async function answer(entry: ServerEntry, res: http.ServerResponse, respond: TrustedResponse): Promise<void> {
    const parts = typeof respond.body === 'string' ? [respond.body] : (respond.body ?? ['ok']);
    res.on('error', () => undefined);
    res.writeHead(respond.status ?? 200, { ...respond.headers });
    for (const [index, part] of parts.entries()) {
      if (index > 0) await releasedTo(entry, index);
      if (res.destroyed) return;
      res.write(part);
    }
    res.end();
  }

  function releasedTo(entry: ServerEntry, count: number): Promise<void> {
    return new Promise((resolve) => {
      const look = (): void => {
        if (entry.released < count) return;
        entry.waiting.delete(look);
        resolve();
      };
      entry.waiting.add(look);
      look();
    });
  }

  async function closeServer(entry: ServerEntry): Promise<void> {
    for (const wake of entry.waiting) wake();
    for (const socket of entry.sockets) socket.destroy();
    entry.server.closeAllConnections();
    await new Promise<void>((resolve) => entry.front.close(() => resolve()));
  }

  async function connect(args: unknown): Promise<{ connection: number; handshake: HandshakeObservation }> {
    const options = checkConnectOptions(args);
    if (connections.size >= MAX_CONNECTIONS) fail(`at most ${MAX_CONNECTIONS} trusted connections at a time`);
    const certs = await certificates();
    const socket = tls.connect({
      host: '127.0.0.1',
      port: options.port,
      ...(options.servername !== false ? { servername: options.servername ?? 'localhost' } : {}),
      ca: certs.ca.cert.pem,
      // Verified and recorded, never refused: the case decides what a failed verification means.
      rejectUnauthorized: false,
      ...(options.clientCertificate ? { key: certs.client.key.pem, cert: certs.client.cert.pem } : {}),
      ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
    });
    const entry: ConnectionEntry = { socket, agent: new OneConnectionAgent(socket), port: options.port, received: '', closed: false };
    const key = nextConnection++;
    connections.set(key, entry);
    socket.on('data', (chunk: Buffer) => {
      if (entry.received.length < MAX_TEXT) entry.received = bounded(entry.received + chunk.toString('latin1'));
    });
    socket.on('close', () => (entry.closed = true));
    const error = await new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve(new Error(`no TLS handshake within ${PEER_LIMIT_MS} ms`)), PEER_LIMIT_MS);
      const settle = (value: unknown): void => {
        clearTimeout(timer);
        socket.off('secureConnect', onSecure);
        socket.off('close', onClose);
        resolve(value);
      };
      const onSecure = (): void => settle(null);
      const onClose = (): void => settle(Object.assign(new Error('the connection closed before the TLS handshake completed'), { code: 'ECONNRESET' }));
      socket.once('secureConnect', onSecure);
      socket.once('close', onClose);
      socket.once('error', settle);
    });
    socket.on('error', () => undefined);
    if (error !== null) socket.destroy();
    return {
      connection: key,
      handshake: {
        secure: error === null,
        error: error === null ? null : observedError(error),
        protocol: error === null ? socket.getProtocol() : null,
        cipher: error === null ? (socket.getCipher()?.name ?? null) : null,
        peerCertificate: error === null ? observedCertificate(socket.getPeerCertificate()) : null,
        authorized: error === null && socket.authorized,
        authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
      },
    };
  }

  function request(entry: ConnectionEntry, request: TrustedRequest): Promise<TrustedReply> {
    const lines = (request.headers ?? []).map(([name, value]) => [name, value] as [string, string]);
    const has = (name: string): boolean => lines.some(([header]) => header.toLowerCase() === name);
    if (!has('host')) lines.push(['Host', 'localhost']);
    if (!has('connection')) lines.push(['Connection', 'keep-alive']);
    return new Promise<TrustedReply>((resolve) => {
      let settled = false;
      const settle = (reply: TrustedReply): void => {
        if (settled) return;
        settled = true;
        waiting.delete(settle);
        clearTimeout(timer);
        resolve(reply);
      };
      waiting.add(settle);
      const req = http.request(
        { agent: entry.agent, host: '127.0.0.1', port: entry.port, method: request.method ?? 'GET', path: request.path ?? '/', headers: lines.flat() },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body = bounded(body + chunk)));
          res.on('error', (error) => settle({ ok: false, error: observedError(error) }));
          res.on('aborted', () => settle({ ok: false, error: { code: 'ECONNRESET', message: 'the response was cut off' } }));
          res.on('end', () => settle({ ok: true, status: res.statusCode ?? 0, headers: { ...res.headers } as Record<string, string | string[]>, body }));
          // Destroyed without 'end' or 'aborted' (the socket went away under it): still an answer, never a wait.
          res.on('close', () => {
            if (!res.complete) settle({ ok: false, error: { code: 'ECONNRESET', message: 'the response was cut off' } });
          });
        },
      );
      // A request on a connection that is already closed can end without 'error' or a response; until this, it kept
      // the harness waiting out PEER_LIMIT_MS after the run.
      req.on('close', () => setImmediate(() => settle({ ok: false, error: { code: 'ECONNRESET', message: 'the connection closed before a response' } })));
      const timer = setTimeout(() => req.destroy(new Error(`no response within ${PEER_LIMIT_MS} ms`)), PEER_LIMIT_MS);
      req.on('error', (error) => settle({ ok: false, error: observedError(error) }));
      req.end(request.body);
    });
  }

  const operations: Record<TrustedOperation, (args: unknown) => Promise<unknown>> = {
    'server.start': startServer,
    'server.observe': async (args) => {
      const entry = serverEntry(args);
      return structuredClone({ connections: entry.connections, requests: entry.requests });
    },
    'server.release': async (args) => {
      const entry = serverEntry(args);
      entry.released += 1;
      for (const wake of [...entry.waiting]) wake();
      return null;
    },
    'server.close': async (args) => {
      const key = id(record(args, 'arguments')['server'], 'server');
      const entry = servers.get(key);
      if (!entry) return null;
      servers.delete(key);
      closedServers.set(key, entry);
      for (const old of closedServers.keys()) {
        if (closedServers.size <= MAX_SERVERS) break;
        closedServers.delete(old);
      }
      await closeServer(entry);
      return null;
    },
    'client.connect': connect,
    'client.request': async (args) => {
      const [, entry] = connectionEntry(args);
      const checked = checkRequest(record(args, 'arguments')['request']);
      if (!entry || entry.closed) return { ok: false, error: { code: 'ECONNRESET', message: 'the connection is closed' } } satisfies TrustedReply;
      return request(entry, checked);
    },
    'client.send': async (args) => {
      const [, entry] = connectionEntry(args);
      const data = text(record(args, 'arguments')['data'], 'data');
      if (!entry || entry.closed) return null;
      await new Promise<void>((resolve) => entry.socket.write(Buffer.from(data, 'latin1'), () => resolve()));
      return null;
    },
    'client.observe': async (args): Promise<ConnectionObservation> => {
      const [, entry] = connectionEntry(args);
      return { closed: !entry || entry.closed, received: entry?.received ?? '' };
    },
    'client.close': async (args) => {
      const [key, entry] = connectionEntry(args);
      if (!entry) return null;
      entry.socket.destroy();
      entry.agent.destroy();
      connections.delete(key);
      return null;
    },
  };

  return {
    async call(operation, args) {
      if (typeof operation !== 'string' || !Object.hasOwn(operations, operation)) fail(`no trusted-peer operation ${JSON.stringify(operation)}`);
      return operations[operation as TrustedOperation](args);
    },
    async close() {
      const open = [...servers.values()];
      servers.clear();
      closedServers.clear();
      for (const entry of connections.values()) {
        entry.socket.destroy();
        entry.agent.destroy();
      }
      connections.clear();
      for (const settle of [...waiting]) settle({ ok: false, error: { code: 'ECONNRESET', message: 'the trusted client was closed before a response' } });
      await Promise.all(open.map((entry) => closeServer(entry)));
    },
  };
}
