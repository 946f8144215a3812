// Notices when a case (or the candidate it exercises) has tampered with the language's shared objects: added or
// replaced properties on the built-in prototypes, or swapped JSON/Promise. Later cases would run in a poisoned
// world, so the agent reports it and is replaced by a fresh one.

interface Snapshot {
  readonly holder: object;
  readonly label: string;
  readonly descriptors: ReadonlyMap<PropertyKey, PropertyDescriptor>;
}

export interface IntrinsicsGuard {
  /** A description of what changed since the guard was made, or undefined when nothing did. */
  damage(): string | undefined;
  /** Best effort: removes added properties and restores replaced ones, so the agent can report before it exits. */
  repair(): void;
}

const WATCHED: ReadonlyArray<[string, () => object]> = [
  ['globalThis', () => globalThis],
  ['Object.prototype', () => Object.prototype],
  ['Array.prototype', () => Array.prototype],
  ['Function.prototype', () => Function.prototype],
  ['String.prototype', () => String.prototype],
  ['Promise', () => Promise],
  ['Promise.prototype', () => Promise.prototype],
  ['JSON', () => JSON],
  ['Error.prototype', () => Error.prototype],
];

// Runtimes define some globals lazily on first access, which is not tampering; on globalThis only these count.
const GLOBALS_OF_INTEREST = new Set<PropertyKey>(['Object', 'Array', 'Function', 'String', 'Promise', 'JSON', 'Error', 'Symbol', 'Reflect', 'Map', 'Set', 'process', 'Buffer']);

function snapshot(label: string, holder: object): Snapshot {
  const descriptors = new Map<PropertyKey, PropertyDescriptor>();
  for (const key of Reflect.ownKeys(holder)) {
    if (label === 'globalThis' && !GLOBALS_OF_INTEREST.has(key)) continue;
    const descriptor = Reflect.getOwnPropertyDescriptor(holder, key);
    if (descriptor) descriptors.set(key, descriptor);
  }
  return { holder, label, descriptors };
}

function same(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set;
}

export function guardIntrinsics(): IntrinsicsGuard {
  const snapshots = WATCHED.map(([label, get]) => snapshot(label, get()));
  const { ownKeys, getOwnPropertyDescriptor, defineProperty, deleteProperty } = Reflect;
  const describeKey = (key: PropertyKey): string => (typeof key === 'symbol' ? key.toString() : String(key));
  return {
    damage() {
      const problems: string[] = [];
      for (const { holder, label, descriptors } of snapshots) {
        for (const key of ownKeys(holder)) {
          if (label === 'globalThis' && !GLOBALS_OF_INTEREST.has(key)) continue;
          const before = descriptors.get(key);
          const now = getOwnPropertyDescriptor(holder, key);
          if (!before) problems.push(`${label} gained ${describeKey(key)}`);
          else if (now && !same(before, now)) problems.push(`${label}.${describeKey(key)} was replaced`);
        }
        for (const key of descriptors.keys()) if (!getOwnPropertyDescriptor(holder, key)) problems.push(`${label}.${describeKey(key)} was deleted`);
      }
      return problems.length > 0 ? problems.slice(0, 5).join('; ') : undefined;
    },
    repair() {
      for (const { holder, label, descriptors } of snapshots) {
        try {
          for (const key of ownKeys(holder)) {
            if (label === 'globalThis' && !GLOBALS_OF_INTEREST.has(key)) continue;
            if (!descriptors.has(key)) deleteProperty(holder, key);
          }
          for (const [key, descriptor] of descriptors) {
            const now = getOwnPropertyDescriptor(holder, key);
            if (!now || !same(now, descriptor)) defineProperty(holder, key, descriptor);
          }
        } catch {
          // Frozen or exotic holders cannot be repaired; the agent is replaced anyway.
        }
      }
    },
  };
}

/** What a relied-upon intrinsic must still do, checked only when the candidate replaced it. */
interface Relied {
  readonly label: string;
  readonly get: () => unknown;
  readonly works: (safe: SafeTools) => boolean | Promise<boolean>;
}

/** The originals the probes themselves use, captured before the candidate is loaded. */
interface SafeTools {
  readonly Promise: PromiseConstructor;
  readonly setTimeout: typeof setTimeout;
  /** Resolves after one turn of the event loop (a timer), racing nothing the candidate could have replaced. */
  turn(ms?: number): Promise<void>;
}

const sample = function (this: { v: number }, x: number): number {
  return this.v + x;
};

/**
 * The intrinsics the agent, the case runner, chai and fast-check use all the time. A candidate may wrap one (a
 * tracing `Promise.prototype.then`), which is fine if it still works; one that no longer works makes every case's
 * outcome meaningless, so it is reported once, at load.
 */
const RELIED: readonly Relied[] = [
  {
    label: 'Promise',
    get: () => globalThis.Promise,
    works: async (safe) => {
      let value: unknown;
      const made = new globalThis.Promise<number>((resolve) => resolve(5));
      if (typeof made?.then !== 'function') return false;
      void made.then((v) => (value = v));
      await safe.turn();
      return value === 5;
    },
  },
  {
    label: 'Promise.prototype.then',
    get: () => Promise.prototype.then,
    works: async (safe) => {
      let value: unknown;
      const chained = safe.Promise.resolve(7).then((v) => (value = v));
      if (!(chained instanceof safe.Promise)) return false;
      await safe.turn();
      return value === 7;
    },
  },
  { label: 'Promise.resolve', get: () => Promise.resolve, works: (safe) => Promise.resolve(1) instanceof safe.Promise },
  { label: 'JSON.stringify', get: () => JSON.stringify, works: () => JSON.stringify({ a: [1, 'x', null], b: true }) === '{"a":[1,"x",null],"b":true}' },
  {
    label: 'JSON.parse',
    get: () => JSON.parse,
    works: () => {
      const parsed = JSON.parse('{"a":[1,"x"]}') as { a?: unknown[] };
      return Array.isArray(parsed.a) && parsed.a.length === 2 && parsed.a[1] === 'x';
    },
  },
  {
    label: 'Array.prototype.push',
    get: () => Array.prototype.push,
    works: () => {
      const list: number[] = [];
      return list.push(1, 2) === 2 && list.length === 2 && list[1] === 2;
    },
  },
  { label: 'Array.prototype.map', get: () => Array.prototype.map, works: () => [1, 2].map((x) => x * 2).join() === '2,4' },
  { label: 'Array.prototype.slice', get: () => Array.prototype.slice, works: () => [1, 2, 3].slice(1).length === 2 },
  { label: 'Array.prototype.join', get: () => Array.prototype.join, works: () => [1, 2].join('-') === '1-2' },
  { label: 'Array.prototype.indexOf', get: () => Array.prototype.indexOf, works: () => [1, 2].indexOf(2) === 1 },
  { label: 'Array.prototype.forEach', get: () => Array.prototype.forEach, works: () => {
    let sum = 0;
    [1, 2].forEach((x) => (sum += x));
    return sum === 3;
  } },
  { label: 'Array.prototype.filter', get: () => Array.prototype.filter, works: () => [1, 2, 3].filter((x) => x > 1).length === 2 },
  { label: 'Array.isArray', get: () => Array.isArray, works: () => Array.isArray([]) && !Array.isArray({ length: 0 }) },
  { label: 'Function.prototype.call', get: () => Function.prototype.call, works: () => sample.call({ v: 1 }, 2) === 3 },
  { label: 'Function.prototype.apply', get: () => Function.prototype.apply, works: () => sample.apply({ v: 1 }, [2]) === 3 },
  { label: 'Function.prototype.bind', get: () => Function.prototype.bind, works: () => sample.bind({ v: 1 })(2) === 3 },
  { label: 'Object.keys', get: () => Object.keys, works: () => Object.keys({ a: 1, b: 2 }).join() === 'a,b' },
  { label: 'Object.assign', get: () => Object.assign, works: () => Object.assign({ a: 1 }, { b: 2 }).b === 2 },
  { label: 'Object.defineProperty', get: () => Object.defineProperty, works: () => (Object.defineProperty({}, 'x', { value: 1 }) as { x?: unknown }).x === 1 },
  { label: 'Object.getPrototypeOf', get: () => Object.getPrototypeOf, works: () => Object.getPrototypeOf([]) === Array.prototype },
  { label: 'Object.prototype.hasOwnProperty', get: () => Object.prototype.hasOwnProperty, works: () => ({ a: 1 }).hasOwnProperty('a') },
  { label: 'Reflect.ownKeys', get: () => Reflect.ownKeys, works: () => Reflect.ownKeys({ a: 1 }).length === 1 },
  { label: 'String.prototype.slice', get: () => String.prototype.slice, works: () => 'abc'.slice(1) === 'bc' },
  { label: 'String.prototype.split', get: () => String.prototype.split, works: () => 'a,b'.split(',').length === 2 },
  { label: 'String.prototype.indexOf', get: () => String.prototype.indexOf, works: () => 'abc'.indexOf('c') === 2 },
  { label: 'Error', get: () => globalThis.Error, works: () => new Error('x').message === 'x' && new Error('x') instanceof Error },
  {
    label: 'setTimeout',
    get: () => globalThis.setTimeout,
    works: async (safe) => {
      let fired = false;
      globalThis.setTimeout(() => (fired = true), 0);
      await safe.turn(20);
      return fired;
    },
  },
];

export interface ReliedIntrinsics {
  /**
   * The relied-upon intrinsics that were replaced since `captureReliedIntrinsics()` and no longer work, by name
   * (`Promise.prototype.then`); empty when nothing is broken.
   */
  broken(): Promise<string[]>;
}

/**
 * Captures the intrinsics the agent relies on; call it before the candidate is loaded and `broken()` right after.
 * @example
 * const relied = captureReliedIntrinsics();
 * await import(candidate);
 * const broken = await relied.broken(); // ['Promise.prototype.then'] for a candidate that replaced it with a no-op
 */
export function captureReliedIntrinsics(): ReliedIntrinsics {
  const originals = RELIED.map((relied) => relied.get());
  const SafePromise = Promise;
  const safeSetTimeout = setTimeout;
  const safe: SafeTools = {
    Promise: SafePromise,
    setTimeout: safeSetTimeout,
    // A native promise awaited natively: neither looks up the (maybe replaced) `then`.
    turn: (ms = 0) => new SafePromise<void>((resolve) => safeSetTimeout(resolve, ms)),
  };
  return {
    async broken() {
      const found: string[] = [];
      // A plain index loop: the candidate may have broken the array iterator too.
      for (let index = 0; index < RELIED.length; index++) {
        const relied = RELIED[index] as Relied;
        if (relied.get() === originals[index]) continue;
        let works = false;
        try {
          works = (await relied.works(safe)) === true;
        } catch {
          works = false;
        }
        if (!works) found[found.length] = relied.label;
      }
      return found;
    },
  };
}
