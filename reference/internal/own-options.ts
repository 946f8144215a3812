// Options are data the caller owns: the reference reads only the properties a caller set on an options object itself,
// never ones it inherits. Otherwise anything that adds a property to `Object.prototype` (prototype pollution) would set
// that option for every call that leaves it out — `shell: true` on every spawn, `rejectUnauthorized: false` on every
// request.

/** A prototype-less copy of an options object: every property it has was an own enumerable property of the original. */
export type OwnOptions = Record<string, unknown>;

/**
 * Copies the own enumerable properties of an options object (getters run once) into an object without a prototype,
 * so nothing read from the copy later can come from `Object.prototype`.
 *
 * @param value The caller's options; anything that is not an object gives an empty copy.
 * @returns The prototype-less copy (always a fresh object: the caller's object is never changed).
 * @example
 * ```ts
 * Object.assign(Object.prototype, { shell: true });
 * ownOptions({ cwd: '/' }).shell; // undefined
 * ```
 */
export function ownOptions(value: unknown): OwnOptions {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return { __proto__: null };
  return { __proto__: null, ...value };
}

/**
 * Reads one option, for hot paths that should not copy the whole object: the value of an own property, or `undefined`
 * when the object has no such property of its own (inherited ones are ignored). `Object.hasOwn` is what V8 optimizes
 * best here: a read costs about as much as a plain property read.
 *
 * @param options The caller's options (any value but `null` and `undefined`: primitives have no options).
 * @param name The option's name.
 * @returns The option's value, or `undefined`.
 * @example
 * ```ts
 * ownOption(Object.create({ maxKeys: 1 }), 'maxKeys'); // undefined
 * ```
 */
export function ownOption(options: unknown, name: string): unknown {
  return Object.hasOwn(options as object, name) ? (options as Record<string, unknown>)[name] : undefined;
}

/**
 * Gives `options` an own property, `undefined`, for each of `names` it does not have. The host functions the reference
 * hands options to copy them into ordinary objects and read options from the copies, where a missing name would be
 * looked up on `Object.prototype`; an own `undefined` reads as "not set" and stops that lookup.
 *
 * @param options The prototype-less options about to be handed to a host function (changed in place).
 * @param names Every option name that host function reads.
 * @returns `options`.
 * @example
 * ```ts
 * new http.ClientRequest(coverNames(ownOptions(given), CLIENT_REQUEST_OPTIONS));
 * ```
 */
export function coverNames(options: OwnOptions, names: readonly string[]): OwnOptions {
  for (const name of names) {
    if (!(name in options)) {
      // beyond-spec: pollution-defence
      options[name] = undefined;
    }
  }
  return options;
}
