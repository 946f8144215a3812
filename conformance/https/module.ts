// The module as a whole: a module of its own, separate from plain HTTP, with the spec's exports.
import { CaseFailure, defineCases } from '../case.js';
import { describeThrown, isMissingApi } from '../kit.js';

const EXPECTED = {
  createServer: 'function',
  request: 'function',
  get: 'function',
  Agent: 'function',
  Server: 'function',
  globalAgent: 'object',
} as const;

type Export = keyof typeof EXPECTED;

/** What an export is: its type, or what reading it threw (and whether that says it is not implemented). */
function typeOf(https: Record<string, unknown>, name: Export): { type: string; notImplemented: boolean } {
  try {
    const value = https[name];
    return { type: value === null ? 'null' : typeof value, notImplemented: false };
  } catch (error) {
    return { type: `reading it threw ${describeThrown(error)}`, notImplemented: isMissingApi(error) };
  }
}

/** Cleanups of what the ordinary calls below made, run before the case returns. */
type Release = () => void;

/** Swallows a late 'error' of something a call returned, and releases it: a request destroyed, a server closed. */
function released(value: unknown, how: 'destroy' | 'close'): Release {
  const target = value as { on?: (event: string, listener: () => void) => unknown; destroy?: () => void; close?: () => void } | null;
  try {
    target?.on?.('error', () => undefined);
  } catch {
    // not an emitter: nothing will be emitted
  }
  return () => {
    try {
      target?.[how]?.();
    } catch {
      // a candidate's object that cannot be released: it holds no port, nothing was listening
    }
  };
}

/**
 * An ordinary call of each function export, none of which listens or reaches the network: a request to a closed port
 * of 127.0.0.1, destroyed at once. What it made is released through `releases`.
 */
const ORDINARY_CALL: Readonly<Record<Exclude<Export, 'globalAgent'>, (fn: (...args: unknown[]) => unknown, https: object, releases: Release[]) => void>> = {
  createServer: (fn, https, releases) => void releases.push(released(Reflect.apply(fn, https, []), 'close')),
  request: (fn, https, releases) => void releases.push(released(Reflect.apply(fn, https, ['https://127.0.0.1:1/', { agent: false }]), 'destroy')),
  get: (fn, https, releases) => void releases.push(released(Reflect.apply(fn, https, ['https://127.0.0.1:1/', { agent: false }]), 'destroy')),
  Agent: (fn, _https, releases) => void releases.push(released(Reflect.construct(fn, []), 'destroy')),
  Server: (fn, _https, releases) => void releases.push(released(Reflect.construct(fn, []), 'close')),
};

export const moduleCases = defineCases('https', [
  {
    id: 'https.module.exports-spec-names',
    rules: ['https.module.exports'],
    async run(ctx) {
      const https = ctx.https as unknown as Record<string, unknown>;
      const names = Object.keys(EXPECTED) as Export[];
      const read = Object.fromEntries(names.map((name) => [name, typeOf(https, name)])) as Record<Export, { type: string; notImplemented: boolean }>;
      const actual = Object.fromEntries(names.map((name) => [name, read[name].type]));
      const wrong = names.filter((name) => read[name].type !== EXPECTED[name]);
      // An export that is there but answers an ordinary call with "not implemented" is not implemented either. Every
      // export is tried, so the result names each one that is missing or refuses (the evidence of its API state).
      const releases: Release[] = [];
      const refusing: { name: Export; thrown: string }[] = [];
      try {
        for (const name of names) {
          if (name === 'globalAgent' || wrong.includes(name)) continue;
          try {
            ORDINARY_CALL[name](https[name] as (...args: unknown[]) => unknown, https, releases);
          } catch (error) {
            if (isMissingApi(error)) refusing.push({ name, thrown: describeThrown(error) });
          }
        }
      } finally {
        for (const release of releases) release();
      }
      if (wrong.length > 0 || refusing.length > 0) {
        const listed = [...wrong.map((name) => `https.${name} (${read[name].type})`), ...refusing.map(({ name, thrown }) => `https.${name} (it throws ${thrown})`)];
        throw new CaseFailure(`not implemented: ${listed.join(', ')}`, {
          expected: wrong.length > 0 ? EXPECTED : 'the exports to work',
          actual: wrong.length > 0 ? actual : listed,
          unimplemented: [
            ...wrong.map((name) => ({ api: `https.${name}`, observed: read[name].notImplemented ? ('throws-not-implemented' as const) : ('missing' as const) })),
            ...refusing.map(({ name }) => ({ api: `https.${name}`, observed: 'throws-not-implemented' as const })),
          ],
        });
      }
      // A module of its own: not the plain-HTTP module, or parts of it, under another name.
      const http = (await import('node:http')) as unknown as Record<string, unknown>;
      const shared = names.filter((name) => https[name] === http[name]);
      if (shared.length > 0) {
        throw new CaseFailure(`rt:https hands out the plain-HTTP module's ${shared.join(', ')} instead of its own`, { expected: 'exports distinct from http', actual: `identical to http.${shared.join(', http.')}` });
      }
    },
  },
]);
