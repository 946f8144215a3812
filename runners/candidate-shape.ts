// The shape checks of what a candidate hands over, in one place for every loader: the Node agent's
// (agent/load-candidate-modules.ts over load-adapter.ts) and the page agent's (agent/page-candidate-modules.ts). What
// is refused is the shape of a declaration (an adapter without a name, an unknown module key, a misspelt `declared`
// field), never what a module lacks: a module missing some exports is judged, and the missing ones read absent.
// Browser-safe: pure functions and the global URL only, since the page agent bundles it.
import type { CandidateDeclarations, HttpsLoadTargetDeclaration } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { apis } from '../spec/apis.js';
import { MODULES, type ModuleName } from '../spec/rule.js';

/** A default export of an adapter, checked: what the loaders hand on. */
export interface AdapterShape {
  readonly name: string;
  readonly version?: string;
  readonly modules: CandidateModules;
  /** What the adapter declares where the spec leaves a choice to the runtime: `declared` in its default export. */
  readonly declared?: CandidateDeclarations;
}

/** How relative specifiers of `declared.httpsLoadTarget` are read: resolved against the adapter's URL, or kept as written. */
export interface ShapeOptions {
  /** The adapter's own URL (a `file:` URL); without it, `./…` specifiers are checked but kept as written. */
  readonly adapterUrl?: string;
}

/** Thrown for a declaration of the wrong shape; its message says what is wrong, without naming the source. */
class CandidateShapeError extends Error {
  override readonly name = 'CandidateShapeError';
}

/** The fields `declared` may have. */
const DECLARED_FIELDS = ['ipcChannelVariable', 'httpsLoadTarget'] as const;
/** A name an environment variable can have in every shell. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A specifier with a scheme (`file:`, `node:`) is taken as is; one starting with `./` or `../` is relative to the adapter. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Just the parts of a checked adapter that a loader hands on (a loaded adapter may carry more, such as its file), with
 * the optional ones present only when given.
 */
export function adapterParts(adapter: AdapterShape): AdapterShape {
  return {
    name: adapter.name,
    modules: adapter.modules,
    ...(adapter.version !== undefined ? { version: adapter.version } : {}),
    ...(adapter.declared ? { declared: adapter.declared } : {}),
  };
}

/**
 * Checks an adapter's default export: `{ name, version?, modules, declared? }`, an object (a function is refused).
 * @throws CandidateShapeError saying what is wrong
 * @example
 * checkAdapterExport({ name: 'mine', modules: { querystring: qs } }); // { name: 'mine', modules: { querystring: qs } }
 */
export function checkAdapterExport(exported: unknown, options: ShapeOptions = {}): AdapterShape {
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) {
    throw new CandidateShapeError(`the default export must be { name, version?, modules }, got ${typeName(exported)}`);
  }
  const { name, version, modules, declared } = exported as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') throw new CandidateShapeError('"name" must be a non-empty string');
  if (version !== undefined && typeof version !== 'string') throw new CandidateShapeError('"version" must be a string when present');
  const checkedModules = checkModules(modules);
  const declarations = checkDeclared(declared, options);
  return { name, ...(version !== undefined ? { version } : {}), modules: checkedModules, ...(declarations ? { declared: declarations } : {}) };
}

/**
 * Checks an adapter's `modules`: an object whose keys are module names, each an object (or a function, as a CommonJS
 * module may be). What a module lacks is not checked: its cases find the missing exports and say so.
 * @throws CandidateShapeError for an unknown key, a module that is no object, or no module at all
 */
function checkModules(modules: unknown): CandidateModules {
  if (!isObjectLike(modules)) throw new CandidateShapeError(`"modules" must be an object mapping module names to module objects, got ${typeName(modules)}`);
  const known = new Set<string>(MODULES);
  const unknown = Object.keys(modules).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new CandidateShapeError(`"modules" has unknown key(s) ${unknown.map((key) => JSON.stringify(key)).join(', ')}; expected ${MODULES.join(', ')}`);
  const result: CandidateModules = {};
  for (const name of MODULES) {
    const module = modules[name];
    if (module === undefined) continue;
    if (!isObjectLike(module)) throw new CandidateShapeError(`modules.${name} must be an object, got ${typeName(module)}`);
    Object.assign(result, { [name]: module });
  }
  if (Object.keys(result).length === 0) throw new CandidateShapeError(`"modules" provides none of ${MODULES.join(', ')}`);
  return result;
}

/**
 * Checks `declared`: absent, or an object with only known fields of the right type; `./…` specifiers of
 * `httpsLoadTarget` are resolved against `options.adapterUrl` when given.
 * @throws CandidateShapeError naming the field
 */
function checkDeclared(declared: unknown, options: ShapeOptions = {}): CandidateDeclarations | undefined {
  if (declared === undefined) return undefined;
  if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) throw new CandidateShapeError(`"declared" must be an object when present, got ${typeName(declared)}`);
  const unknown = Object.keys(declared).filter((key) => !(DECLARED_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new CandidateShapeError(`"declared" has unknown field(s) ${unknown.map((key) => JSON.stringify(key)).join(', ')}; expected ${DECLARED_FIELDS.join(', ')}`);
  const { ipcChannelVariable, httpsLoadTarget } = declared as { ipcChannelVariable?: unknown; httpsLoadTarget?: unknown };
  if (ipcChannelVariable !== undefined && (typeof ipcChannelVariable !== 'string' || !VARIABLE_NAME.test(ipcChannelVariable))) {
    throw new CandidateShapeError(`"declared.ipcChannelVariable" must be an environment variable name such as "NODE_CHANNEL_FD", got ${JSON.stringify(ipcChannelVariable) ?? typeName(ipcChannelVariable)}`);
  }
  const loadTarget = checkHttpsLoadTarget(httpsLoadTarget, options);
  return { ...(ipcChannelVariable === undefined ? {} : { ipcChannelVariable }), ...(loadTarget ? { httpsLoadTarget: loadTarget } : {}) };
}

function specifierFrom(value: unknown, field: string, options: ShapeOptions): string {
  if (typeof value !== 'string' || value === '') throw new CandidateShapeError(`"declared.httpsLoadTarget.${field}" must be a non-empty string`);
  if (SCHEME.test(value)) return value;
  if (value.startsWith('./') || value.startsWith('../')) return options.adapterUrl === undefined ? value : new URL(value, options.adapterUrl).href;
  throw new CandidateShapeError(`"declared.httpsLoadTarget.${field}" must be a URL (file:, node:) or a path relative to the adapter (./…), got ${JSON.stringify(value)}`);
}

/** `declared.httpsLoadTarget`: `{ specifier, requireSpecifier?, execArgv? }`. */
function checkHttpsLoadTarget(value: unknown, options: ShapeOptions): HttpsLoadTargetDeclaration | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CandidateShapeError('"declared.httpsLoadTarget" must be an object { specifier, requireSpecifier?, execArgv? }');
  const { specifier, requireSpecifier, execArgv } = value as Record<string, unknown>;
  if (execArgv !== undefined && !(Array.isArray(execArgv) && execArgv.every((item) => typeof item === 'string'))) {
    throw new CandidateShapeError('"declared.httpsLoadTarget.execArgv" must be an array of strings');
  }
  return {
    specifier: specifierFrom(specifier, 'specifier', options),
    ...(requireSpecifier !== undefined ? { requireSpecifier: specifierFrom(requireSpecifier, 'requireSpecifier', options) } : {}),
    ...(execArgv !== undefined ? { execArgv: execArgv as string[] } : {}),
  };
}

/**
 * An npm package as a candidate: the module object to judge (a CommonJS package arrives as `{ default: module.exports }`,
 * an ES one as its namespace) and the module it is judged as (`packageModule`). What it lacks of that module is not
 * checked: its cases find the missing exports.
 * @param nameItAs how the user names the module, for the message
 * @throws CandidateShapeError when the module cannot be told or the exports are no module object
 */
export function packageCandidate(namespace: Record<string, unknown>, packageName: string, named: string | undefined, nameItAs: string): CandidateModules {
  const exported = isObjectLike(namespace.default) ? namespace.default : namespace;
  return { [packageModule(exported, packageName, named, nameItAs)]: exported };
}

/**
 * Which module an npm package implements: the one its spec names (`npm:NAME=MODULE`), else the one its name is (the
 * placeholder npm serves as `child_process`), else the module whose exports it has most of, when one has more than
 * the others. A package that has none of the interface's exports needs its module named.
 * @param nameItAs how the user names the module, for the message: `npm:NAME=<querystring|child_process|https>`
 * @throws CandidateShapeError when the exports are no object, or the module cannot be told
 * @example
 * packageModule({ spawnSync() {} }, 'only-sync', undefined, 'npm:only-sync=<module>'); // 'child_process'
 */
function packageModule(exported: unknown, packageName: string, named: string | undefined, nameItAs: string): ModuleName {
  if (named !== undefined) {
    if (!(MODULES as readonly string[]).includes(named)) throw new CandidateShapeError(`"${named}" is not a module of the interface; expected ${MODULES.join(', ')}`);
    if (!isObjectLike(exported)) throw new CandidateShapeError(`it exports ${typeName(exported)}, not a module object`);
    return named as ModuleName;
  }
  if (!isObjectLike(exported)) throw new CandidateShapeError(`it exports ${typeName(exported)}, not a module object`);
  if ((MODULES as readonly string[]).includes(packageName)) return packageName as ModuleName;
  const scores = MODULES.map((module) => [module, apis.filter((api) => api.module === module && isObjectLike(safeGet(exported, api.name))).length] as const);
  const best = Math.max(...scores.map(([, score]) => score));
  const leaders = scores.filter(([, score]) => score === best);
  if (best === 0 || leaders.length > 1) {
    const why = best === 0 ? "it exports none of the interface's functions" : `it exports as many of ${leaders.map(([module]) => module).join("'s as of ")}'s`;
    throw new CandidateShapeError(`cannot tell which module it implements (${why}); name it as ${nameItAs}`);
  }
  return (leaders[0] as readonly [ModuleName, number])[0];
}

/** An export read without letting a throwing getter of the candidate escape: such an export counts as missing here. */
function safeGet(module: Record<string, unknown>, name: string): unknown {
  try {
    return module[name];
  } catch {
    return undefined;
  }
}
