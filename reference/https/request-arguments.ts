// Sorts out the overloads of `request` and `get`: `(options[, callback])`, `(url[, callback])` and
// `(url, options[, callback])`, where a url is a string or a URL and options may also be a string or a URL.
import type http from 'node:http';
import type { Agent } from './agent.js';
import { urlToOptions } from './url-to-options.js';
import type { RequestOptions } from './request-options.js';

export type ResponseListener = (response: http.IncomingMessage) => void;

/** What `http.ClientRequest` is built from: fresh options (the caller's object is never modified) and the callback. */
export interface RequestArguments {
  readonly options: RequestOptions & { _defaultAgent: Agent };
  readonly callback: ResponseListener | undefined;
}

function invalidArgType(name: string, value: unknown): TypeError {
  const error = new TypeError(
    `The "${name}" argument must be of type string or an instance of URL or Object. Received ${value === null ? 'null' : typeof value}`,
  );
  Object.assign(error, { code: 'ERR_INVALID_ARG_TYPE' });
  return error;
}

/**
 * Normalises the arguments of `request`/`get`.
 * @param args the caller's arguments.
 * @param defaultAgent the agent for requests that name none, and whose protocol and port are the defaults.
 * @returns merged options (URL first, explicit options on top) and the response callback.
 */
export function requestArguments(args: readonly unknown[], defaultAgent: Agent): RequestArguments {
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
    if (typeof next !== 'object') throw invalidArgType('options', next);
    Object.assign(options, next);
    index += 1;
  }
  const callback = args[index];
  // The plain-HTTP request takes its defaults (protocol 'https:', port 443, `agent: false` → a fresh Agent of this
  // class) from the default agent it is given.
  options._defaultAgent = defaultAgent;
  return {
    options: options as unknown as RequestArguments['options'],
    callback: typeof callback === 'function' ? (callback as ResponseListener) : undefined,
  };
}
