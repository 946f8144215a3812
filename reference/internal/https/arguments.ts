// Sorts out the overloads of the https functions: `request`/`get` take `(options[, callback])`, `(url[, callback])`
// and `(url, options[, callback])`, where a url is a string or a URL and options may also be a string or a URL;
// `createServer`/`new Server` take `([options][, requestListener])`.
import type http from 'node:http';
import { invalidArgTypeOfType } from '../errors.js';

export type ResponseListener = (response: http.IncomingMessage) => void;

/** What `http.ClientRequest` is built from: fresh options (the caller's object is never modified) and the callback. */
export interface RequestArguments<A> {
  readonly options: Record<string, unknown> & { _defaultAgent: A };
  readonly callback: ResponseListener | undefined;
}

/** The request options a URL stands for. */
export interface UrlOptions {
  protocol: string;
  hostname: string;
  hash: string;
  search: string;
  pathname: string;
  path: string;
  href: string;
  port?: number;
  auth?: string;
}

/**
 * Normalises the arguments of `request`/`get`.
 *
 * @param args The caller's arguments.
 * @param defaultAgent The agent for requests that name none, and whose protocol and port are the defaults.
 * @returns Merged options (URL first, explicit options on top) and the response callback.
 * @throws `ERR_INVALID_ARG_TYPE` when the options are neither an object, a string nor a URL.
 * @example
 * ```ts
 * requestArguments(['https://localhost/x', { ca }], globalAgent).options.path; // '/x'
 * ```
 */
export function requestArguments<A>(args: readonly unknown[], defaultAgent: A): RequestArguments<A> {
  let index = 0;
  let options: Record<string, unknown> = {};
  const first = args[0];
  if (typeof first === 'string') {
    options = { ...urlToOptions(new URL(first)) };
    index = 1;
  } else if (first instanceof URL) {
    options = { ...urlToOptions(first) };
    index = 1;
  }
  const next = args[index];
  if (next !== undefined && next !== null && typeof next !== 'function') {
    if (typeof next !== 'object') throw invalidArgTypeOfType('options', 'of type string or an instance of URL or Object', next);
    Object.assign(options, next);
    index += 1;
  }
  const callback = args[index];
  // The plain-HTTP request takes its defaults (protocol 'https:', port 443, `agent: false` → a fresh Agent of this
  // class) from the default agent it is given.
  options['_defaultAgent'] = defaultAgent;
  return {
    options: options as RequestArguments<A>['options'],
    callback: typeof callback === 'function' ? (callback as ResponseListener) : undefined,
  };
}

/**
 * Converts a URL into request options. Credentials in the URL are URI-decoded into `auth` (`user:password`), since
 * the URL keeps them percent-encoded; IPv6 hosts lose their brackets, which a socket address must not carry.
 *
 * @param url The URL to convert.
 * @returns The options, ready to be merged with explicit ones.
 * @throws URIError when the credentials hold a malformed percent-escape.
 * @example
 * ```ts
 * urlToOptions(new URL('https://a%20b:c@localhost:8443/x?y')).auth; // 'a b:c'
 * ```
 */
export function urlToOptions(url: URL): UrlOptions {
  const { hostname } = url;
  const options: UrlOptions = {
    protocol: url.protocol,
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search: url.search,
    pathname: url.pathname,
    path: `${url.pathname}${url.search}`,
    href: url.href,
  };
  if (url.port !== '') options.port = Number(url.port);
  if (url.username !== '' || url.password !== '') {
    options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  }
  return options;
}

/**
 * Sorts out `([options][, listener])`, as `createServer` and `new Server` accept them.
 *
 * @param options The options, or the listener.
 * @param listener The request listener.
 * @returns The options (a fresh empty object when none) and the listener.
 * @throws `ERR_INVALID_ARG_TYPE` when the options are not an object.
 * @example
 * ```ts
 * serverArguments((req, res) => res.end(), undefined); // [{}, listener]
 * ```
 */
export function serverArguments<O extends object, L extends (...args: never[]) => unknown>(
  options: O | L | null | undefined,
  listener: L | undefined,
): [O, L | undefined] {
  if (typeof options === 'function') return [{} as O, options as L];
  if (options === null || options === undefined) return [{} as O, listener];
  if (typeof options !== 'object' || Array.isArray(options)) throw invalidArgTypeOfType('options', 'of type object', options);
  return [options, listener];
}
