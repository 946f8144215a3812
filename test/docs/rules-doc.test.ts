// docs/rules.md is the rule catalogue of spec/ as it is now: what scripts/rules-doc.mts writes from it, every rule
// once. A rule added, retitled or retired fails this until `npm run docs:rules` writes the page anew.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesMarkdown, RULES_DOC } from '../../scripts/rules-doc.mjs';
import { rules } from '../../spec/index.js';
import { ROOT } from '../cli/run-cli.js';

describe('docs/rules.md', () => {
  it('is what npm run docs:rules writes from the catalogue', () => {
    expect(readFileSync(join(ROOT, RULES_DOC), 'utf8') === rulesMarkdown(), `${RULES_DOC} is stale: run npm run docs:rules`).to.equal(true);
  });

  it('links the spec the rules are drawn from, which the repository holds', () => {
    expect(rulesMarkdown()).to.contain('](../spec/rt-library-interface.md)');
    expect(readFileSync(join(ROOT, 'spec', 'rt-library-interface.md'), 'utf8')).to.match(/^# Secure HTTP, query-string and child-process runtime library interface\n/);
  });

  it('lists every rule of the catalogue once, with its statement', () => {
    const page = rulesMarkdown();
    for (const rule of rules) {
      expect(page.split(`- \`${rule.id}\` (`).length - 1, rule.id).to.equal(1);
    }
    const changed = rules.map((rule, index) => (index === 0 ? { ...rule, title: 'a statement nobody wrote' } : rule));
    expect(rulesMarkdown(changed)).to.contain('a statement nobody wrote').and.not.equal(page);
  });
});
