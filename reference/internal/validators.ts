// Boundary checks for the reference's public functions. Each throws the coded TypeError/RangeError the host runtime
// throws for the same mistake, then narrows the value's type so the code past the boundary can trust it.
import { invalidArgType, invalidArgValue, outOfRange } from './errors.js';

/** A plain options bag: any non-null, non-array object. */
export type OptionsBag = Readonly<Record<string, unknown>>;

/**
 * @param value The value to check.
 * @param name Argument or option path for the message.
 * @returns Nothing; narrows `value` to string.
 * @example
 * ```ts
 * validateString(file, 'file');
 * ```
 */
export function validateString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'of type string', value);
  }
}

/**
 * Rejects strings containing NUL, which cannot cross the exec boundary (C strings end at NUL).
 *
 * @param value The value to check (non-strings pass).
 * @param name Argument or option path for the message.
 * @example
 * ```ts
 * validateNoNul(command, 'command');
 * ```
 */
export function validateNoNul(value: unknown, name: string): void {
  if (typeof value === 'string' && value.includes('\u0000')) {
    // beyond-spec: nul-bytes
    throw invalidArgValue(name, value, 'must be a string without null bytes');
  }
}

/**
 * @param values Strings to check, each named `name[i]`.
 * @param name Array path for the message.
 * @example
 * ```ts
 * validateNoNulEach(args, 'args');
 * ```
 */
export function validateNoNulEach(values: readonly unknown[], name: string): void {
  // Its only effect is validateNoNul's refusal (it cannot refuse a string without NUL, nor fail to end).
  // beyond-spec: nul-bytes
  values.forEach((value, at) => validateNoNul(value, `${name}[${at}]`));
}

/**
 * @param value The value to check.
 * @param name Argument or option path for the message.
 * @returns Nothing; narrows `value` to an options bag.
 * @example
 * ```ts
 * validateObject(options, 'options');
 * ```
 */
export function validateObject(value: unknown, name: string): asserts value is OptionsBag {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'of type object', value);
  }
}

/**
 * @param value The value to check.
 * @param name Argument or option path for the message.
 * @returns Nothing; narrows `value` to an array.
 * @example
 * ```ts
 * validateArray(args, 'args');
 * ```
 */
export function validateArray(value: unknown, name: string): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'an instance of Array', value);
  }
}

/**
 * @param value The value to check.
 * @param name Argument or option path for the message.
 * @returns Nothing; narrows `value` to boolean.
 * @example
 * ```ts
 * validateBoolean(options.detached, 'options.detached');
 * ```
 */
export function validateBoolean(value: unknown, name: string): asserts value is boolean {
  if (typeof value !== 'boolean') {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'of type boolean', value);
  }
}

/**
 * @param value The value to check.
 * @param name Argument or option path for the message.
 * @returns Nothing; narrows `value` to a function.
 * @example
 * ```ts
 * validateFunction(callback, 'callback');
 * ```
 */
export function validateFunction(value: unknown, name: string): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'of type function', value);
  }
}

/**
 * User and group ids must be 32-bit signed integers, the width the OS interface takes.
 *
 * @param value The value to check (`null`/`undefined` pass: the option is absent).
 * @param name Option path for the message.
 * @example
 * ```ts
 * validateOptionalInt32(options.uid, 'options.uid');
 * ```
 */
export function validateOptionalInt32(value: unknown, name: string): asserts value is number | null | undefined {
  if (value != null && (typeof value !== 'number' || (value | 0) !== value)) {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'int32', value);
  }
}

/**
 * What the reference accepts as an AbortSignal: an AbortSignal, or any object that has an `aborted` property (own or
 * inherited) — an EventTarget of another realm or library that works like one. It must also have
 * `addEventListener`/`removeEventListener` to be used before it has aborted, and its `reason` is read when it aborts.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The host's check, a duck-type one: `undefined` (no signal) passes, and so does any object with an `aborted` property;
 * everything else, `null` included, is refused.
 *
 * @param value The value to check.
 * @param name Option path for the message.
 * @example
 * ```ts
 * validateOptionalAbortSignal(options.signal, 'options.signal');
 * ```
 */
export function validateOptionalAbortSignal(value: unknown, name: string): asserts value is AbortSignalLike | undefined {
  if (value !== undefined && (value === null || typeof value !== 'object' || !('aborted' in value))) {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'an instance of AbortSignal', value);
  }
}

/**
 * `timeout` is a whole number of milliseconds, 0 meaning none.
 *
 * @param value The value to check (`null`/`undefined` pass).
 * @example
 * ```ts
 * validateTimeout(options.timeout);
 * ```
 */
export function validateTimeout(value: unknown): asserts value is number | null | undefined {
  if (value != null && !(Number.isInteger(value) && (value as number) >= 0)) {
    // beyond-spec: out-of-range
    throw outOfRange('timeout', 'an unsigned integer', value);
  }
}

/**
 * `maxBuffer` is a byte count; `Infinity` turns the limit off.
 *
 * @param value The value to check (`null`/`undefined` pass).
 * @example
 * ```ts
 * validateMaxBuffer(options.maxBuffer);
 * ```
 */
export function validateMaxBuffer(value: unknown): asserts value is number | null | undefined {
  if (value != null && !(typeof value === 'number' && value >= 0)) {
    // beyond-spec: out-of-range
    throw outOfRange('options.maxBuffer', 'a positive number', value);
  }
}
