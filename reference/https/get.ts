// `get`: `request` for the common GET case, ended at once since a GET has no body.
import type http from 'node:http';
import { request } from './request.js';
import type { ResponseListener } from './request-arguments.js';
import type { RequestOptions } from './request-options.js';

/**
 * Like `request`, with the request ended immediately.
 * @returns the plain-HTTP client request.
 * @example
 * get('https://localhost:8443/', { ca }, (res) => res.resume());
 */
export function get(options: RequestOptions | string | URL, callback?: ResponseListener): http.ClientRequest;
export function get(url: string | URL, options: RequestOptions, callback?: ResponseListener): http.ClientRequest;
export function get(...args: unknown[]): http.ClientRequest {
  const req = (request as (...all: unknown[]) => http.ClientRequest)(...args);
  req.end();
  return req;
}
