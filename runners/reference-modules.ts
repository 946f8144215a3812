// Loads the reference implementation's three modules. The reference is a candidate like any other (and the oracle of
// differential properties), so only runners import it, never the cases. What the harness needs to know about the
// reference beyond its modules (how to load its https module in a fresh process) is declared here, not by the
// reference, which knows nothing of the harness.
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpsLoadTargetDeclaration } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { LOAD_TARGET } from './https-load-target.js';

let loaded: Promise<CandidateModules> | undefined;

/**
 * Imports the reference modules once and hands out their module objects; the https one carries its load target.
 *
 * @returns The reference's querystring, child_process and https module objects.
 */
export function loadReferenceModules(): Promise<CandidateModules> {
  loaded ??= (async () => {
    const [querystring, childProcess, https] = await Promise.all([
      import('../reference/querystring.js'),
      import('../reference/child_process.js'),
      import('../reference/https.js'),
    ]);
    // Non-enumerable, so that copies of the module object (such as test mutants) do not claim to be the reference.
    // Defined once per module object: a process can evaluate this file twice (mocha under tsx requires some test files
    // as CommonJS and imports others as ES modules) while both copies share the reference's ES module object.
    if (!Object.prototype.hasOwnProperty.call(https.default, LOAD_TARGET)) {
      Object.defineProperty(https.default, LOAD_TARGET, { value: referenceHttpsLoadTarget(), enumerable: false });
    }
    return {
      querystring: querystring.default as unknown as CandidateModules['querystring'],
      child_process: childProcess.default as unknown as CandidateModules['child_process'],
      https: https.default as unknown as CandidateModules['https'],
    };
  })();
  return loaded;
}

/**
 * How to load the reference's https module in a fresh process, for the cases that must (loading without crypto). The
 * reference is compiled next to this runner (dist/runners ↔ dist/reference) or, like it, runs from source under tsx:
 * from source, the TypeScript file with the tsx loader (tsx also turns a `require()` of it into CommonJS); compiled,
 * the ES build and the CommonJS build next to it (scripts/build-reference-cjs.mjs), for `require()`.
 */
function referenceHttpsLoadTarget(): HttpsLoadTargetDeclaration {
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

/** The TypeScript loader's URL (its bare name when it cannot be resolved from here). */
function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return 'tsx';
  }
}
