// A catalogue rule as results.json records it: the rule's data without what only the catalogue needs (`retired`).
import type { Rule } from '../spec/rule.js';
import type { RuleSummary } from './results-file.js';

/**
 * @example
 * results.rules = catalogue.filter((rule) => !rule.retired).map(toRuleSummary);
 */
export function toRuleSummary(rule: Rule): RuleSummary {
  return {
    id: rule.id,
    module: rule.module,
    level: rule.level,
    title: rule.title,
    section: rule.section,
    ...(rule.why ? { why: rule.why } : {}),
    ...(rule.since ? { since: rule.since } : {}),
    ...(rule.platforms ? { platforms: rule.platforms } : {}),
  };
}
