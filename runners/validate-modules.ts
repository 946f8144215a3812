// Checks, at the boundary, that what a candidate hands us looks like the modules it claims to implement, so a typo
// (`childProcess` for `child_process`) or a wrong export is a clear error instead of a suite of skips or crashes.
import { MODULES, type ModuleName } from '../spec/rule.js';
import { REQUIRED_EXPORTS, type CandidateModules } from '../conformance/modules.js';

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** Returns the modules, or throws an Error whose message says what is wrong (without naming the source). */
export function validateModules(modules: unknown): CandidateModules {
  if (!isObjectLike(modules)) throw new Error(`"modules" must be an object mapping module names to module objects, got ${typeof modules}`);
  const known = new Set<string>(MODULES);
  const unknown = Object.keys(modules).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`"modules" has unknown key(s) ${unknown.map((k) => JSON.stringify(k)).join(', ')}; expected ${MODULES.join(', ')}`);
  const result: CandidateModules = {};
  for (const name of MODULES) {
    const module = modules[name];
    if (module === undefined) continue;
    checkModule(name, module);
    Object.assign(result, { [name]: module });
  }
  if (Object.keys(result).length === 0) throw new Error(`"modules" provides none of ${MODULES.join(', ')}`);
  return result;
}

export function checkModule(name: ModuleName, module: unknown): void {
  if (!isObjectLike(module)) throw new Error(`modules.${name} must be an object, got ${module === null ? 'null' : typeof module}`);
  const missing = REQUIRED_EXPORTS[name].filter((key) => typeof module[key] !== 'function');
  if (missing.length > 0) throw new Error(`modules.${name} lacks the function(s) ${missing.join(', ')}`);
}

/** Guesses which module an object implements from its exports (for npm packages that implement one module). */
export function detectModule(module: unknown): ModuleName | undefined {
  if (!isObjectLike(module)) return undefined;
  return MODULES.find((name) => REQUIRED_EXPORTS[name].every((key) => typeof module[key] === 'function'));
}
