// The coded errors the reference modules throw or report. Each carries the same `code`, class and message shape as the
// host runtime's builtin modules, because callers branch on `code` and tests compare classes and messages.
import { inspect } from 'node:util';

/** An error with a machine-readable `code` (`ERR_INVALID_ARG_TYPE`…). */
export type CodedError<E extends Error = Error> = E & { code: string };

/**
 * Gives `error` an own enumerable `code`, as the host's internal errors have.
 *
 * @param error The error to mark.
 * @param code The code, e.g. `ERR_OUT_OF_RANGE`.
 * @returns The same error, typed as carrying the code.
 * @example
 * ```ts
 * throw withCode(new RangeError('too big'), 'ERR_OUT_OF_RANGE');
 * ```
 */
export function withCode<E extends Error>(error: E, code: string): CodedError<E> {
  return Object.assign(error, { code });
}

/** Longest inspected primitive kept in a message; longer ones are cut with an ellipsis. */
const MAX_SHOWN = 25;

/**
 * Describes a rejected value the way the host's argument errors do ("Received type number (42)"), so messages read
 * alike whichever implementation produced them.
 *
 * @param value The rejected value.
 * @returns A sentence fragment starting with "Received".
 * @example
 * ```ts
 * formatReceived(42); // 'Received type number (42)'
 * ```
 */
export function formatReceived(value: unknown): string {
  if (value === null || value === undefined) return `Received ${String(value)}`;
  if (typeof value === 'function') return `Received function ${value.name || '<anonymous>'}`;
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === 'string' && name !== '') return `Received an instance of ${name}`;
    return `Received ${inspect(value, { depth: -1 })}`;
  }
  let shown = inspect(value, { colors: false });
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN)}...`;
  return `Received type ${typeof value} (${shown})`;
}

/** "argument" for a bare parameter name, "property" for a dotted option path. */
function kindOf(name: string): string {
  return name.includes('.') ? 'property' : 'argument';
}

/**
 * A value of the wrong type (`ERR_INVALID_ARG_TYPE`, TypeError).
 *
 * @param name The argument or option path, e.g. `options.shell`.
 * @param expected What the value should have been, e.g. `of type string`.
 * @param actual The rejected value.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw invalidArgType('file', 'of type string', 42);
 * ```
 */
export function invalidArgType(name: string, expected: string, actual: unknown): CodedError<TypeError> {
  return withCode(new TypeError(`The "${name}" ${kindOf(name)} must be ${expected}. ${formatReceived(actual)}`), 'ERR_INVALID_ARG_TYPE');
}

/**
 * A value of the wrong type (`ERR_INVALID_ARG_TYPE`, TypeError), worded as the https functions word it: the message
 * names only the received value's type ("Received number"), not the value.
 *
 * @param name The argument name, e.g. `options`.
 * @param expected What the value should have been, e.g. `of type object`.
 * @param actual The rejected value.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw invalidArgTypeOfType('options', 'of type object', 42); // '… Received number'
 * ```
 */
export function invalidArgTypeOfType(name: string, expected: string, actual: unknown): CodedError<TypeError> {
  return withCode(
    new TypeError(`The "${name}" argument must be ${expected}. Received ${actual === null ? 'null' : typeof actual}`),
    'ERR_INVALID_ARG_TYPE',
  );
}

/**
 * A value of the right type but unacceptable (`ERR_INVALID_ARG_VALUE`, TypeError).
 *
 * @param name The argument or option path.
 * @param actual The rejected value.
 * @param reason Why it is rejected, e.g. `cannot be empty`.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw invalidArgValue('file', '', 'cannot be empty');
 * ```
 */
export function invalidArgValue(name: string, actual: unknown, reason = 'is invalid'): CodedError<TypeError> {
  const shown = inspect(actual, { colors: false });
  return withCode(new TypeError(`The ${kindOf(name)} '${name}' ${reason}. Received ${shown}`), 'ERR_INVALID_ARG_VALUE');
}

/**
 * A number outside its allowed range (`ERR_OUT_OF_RANGE`, RangeError).
 *
 * @param name The argument or option path.
 * @param range The allowed range in words, e.g. `an unsigned integer`.
 * @param actual The rejected value.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw outOfRange('timeout', 'an unsigned integer', -1);
 * ```
 */
export function outOfRange(name: string, range: string, actual: unknown): CodedError<RangeError> {
  const shown = inspect(actual, { colors: false });
  return withCode(new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${shown}`), 'ERR_OUT_OF_RANGE');
}

/**
 * A signal name or number the platform does not know (`ERR_UNKNOWN_SIGNAL`, TypeError).
 *
 * @param signal The rejected signal.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw unknownSignal('SIGFOO');
 * ```
 */
export function unknownSignal(signal: string | number): CodedError<TypeError> {
  return withCode(new TypeError(`Unknown signal: ${signal}`), 'ERR_UNKNOWN_SIGNAL');
}

/**
 * A captured stream outgrew `maxBuffer` (`ERR_CHILD_PROCESS_STDIO_MAXBUFFER`, RangeError).
 *
 * @param stream `stdout` or `stderr`.
 * @returns The error passed to the completion callback.
 * @example
 * ```ts
 * const error = maxBufferExceeded('stdout'); // error.message === 'stdout maxBuffer length exceeded'
 * ```
 */
export function maxBufferExceeded(stream: 'stdout' | 'stderr'): CodedError<RangeError> {
  return withCode(new RangeError(`${stream} maxBuffer length exceeded`), 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
}

/**
 * A `fork` stdio array without an `'ipc'` entry (`ERR_CHILD_PROCESS_IPC_REQUIRED`, Error).
 *
 * @param name The option path, `options.stdio`.
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw ipcRequired('options.stdio');
 * ```
 */
export function ipcRequired(name: string): CodedError {
  return withCode(new Error(`Forked processes must have an IPC channel, missing value 'ipc' in ${name}`), 'ERR_CHILD_PROCESS_IPC_REQUIRED');
}

/**
 * A stdio array with more than one `'ipc'` entry (`ERR_IPC_ONE_PIPE`, Error).
 *
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw ipcOnePipe();
 * ```
 */
export function ipcOnePipe(): CodedError {
  return withCode(new Error('Child process can have only one IPC pipe'), 'ERR_IPC_ONE_PIPE');
}

/**
 * A URL of another scheme where only `file:` URLs are accepted (`ERR_INVALID_URL_SCHEME`, TypeError).
 *
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw invalidUrlScheme();
 * ```
 */
export function invalidUrlScheme(): CodedError<TypeError> {
  return withCode(new TypeError('The URL must be of scheme file'), 'ERR_INVALID_URL_SCHEME');
}

/**
 * Reports that an operation was cancelled through an AbortSignal: name `AbortError`, code `ABORT_ERR`, the signal's
 * reason as `cause` — the host runtime's shape, so `error.name === 'AbortError'` checks work.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * controller.abort('stop');
 * const error = new AbortError(undefined, { cause: controller.signal.reason }); // error.cause === 'stop'
 * ```
 */
export class AbortError extends Error {
  readonly code = 'ABORT_ERR';

  /**
   * @param message Defaults to "The operation was aborted".
   * @param options `cause`: the signal's reason.
   */
  constructor(message = 'The operation was aborted', options?: ErrorOptions) {
    super(message, options);
    this.name = 'AbortError';
  }
}

/**
 * What `querystring.escape` throws for a string that ends in an unpaired surrogate, shaped like the host's: a URIError
 * with an own enumerable `code` of `ERR_INVALID_URI`, the message `URI malformed`, and `toString()` naming the code.
 *
 * @example
 * ```ts
 * String(new InvalidUriError()); // 'URIError [ERR_INVALID_URI]: URI malformed'
 * ```
 */
export class InvalidUriError extends URIError {
  readonly code = 'ERR_INVALID_URI';

  constructor() {
    super('URI malformed');
    // The name stays `URIError` (inherited) so `instanceof URIError` and `err.name` both answer like the host.
  }

  override toString(): string {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}
