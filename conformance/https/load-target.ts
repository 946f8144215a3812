// How the cases about loading without crypto find the candidate's https module in a fresh process: what the candidate
// declares (`declared.httpsLoadTarget` of an adapter, or the same under a well-known symbol on its module object), or
// else a builtin of the runtime (recognised by identity).
import type { HttpsLoadTargetDeclaration } from '../case.js';

/** Where and how to load a candidate's https module in a child process of the candidate's runtime. */
export interface LoadTarget {
  /** What `import()` / `require()` is given: `node:https`, or a `file:` URL. */
  readonly specifier: string;
  /** What `require()` is given, when the module has a CommonJS build of its own (default: `specifier`). */
  readonly requireSpecifier?: string | undefined;
  /** Runtime arguments the module needs to load (a TypeScript loader, say). */
  readonly execArgv: readonly string[];
  /** The runtime's own module: a no-crypto build can only be observed, not simulated, for it. */
  readonly builtin: boolean;
}

/**
 * The symbol under which a candidate's https module object may declare `{ specifier, requireSpecifier?, execArgv? }`,
 * telling the harness how to load it in a fresh process. Adapters and the reference use it; `Symbol.for` so no import
 * is needed.
 */
export const LOAD_TARGET = Symbol.for('rt-conformance.loadTarget');

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A declaration as a load target, if it has the shape of one. */
function declaredTarget(declared: unknown): LoadTarget | undefined {
  if (declared === null || typeof declared !== 'object') return undefined;
  const { specifier, requireSpecifier, execArgv } = declared as { specifier?: unknown; requireSpecifier?: unknown; execArgv?: unknown };
  if (typeof specifier !== 'string') return undefined;
  return {
    specifier,
    requireSpecifier: typeof requireSpecifier === 'string' ? requireSpecifier : undefined,
    execArgv: isStringArray(execArgv) ? execArgv : [],
    builtin: false,
  };
}

/**
 * Finds how to load `candidate` (the https module object a case received) in a child process.
 * @param declared what the candidate declared (`ctx.candidate.declared?.httpsLoadTarget`), which comes first.
 * @returns the target, or undefined when the candidate neither declares one nor is the runtime's builtin.
 */
export async function loadTargetOf(candidate: object, declared?: HttpsLoadTargetDeclaration): Promise<LoadTarget | undefined> {
  const target = declaredTarget(declared) ?? declaredTarget((candidate as Record<symbol, unknown>)[LOAD_TARGET]);
  if (target) return target;
  const builtin = await import('node:https');
  if (candidate === builtin.default || candidate === (builtin as object)) return { specifier: 'node:https', execArgv: [], builtin: true };
  return undefined;
}
