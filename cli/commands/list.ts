// `rtconf list rules|cases [--json] [--module NAME]... [--rule GLOB]... [--case GLOB]...`: the catalogue and the
// cases, as text for people or JSON for tools. The selection flags mean what they mean for `rtconf run`.
import { rules } from '../../spec/index.js';
import { toRuleSummary } from '../../results/rule-summary.js';
import { idMatcher, selectCases } from '../../conformance/registry.js';
import { parseModule, parseVerb } from '../parse.js';
import { NO_CASE_MATCHES, UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseVerb('list', argv);
  const [what, ...extra] = positionals;
  if (extra.length > 0 || (what !== 'rules' && what !== 'cases')) throw new UsageError('list: expected "rules" or "cases"');
  const modules = (values.module ?? []).map(parseModule);
  const ruleGlobs = values.rule ?? [];
  const caseGlobs = values.case ?? [];
  const cases = selectCases({ modules, ruleGlobs, caseGlobs });
  const out = process.stdout;
  if (what === 'cases') {
    if (cases.length === 0) throw new UsageError(NO_CASE_MATCHES);
    const listed = cases.map(({ id, module, rules: cited, apis: judged, timeoutMs, tags }) => ({
      id,
      module,
      rules: cited,
      // The exports the case judges: its result counts for these in the per-API states.
      ...(judged ? { apis: judged } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(tags ? { tags } : {}),
    }));
    if (values.json) out.write(`${JSON.stringify(listed, null, 1)}\n`);
    else for (const item of listed) out.write(`${item.id}  [${item.rules.join(', ')}]\n`);
    return 0;
  }
  // Rules: --rule keeps the rules whose id matches; --case keeps the rules the matching cases cite. The cases listed
  // per rule are the selected ones, so `--case` shows which of them cover each rule.
  const ruleMatches = ruleGlobs.length > 0 ? idMatcher(ruleGlobs) : () => true;
  const citedBySelection = caseGlobs.length > 0 ? new Set(cases.flatMap((definition) => definition.rules)) : undefined;
  const casesByRule = new Map<string, string[]>();
  for (const definition of caseGlobs.length > 0 ? cases : selectCases({ modules })) {
    for (const id of definition.rules) casesByRule.set(id, [...(casesByRule.get(id) ?? []), definition.id]);
  }
  const listed = rules
    .filter((rule) => !rule.retired && (modules.length === 0 || modules.includes(rule.module)))
    .filter((rule) => ruleMatches(rule.id) && (!citedBySelection || citedBySelection.has(rule.id)))
    .map((rule) => ({ ...toRuleSummary(rule), cases: casesByRule.get(rule.id) ?? [] }));
  if (listed.length === 0) throw new UsageError('no rule matches the selection (see rtconf list rules)');
  if (values.json) {
    out.write(`${JSON.stringify(listed, null, 1)}\n`);
    return 0;
  }
  for (const rule of listed) out.write(`${rule.id}  ${rule.level}  ${rule.cases.length} case(s)  ${rule.title}\n`);
  const uncovered = listed.filter((rule) => rule.level === 'normative' && rule.cases.length === 0);
  out.write(`\n${listed.length} rule(s); ${uncovered.length} normative rule(s) without a case${uncovered.length ? ':' : ''}\n`);
  for (const rule of uncovered) out.write(`  ${rule.id}\n`);
  return 0;
}
