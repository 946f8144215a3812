// The one verdict: a rule fails when any case citing it does not pass; the pass rate counts evaluated normative rules
// and gives a verdict per run and per module.
import { expect } from 'chai';
import { passRate, ruleStatuses } from '../../results/verdict.js';
import type { CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import { resultsOf } from '../reports/sample-results.js';

const RULES: RuleSummary[] = [
  { id: 'querystring.a.one', module: 'querystring', level: 'normative', title: 'one' },
  { id: 'querystring.a.two', module: 'querystring', level: 'normative', title: 'two' },
  { id: 'querystring.a.three', module: 'querystring', level: 'normative', title: 'three' },
  { id: 'https.a.four', module: 'https', level: 'normative', title: 'four' },
  { id: 'https.a.five', module: 'https', level: 'informative', title: 'five' },
];

function caseOf(id: string, rules: string[], status: Status, module: CaseResult['module'] = 'querystring'): CaseResult {
  return { case: id, module, rules, status, durationMs: 1, ...(['pass', 'skip', 'na'].includes(status) ? {} : { message: 'x' }) };
}

function runOf(results: CaseResult[]) {
  const run = resultsOf(RULES, [{ candidate: { id: 'c', name: 'c', kind: 'adapter' }, results }]).runs[0];
  if (!run) throw new Error('no run');
  return run;
}

describe('ruleStatuses', () => {
  it('fails a rule when any citing case does not pass, even if others pass', () => {
    const statuses = ruleStatuses(runOf([caseOf('x', ['querystring.a.one'], 'pass'), caseOf('y', ['querystring.a.one', 'querystring.a.two'], 'timeout')]), RULES);
    expect(statuses.get('querystring.a.one')).to.equal('timeout');
    expect(statuses.get('querystring.a.two')).to.equal('timeout');
  });

  it('passes a rule whose applicable cases pass, and says none for a rule no case cites', () => {
    const statuses = ruleStatuses(runOf([caseOf('x', ['querystring.a.one'], 'pass'), caseOf('y', ['querystring.a.one'], 'na')]), RULES);
    expect(statuses.get('querystring.a.one')).to.equal('pass');
    expect(statuses.get('querystring.a.three')).to.equal('none');
  });
});

describe('passRate', () => {
  const run = runOf([
    caseOf('a', ['querystring.a.one'], 'pass'),
    caseOf('b', ['querystring.a.two'], 'fail'),
    caseOf('c', ['https.a.four'], 'skip', 'https'),
    caseOf('d', ['https.a.five'], 'fail', 'https'),
  ]);

  it('counts normative rules only, over the evaluated ones', () => {
    expect(passRate(run, RULES)).to.include({ passed: 1, failing: 1, evaluated: 2, skipped: 1, untested: 1, verdict: 'not-conformant' });
  });

  it('gives a per-module verdict', () => {
    expect(passRate(run, RULES, 'https').verdict).to.equal('not-provided');
    expect(passRate(runOf([caseOf('a', ['querystring.a.one'], 'pass')]), RULES, 'querystring').verdict).to.equal('conformant');
    expect(passRate(runOf([]), RULES).verdict).to.equal('untested');
  });
});
