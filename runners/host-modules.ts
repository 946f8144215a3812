// The host candidate: the builtins of the runtime running the harness.
import type { CandidateModules } from '../conformance/modules.js';

export async function loadHostModules(): Promise<CandidateModules> {
  const [querystring, childProcess, https] = await Promise.all([
    import('node:querystring'),
    import('node:child_process'),
    import('node:https'),
  ]);
  return { querystring: querystring.default, child_process: childProcess.default, https: https.default };
}
