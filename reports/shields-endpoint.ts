// A shields.io endpoint badge per candidate and module (https://shields.io/badges/endpoint-badge): the JSON a README
// hands to img.shields.io/endpoint?url=…, with the same value and colour as the SVG badge of that module, so a project
// can show its rt:https conformance in the style of its other badges.
import type { ModuleName } from '../spec/rule.js';
import type { CandidateRun, RuleSummary } from '../results/results-file.js';
import { passRate } from '../results/verdict.js';
import { colourOf, valueOf } from './badge.js';

/** The endpoint JSON shields.io reads (schemaVersion 1). */
export interface ShieldsEndpoint {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  /** A hex colour without `#`, as shields.io accepts it. */
  readonly color: string;
}

/**
 * @param run the candidate's results
 * @param rules the rules of the results file (the pass rate counts the normative ones of `module`)
 * @returns the endpoint JSON, e.g. `{ schemaVersion: 1, label: 'rt:https', message: '82/85', color: '3f6f14' }`
 * @example
 * await writeFile('badge-runtime-node@22-https.json', JSON.stringify(shieldsEndpoint(run, results.rules, 'https')));
 */
export function shieldsEndpoint(run: CandidateRun, rules: readonly RuleSummary[], module: ModuleName, interfaceVersion?: string): ShieldsEndpoint {
  const rate = passRate(run, rules, module);
  return {
    schemaVersion: 1,
    label: interfaceVersion ? `rt:${module} ${interfaceVersion}` : `rt:${module}`,
    message: valueOf(rate),
    color: colourOf(rate).replace(/^#/, ''),
  };
}
