// The registry: every case of every module, and selection by module, rule glob and case glob.
import picomatch from 'picomatch';
import type { CaseDefinition } from './case.js';
import type { ModuleName } from '../spec/rule.js';
import { cases as querystringCases } from './querystring/index.js';
import { cases as childProcessCases } from './child_process/index.js';
import { cases as httpsCases } from './https/index.js';

export interface CaseSelection {
  /** Keep only cases of these modules (all when empty or absent). */
  readonly modules?: readonly ModuleName[];
  /** Keep only cases citing a rule whose id matches one of these globs. */
  readonly ruleGlobs?: readonly string[];
  /** Keep only cases whose id matches one of these globs. */
  readonly caseGlobs?: readonly string[];
}

export const allCases: readonly CaseDefinition[] = [...querystringCases, ...childProcessCases, ...httpsCases];

const byId = new Map(allCases.map((definition) => [definition.id, definition]));

export function caseById(id: string): CaseDefinition | undefined {
  return byId.get(id);
}

/** A predicate for ids: true when any glob matches. Globs use `*` within and `**` across dotted parts alike. */
export function idMatcher(globs: readonly string[]): (id: string) => boolean {
  // Ids contain no '/', so picomatch's '*' already spans dots; `dot` lets '*' match ids with leading dots too.
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  return (id) => matchers.some((matches) => matches(id));
}

export function selectCases(selection: CaseSelection, from: readonly CaseDefinition[] = allCases): CaseDefinition[] {
  const { modules = [], ruleGlobs = [], caseGlobs = [] } = selection;
  const ruleMatches = ruleGlobs.length > 0 ? idMatcher(ruleGlobs) : undefined;
  const caseMatches = caseGlobs.length > 0 ? idMatcher(caseGlobs) : undefined;
  return from.filter(
    (definition) =>
      (modules.length === 0 || modules.includes(definition.module)) &&
      (!caseMatches || caseMatches(definition.id)) &&
      (!ruleMatches || definition.rules.some(ruleMatches)),
  );
}
