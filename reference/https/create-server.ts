// `createServer([options][, requestListener])`: the factory form of `new Server`.
import { Server, type RequestListener, type ServerOptions } from './server.js';

/**
 * Creates an https Server; start it with `listen()`.
 * @param options TLS server, secure-context and plain-HTTP server options; credentials as `key` + `cert` or
 *   `pfx` + `passphrase`.
 * @param requestListener added as a `'request'` listener.
 * @returns the server.
 * @example
 * const server = createServer({ key, cert }, (req, res) => res.end('hi')).listen(0, '127.0.0.1');
 */
export function createServer(requestListener?: RequestListener): Server;
export function createServer(options: ServerOptions | null | undefined, requestListener?: RequestListener): Server;
export function createServer(options?: ServerOptions | RequestListener | null, requestListener?: RequestListener): Server {
  return typeof options === 'function' ? new Server(options) : new Server(options, requestListener);
}
