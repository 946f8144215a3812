// The gates against expectations and a baseline (unexpected results, new passes, missing cases within the selection),
// expectations written from a run or refused when malformed, and --shard's disjoint, stable shards.
import { expect } from 'chai';
import { formatGate } from '../../cli/terminal-text.js';
import type { CaseResult, ResultsFile, Status } from '../../results/results-file.js';
import { summarize } from '../../results/results-file.js';
import { evaluateGate, sourceFromBaseline, sourceFromExpectations } from '../../results/regression-gate.js';
import { expectationsFromResults, TODO_REASON, validateExpectations, ExpectationsError } from '../../results/expectations.js';
import { parseShard, selectShard, ShardError } from '../../runners/shard.js';

function run(statuses: Record<string, Status>, seed = 5): ResultsFile {
  const results: CaseResult[] = Object.entries(statuses).map(([id, status]) => ({
    case: id,
    module: 'querystring',
    rules: [id.endsWith('.info') ? 'querystring.r.info' : 'querystring.r.norm'],
    status,
    durationMs: 1,
    ...(status === 'pass' ? {} : { message: `${id} ${status}` }),
  }));
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed,
    startedAt: new Date(0).toISOString(),
    durationMs: 10,
    rules: [
      { id: 'querystring.r.norm', module: 'querystring', level: 'normative', title: 'n' },
      { id: 'querystring.r.info', module: 'querystring', level: 'informative', title: 'i' },
    ],
    runs: [{ candidate: { id: 'runtime:x@1', name: 'x', kind: 'runtime' }, summary: summarize(results), results }],
  };
}

describe('regression gates', () => {
  const all = (results: ResultsFile): Set<string> => new Set(results.runs[0]?.results.map((result) => result.case));

  it('accepts expected failures, fails on unexpected ones and lists stale expectations', () => {
    const now = run({ 'q.a': 'fail', 'q.b': 'pass', 'q.c': 'timeout', 'q.d': 'crash', 'q.e.info': 'fail' });
    const expectations = validateExpectations(
      { 'runtime:x@1': { 'q.a': { status: 'fail', reason: 'known' }, 'q.b': { status: 'fail', reason: 'was broken' }, 'q.c': { status: 'fail', reason: 'known' } } },
      'test',
    );
    const report = evaluateGate(now, [sourceFromExpectations(expectations, 'expectations test')], all(now));
    // q.c: expected fail, got timeout → unexpected; q.d: not expected → unexpected; q.e.info: informative → ignored.
    expect(report.unexpected.map((item) => item.case)).to.deep.equal(['q.c', 'q.d']);
    expect(report.newPasses.map((item) => item.case)).to.deep.equal(['q.b']);
    expect(formatGate(report, [sourceFromExpectations(expectations, 'expectations test')])).to.contain('FAIL, 2 unexpected').and.contain('q.b');
  });

  it('against a baseline, fails only on regressions and lists fixes and missing cases', () => {
    const before = run({ 'q.a': 'pass', 'q.b': 'fail', 'q.c': 'fail', 'q.gone': 'pass' });
    const now = run({ 'q.a': 'fail', 'q.b': 'pass', 'q.c': 'fail', 'q.new': 'pass' });
    const report = evaluateGate(now, [sourceFromBaseline(before, 'baseline')], new Set([...all(now), 'q.gone']));
    expect(report.unexpected.map((item) => [item.case, item.allowed, item.actual])).to.deep.equal([['q.a', ['pass'], 'fail']]);
    expect(report.newPasses.map((item) => item.case)).to.deep.equal(['q.b']);
    expect(report.missing.map((item) => item.case)).to.deep.equal(['q.gone']);
  });

  it('does not call cases outside the selection (another shard, another module) missing', () => {
    const before = run({ 'q.a': 'pass', 'q.other-shard': 'fail' });
    const now = run({ 'q.a': 'pass' });
    expect(evaluateGate(now, [sourceFromBaseline(before, 'baseline')], all(now)).missing).to.deep.equal([]);
  });

  it('writes expectations from a run, keeping known reasons and marking new ones TODO', () => {
    const results = run({ 'q.a': 'fail', 'q.b': 'pass', 'q.c': 'crash' });
    const previous = validateExpectations({ 'runtime:x@1': { 'q.a': { status: 'fail', reason: 'because' }, 'q.c': { status: 'fail', reason: 'old' } } }, 'old');
    expect(expectationsFromResults(results, previous)).to.deep.equal({
      'runtime:x@1': { 'q.a': { status: 'fail', reason: 'because' }, 'q.c': { status: 'crash', reason: TODO_REASON } },
    });
  });

  it('rejects malformed expectations with the place and the problem', () => {
    expect(() => validateExpectations([], 'f.json')).to.throw(ExpectationsError, /f\.json/);
    expect(() => validateExpectations({ c: { x: { status: 'broken', reason: 'r' } } }, 'f.json')).to.throw(ExpectationsError, /c → x: status must be one of/);
    expect(() => validateExpectations({ c: { x: { status: 'fail' } } }, 'f.json')).to.throw(ExpectationsError, /reason/);
    expect(validateExpectations({ $comment: 'hi', c: { $comment: 'x' } }, 'f')).to.deep.equal({ c: {} });
  });
});

describe('sharding', () => {
  const ids = Array.from({ length: 500 }, (_, index) => ({ id: `querystring.case.${index}` }));

  it('splits cases into disjoint shards that together cover every case once', () => {
    const shards = [1, 2, 3, 4].map((index) => selectShard(ids, { index, count: 4 }));
    expect(shards.flat().map((meta) => meta.id).sort()).to.deep.equal(ids.map((meta) => meta.id).sort());
    for (const shard of shards) expect(shard.length).to.be.within(80, 170);
  });

  it('puts a case in the same shard whatever else is selected', () => {
    const shard = parseShard('2/3');
    const alone = selectShard([{ id: 'querystring.case.7' }], shard).length === 1;
    const among = selectShard(['querystring.case.1', 'querystring.case.7', 'https.other'].map((id) => ({ id })), shard).some((meta) => meta.id === 'querystring.case.7');
    expect(alone).to.equal(among);
  });

  it('rejects malformed shard specs', () => {
    for (const text of ['0/3', '4/3', '1/0', '1', 'a/b', '1/3/4']) expect(() => parseShard(text), text).to.throw(ShardError);
  });
});
