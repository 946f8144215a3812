// Serves HTTP on the TLS connections of an https Server by handing each one to a private plain-HTTP server (its
// parser, request/response objects, timeouts and connection tracking), whose events surface on the https Server.
import http from 'node:http';
import type { EventEmitter } from 'node:events';

/** The events the HTTP machinery emits on its server that belong, for users, to the https Server. */
const SURFACED = new Set<string | symbol>([
  'request',
  'timeout',
  // beyond-spec: server-events
  ...['checkContinue', 'checkExpectation', 'clientError', 'connect', 'upgrade', 'dropRequest'],
]);

/**
 * Creates the private HTTP server of `owner`. Its user-facing events are emitted on `owner` instead, and it asks
 * `owner` how many listeners an event has, because the HTTP machinery changes behaviour on that (an `upgrade` or
 * `checkContinue` listener, for instance). Connections reach it through its documented `'connection'` event.
 * @param owner the https Server the engine works for.
 * @param options plain-HTTP server options (timeouts, parser limits, request/response classes).
 * @returns the engine; it never listens itself.
 * @rules https.server.serves-http, https.server.properties-as-http, https.server.default-headers-timeout, https.server.default-request-timeout, https.server.default-keep-alive-timeout, https.create-server.http-server-options, https.events.server-request
 */
export function createHttpEngine(owner: EventEmitter, options: http.ServerOptions): http.Server {
  const engine = http.createServer(options);
  // The overloads of http.Server#emit name each event; the forwarder handles them all alike.
  const ownEmit = engine.emit.bind(engine) as EventEmitter['emit'];
  engine.emit = function emit(event: string | symbol, ...args: unknown[]): boolean {
    return SURFACED.has(event) ? owner.emit(event, ...args) : ownEmit(event, ...args);
  } as http.Server['emit'];
  // beyond-spec: server-events
  const ownListenerCount = engine.listenerCount.bind(engine) as EventEmitter['listenerCount'];
  // beyond-spec: server-events
  engine.listenerCount = function listenerCount(event: string | symbol, listener?: (...args: unknown[]) => unknown): number {
    return SURFACED.has(event) ? owner.listenerCount(event, listener) : ownListenerCount(event, listener);
  } as http.Server['listenerCount'];
  return engine;
}
