// The one file of the harness that imports the reference implementation (test/architecture holds it to that). The
// reference is a candidate like any other and the oracle of differential properties, so only runners load it, never
// the cases, and only through here: as the in-process candidate (`loadReferenceModules`, its https module carrying how
// a fresh process loads it) or as the oracle an agent hands its cases (`loadReferenceOracle`, each module on its own).
import type { CandidateModules } from '../conformance/modules.js';

/** Each reference module, imported on its own: a build that leaves one out (the page agent) still has the others. */
const IMPORTS = {
  querystring: async () => (await import('../reference/querystring.js')).default as unknown as CandidateModules['querystring'],
  child_process: async () => (await import('../reference/child_process.js')).default as unknown as CandidateModules['child_process'],
  https: async () => (await import('../reference/https.js')).default as unknown as CandidateModules['https'],
};

let loaded: Promise<CandidateModules> | undefined;

/**
 * Imports the reference modules once and hands out their module objects; the https one carries its load target.
 *
 * @returns The reference's querystring, child_process and https module objects.
 */
export function loadReferenceModules(): Promise<CandidateModules> {
  loaded ??= (async () => {
    const [querystring, childProcess, https, { declareLoadTarget }] = await Promise.all([
      IMPORTS.querystring(),
      IMPORTS.child_process(),
      IMPORTS.https(),
      import('./reference-load-target.js'),
    ]);
    declareLoadTarget(https);
    return { querystring, child_process: childProcess, https };
  })();
  return loaded;
}

/**
 * The reference as the oracle of an agent's differential cases: each module that loads in this build.
 * @example
 * const oracle = await loadReferenceOracle(); // in a page agent: { querystring }
 */
export async function loadReferenceOracle(): Promise<CandidateModules> {
  const oracle: { -readonly [K in keyof CandidateModules]: CandidateModules[K] } = {};
  // Each part on its own: an oracle module missing from this build only affects the cases that use it.
  await Promise.allSettled([
    IMPORTS.querystring().then((module) => (oracle.querystring = module)),
    IMPORTS.child_process().then((module) => (oracle.child_process = module)),
    IMPORTS.https().then((module) => (oracle.https = module)),
  ]);
  return oracle;
}
