// Checks the exports a case declares it judges (`apis`, conformance/case.ts) against what it really did on a recorded
// run of the reference (leak-mutants.ts records the exports each case read): a case judges exactly the exports it
// read among those its rules speak of. Shared by the mutant suites of the three modules, which record that run anyway.
import type { CaseDefinition } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';
import { apisOfRule } from '../../spec/apis.js';
import type { ExportReads } from './leak-mutants.js';

/**
 * Exports a case reaches through another: an https.Server is what https.createServer returned, so a case that read
 * createServer judged the Server it made without reading the class.
 */
const REACHED_THROUGH: Readonly<Record<string, string>> = { 'https.Server': 'https.createServer' };

/**
 * The cases whose declared exports differ from those they read among their rules' exports, each with both lists. Only
 * passes are checked: a case off its platform (`na`) reads nothing.
 */
export function misdeclaredApis(cases: readonly CaseDefinition[], recorded: { results: ReadonlyMap<string, CaseResult>; reads: ExportReads }): string[] {
  const wrong: string[] = [];
  for (const definition of cases) {
    if (recorded.results.get(definition.id)?.status !== 'pass') continue;
    const read = new Set([...(recorded.reads.get(definition.id) ?? [])].filter((key): key is string => typeof key === 'string').map((name) => `${definition.module}.${name}`));
    const ofRules = new Set(definition.rules.flatMap((rule) => apisOfRule(rule)));
    const judged = [...ofRules].filter((api) => read.has(api) || (REACHED_THROUGH[api] !== undefined && read.has(REACHED_THROUGH[api] as string))).sort();
    const declared = [...(definition.apis ?? [])].sort();
    if (judged.join() !== declared.join()) wrong.push(`${definition.id}: declares [${declared.join(', ')}], judged [${judged.join(', ')}]`);
  }
  return wrong;
}
