// The page agent's script: our session, cases and kit for a page, with our own Node imports mapped for it and nothing
// of Node left for the page to need. No browser needed.
import { expect } from 'chai';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allCases } from '../../../conformance/registry.js';
import { buildPageAgent } from '../../../runners/agent/build-page-agent.js';
import { rules } from '../../../spec/index.js';
import { ROOT } from '../../cli/run-cli.js';

/** The folders the page agent's closure reaches, copied for a package installed as a dependency. */
const PAGE_SOURCES = ['runners', 'conformance', 'results', 'io', 'spec', 'reference'];

describe('buildPageAgent', function () {
  this.timeout(60_000);

  it('bundles the querystring cases and the session with no import of a Node builtin left', async () => {
    const { code, hash } = await buildPageAgent();
    expect(hash).to.match(/^[0-9a-f]{16}$/);
    expect(code, 'no Node builtin is imported').to.not.match(/(?:from|import|require)\s*\(?\s*["']node:/);
    expect(code).to.contain('"querystring.parse.splits-pairs-on-ampersand-by-default"');
    // The child_process and https cases are not part of a page's agent (a page cannot run them); case ids that are
    // not also rule ids (the rule catalogue is bundled whole) show whether their definitions came along.
    const ruleIds = new Set(rules.map((rule) => rule.id));
    const pageless = allCases.filter((definition) => definition.module !== 'querystring' && !ruleIds.has(definition.id));
    expect(pageless.length).to.be.greaterThan(100);
    expect(pageless.filter((definition) => code.includes(JSON.stringify(definition.id))).map((definition) => definition.id)).to.deep.equal([]);
  });

  it('maps its own modules when the package itself lives under node_modules (installed as a dependency)', async function () {
    const project = mkdtempSync(join(tmpdir(), 'rtconf-page-installed-'));
    try {
      const installed = join(project, 'node_modules', 'rt-conformance');
      mkdirSync(installed, { recursive: true });
      for (const folder of PAGE_SOURCES) cpSync(join(ROOT, folder), join(installed, folder), { recursive: true, filter: (path) => !path.endsWith('.md') });
      // Our dependencies beside it, as npm hoists them into the consumer's node_modules.
      for (const name of readdirSync(join(ROOT, 'node_modules'))) {
        if (name !== 'rt-conformance' && !name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
      }
      const copy = (await import(pathToFileURL(join(installed, 'runners', 'agent', 'build-page-agent.ts')).href)) as { buildPageAgent: typeof buildPageAgent };
      const { code } = await copy.buildPageAgent();
      expect(code).to.contain('"querystring.parse.splits-pairs-on-ampersand-by-default"');
      expect(code, 'no Node builtin is imported').to.not.match(/(?:from|import|require)\s*\(?\s*["']node:/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('is built once per process', async () => {
    const [first, second] = await Promise.all([buildPageAgent(), buildPageAgent()]);
    expect(second).to.equal(first);
  });
});
