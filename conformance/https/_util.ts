// Shared plumbing of the https cases: servers bound to 127.0.0.1 on ephemeral ports that are closed (with every
// connection) when the case ends, and requests run to their response body or their 'error' event.
import type { IncomingHttpHeaders, IncomingMessage, ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { CaseFailure } from '../case.js';
import type { HttpsModule } from '../modules.js';
import type { CertificateSet } from './certificates.js';

/** Whatever owns cleanups: a case context, or a test's own list. */
export interface Scope {
  defer(cleanup: () => unknown): void;
}

/** What `listen` and `closeServer` need of a server: a candidate's https Server, or a plain one of the harness. */
export interface ListeningServer {
  listen(port: number, host: string, callback: () => void): unknown;
  close(callback?: (error?: Error) => void): unknown;
  address(): AddressInfo | string | null;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  readonly listening: boolean;
}

type HttpsServer = ReturnType<HttpsModule['createServer']>;
type Listener = (req: IncomingMessage, res: import('node:http').ServerResponse) => void;

/** A response read to its end. */
export interface Reply {
  readonly status: number | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Number of `'data'` events the body came in. */
  readonly chunks: number;
  readonly request: ClientRequest;
  readonly socket: TLSSocket;
  /** TLS facts read when the response arrived, while the connection is surely open (some runtimes forget them later). */
  readonly tls: TlsSnapshot;
}

export interface TlsSnapshot {
  readonly sessionReused: boolean | undefined;
  readonly protocol: string | null | undefined;
  readonly cipher: string | undefined;
  readonly authorized: boolean | undefined;
  readonly encrypted: boolean | undefined;
}

/** Reads what a case may want to know about a connection, tolerating a socket that lacks some of it. */
function snapshot(socket: TLSSocket | null | undefined): TlsSnapshot {
  const call = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return {
    sessionReused: call(() => socket?.isSessionReused()),
    protocol: call(() => socket?.getProtocol()),
    cipher: call(() => socket?.getCipher()?.name),
    authorized: socket?.authorized,
    encrypted: socket?.encrypted,
  };
}

/** How long a case waits for one exchange before calling it hung (well under any case time limit). */
export const EXCHANGE_LIMIT_MS = 5000;

/**
 * Exactly `total` request header lines: Host first (a server requires it, and drops lines past its limit),
 * Connection given here so the client adds no line of its own, then `x-h0`… fillers.
 */
export function headerLines(total: number): Record<string, string> {
  const headers: Record<string, string> = { host: 'localhost', connection: 'close' };
  for (let i = 0; i < total - 2; i++) headers[`x-h${i}`] = 'v';
  return headers;
}

/** Server credentials from the minted set: the localhost certificate of the trusted CA. */
export function serverCredentials(certs: CertificateSet): { key: string; cert: string } {
  return { key: certs.server.key.pem, cert: certs.server.cert.pem };
}

/**
 * Starts `server` on 127.0.0.1 with an ephemeral port and makes sure it is closed, with every connection, when the
 * scope ends.
 * @returns the port.
 */
export async function listen(scope: Scope, server: ListeningServer): Promise<number> {
  scope.defer(() => closeServer(server));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
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
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

/** Polls `condition` until it holds; fails the case (naming `what`) if it does not within `ms`. */
export async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: 'nothing' });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A server of the candidate with the trusted localhost certificate, answering every request with `listener`. */
export async function startServer(
  scope: Scope,
  https: HttpsModule,
  certs: CertificateSet,
  listener: Listener = (_req, res) => res.end('ok'),
  options: Record<string, unknown> = {},
): Promise<{ server: HttpsServer; port: number }> {
  const server = https.createServer({ ...serverCredentials(certs), ...options }, listener);
  const port = await listen(scope, server);
  return { server, port };
}

function describeError(error: Error): string {
  const { code } = error as Error & { code?: unknown };
  return `${typeof code === 'string' ? code : error.name}: ${error.message}`;
}

/**
 * Waits for `promise`, or fails the case (the candidate never did what was awaited) after `ms`.
 * @param what the awaited behaviour, for the failure message.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CaseFailure(`${what} did not happen within ${ms} ms`, { expected: what, actual: 'nothing' })), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `start` (which creates and ends a request) to the end of its response body. A request that fails or never
 * completes fails the case: the candidate did not deliver the response the case set up.
 */
export function exchange(start: (onResponse: (res: IncomingMessage) => void) => ClientRequest): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    let request: ClientRequest | undefined;
    const timer = setTimeout(() => {
      request?.destroy();
      reject(new CaseFailure(`no complete response within ${EXCHANGE_LIMIT_MS} ms`, { expected: 'a response', actual: 'none' }));
    }, EXCHANGE_LIMIT_MS);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      reject(error instanceof CaseFailure ? error : new CaseFailure(`the request failed: ${describeError(error)}`, { expected: 'a response', actual: describeError(error) }));
    };
    const onResponse = (res: IncomingMessage): void => {
      // Captured now: a keep-alive socket is detached from the response once the body has been read.
      const socket = res.socket as TLSSocket;
      const tls = snapshot(socket);
      let body = '';
      let chunks = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        chunks += 1;
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        // Runtimes differ in when a socket reports resumption (some only right after the handshake, some only
        // later); a session counts as resumed if the socket said so at either moment.
        const resumedLater = snapshot(socket).sessionReused;
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body,
          chunks,
          request: request as ClientRequest,
          socket,
          tls: { ...tls, sessionReused: tls.sessionReused === true || resumedLater === true ? true : tls.sessionReused },
        });
      });
    };
    try {
      request = start(onResponse);
    } catch (error) {
      // Throwing synchronously is the candidate's doing too, but keep its own error: it says most.
      clearTimeout(timer);
      reject(error);
      return;
    }
    request.on('error', fail);
  });
}

/**
 * Runs a request that must fail; resolves with the Error of its `'error'` event, rejects if a response came.
 * @param start creates (and ends) the request.
 */
export function failure(start: () => ClientRequest): Promise<Error> {
  return new Promise<Error>((resolve, reject) => {
    let request: ClientRequest | undefined;
    const timer = setTimeout(() => {
      request?.destroy();
      reject(new CaseFailure(`neither 'error' nor a response within ${EXCHANGE_LIMIT_MS} ms`, { expected: "an 'error' event", actual: 'nothing' }));
    }, EXCHANGE_LIMIT_MS);
    try {
      request = start();
    } catch (error) {
      clearTimeout(timer);
      reject(error as Error);
      return;
    }
    request.on('error', (error: Error) => {
      clearTimeout(timer);
      resolve(error);
    });
    request.on('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      res.resume();
      reject(new CaseFailure('the request was expected to fail, but it got a response', { expected: "an 'error' event", actual: `a response with status ${String(res.statusCode)}` }));
    });
  });
}

/** Resolves with the arguments of the next `event`; fails the case if none comes within `ms`. */
export function nextEvent<T extends unknown[]>(emitter: NodeJS.EventEmitter, event: string, ms = EXCHANGE_LIMIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, listener);
      reject(new CaseFailure(`no '${event}' event within ${ms} ms`, { expected: `a '${event}' event`, actual: 'none' }));
    }, ms);
    const listener = (...args: unknown[]): void => {
      clearTimeout(timer);
      resolve(args as T);
    };
    emitter.once(event, listener);
  });
}
