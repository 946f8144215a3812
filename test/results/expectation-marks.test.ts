// Expected and unexpected results: the marks follow the regression gate exactly (one definition of a regression),
// and they reach the report's data.
import { expect } from 'chai';
import type { CaseResult, ResultsFile, Status } from '../../results/results-file.js';
import { summarize } from '../../results/results-file.js';
import { validateExpectations } from '../../results/expectations.js';
import { combineOutcomes, gateSources, markExpectations, ruleMarks } from '../../results/expectation-marks.js';
import { evaluateGate } from '../../results/regression-gate.js';
import { buildReportData } from '../../reports/report-data.js';
import { buildSampleResults } from '../reports/sample-results.js';

const CANDIDATE = 'runtime:x@1';

function run(statuses: Record<string, Status>): ResultsFile {
  const results: CaseResult[] = Object.entries(statuses).map(([id, status]) => ({
    case: id,
    module: 'querystring',
    rules: [id.endsWith('.info') ? 'querystring.r.info' : id.endsWith('.two') ? 'querystring.r.two' : 'querystring.r.norm'],
    status,
    durationMs: 1,
    ...(status === 'pass' || status === 'skip' || status === 'na' ? {} : { message: `${id} ${status}` }),
  }));
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 5,
    startedAt: new Date(0).toISOString(),
    durationMs: 10,
    rules: [
      { id: 'querystring.r.norm', module: 'querystring', level: 'normative', title: 'n' },
      { id: 'querystring.r.two', module: 'querystring', level: 'normative', title: 'n2' },
      { id: 'querystring.r.info', module: 'querystring', level: 'informative', title: 'i' },
    ],
    runs: [{ candidate: { id: CANDIDATE, name: 'x', kind: 'runtime' }, summary: summarize(results), results }],
  };
}

const expectations = validateExpectations(
  {
    [CANDIDATE]: {
      'q.known': { status: 'fail', reason: 'the runtime counts UTF-16 units' },
      'q.other-way': { status: 'fail', reason: 'known' },
      'q.fixed': { status: 'fail', reason: 'was broken' },
      'q.skipped.two': { status: 'crash', reason: 'crashed once' },
    },
  },
  'deno.json',
);

describe('expected and unexpected results', () => {
  const now = run({ 'q.known': 'fail', 'q.other-way': 'timeout', 'q.new': 'error', 'q.fixed': 'pass', 'q.fine': 'pass', 'q.skipped.two': 'skip', 'q.e.info': 'fail' });
  const sources = gateSources([{ file: 'deno.json', expectations }]);
  const marks = markExpectations(now, sources);

  it('marks unexpected exactly what the gate calls unexpected, and expected the failures it accepts', () => {
    const gate = evaluateGate(now, sources, new Set(now.runs[0]?.results.map((result) => result.case)));
    expect(gate.unexpected.map((item) => item.case)).to.deep.equal(['q.other-way', 'q.new']);
    const outcome = (id: string): string | undefined => marks.mark(CANDIDATE, id)?.outcome;
    expect(outcome('q.other-way')).to.equal('unexpected');
    expect(outcome('q.new')).to.equal('unexpected');
    expect(outcome('q.known')).to.equal('expected');
    expect(outcome('q.fixed')).to.equal('unexpected-pass');
    // skip (and na) are not passes: an expectation of a failure is stale only when the case now passes.
    expect(outcome('q.skipped.two')).to.equal(undefined);
    // What the gate does not judge carries no mark: a pass nothing expected otherwise, a failing informative case.
    expect(outcome('q.fine')).to.equal(undefined);
    expect(outcome('q.e.info')).to.equal(undefined);
  });

  it('says what was expected, by which file and why', () => {
    expect(marks.mark(CANDIDATE, 'q.known')).to.deep.equal({
      outcome: 'expected',
      allowed: ['fail'],
      reason: 'the runtime counts UTF-16 units',
      source: 'expectations deno.json',
    });
    expect(marks.mark(CANDIDATE, 'q.new')).to.deep.equal({ outcome: 'unexpected' });
    expect(marks.mark(CANDIDATE, 'q.other-way')).to.deep.include({ outcome: 'unexpected', allowed: ['fail'] });
  });

  it('counts failing results, the unexpected ones apart, and unexpected passes', () => {
    expect(marks.counts(CANDIDATE)).to.deep.equal({ failing: 4, unexpected: 2, expected: 1, unexpectedPasses: 1 });
  });

  it('combines the marks of a rule’s cases: unexpected before expected before unexpected pass', () => {
    expect(combineOutcomes([])).to.equal(undefined);
    expect(combineOutcomes(['unexpected-pass', 'expected'])).to.equal('expected');
    expect(combineOutcomes(['expected', undefined, 'unexpected'])).to.equal('unexpected');
    const rules = now.rules;
    const [candidateRun] = now.runs;
    if (!candidateRun) throw new Error('no run');
    expect(ruleMarks(marks, candidateRun, rules)).to.deep.equal(['unexpected', null, null]);
  });

  it('takes a baseline as a source after the expectations files, as rtconf run does', () => {
    const baseline = run({ 'q.new': 'error', 'q.fine': 'fail' });
    const both = gateSources([{ file: 'deno.json', expectations }], { file: 'old.json', results: baseline });
    expect(both.map((source) => source.label)).to.deep.equal(['expectations deno.json', 'baseline old.json']);
    const judged = markExpectations(now, both);
    expect(judged.mark(CANDIDATE, 'q.new')).to.deep.equal({ outcome: 'expected', allowed: ['error'], reason: 'was error in the baseline', source: 'baseline old.json' });
    expect(judged.mark(CANDIDATE, 'q.fine')?.outcome).to.equal('unexpected-pass');
  });
});

describe('buildReportData with expectations', () => {
  const results = buildSampleResults({ candidates: 3, cases: 90 });
  const host = results.runs[1];
  const failing = host?.results.filter((result) => ['fail', 'error', 'timeout', 'crash'].includes(result.status)) ?? [];
  // Expect all but the first failure of host, as it ended.
  const entries = Object.fromEntries(failing.slice(1).map((result) => [result.case, { status: result.status, reason: 'known divergence' }]));
  const data = buildReportData(results, { judgement: markExpectations(results, gateSources([{ file: 'host.json', expectations: validateExpectations({ host: entries }, 'host.json') }])) });

  it('puts each result’s mark into the data, with the gate’s sources and counts', () => {
    expect(data.gate).to.deep.include({ sources: ['expectations host.json'] });
    const hostData = data.candidates[1];
    const marked = (outcome: string): string[] =>
      data.cases.flatMap((item, k) => (hostData?.results[k]?.expectation?.outcome === outcome ? [item.id] : []));
    const normativeFailing = failing.filter((result) => data.cases.find((item) => item.id === result.case)?.normative);
    const first = failing[0];
    expect(marked('expected')).to.have.members(failing.slice(1).map((result) => result.case));
    expect(marked('unexpected')).to.deep.equal(first && normativeFailing.includes(first) ? [first.case] : []);
    expect(hostData?.expectations).to.include({ failing: failing.length, expected: failing.length - 1 });
    expect(hostData?.ruleExpectation).to.have.length(data.rules.length);
  });

  it('leaves the data without marks when neither expectations nor a baseline is given', () => {
    const plain = buildReportData(results, { judgement: markExpectations(results, []) });
    expect(plain.gate).to.equal(undefined);
    expect(plain.candidates.every((candidate) => candidate.ruleExpectation === undefined && candidate.results.every((result) => result?.expectation === undefined))).to.equal(true);
  });
});
