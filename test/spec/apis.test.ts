// Checks the API catalogue (spec/apis.ts) against the rule catalogue: every export the spec lists is there once, every
// normative rule speaks of at least one export (or says why it speaks of none), every export has normative rules,
// and every rule reference names a rule that exists.
import { expect } from 'chai';
import { API_FREE_RULES, apiCites, apis, apisOfRule } from '../../spec/apis.js';
import { MODULES, ruleById, rules } from '../../spec/index.js';

/** The exports each module's `module-exports` rule names, in the spec's order ("What the service does" and Endpoints). */
const SPEC_EXPORTS = {
  querystring: ['parse', 'decode', 'stringify', 'encode', 'escape', 'unescape'],
  child_process: ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'],
  https: ['createServer', 'Server', 'request', 'get', 'Agent', 'globalAgent'],
} as const;

describe('API catalogue (spec/apis.ts)', () => {
  it('lists exactly the exports each module-exports rule names, each once, by module in catalogue order', () => {
    for (const module of MODULES) {
      const listed = apis.filter((api) => api.module === module).map((api) => api.name);
      expect([...listed].sort(), module).to.deep.equal([...SPEC_EXPORTS[module]].sort());
      const exportsRule = ruleById(module === 'child_process' ? 'child_process.general.module-exports' : `${module}.module.exports`);
      for (const name of listed) expect(exportsRule?.title, `${module}.${name} in the exports rule`).to.contain(name);
    }
    expect(new Set(apis.map((api) => api.id)).size).to.equal(apis.length);
    expect(apis.map((api) => MODULES.indexOf(api.module))).to.deep.equal(apis.map((api) => MODULES.indexOf(api.module)).sort((a, b) => a - b));
  });

  it('maps every normative rule to at least one export, or says why it speaks of none', () => {
    const unmapped = rules.filter((rule) => rule.level === 'normative' && !rule.retired && apisOfRule(rule.id).length === 0 && !(rule.id in API_FREE_RULES));
    expect(unmapped.map((rule) => rule.id)).to.deep.equal([]);
  });

  it('gives a reason for each rule that speaks of no export, and lists only normative rules that really map to none', () => {
    for (const [id, why] of Object.entries(API_FREE_RULES)) {
      expect(ruleById(id)?.level, id).to.equal('normative');
      expect(apisOfRule(id), `${id} is listed as speaking of no export`).to.deep.equal([]);
      expect(why.length, `the reason for ${id}`).to.be.greaterThan(20);
    }
  });

  it('gives every export at least one normative rule, and every rule reference matches a rule', () => {
    for (const api of apis) {
      const normative = rules.filter((rule) => rule.level === 'normative' && apiCites(api, rule.id));
      expect(normative.length, `normative rules of ${api.id}`).to.be.greaterThan(0);
      for (const entry of api.rules) {
        const matches = rules.filter((rule) => apiCites({ rules: [entry] }, rule.id));
        expect(matches.length, `${api.id} cites ${entry}`).to.be.greaterThan(0);
      }
    }
  });

  it('matches a prefix entry only at a dot boundary, and exact ids exactly', () => {
    const apiById = (id: string) => apis.find((api) => api.id === id);
    const fork = apiById('child_process.fork');
    expect(fork && apiCites(fork, 'child_process.fork.ipc-channel')).to.equal(true);
    expect(fork && apiCites(fork, 'child_process.forked.x')).to.equal(false);
    const exec = apiById('child_process.exec');
    // exec's prefix is `child_process.exec.`, which must not swallow execFile's `child_process.exec-file.` rules.
    expect(exec && apiCites(exec, 'child_process.exec-file.args')).to.equal(false);
    expect(apisOfRule('child_process.child-process.event-emitter')).to.deep.equal(['child_process.spawn', 'child_process.exec', 'child_process.execFile', 'child_process.fork']);
  });

  it('cites rules of its own module only (defineApis refuses the others when the catalogue loads)', () => {
    for (const api of apis) for (const entry of api.rules) expect(entry.startsWith(`${api.module}.`), `${api.id} cites ${entry}`).to.equal(true);
  });
});
