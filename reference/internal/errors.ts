// The coded errors the reference modules throw or report. Each carries the same `code`, class and message shape as the
// host runtime's builtin modules, because callers branch on `code` and tests compare classes and messages.
import { inspect } from 'node:util';

/** An error with a machine-readable `code` (`ERR_INVALID_ARG_TYPE`…). */
export type CodedError<E extends Error = Error> = E & { code: string };

/** The standard error classes a coded error may be. */
type ErrorClass<E extends Error> = new (message: string) => E;

/** One subclass per code, made on first use (see `codedClass`). */
const codedClasses = new Map<string, ErrorClass<Error>>();

/**
 * The class of the errors of one code. Its instances show the code where people and tools read it: `String(error)`
 * and the first line of `error.stack` are `RangeError [ERR_OUT_OF_RANGE]: …`, as the host's are, while `error.name`
 * stays the standard one and `instanceof` and `error.constructor` answer with the standard class.
 */
function codedClass<E extends Error>(Base: ErrorClass<E>, code: string): ErrorClass<E> {
  const known = codedClasses.get(code);
  if (known) return known as ErrorClass<E>;
  const Coded = class extends (Base as ErrorClass<Error>) {
    // beyond-spec: error-shape
    override toString(): string {
      return `${this.name} [${code}]: ${this.message}`;
    }
  };
  // The subclass is an implementation detail: code that asks an error for its constructor meets the standard class.
  // beyond-spec: error-shape
  Object.defineProperty(Coded.prototype, 'constructor', { value: Base, writable: true, enumerable: false, configurable: true });
  codedClasses.set(code, Coded);
  return Coded as ErrorClass<E>;
}

/**
 * Makes an error of class `Base` with an own enumerable `code`, shown in its string form and stack like the host's.
 *
 * @param Base The standard class: `TypeError`, `RangeError`, `Error`, `URIError`…
 * @param code The code, e.g. `ERR_OUT_OF_RANGE`. A code always comes with the same class.
 * @param message The message.
 * @param from The function whose caller the stack starts at (the exported factory, so the stack ends at the
 *   validator that rejected the value rather than inside this file).
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * String(codedError(RangeError, 'ERR_OUT_OF_RANGE', 'too big')); // 'RangeError [ERR_OUT_OF_RANGE]: too big'
 * ```
 */
export function codedError<E extends Error>(
  Base: ErrorClass<E>,
  code: string,
  message: string,
  // beyond-spec: error-shape
  from: (...args: never[]) => unknown = codedError,
): CodedError<E> {
  const error = new (codedClass(Base, code))(message) as CodedError<E>;
  // beyond-spec: error-shape
  showCode(error, Base, code, from);
  return error;
}

// beyond-spec: error-shape
function showCode<E extends Error>(error: CodedError<E>, Base: ErrorClass<E>, code: string, from: (...args: never[]) => unknown): void {
  // The stack's first line is written from `name` when the stack is first formatted: format it while an own `name`
  // carries the code, then drop that own `name` so the standard one shows through again.
  Object.defineProperty(error, 'name', { value: `${Base.prototype.name} [${code}]`, writable: true, enumerable: false, configurable: true });
  Error.captureStackTrace(error, from);
  void error.stack;
  delete (error as { name?: string }).name;
  error.code = code;
}

/** Longest inspected primitive kept in a message; longer ones are cut with an ellipsis. */
// beyond-spec: error-shape
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
// beyond-spec: error-shape
function formatReceived(value: unknown): string {
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
// beyond-spec: error-shape
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
// beyond-spec: argument-error
export function invalidArgType(name: string, expected: string, actual: unknown): CodedError<TypeError> {
  return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${kindOf(name)} must be ${expected}. ${formatReceived(actual)}`, invalidArgType);
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
// beyond-spec: argument-error
export function invalidArgTypeOfType(name: string, expected: string, actual: unknown): CodedError<TypeError> {
  const received = actual === null ? 'null' : typeof actual;
  return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${expected}. Received ${received}`, invalidArgTypeOfType);
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
export function invalidArgValue(
  name: string,
  actual: unknown,
  // beyond-spec: error-shape
  reason = 'is invalid',
): CodedError<TypeError> {
  // beyond-spec: error-shape
  const shown = inspect(actual, { colors: false });
  // beyond-spec: error-shape
  return codedError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${kindOf(name)} '${name}' ${reason}. Received ${shown}`, invalidArgValue);
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
// beyond-spec: argument-error
export function outOfRange(name: string, range: string, actual: unknown): CodedError<RangeError> {
  const shown = inspect(actual, { colors: false });
  return codedError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`, outOfRange);
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
// beyond-spec: argument-error
export function unknownSignal(signal: string | number): CodedError<TypeError> {
  return codedError(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${signal}`, unknownSignal);
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
 * @rules child_process.exec.max-buffer-exceeded-kills, child_process.exec-file.max-buffer-exceeded-kills
 */
export function maxBufferExceeded(stream: 'stdout' | 'stderr'): CodedError<RangeError> {
  // beyond-spec: error-shape
  return codedError(RangeError, 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', `${stream} maxBuffer length exceeded`, maxBufferExceeded);
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
 * @rules child_process.fork.stdio-exactly-one-ipc
 */
export function ipcRequired(name: string): CodedError {
  // beyond-spec: error-shape
  return codedError(Error, 'ERR_CHILD_PROCESS_IPC_REQUIRED', `Forked processes must have an IPC channel, missing value 'ipc' in ${name}`, ipcRequired);
}

/**
 * A stdio array with more than one `'ipc'` entry (`ERR_IPC_ONE_PIPE`, Error).
 *
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw ipcOnePipe();
 * ```
 * @rules child_process.fork.stdio-exactly-one-ipc
 */
export function ipcOnePipe(): CodedError {
  // beyond-spec: error-shape
  return codedError(Error, 'ERR_IPC_ONE_PIPE', 'Child process can have only one IPC pipe', ipcOnePipe);
}

/**
 * A URL of another scheme where only `file:` URLs are accepted (`ERR_INVALID_URL_SCHEME`, TypeError).
 *
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * throw invalidUrlScheme();
 * ```
 * @rules child_process.exec.cwd-url-must-be-file, child_process.fork.module-path-url-must-be-file
 */
export function invalidUrlScheme(): CodedError<TypeError> {
  // beyond-spec: error-shape
  return codedError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file', invalidUrlScheme);
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
 * @rules child_process.exec.abort-error, child_process.exec-file.abort-error, child_process.events.fork-abort-error
 */
export class AbortError extends Error {
  // beyond-spec: abort-error-details
  readonly code = 'ABORT_ERR';

  /**
   * @param message Defaults to "The operation was aborted".
   * @param options `cause`: the signal's reason.
   */
  constructor(
    // beyond-spec: abort-error-details
    message = 'The operation was aborted',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AbortError';
  }
}

/**
 * What `querystring.escape` throws for a string that ends in an unpaired surrogate, shaped like the host's: a URIError
 * with an own enumerable `code` of `ERR_INVALID_URI` and the message `URI malformed`.
 *
 * @returns The error, ready to throw.
 * @example
 * ```ts
 * String(invalidUri()); // 'URIError [ERR_INVALID_URI]: URI malformed'
 * ```
 */
export function invalidUri(): CodedError<URIError> {
  // beyond-spec: error-shape
  return codedError(URIError, 'ERR_INVALID_URI', 'URI malformed', invalidUri);
}
