// `rtconf list rules|cases [--json]`: the catalogue and the cases, as text for people or JSON for tools.
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { rules } from '../../spec/index.js';
import { selectCases } from '../../conformance/registry.js';
import { parseCommandLine } from '../parse.js';
import { UsageError } from '../usage-error.js';

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(
    'list',
    argv,
    {
      json: { type: 'boolean' },
      module: { type: 'string', multiple: true },
      rule: { type: 'string', multiple: true },
      case: { type: 'string', multiple: true },
    },
    true,
  );
  const [what, ...extra] = positionals;
  if (extra.length > 0 || (what !== 'rules' && what !== 'cases')) throw new UsageError('list: expected "rules" or "cases"');
  const modules = (values.module ?? []).map((name) => {
    if (!(MODULES as readonly string[]).includes(name)) throw new UsageError(`--module must be one of ${MODULES.join(', ')}, got "${name}"`);
    return name as ModuleName;
  });
  const cases = selectCases({ modules, ruleGlobs: values.rule ?? [], caseGlobs: values.case ?? [] });
  const out = process.stdout;
  if (what === 'cases') {
    const listed = cases.map(({ id, module, rules: cited, timeoutMs, tags }) => ({ id, module, rules: cited, ...(timeoutMs ? { timeoutMs } : {}), ...(tags ? { tags } : {}) }));
    if (values.json) out.write(`${JSON.stringify(listed, null, 1)}\n`);
    else for (const item of listed) out.write(`${item.id}  [${item.rules.join(', ')}]\n`);
    return 0;
  }
  const casesByRule = new Map<string, string[]>();
  for (const definition of selectCases({})) {
    for (const id of definition.rules) casesByRule.set(id, [...(casesByRule.get(id) ?? []), definition.id]);
  }
  const listed = rules
    .filter((rule) => !rule.retired && (modules.length === 0 || modules.includes(rule.module)))
    .map((rule) => ({
      id: rule.id,
      module: rule.module,
      level: rule.level,
      title: rule.title,
      section: rule.section,
      ...(rule.why ? { why: rule.why } : {}),
      ...(rule.since ? { since: rule.since } : {}),
      ...(rule.platforms ? { platforms: rule.platforms } : {}),
      cases: casesByRule.get(rule.id) ?? [],
    }));
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
