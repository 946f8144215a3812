// The vacuity audit (issue 31 §3): every case whose rule concerns an option or a value fails each candidate that
// ignores it (the option dropped, another default, the value swapped for the default), so no case passes an
// implementation that does not do what its rule says; every other case is exempt with a reason. The tables are in
// test/conformance/vacuity/; `npm run test:vacuity` runs this file alone, a long suite of its own (test/test-suites.ts keeps
// it out of `npm test`: it takes minutes), which `.ci/run` runs with the others (`npm run test:long`).
import './vacuity/end-on-failure.js';
import { expect } from 'chai';
import { allCases } from '../../conformance/registry.js';
import type { CaseDefinition } from '../../conformance/case.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { ModuleName } from '../../spec/rule.js';
import type { ModuleAudit } from './vacuity/audit-entry.js';
import { childProcessAudit } from './vacuity/child-process-audit.js';
import { httpsAudit } from './vacuity/https-audit.js';
import { querystringAudit } from './vacuity/querystring-audit.js';
import { runCase } from './run-case.js';

const AUDITS: Readonly<Record<ModuleName, ModuleAudit>> = {
  querystring: querystringAudit,
  child_process: childProcessAudit,
  https: httpsAudit,
};

/** The longest a case may take against an "ignores it" candidate. */
const AUDIT_TIMEOUT_MS = 15_000;

const byId = new Map<string, CaseDefinition>(allCases.map((definition) => [definition.id, definition]));

describe('vacuity audit: every case fails a candidate that ignores what its rule names', function () {
  this.timeout(120_000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  for (const [module, audit] of Object.entries(AUDITS) as [ModuleName, ModuleAudit][]) {
    describe(module, () => {
      it('names every case of the module once: audited, or exempt with a reason', () => {
        const named = [...audit.entries.map((entry) => entry.case), ...audit.exempt.flatMap((exemption) => exemption.cases)];
        const twice = named.filter((id, index) => named.indexOf(id) !== index);
        expect(twice, 'cases named twice').to.deep.equal([]);
        expect(named.filter((id) => !byId.has(id)), 'names of no case').to.deep.equal([]);
        const ids = allCases.filter((definition) => definition.module === module).map((definition) => definition.id);
        expect(ids.filter((id) => !named.includes(id)), 'cases neither audited nor exempt').to.deep.equal([]);
        expect(audit.entries.filter((entry) => entry.candidates.length === 0).map((entry) => entry.case), 'audited cases without a candidate').to.deep.equal([]);
      });

      for (const entry of audit.entries) {
        for (const ignoring of entry.candidates) {
          it(`${entry.case} fails a candidate that ${ignoring.ignores}`, async () => {
            const definition = byId.get(entry.case);
            expect(definition, `case ${entry.case}`).to.not.equal(undefined);
            // A candidate that ignores an option often makes a case wait for what never comes (a child that is never
            // killed, a callback never called): a shorter limit than a case's own, and a timeout is a failure too.
            const timeoutMs = Math.min((definition as CaseDefinition).timeoutMs ?? AUDIT_TIMEOUT_MS, AUDIT_TIMEOUT_MS);
            const result = await runCase(definition as CaseDefinition, ignoring.modules(), fixtures, { kind: 'adapter', timeoutMs });
            expect(result.status, `${entry.case} against a candidate that ${ignoring.ignores}: ${result.message ?? ''}`).to.not.equal('pass');
          });
        }
      }
    });
  }
});
