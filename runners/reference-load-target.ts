// How a fresh process loads the reference's https module, for the no-crypto cases: what the harness knows about the
// reference beyond its modules, declared here (the reference knows nothing of the harness). Only the in-process
// reference candidate needs it, so runners/reference-modules.ts loads this file on demand (a page agent has no file
// system and never does).
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { HttpsLoadTargetDeclaration } from '../conformance/case.js';
import { LOAD_TARGET } from './https-load-target.js';

/**
 * Puts the reference's load target on its https module object under the well-known symbol. Non-enumerable, so that
 * copies of the module object (such as test mutants) do not claim to be the reference. Defined once per module object:
 * a process can evaluate the loader twice (mocha under tsx requires some test files as CommonJS and imports others as
 * ES modules) while both copies share the reference's ES module object.
 */
export function declareLoadTarget(https: unknown): void {
  if (typeof https === 'object' && https !== null && !Object.prototype.hasOwnProperty.call(https, LOAD_TARGET)) {
    Object.defineProperty(https, LOAD_TARGET, { value: referenceHttpsLoadTarget(), enumerable: false });
  }
}

/**
 * How to load the reference's https module in a fresh process, for the cases that must (loading without crypto). The
 * reference is compiled next to this runner (dist/runners ↔ dist/reference) or, like it, runs from source under tsx:
 * from source, the TypeScript file with the tsx loader (tsx also turns a `require()` of it into CommonJS); compiled,
 * the ES build and the CommonJS build next to it (scripts/build-reference-cjs.mjs), for `require()`.
 */
export function referenceHttpsLoadTarget(): HttpsLoadTargetDeclaration {
  const fromSource = extname(fileURLToPath(import.meta.url)) === '.ts';
  if (fromSource) {
    return {
      specifier: new URL('../reference/https.ts', import.meta.url).href,
      requireSpecifier: undefined,
      execArgv: ['--import', tsxLoader()],
    };
  }
  const commonJs = new URL('../reference/https.cjs', import.meta.url);
  return {
    specifier: new URL('../reference/https.js', import.meta.url).href,
    requireSpecifier: existsSync(commonJs) ? commonJs.href : undefined,
    execArgv: [],
  };
}

/**
 * The TypeScript loader's URL (its bare name when it cannot be resolved from here), absolute so that a process started
 * anywhere finds it (an agent's cases run in a private working folder). Resolved with `require.resolve`, which tsx's
 * package answers with its loader too, because this file may itself run as CommonJS under tsx, without
 * `import.meta.resolve`.
 */
function tsxLoader(): string {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  } catch {
    return 'tsx';
  }
}
