// Runs one case against a module under test, the way the in-process runner does, with the reference as the oracle of
// differential properties. Shared by the mutant suites of the three modules.
import type { CaseDefinition } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import childProcessReference from '../../reference/child_process/index.js';
import httpsReference from '../../reference/https/index.js';
import querystringReference from '../../reference/querystring/index.js';
import { executeCase } from '../../runners/execute-case.js';
import type { RunFixtures } from '../../runners/run-fixtures.js';
import type { CandidateKind, CaseResult } from '../../reports/results.js';
import { ruleById } from '../../spec/index.js';

const oracle: CandidateModules = {
  querystring: querystringReference as unknown as CandidateModules['querystring'],
  child_process: childProcessReference as unknown as CandidateModules['child_process'],
  https: httpsReference as unknown as CandidateModules['https'],
};

export function runCase(
  definition: CaseDefinition,
  modules: CandidateModules,
  fixtures: RunFixtures,
  options: { readonly kind?: CandidateKind; readonly timeoutMs: number },
): Promise<CaseResult> {
  const kind = options.kind ?? 'reference';
  return executeCase(definition, {
    candidate: { id: kind, name: kind, kind },
    modules,
    oracle,
    fixtures,
    runSeed: 1,
    timeoutMs: options.timeoutMs,
    ruleById,
  });
}
