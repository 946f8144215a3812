// diffResults: regressions (by the one definition), fixes, other changes, new and removed cases between two runs; a
// run against itself shows none, and the edits made to a copy are exactly the changes found.
import { expect } from 'chai';
import fc from 'fast-check';
import { diffResults } from '../../results/diff.js';
import type { CandidateInfo, CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import { STATUSES } from '../../results/results-file.js';
import { isRegression } from '../../results/regression.js';
import { isFailing } from '../../results/status.js';
import { buildSampleResults, resultsOf, withStatuses, withoutCases } from '../reports/sample-results.js';

const RULES: RuleSummary[] = [
  { id: 'querystring.parse.normative', module: 'querystring', level: 'normative', title: 'a must' },
  { id: 'querystring.parse.advice', module: 'querystring', level: 'informative', title: 'a should' },
];
const HOST: CandidateInfo = { id: 'host', name: 'node', kind: 'host' };

function result(id: string, status: Status, rule = 'querystring.parse.normative'): CaseResult {
  return { case: id, module: 'querystring', rules: [rule], status, durationMs: 1, ...(status === 'pass' || status === 'skip' || status === 'na' ? {} : { message: `${id} is ${status}` }) };
}

describe('diffResults', () => {
  it('classifies regressions, fixes, other changes, new and removed cases', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [result('r', 'pass'), result('f', 'fail'), result('c', 'fail'), result('same', 'pass'), result('gone', 'pass'), result('soft', 'pass', 'querystring.parse.advice')] }]);
    const b = resultsOf(RULES, [{ candidate: HOST, results: [result('r', 'timeout'), result('f', 'pass'), result('c', 'crash'), result('same', 'pass'), result('added', 'fail'), result('soft', 'fail', 'querystring.parse.advice')] }]);
    const diff = diffResults(a, b);
    const kinds = Object.fromEntries(diff.changes.map((change) => [change.case, change.kind]));
    // fail → crash fails otherwise than the baseline did, and a new failing normative case was expected to pass:
    // both regress under the one definition (results/regression.ts), as they fail the gate against a baseline.
    expect(kinds).to.deep.equal({ r: 'regression', f: 'fix', c: 'regression', added: 'regression', gone: 'removed', soft: 'change' });
    expect(diff.counts).to.deep.equal({ regression: 3, fix: 1, change: 1, new: 0, removed: 1 });
    expect(diff.compared).to.equal(5);
    const regression = diff.changes.find((change) => change.case === 'r');
    expect(regression).to.include({ kind: 'regression', candidate: 'host', before: 'pass', after: 'timeout', message: 'r is timeout', normative: true });
  });

  it('lists pass → skip and pass → na of a normative case as changes, not regressions (nothing was broken)', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [result('x', 'pass'), result('y', 'pass')] }]);
    const b = resultsOf(RULES, [{ candidate: HOST, results: [result('x', 'skip'), result('y', 'na')] }]);
    expect(diffResults(a, b).counts).to.include({ regression: 0, change: 2 });
  });

  it('lists a new case that passes, or fails only an informative rule, as new', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [] }]);
    const b = resultsOf(RULES, [{ candidate: HOST, results: [result('ok', 'pass'), result('soft', 'fail', 'querystring.parse.advice')] }]);
    expect(diffResults(a, b).changes.map((change) => `${change.kind} ${change.case}`)).to.deep.equal(['new ok', 'new soft']);
  });

  it('reports every case of a candidate that only one run has as new (a regression when it fails) or removed', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [result('x', 'pass')] }]);
    const b = resultsOf(RULES, [{ candidate: { id: 'runtime:bun@1', name: 'bun', kind: 'runtime' }, results: [result('x', 'fail')] }]);
    const diff = diffResults(a, b);
    expect(diff.changes.map((change) => `${change.kind} ${change.candidate}`)).to.deep.equal(['regression runtime:bun@1', 'removed host']);
    expect(diff.compared).to.equal(0);
  });

  it('finds no change between a run and itself, and reverses pass → failing regressions into fixes', () => {
    const statuses = fc.constantFrom(...STATUSES);
    fc.assert(
      fc.property(fc.array(fc.tuple(statuses, statuses), { minLength: 1, maxLength: 30 }), (pairs) => {
        const a = resultsOf(RULES, [{ candidate: HOST, results: pairs.map(([before], index) => result(`c${index}`, before)) }]);
        const b = resultsOf(RULES, [{ candidate: HOST, results: pairs.map(([, after], index) => result(`c${index}`, after)) }]);
        expect(diffResults(a, a).changes).to.deep.equal([]);
        const forward = diffResults(a, b);
        const backward = diffResults(b, a);
        expect(forward.counts.regression).to.equal(pairs.filter(([before, after]) => isRegression(after, before, true)).length);
        // Every pass that started failing is a regression one way and a fix the other.
        expect(backward.counts.fix).to.equal(pairs.filter(([before, after]) => before === 'pass' && isFailing(after)).length);
      }),
    );
  });

  it('works on realistic runs: edits made to a copy are exactly the changes found', () => {
    const base = buildSampleResults({ candidates: 5, cases: 200 });
    const passing = base.runs[2]?.results.filter((item) => item.status === 'pass').slice(0, 4) ?? [];
    const dropped = base.runs[0]?.results.find((item) => !passing.some((edited) => edited.case === item.case))?.case ?? '';
    const later = withoutCases(withStatuses(base, passing.map((item) => ({ candidate: 'runtime:node@18', case: item.case, status: 'fail' as const }))), [dropped]);
    const diff = diffResults(base, later);
    expect(diff.changes.filter((change) => change.kind === 'regression').map((change) => change.case).sort()).to.deep.equal(passing.map((item) => item.case).sort());
    expect(diff.counts.removed).to.equal(5);
  });
});
