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
