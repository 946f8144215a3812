// Loads the reference implementation's three modules. The reference is a candidate like any other (and the oracle of
// differential properties), so only runners import it, never the cases.
import type { CandidateModules } from '../conformance/modules.js';

let loaded: Promise<CandidateModules> | undefined;

export function loadReferenceModules(): Promise<CandidateModules> {
  loaded ??= (async () => {
    const [querystring, childProcess, https] = await Promise.all([
      import('../reference/querystring/index.js'),
      import('../reference/child_process/index.js'),
      import('../reference/https/index.js'),
    ]);
    return {
      querystring: querystring.default as unknown as CandidateModules['querystring'],
      child_process: childProcess.default as unknown as CandidateModules['child_process'],
      https: https.default as unknown as CandidateModules['https'],
    };
  })();
  return loaded;
}
