// `reference`: our reference implementation, the default candidate. Trusted code, so its cases run in the harness's
// own process (the in-process runner), with its modules loaded by runners/reference-modules.ts.
import { toolInfo } from '../../io/tool-info.js';
import { createInProcessRunner } from '../in-process-runner.js';
import { loadReferenceModules } from '../reference-modules.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';

export const reference: CandidateKindDeclaration<'reference'> = {
  kind: 'reference',
  async resolve() {
    return createInProcessRunner({
      candidate: { id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: toolInfo().version },
      modules: await loadReferenceModules(),
    });
  },
};
