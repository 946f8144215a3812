// `request(options[, callback])` and `request(url[, options][, callback])`: an HTTP request over TLS.
import http from 'node:http';
import { globalAgent } from './global-agent.js';
import { requestArguments, type ResponseListener } from './request-arguments.js';
import type { RequestOptions } from './request-options.js';

/**
 * Starts an HTTPS request. Write a body to the returned request and finish it with `end()`; failures (connection,
 * TLS verification, a rejecting `checkServerIdentity`) arrive on its `'error'` event.
 * @param url a URL string or URL object; its credentials are URI-decoded.
 * @param options plain-HTTP request options and TLS connection options; they override what the URL says.
 * @param callback added as a `'response'` listener.
 * @returns the plain-HTTP client request, a writable stream.
 * @example
 * request('https://localhost:8443/', { ca }, (res) => res.resume()).end();
 */
export function request(options: RequestOptions | string | URL, callback?: ResponseListener): http.ClientRequest;
export function request(url: string | URL, options: RequestOptions, callback?: ResponseListener): http.ClientRequest;
export function request(...args: unknown[]): http.ClientRequest {
  const { options, callback } = requestArguments(args, globalAgent);
  return new http.ClientRequest(options, callback);
}
