// Sorts out the overloads of the https functions: `request`/`get` take `(options[, callback])`, `(url[, callback])`
// and `(url, options[, callback])`, where a url is a string or a URL and options may also be a string or a URL;
// `createServer`/`new Server` take `([options][, requestListener])`; `Agent#createConnection` takes `(options)` or
// `(port[, host][, options])`. Every form yields a prototype-less copy of the caller's own options.
import type http from 'node:http';
import { invalidArgTypeOfType } from '../errors.js';
import { coverNames, ownOptions, type OwnOptions } from '../own-options.js';
import { CLIENT_REQUEST_OPTIONS } from './host-option-names.js';

export type ResponseListener = (response: http.IncomingMessage) => void;

/**
 * What `http.ClientRequest` is built from: fresh prototype-less options (the caller's object is never modified) with
 * an own property for every name the plain-HTTP request reads, and the callback.
 */
export interface RequestArguments<A> {
  readonly options: OwnOptions & { _defaultAgent: A };
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
 * @rules https.request.options-object, https.request.url-string, https.request.url-object, https.request.url-and-options, https.request.callback-response, https.request.default-protocol, https.request.default-port, https.request.agent-false, https.global-agent.default-for-requests, https.get.options-object, https.get.url-string, https.get.url-object, https.get.url-and-options, https.get.callback-response
 */
export function requestArguments<A>(args: readonly unknown[], defaultAgent: A): RequestArguments<A> {
  let index = 0;
  let options: OwnOptions = { __proto__: null };
  const first = args[0];
  if (typeof first === 'string') {
    options = ownOptions(urlToOptions(new URL(first)));
    index = 1;
  } else if (first instanceof URL) {
    options = ownOptions(urlToOptions(first));
    index = 1;
  }
  const next = args[index];
  if (next !== undefined && next !== null && typeof next !== 'function') {
    if (typeof next !== 'object') {
      // beyond-spec: arg-type
      throw invalidArgTypeOfType('options', 'of type string or an instance of URL or Object', next);
    }
    // Own enumerable properties only, as for every options object.
    Object.assign(options, next);
    index += 1;
  }
  const callback = args[index];
  // The plain-HTTP request takes its defaults (protocol 'https:', port 443, `agent: false` → a fresh Agent of this
  // class) from the default agent it is given.
  options['_defaultAgent'] = defaultAgent;
  // The plain-HTTP request copies the options into an ordinary object before reading them: every name it reads must be
  // an own property by then.
  // beyond-spec: pollution-defence
  coverNames(options, CLIENT_REQUEST_OPTIONS);
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
 * @rules https.request.url-string, https.request.url-object, https.request.url-credentials-decoded, https.get.url-string, https.get.url-object
 */
function urlToOptions(url: URL): UrlOptions {
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
 * @returns A prototype-less copy of the caller's own options (empty when none) and the listener.
 * @throws `ERR_INVALID_ARG_TYPE` when the options are not an object.
 * @example
 * ```ts
 * serverArguments((req, res) => res.end(), undefined); // [{}, listener]
 * ```
 * @rules https.create-server.arguments-optional
 */
export function serverArguments<L extends (...args: never[]) => unknown>(options: unknown, listener: L | undefined): [OwnOptions, L | undefined] {
  if (typeof options === 'function') return [{ __proto__: null }, options as L];
  if (options === null || options === undefined) return [{ __proto__: null }, listener];
  if (typeof options !== 'object' || Array.isArray(options)) {
    // beyond-spec: arg-type
    throw invalidArgTypeOfType('options', 'of type object', options);
  }
  return [ownOptions(options), listener];
}

/**
 * Sorts out the forms of `Agent#createConnection`, as the host's https Agent accepts them: `(options)`, and the
 * positional `(port[, host][, options])`, where a numeric `port` and a string `host` override those of the options.
 * Anything after the options (a callback) is not used: the connection is returned.
 *
 * @param port The options, or the port number.
 * @param host The host name, or the options.
 * @param options The options, when port and host are given.
 * @returns A prototype-less copy of the caller's own options with the positional values applied.
 * @example
 * ```ts
 * connectionArguments(8443, 'localhost', { ca }); // { ca, port: 8443, host: 'localhost' }
 * ```
 * @rules https.agent.create-connection-override
 */
export function connectionArguments(port: unknown, host?: unknown, options?: unknown): OwnOptions {
  // The spec's form, createConnection(options[, callback]).
  if (port !== null && typeof port === 'object') {
    const copy = ownOptions(port);
    if (typeof host === 'string') {
      // beyond-spec: create-connection-forms
      copy['host'] = host;
    }
    return copy;
  }
  // beyond-spec: create-connection-forms
  return positionalConnectionArguments(port, host, options);
}

// beyond-spec: create-connection-forms
function positionalConnectionArguments(port: unknown, host?: unknown, options?: unknown): OwnOptions {
  const copy = host !== null && typeof host === 'object' ? ownOptions(host) : ownOptions(options);
  if (typeof port === 'number') copy['port'] = port;
  if (typeof host === 'string') copy['host'] = host;
  return copy;
}
