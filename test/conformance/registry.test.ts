// Which cases a run selects: id globs where * spans dotted parts, narrowed by module, case glob and rule glob together.
import { expect } from 'chai';
import type { CaseDefinition } from '../../conformance/case.js';
import { idMatcher, selectCases } from '../../conformance/registry.js';

const make = (id: string, module: CaseDefinition['module'], rules: string[]): CaseDefinition => ({ id, module, rules, run: () => undefined });

const CASES = [
  make('querystring.parse.repeated-keys', 'querystring', ['querystring.parse.repeated-keys']),
  make('querystring.stringify.sep-eq', 'querystring', ['querystring.stringify.custom-sep', 'querystring.stringify.custom-eq']),
  make('child_process.exec.exit-code', 'child_process', ['child_process.exec.error-code']),
  make('https.agent.default-max-cached-sessions', 'https', ['https.agent.max-cached-sessions-default']),
];

describe('case selection', () => {
  it('matches ids with globs where * spans dotted parts', () => {
    const matches = idMatcher(['querystring.*']);
    expect(matches('querystring.parse.repeated-keys')).to.equal(true);
    expect(matches('https.agent.x')).to.equal(false);
    expect(idMatcher(['*.exec.*'])('child_process.exec.exit-code')).to.equal(true);
    expect(idMatcher(['querystring.parse.repeated-keys'])('querystring.parse.repeated-keys-x')).to.equal(false);
  });

  it('selects everything when nothing narrows the selection', () => {
    expect(selectCases({}, CASES)).to.have.length(CASES.length);
  });

  it('narrows by module, by case glob and by rule glob, all together', () => {
    const ids = (selection: Parameters<typeof selectCases>[0]): string[] => selectCases(selection, CASES).map((c) => c.id);
    expect(ids({ modules: ['https', 'child_process'] })).to.deep.equal(['child_process.exec.exit-code', 'https.agent.default-max-cached-sessions']);
    expect(ids({ caseGlobs: ['*.stringify.*'] })).to.deep.equal(['querystring.stringify.sep-eq']);
    expect(ids({ ruleGlobs: ['querystring.stringify.custom-eq'] })).to.deep.equal(['querystring.stringify.sep-eq']);
    expect(ids({ modules: ['querystring'], ruleGlobs: ['*.error-code'] })).to.deep.equal([]);
    expect(ids({ caseGlobs: ['https.*', 'child_process.*'] })).to.have.length(2);
  });
});
