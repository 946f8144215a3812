// How the cases about loading without crypto find the candidate's https module in a fresh process: a builtin of the
// runtime (recognised by identity), or a module that declares its own load target under a well-known symbol.

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

/**
 * Finds how to load `candidate` (the https module object a case received) in a child process.
 * @returns the target, or undefined when the candidate neither is the runtime's builtin nor declares one.
 */
export async function loadTargetOf(candidate: object): Promise<LoadTarget | undefined> {
  const declared: unknown = (candidate as Record<symbol, unknown>)[LOAD_TARGET];
  if (declared !== null && typeof declared === 'object') {
    const { specifier, requireSpecifier, execArgv } = declared as { specifier?: unknown; requireSpecifier?: unknown; execArgv?: unknown };
    if (typeof specifier === 'string') {
      return {
        specifier,
        requireSpecifier: typeof requireSpecifier === 'string' ? requireSpecifier : undefined,
        execArgv: isStringArray(execArgv) ? execArgv : [],
        builtin: false,
      };
    }
  }
  const builtin = await import('node:https');
  if (candidate === builtin.default || candidate === (builtin as object)) return { specifier: 'node:https', execArgv: [], builtin: true };
  return undefined;
}
