// The coverage gate: every case has a unique id that starts with its module and cites live normative rules of that
// module, every normative rule of a finished module is cited by some case, and every normative rule of every export
// is judged for that export by some case (a rule several exports share, by a case of each).
import { expect } from 'chai';
import { allCases } from '../../conformance/registry.js';
import { apiCites, apis } from '../../spec/apis.js';
import { rules, ruleById, MODULES, type ModuleName } from '../../spec/index.js';

/**
 * Modules whose issue is done: every normative rule of these must be cited by at least one case. A module joins
 * this list when its cases are complete; until then `rtconf list rules` shows its uncovered rules.
 */
const FINISHED_MODULES: readonly ModuleName[] = ['querystring', 'child_process', 'https'];

describe('coverage gate', () => {
  it('gives every case a unique id that starts with its module', () => {
    const seen = new Set<string>();
    for (const definition of allCases) {
      expect(seen.has(definition.id), `duplicate case id ${definition.id}`).to.equal(false);
      seen.add(definition.id);
      expect(definition.id.startsWith(`${definition.module}.`), definition.id).to.equal(true);
      expect(definition.id).to.match(/^[a-z_]+(\.[A-Za-z0-9_-]+)+$/);
    }
  });

  it('makes every case cite at least one existing, live rule of its own module', () => {
    for (const definition of allCases) {
      expect(definition.rules.length, `${definition.id} cites no rule`).to.be.greaterThan(0);
      for (const id of definition.rules) {
        const rule = ruleById(id);
        expect(rule, `${definition.id} cites unknown rule ${id}`).to.not.equal(undefined);
        expect(rule?.module, `${definition.id} cites ${id} of another module`).to.equal(definition.module);
        expect(rule?.retired, `${definition.id} cites retired rule ${id}`).to.not.equal(true);
      }
    }
  });

  it('never cites an informative rule (they have no case by definition)', () => {
    for (const definition of allCases) {
      for (const id of definition.rules) expect(ruleById(id)?.level, `${definition.id} cites ${id}`).to.not.equal('informative');
    }
  });

  it('judges every normative rule of every export by a case that calls that export', () => {
    const unjudged: string[] = [];
    for (const api of apis) {
      for (const rule of rules.filter((candidate) => candidate.level === 'normative' && !candidate.retired && apiCites(api, candidate.id))) {
        if (!allCases.some((definition) => definition.rules.includes(rule.id) && definition.apis?.includes(api.id))) unjudged.push(`${rule.id} for ${api.id}`);
      }
    }
    expect(unjudged).to.deep.equal([]);
  });

  for (const module of MODULES) {
    const finished = FINISHED_MODULES.includes(module);
    it(`${finished ? 'covers' : '(module unfinished) would cover'} every normative ${module} rule with a case`, function () {
      if (!finished) this.skip();
      const cited = new Set(allCases.flatMap((definition) => definition.rules));
      const uncovered = rules.filter((rule) => rule.module === module && rule.level === 'normative' && !rule.retired && !cited.has(rule.id));
      expect(uncovered.map((rule) => rule.id)).to.deep.equal([]);
    });
  }
});
