// Where a fresh process of the candidate's runtime loads the candidate's https module, for the cases about loading
// without crypto. The runner resolves it once per candidate and hands it to the cases (`ctx.candidate.httpsLoadTarget`):
// what the candidate declares (an adapter's `declared.httpsLoadTarget`), else the same under a well-known symbol on
// its https module object (how the reference and rtconf mutate's builds say it), else the runtime's own builtin,
// recognised by identity. Bundled into the agent too: the builtin must be the one of the candidate's runtime.
import type { HttpsLoadTargetDeclaration, LoadTarget } from '../conformance/case.js';

/** The key of the symbol (`Symbol.for`) under which an https module object may declare its load target. */
export const LOAD_TARGET_KEY = 'rt-conformance.loadTarget';

/** `Symbol.for(LOAD_TARGET_KEY)`: a module object built elsewhere (a generated adapter) agrees on it without importing this file. */
export const LOAD_TARGET = Symbol.for(LOAD_TARGET_KEY);

/**
 * The runtime's own https module, to recognise a candidate that is it; undefined where it cannot be loaded. Imported
 * before the candidate is, so that a candidate breaking `import()` cannot hide it.
 * @example
 * const builtin = await builtinHttps();
 */
export async function builtinHttps(): Promise<object | undefined> {
  try {
    return (await import('node:https')) as object;
  } catch {
    return undefined;
  }
}

/**
 * Resolves the load target of a candidate's https module.
 * @param https the candidate's https module object, if it provides one
 * @param declared what the candidate declares (`declared.httpsLoadTarget` of an adapter), which comes first
 * @param builtin the runtime's `node:https` namespace (`builtinHttps()`)
 * @returns the target, or undefined when the candidate declares none and is not the runtime's builtin
 * @example
 * resolveHttpsLoadTarget(modules.https, adapter.declared?.httpsLoadTarget, await builtinHttps());
 * // { specifier: 'file:///…/https.mjs', requireSpecifier: undefined, execArgv: [], builtin: false }
 */
export function resolveHttpsLoadTarget(https: unknown, declared: HttpsLoadTargetDeclaration | undefined, builtin: object | undefined): LoadTarget | undefined {
  if (https === undefined || https === null) return undefined;
  const target = asTarget(declared) ?? onModule(https);
  if (target) return target;
  if (builtin !== undefined && (https === (builtin as { default?: unknown }).default || https === builtin)) return { specifier: 'node:https', execArgv: [], builtin: true };
  return undefined;
}

/** What the module object declares under the symbol; a candidate whose accessors throw declares nothing. */
function onModule(https: unknown): LoadTarget | undefined {
  try {
    return asTarget((https as Record<symbol, unknown>)[LOAD_TARGET]);
  } catch {
    return undefined;
  }
}

/** A declaration as a load target, if it has the shape of one (the symbol's value is not checked anywhere else). */
function asTarget(declared: unknown): LoadTarget | undefined {
  if (declared === null || typeof declared !== 'object') return undefined;
  const { specifier, requireSpecifier, execArgv } = declared as { specifier?: unknown; requireSpecifier?: unknown; execArgv?: unknown };
  if (typeof specifier !== 'string') return undefined;
  return {
    specifier,
    requireSpecifier: typeof requireSpecifier === 'string' ? requireSpecifier : undefined,
    execArgv: Array.isArray(execArgv) && execArgv.every((item) => typeof item === 'string') ? execArgv : [],
    builtin: false,
  };
}
