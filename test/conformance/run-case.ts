// Runs one case against a module under test, the way the in-process runner does (the https load target resolved from
// the module and its declarations), with the reference as the oracle of differential properties. Shared by the mutant
// suites of the three modules.
import type { CandidateDeclarations, CaseDefinition } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import childProcessReference from '../../reference/child_process.js';
import httpsReference from '../../reference/https.js';
import querystringReference from '../../reference/querystring.js';
import { executeCase } from '../../runners/execute-case.js';
import { builtinHttps, resolveHttpsLoadTarget } from '../../runners/https-load-target.js';
import type { RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { CandidateKind, CaseResult } from '../../results/results-file.js';
import { ruleById } from '../../spec/index.js';

const oracle: CandidateModules = {
  querystring: querystringReference as unknown as CandidateModules['querystring'],
  child_process: childProcessReference as unknown as CandidateModules['child_process'],
  https: httpsReference as unknown as CandidateModules['https'],
};

export async function runCase(
  definition: CaseDefinition,
  modules: CandidateModules,
  fixtures: RunFixtures,
  options: { readonly kind?: CandidateKind; readonly timeoutMs: number; readonly declared?: CandidateDeclarations; readonly runSeed?: number },
): Promise<CaseResult> {
  const kind = options.kind ?? 'reference';
  const httpsLoadTarget = resolveHttpsLoadTarget(modules.https, options.declared?.httpsLoadTarget, await builtinHttps());
  return executeCase(definition, {
    candidate: { id: kind, name: kind, kind },
    ...(options.declared ? { declared: options.declared } : {}),
    ...(httpsLoadTarget ? { httpsLoadTarget } : {}),
    modules,
    oracle,
    fixtures,
    runSeed: options.runSeed ?? 1,
    timeoutMs: options.timeoutMs,
    ruleById,
  });
}
