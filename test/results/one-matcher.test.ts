// One matcher of a result against what was expected of it: the gate (exit code), the marks (report and dashboard),
// the console summary and `rtconf diff` must say the same thing of the same result, however the expectation was
// written (one status, a list of allowed ones, a baseline run, a flaky baseline result).
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { printSummary } from '../../cli/summary.js';
import { buildDashboardData } from '../../reports/dashboard-data.js';
import { buildReportData } from '../../reports/report-data.js';
import { diffResults } from '../../results/diff.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { evaluateGate, sourceFromBaseline, sourceFromExpectations } from '../../results/regression-gate.js';
import { summarize, type CaseResult, type ResultsFile, type Status } from '../../results/results-file.js';

const CANDIDATE = 'runtime:x@1';

function result(id: string, status: Status, outcomes?: readonly Status[]): CaseResult {
  return {
    case: id,
    module: 'querystring',
    rules: [id.endsWith('.info') ? 'querystring.r.info' : 'querystring.r.norm'],
    status,
    durationMs: 1,
    ...(status === 'pass' || status === 'na' || status === 'skip' ? {} : { message: `${id} ${status}` }),
    ...(outcomes ? { outcomes: outcomes.map((outcome, index) => ({ status: outcome, seed: 100 + index })) } : {}),
  };
}

function file(results: CaseResult[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 5,
    startedAt: new Date(0).toISOString(),
    durationMs: 10,
    rules: [
      { id: 'querystring.r.norm', module: 'querystring', level: 'normative', title: 'n' },
      { id: 'querystring.r.info', module: 'querystring', level: 'informative', title: 'i' },
    ],
    runs: [{ candidate: { id: CANDIDATE, name: 'x', kind: 'runtime', version: '1.0.0' }, summary: summarize(results), results }],
  };
}

const caseIds = (results: ResultsFile): Set<string> => new Set(results.runs.flatMap((run) => run.results.map((item) => item.case)));

function summaryOf(results: ResultsFile, sources: Parameters<typeof evaluateGate>[1]): string {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  printSummary(sink, results, { gate: markExpectations(results, sources, caseIds(results)) });
  return text;
}

describe('one matcher for the gate, the marks, the summary and the dashboard', () => {
  it('marks a result expected when its status is any of the statuses an expectation lists, not only the first', () => {
    const now = file([result('q.intermittent', 'fail'), result('q.also', 'timeout'), result('q.known', 'fail')]);
    const expectations = validateExpectations(
      {
        [CANDIDATE]: {
          'q.intermittent': { status: ['pass', 'fail'], reason: 'flaky on loaded machines' },
          'q.also': { status: ['fail', 'timeout'], reason: 'slow or wrong' },
          'q.known': { status: 'fail', reason: 'known' },
        },
      },
      'x.json',
    );
    const sources = gateSources([{ file: 'x.json', expectations }]);
    const gate = evaluateGate(now, sources, caseIds(now));
    expect(gate.unexpected, 'the gate accepts all three').to.deep.equal([]);
    const marks = markExpectations(now, sources);
    for (const id of ['q.intermittent', 'q.also', 'q.known']) expect(marks.mark(CANDIDATE, id)?.outcome, id).to.equal('expected');
    expect(marks.counts(CANDIDATE)).to.include({ failing: 3, unexpected: 0, expected: 3 });
    // The page's chip and the page's and console's verdict notes count the same results.
    const data = buildReportData(now, { judgement: marks });
    expect(data.candidates[0]?.expectations).to.include({ failing: 3, unexpected: 0, expected: 3 });
    const dashboard = buildDashboardData([{ file: 'x/results.json', results: now, judgement: marks }]);
    expect(dashboard.columns[0]?.expectations).to.include({ failing: 3, unexpected: 0, expected: 3 });
    expect(summaryOf(now, sources)).to.match(/: 1 normative rule not met \(0\/1 pass\) — all 3 failing results expected \(expectations x\.json\)$/m);
  });

  it('says how many failures were expected when some failing results are of informative rules only', () => {
    const now = file([result('q.known', 'fail'), result('q.e.info', 'fail')]);
    const expectations = validateExpectations({ [CANDIDATE]: { 'q.known': { status: 'fail', reason: 'known' } } }, 'x.json');
    const sources = gateSources([{ file: 'x.json', expectations }]);
    const marks = markExpectations(now, sources);
    expect(marks.counts(CANDIDATE)).to.include({ failing: 2, unexpected: 0, expected: 1 });
    // Not "all 2 … expected": one of them nothing expected; the gate lets it through because its rules are informative.
    expect(summaryOf(now, sources)).to.match(/— none of the 2 failing results unexpected: 1 expected, 1 of informative rules only \(expectations x\.json\)$/m);
  });

  it('calls fail → na and fail → skip neither a new pass nor a stale expectation: only a pass is', () => {
    const now = file([result('q.gone', 'na'), result('q.skipped', 'skip'), result('q.fixed', 'pass')]);
    const expectations = validateExpectations(
      { [CANDIDATE]: { 'q.gone': { status: 'fail', reason: 'old' }, 'q.skipped': { status: 'fail', reason: 'old' }, 'q.fixed': { status: 'fail', reason: 'old' } } },
      'x.json',
    );
    const sources = gateSources([{ file: 'x.json', expectations }]);
    const gate = evaluateGate(now, sources, caseIds(now));
    expect(gate.newPasses.map((item) => item.case)).to.deep.equal(['q.fixed']);
    const marks = markExpectations(now, sources);
    expect(marks.mark(CANDIDATE, 'q.gone')).to.equal(undefined);
    expect(marks.mark(CANDIDATE, 'q.skipped')).to.equal(undefined);
    expect(marks.mark(CANDIDATE, 'q.fixed')?.outcome).to.equal('unexpected-pass');
    expect(marks.counts(CANDIDATE).unexpectedPasses).to.equal(1);
    // The same against a baseline, and rtconf diff: fail → na is a change, fail → pass a fix.
    const before = file([result('q.gone', 'fail'), result('q.skipped', 'fail'), result('q.fixed', 'fail')]);
    expect(evaluateGate(now, [sourceFromBaseline(before, 'baseline')], caseIds(now)).newPasses.map((item) => item.case)).to.deep.equal(['q.fixed']);
    expect(diffResults(before, now).changes.map((change) => [change.case, change.kind])).to.deep.equal([['q.fixed', 'fix'], ['q.gone', 'change'], ['q.skipped', 'change']]);
  });
});

// The rule (docs/architecture.md, "One verdict, one regression"): a result read as an expectation allows what
// `rtconf expect` would write for it. A flaky result (outcomes pass and fail) allows each of its outcomes, whether it
// is read from a baseline or from an expectations file written from that baseline.
describe('a flaky baseline result: the baseline gate and expectations written from the same run agree', () => {
  const baseline = file([result('q.wobbly', 'flaky', ['pass', 'fail', 'pass']), result('q.steady', 'fail')]);
  const written = validateExpectations(JSON.parse(JSON.stringify(expectationsFromResults(baseline))) as unknown, 'expect.json');
  const viaBaseline = [sourceFromBaseline(baseline, 'baseline old.json')];
  const viaExpectations = [sourceFromExpectations(written, 'expectations expect.json')];
  const judge = (now: ResultsFile, sources: typeof viaBaseline): string[] => evaluateGate(now, sources, caseIds(now)).unexpected.map((item) => item.case);
  const marked = (now: ResultsFile, sources: typeof viaBaseline, id: string): string | undefined => markExpectations(now, sources).mark(CANDIDATE, id)?.outcome;

  it('writes the flaky result as the list of its outcomes', () => {
    expect(written[CANDIDATE]?.['q.wobbly']).to.include({ reason: 'TODO: why' });
    expect(evaluateGate(file([result('q.wobbly', 'fail'), result('q.steady', 'fail')]), viaExpectations, new Set()).unexpected).to.deep.equal([]);
  });

  it('now fail (one of its outcomes): expected by both, no regression in rtconf diff', () => {
    const now = file([result('q.wobbly', 'fail'), result('q.steady', 'fail')]);
    expect(judge(now, viaBaseline)).to.deep.equal([]);
    expect(judge(now, viaExpectations)).to.deep.equal([]);
    expect(marked(now, viaBaseline, 'q.wobbly')).to.equal('expected');
    expect(marked(now, viaExpectations, 'q.wobbly')).to.equal('expected');
    expect(diffResults(baseline, now).counts.regression).to.equal(0);
  });

  it('now pass: allowed by both, so no stale expectation and no fix', () => {
    const now = file([result('q.wobbly', 'pass'), result('q.steady', 'fail')]);
    expect(evaluateGate(now, viaBaseline, caseIds(now)).newPasses).to.deep.equal([]);
    expect(evaluateGate(now, viaExpectations, caseIds(now)).newPasses).to.deep.equal([]);
    expect(marked(now, viaBaseline, 'q.wobbly')).to.equal(undefined);
    expect(diffResults(baseline, now).counts.fix).to.equal(0);
  });

  it('now timeout (not one of its outcomes): a regression for both, and for rtconf diff', () => {
    const now = file([result('q.wobbly', 'timeout'), result('q.steady', 'fail')]);
    expect(judge(now, viaBaseline)).to.deep.equal(['q.wobbly']);
    expect(judge(now, viaExpectations)).to.deep.equal(['q.wobbly']);
    expect(diffResults(baseline, now).changes.filter((change) => change.kind === 'regression').map((change) => change.case)).to.deep.equal(['q.wobbly']);
  });

  it('flaky again with another outcome: a regression for both, and for rtconf diff though the status did not change', () => {
    const now = file([result('q.wobbly', 'flaky', ['pass', 'timeout']), result('q.steady', 'fail')]);
    expect(judge(now, viaBaseline)).to.deep.equal(['q.wobbly']);
    expect(judge(now, viaExpectations)).to.deep.equal(['q.wobbly']);
    expect(diffResults(baseline, now).changes.filter((change) => change.kind === 'regression').map((change) => change.case)).to.deep.equal(['q.wobbly']);
    const same = file([result('q.wobbly', 'flaky', ['fail', 'pass']), result('q.steady', 'fail')]);
    expect(judge(same, viaBaseline)).to.deep.equal([]);
    expect(diffResults(baseline, same).changes).to.deep.equal([]);
  });
});
