// The host's https Agent and Server predate JavaScript classes: they are plain functions, so applications call them
// without `new` (`https.Agent({ keepAlive: true })`) and old-style subclasses set themselves up with
// `https.Agent.call(this, options)` after `util.inherits`. Ours are classes, which allow neither; this wraps one so that
// both forms work while `new`, `instanceof` and `class X extends Agent` keep their class behaviour.

/**
 * Wraps `Class` in a callable stand-in. `new` and `extends` reach the class itself (the wrapper forwards them); a call
 * without `new` constructs an instance; a call whose `this` already inherits from the class's prototype (an old-style
 * subclass calling its parent constructor) sets that object up with `initialize` instead. The class's
 * `prototype.constructor` becomes the wrapper, so `instance.constructor === Wrapper` as with the host's functions.
 *
 * @param Class The class to wrap.
 * @param initialize Does to an existing object what the class's constructor does to a new one (the class's own
 *   constructor cannot be applied to an existing object).
 * @returns The wrapper, to export in the class's place. It is typed as the class, as the host's type declarations type
 *   the host's constructors: the call without `new` is there for JavaScript callers.
 * @example
 * ```ts
 * const Agent = legacyConstructor(HttpsAgent, (self, options) => setUpAgent(self, options));
 * Agent({ keepAlive: true }) instanceof Agent; // true
 * ```
 */
export function legacyConstructor<C extends new (...args: never[]) => object>(
  Class: C,
  initialize: (self: InstanceType<C>, ...args: ConstructorParameters<C>) => void,
): C {
  const wrapper = new Proxy(Class, {
    // beyond-spec: legacy-constructor
    apply(target, thisArg: unknown, args: unknown[]): unknown {
      if (thisArg instanceof target) {
        initialize(thisArg as InstanceType<C>, ...(args as ConstructorParameters<C>));
        return undefined;
      }
      return Reflect.construct(target, args);
    },
  });
  // beyond-spec: legacy-constructor
  Object.defineProperty(Class.prototype, 'constructor', { value: wrapper, writable: true, enumerable: false, configurable: true });
  return wrapper;
}
