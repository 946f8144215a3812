// Writes docs/rules.md, the rule catalogue (spec/) as a document: what the help, the gate and the reports cite by id
// (`querystring.parse.max-keys-default`) can be read there, in the installed package as in the checkout, without
// running `rtconf list rules`. test/docs/rules-doc.test.ts fails when the page is not what this writes from spec/.
//
//   node --import tsx scripts/rules-doc.mts      (npm run docs:rules)
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apisOfRule } from '../spec/apis.js';
import { MODULES, rules as catalogue, type Rule } from '../spec/index.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where the page is written, from the package root. */
export const RULES_DOC = 'docs/rules.md';

/** Text of a table cell or a list item: on one line, with the characters Markdown reads as syntax escaped. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\|<>*_[\]])/g, '\\$1');
}

/** What a rule's `why` is: for an informative rule, why no case checks it; else how the cases read the statement. */
function whyLabel(rule: Rule): string {
  if (rule.level === 'informative') return 'No case: ';
  return /^read\b/i.test(rule.why ?? '') ? '' : 'Read as: ';
}

/** One rule as a list entry: its id, level and the rest of its metadata, then its statement and why. */
function ruleEntry(rule: Rule): string {
  const facts: string[] = [rule.level];
  if (rule.since) facts.push(`since ${rule.since}`);
  if (rule.platforms) facts.push(`only on ${rule.platforms.join(', ')}`);
  const exportsOf = apisOfRule(rule.id);
  if (exportsOf.length > 0) facts.push(`about ${exportsOf.map((id) => `\`${id}\``).join(', ')}`);
  if (rule.retired) facts.push('retired');
  const lines = [`- \`${rule.id}\` (${facts.join('; ')})  `, `  ${inline(rule.title)}`];
  if (rule.why) lines.push(`  ${whyLabel(rule)}${inline(rule.why)}`);
  return lines.join('\n');
}

/**
 * The page: per module, the rules grouped by the section of the spec they come from, in catalogue order.
 * @param rules the catalogue (default: spec/'s)
 */
export function rulesMarkdown(rules: readonly Rule[] = catalogue): string {
  const normative = rules.filter((rule) => rule.level === 'normative').length;
  const out = [
    '# The rule catalogue',
    '',
    '<!-- Written by scripts/rules-doc.mts from spec/ (npm run docs:rules); test/docs/rules-doc.test.ts keeps it current. Do not edit. -->',
    '',
    `Every statement of [the spec](../spec/rt-library-interface.md) as a rule with a stable id: ${rules.length} rules, ${normative} of them normative (a case checks each) and ${rules.length - normative} informative (no case can observe them; each says why). Results, the gate, the reports and \`rtconf list rules\` name rules by these ids. "Read as" is how the cases read a statement the spec leaves vague, and on what source; "about" names the exports whose per-API state the rule decides.`,
  ];
  for (const module of MODULES) {
    const own = rules.filter((rule) => rule.module === module);
    out.push('', `## rt:${module}`, '', `${own.length} rules.`);
    // Sections in the order the catalogue first reaches them; rules in catalogue order within each.
    for (const section of new Set(own.map((rule) => rule.section))) {
      out.push('', `### ${inline(section)}`, '');
      for (const rule of own) if (rule.section === section) out.push(ruleEntry(rule));
    }
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(join(ROOT, RULES_DOC), rulesMarkdown());
  process.stdout.write(`${RULES_DOC}: ${catalogue.length} rules\n`);
}
