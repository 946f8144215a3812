// `run --repeat`: repetitions merged into one result, flaky when their outcomes differ (older files read as having
// none); expectations that allow several outcomes gate such runs, and `rtconf expect` writes them.
import { expect } from 'chai';
import { isRegression } from '../../results/regression.js';
import { evaluateGate, sourceFromExpectations } from '../../results/regression-gate.js';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { mergeRepetitions } from '../../results/repetitions.js';
import { summarize, type CaseResult, type ResultsFile, type Status } from '../../results/results-file.js';
import { isFailing } from '../../results/status.js';
import { validateResults } from '../../results/read-results.js';

function result(id: string, status: Status, message?: string): CaseResult {
  return { case: id, module: 'querystring', rules: ['querystring.r.norm'], status, durationMs: 2, ...(status === 'pass' ? {} : { message: message ?? `${id} ${status}` }) };
}

function file(results: CaseResult[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 10,
    rules: [{ id: 'querystring.r.norm', module: 'querystring', level: 'normative', title: 'n' }],
    runs: [{ candidate: { id: 'host', name: 'host', kind: 'host' }, summary: summarize(results), results }],
  };
}

describe('run --repeat: flaky cases', () => {
  const merged = mergeRepetitions([
    { seed: 11, results: [result('q.steady', 'pass'), result('q.wobbly', 'pass'), result('q.broken', 'fail', 'boom')] },
    { seed: 12, results: [result('q.steady', 'pass'), result('q.wobbly', 'timeout', 'slow'), result('q.broken', 'fail', 'boom')] },
    { seed: 13, results: [result('q.steady', 'pass'), result('q.wobbly', 'pass'), result('q.broken', 'fail', 'boom')] },
  ]);
  const byId = new Map(merged.map((item) => [item.case, item]));

  it('keeps a case that ends alike every time, listing each repetition with its seed', () => {
    expect(byId.get('q.steady')?.status).to.equal('pass');
    expect(byId.get('q.steady')?.outcomes?.map((outcome) => [outcome.status, outcome.seed])).to.deep.equal([['pass', 11], ['pass', 12], ['pass', 13]]);
    expect(byId.get('q.broken')).to.include({ status: 'fail', message: 'boom' });
  });

  it('calls a case whose repetitions differ flaky, naming the outcomes and the seed of the first that did not pass', () => {
    const wobbly = byId.get('q.wobbly');
    expect(wobbly?.status).to.equal('flaky');
    expect(wobbly?.message).to.equal('outcomes differ over 3 runs: pass ×2, timeout ×1; first timeout (seed 12): slow');
    expect(wobbly?.outcomes?.map((outcome) => outcome.status)).to.deep.equal(['pass', 'timeout', 'pass']);
    expect(isFailing('flaky'), 'a flaky result fails the run unless expected').to.equal(true);
  });

  it('counts flaky results in the summary, and the results file validates', async () => {
    const results = file(merged);
    expect(results.runs[0]?.summary).to.include({ total: 3, pass: 1, fail: 1, flaky: 1 });
    await validateResults(JSON.parse(JSON.stringify(results)) as unknown, 'repeated');
  });

  it('reads a results file written before flaky existed (no count for it) as having none', async () => {
    const old = JSON.parse(JSON.stringify(file([result('q.a', 'pass')]))) as { runs: { summary: Record<string, number> }[] };
    delete old.runs[0]?.summary.flaky;
    const read = await validateResults(old as unknown, 'old');
    expect(read.runs[0]?.summary.flaky).to.equal(0);
  });
});

describe('expectations that allow several outcomes', () => {
  it('accept a list of statuses and refuse an empty or unknown one', () => {
    const read = validateExpectations({ host: { 'q.a': { status: ['pass', 'timeout'], reason: 'slow on CI' } } }, 'test');
    expect(read.host?.['q.a']).to.deep.equal({ allowed: ['pass', 'timeout'], reason: 'slow on CI' });
    expect(validateExpectations({ host: { 'q.a': { status: 'fail', reason: 'known' } } }, 'test').host?.['q.a']).to.deep.equal({ allowed: ['fail'], reason: 'known' });
    expect(() => validateExpectations({ host: { 'q.a': { status: [], reason: 'x' } } }, 'test')).to.throw(/non-empty list/);
    expect(() => validateExpectations({ host: { 'q.a': { status: ['pass', 'slow'], reason: 'x' } } }, 'test')).to.throw(/"slow"/);
  });

  it('make any listed outcome expected, and a flaky result whose outcomes are all listed', () => {
    expect(isRegression('timeout', ['pass', 'timeout'], true)).to.equal(false);
    expect(isRegression('crash', ['pass', 'timeout'], true)).to.equal(true);
    expect(isRegression('flaky', ['pass', 'timeout'], true, ['pass', 'timeout'])).to.equal(false);
    expect(isRegression('flaky', ['pass', 'timeout'], true, ['pass', 'crash'])).to.equal(true);
    expect(isRegression('flaky', undefined, true, ['pass', 'fail'])).to.equal(true);
    expect(isRegression('flaky', 'flaky', true, ['pass', 'fail'])).to.equal(false);
  });

  it('gate a repeated run: listed intermittents pass the gate, a pass is not a stale expectation', () => {
    const merged = mergeRepetitions([
      { seed: 1, results: [result('q.a', 'pass'), result('q.b', 'pass'), result('q.c', 'pass')] },
      { seed: 2, results: [result('q.a', 'timeout'), result('q.b', 'crash'), result('q.c', 'pass')] },
    ]);
    const results = file(merged);
    const expectations = validateExpectations(
      { host: { 'q.a': { status: ['pass', 'timeout'], reason: 'slow' }, 'q.b': { status: ['pass', 'timeout'], reason: 'slow' }, 'q.c': { status: ['timeout', 'pass'], reason: 'slow' } } },
      'test',
    );
    const report = evaluateGate(results, [sourceFromExpectations(expectations, 'expectations test')], new Set(['q.a', 'q.b', 'q.c']));
    expect(report.unexpected.map((item) => item.case)).to.deep.equal(['q.b']);
    expect(report.newPasses).to.deep.equal([]);
  });

  it('are written by rtconf expect for flaky results: the outcomes seen become the allowed list', () => {
    const results = file(mergeRepetitions([
      { seed: 1, results: [result('q.a', 'pass')] },
      { seed: 2, results: [result('q.a', 'timeout')] },
    ]));
    expect(expectationsFromResults(results).host?.['q.a']?.status).to.deep.equal(['pass', 'timeout']);
  });
});
