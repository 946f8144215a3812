// The rule catalogue: every statement of the spec as a rule, collected from the per-module files.
import type { Rule } from './rule.js';
import { querystringRules } from './querystring.js';
import { childProcessRules } from './child_process.js';
import { httpsRules } from './https.js';

export * from './rule.js';

export const rules: readonly Rule[] = [...querystringRules, ...childProcessRules, ...httpsRules];

const byId = new Map(rules.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return byId.get(id);
}
