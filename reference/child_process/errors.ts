// The coded errors the child_process reference throws or reports. Each carries the same `code`, class and message
// shape as the host runtime's builtin module, because callers branch on `code` and tests compare classes.
import { inspect } from 'node:util';
import { formatReceived } from './format-received.js';

export type CodedError<E extends Error = Error> = E & { code: string };

function withCode<E extends Error>(error: E, code: string): CodedError<E> {
  return Object.assign(error, { code });
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
