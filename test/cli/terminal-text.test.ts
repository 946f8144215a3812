// The console's formatting of results: diffs as a table, the gate's summary, untrusted text made printable.
import { expect } from 'chai';
import { diffResults } from '../../results/diff.js';
import type { CandidateInfo, CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import { formatDiffTable, printable, printableLine } from '../../cli/terminal-text.js';
import { resultsOf } from '../reports/sample-results.js';

const RULES: RuleSummary[] = [{ id: 'querystring.parse.normative', module: 'querystring', level: 'normative', title: 'a must' }];
const HOST: CandidateInfo = { id: 'host', name: 'node', kind: 'host' };

function result(id: string, status: Status): CaseResult {
  return { case: id, module: 'querystring', rules: ['querystring.parse.normative'], status, durationMs: 1, ...(status === 'pass' ? {} : { message: `${id} is ${status}` }) };
}

describe('printable and printableLine', () => {
  it('replace every control character and line separator, so untrusted text stays one plain line', () => {
    expect(printable('a\u001b[2J\u0007b\u2028c\u0085')).to.equal('a?[2J?b?c?');
    expect(printableLine('\n\u001b]0;x\u0007first\nsecond', 100)).to.equal('?]0;x?first');
  });

  it('clip a long first line to the width, ending in an ellipsis', () => {
    expect(printableLine('x'.repeat(50), 10)).to.equal(`${'x'.repeat(9)}…`);
  });
});

describe('formatDiffTable', () => {
  it('leads with the counts and lists each change with its statuses', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [result('r', 'pass'), result('f', 'fail')] }]);
    const b = resultsOf(RULES, [{ candidate: HOST, results: [result('r', 'fail'), result('f', 'pass')] }]);
    const text = formatDiffTable(diffResults(a, b));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).to.match(/^1 regression, 1 fix, 0 other changes, 0 new, 0 removed \(2 results compared\)$/);
    expect(lines.find((line) => line.startsWith('REGRESSED'))).to.match(/host\s+r\s+pass → fail\s+r is fail$/);
    expect(lines.find((line) => line.startsWith('fixed'))).to.match(/host\s+f\s+fail → pass$/);
  });

  it('says so when nothing changed', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: [result('r', 'pass')] }]);
    expect(formatDiffTable(diffResults(a, a))).to.equal('no status changes (1 results compared)\n');
  });

  it('never writes control characters from candidate strings to the terminal', () => {
    const evil: CandidateInfo = { id: 'evil\u001b[2J\u0007', name: 'x', kind: 'adapter' };
    const a = resultsOf(RULES, [{ candidate: evil, results: [result('r', 'pass')] }]);
    const b = resultsOf(RULES, [{ candidate: evil, results: [{ ...result('r', 'fail'), message: 'boom\u001b]0;title\u0007\nsecond line' }] }]);
    const text = formatDiffTable(diffResults(a, b));
    expect(text).to.not.match(/[\u0000-\u0009\u000B-\u001F\u007F]/);
    expect(text).to.contain('evil?[2J?').and.contain('boom?]0;title?').and.not.contain('second line');
  });

  it('lists at most `limit` rows per kind and says how many more there are', () => {
    const a = resultsOf(RULES, [{ candidate: HOST, results: Array.from({ length: 8 }, (_, index) => result(`c${index}`, 'pass')) }]);
    const b = resultsOf(RULES, [{ candidate: HOST, results: Array.from({ length: 8 }, (_, index) => result(`c${index}`, 'fail')) }]);
    const text = formatDiffTable(diffResults(a, b), { limit: 3 });
    expect(text.split('\n').filter((line) => line.startsWith('REGRESSED'))).to.have.length(3);
    expect(text).to.contain('… and 5 more regressions');
  });
});
