// The console's end-of-run summary: the table, one verdict line per candidate (with expectations, each credited only
// with its own files), hung functions, hostile names made printable; a replay's verdict; export states per module.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { printCaseVerdicts, printSummary, verdictLine, type SummaryOptions } from '../../cli/summary.js';
import { sourceFromExpectations } from '../../results/regression-gate.js';
import { markExpectations } from '../../results/expectation-marks.js';
import type { CandidateInfo, CaseResult, ResultsFile, RuleSummary, Status } from '../../results/results-file.js';
import { notRunMessage } from '../../results/hung-functions.js';
import { resultsOf } from '../reports/sample-results.js';

const RULES: RuleSummary[] = [
  { id: 'querystring.a.one', module: 'querystring', level: 'normative', title: 'one' },
  { id: 'querystring.a.two', module: 'querystring', level: 'normative', title: 'two' },
  { id: 'querystring.a.three', module: 'querystring', level: 'normative', title: 'three' },
  { id: 'querystring.a.four', module: 'querystring', level: 'informative', title: 'four' },
];

const HOST: CandidateInfo = { id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' };
const REFERENCE: CandidateInfo = { id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: '0.1.0' };
const ADAPTER: CandidateInfo = { id: 'adapter:mine', name: 'mine', kind: 'adapter', version: '1.0.0' };

function caseOf(id: string, rule: string, status: Status, message = 'expected 1 to equal 2\nat line 3'): CaseResult {
  return { case: id, module: 'querystring', rules: [rule], status, durationMs: 1, ...(['pass', 'skip', 'na'].includes(status) ? {} : { message }) };
}

const passing = (): CaseResult[] => RULES.map((rule, index) => caseOf(`querystring.case.${index}`, rule.id, 'pass'));
const failingTwo = (): CaseResult[] => [caseOf('querystring.case.0', 'querystring.a.one', 'fail'), caseOf('querystring.case.1', 'querystring.a.two', 'timeout'), ...passing().slice(2)];

function runAt(results: ResultsFile, index: number): ResultsFile['runs'][number] {
  const run = results.runs[index];
  if (!run) throw new Error(`no run ${index}`);
  return run;
}

function textOf(write: (stream: Writable) => void): string {
  let text = '';
  write(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
  );
  return text;
}

describe('the end-of-run summary', () => {
  const results: ResultsFile = resultsOf(RULES, [
    { candidate: REFERENCE, results: passing() },
    { candidate: HOST, results: failingTwo() },
    { candidate: ADAPTER, results: failingTwo() },
  ]);

  it('keeps the table with its PASS/FAIL n/m rules cells', () => {
    const text = textOf((stream) => printSummary(stream, results));
    expect(text).to.match(/^reference\s+querystring\s+4\s.*PASS 3\/3 rules$/m);
    expect(text).to.match(/^host\s+querystring\s.*FAIL 1\/3 rules$/m);
  });

  it('explains each candidate verdict in one line: conformant, or how many normative rules are not met', () => {
    const text = textOf((stream) => printSummary(stream, results));
    expect(text).to.contain('rt-conformance reference 0.1.0: conformant: 3/3 normative rules\n');
    expect(text).to.contain('mine 1.0.0: 2 normative rules not met (1/3 pass)\n');
  });

  it('says that a runtime failing normative rules shows the runtime diverging from the spec (not a broken install)', () => {
    expect(verdictLine(runAt(results, 1), results)).to.equal(
      'host node v20.20.2: 2 normative rules not met (1/3 pass) — divergences of this runtime from the spec, see docs/runtimes.md',
    );
  });

  it('keeps docs/runtimes.md off a local build, which that page (of the published releases) does not describe', () => {
    const run = runAt(results, 1);
    const build = { ...run, candidate: { id: 'runtime:/builds/x/node', name: 'node', kind: 'runtime' as const, version: '20.20.2', build: { path: '/builds/x/node', sha256: 'f'.repeat(64) } } };
    expect(verdictLine(build, results)).to.equal(
      "node 20.20.2 (local build ffffffffffff, /builds/x/node): 2 normative rules not met (1/3 pass) — this build's own; compare builds with --baseline (and --pair)",
    );
  });

  it('with --expect, says whether every failure was expected', () => {
    const expectAll = sourceFromExpectations(
      { host: { 'querystring.case.0': { allowed: ['fail'], reason: 'known' }, 'querystring.case.1': { allowed: ['timeout'], reason: 'known' } } },
      'expectations node-20.json',
    );
    const selected = new Set(passing().map((result) => result.case));
    const all: SummaryOptions['gate'] = markExpectations(results, [expectAll], selected);
    expect(verdictLine(runAt(results, 1), results, all)).to.equal(
      'host node v20.20.2: 2 normative rules not met (1/3 pass) — all 2 failing results expected (expectations node-20.json)',
    );
    expect(verdictLine(runAt(results, 2), results, all)).to.equal('mine 1.0.0: 2 normative rules not met (1/3 pass) — 2 of 2 failing results unexpected (no expectation names this candidate)');
    expect(verdictLine(runAt(results, 0), results, all)).to.equal('rt-conformance reference 0.1.0: conformant: 3/3 normative rules');
  });

  it('with one expectations file per candidate, credits each candidate only with the files that name it', () => {
    const forHost = sourceFromExpectations({ host: { 'querystring.case.0': { allowed: ['fail'], reason: 'known' }, 'querystring.case.1': { allowed: ['timeout'], reason: 'known' } } }, 'expectations node-20.json');
    const forMine = sourceFromExpectations({ [runAt(results, 2).candidate.id]: { 'querystring.case.0': { allowed: ['fail'], reason: 'known' } } }, 'expectations mine.json');
    const selected = new Set(passing().map((result) => result.case));
    const gate: SummaryOptions['gate'] = markExpectations(results, [forHost, forMine], selected);
    expect(verdictLine(runAt(results, 1), results, gate)).to.match(/all 2 failing results expected \(expectations node-20\.json\)$/);
    expect(verdictLine(runAt(results, 2), results, gate)).to.match(/1 of 2 failing results unexpected \(expectations mine\.json\)$/);
  });

  it('names an adapter by its declared name, with its id when the name does not show it', () => {
    const other = resultsOf(RULES, [{ candidate: { id: './x.mjs', name: 'x\u001b[31m', kind: 'adapter' }, results: passing() }]);
    expect(verdictLine(runAt(other, 0), other)).to.equal('x?[31m (./x.mjs): conformant: 3/3 normative rules');
  });

  it('names the functions a candidate hung on, with the cases recorded as timeout without running', () => {
    const hung: CaseResult[] = [
      caseOf('querystring.parse.a', 'querystring.a.one', 'timeout', 'timed out after 5000 ms'),
      caseOf('querystring.parse.b', 'querystring.a.two', 'timeout', notRunMessage('querystring.parse', 3)),
      caseOf('querystring.parse.c', 'querystring.a.three', 'timeout', notRunMessage('querystring.parse', 3)),
    ];
    const text = textOf((stream) => printSummary(stream, resultsOf(RULES, [{ candidate: ADAPTER, results: hung }])));
    expect(text).to.contain('\nadapter:mine hung in querystring.parse: 3 timeouts in a row; its 2 remaining cases were recorded as timeout without running\n');
    expect(textOf((stream) => printSummary(stream, results))).to.not.contain(' hung in ');
  });

  it("shows the errors a candidate let escape as a finding apart from its verdict: how many cases, and the first", () => {
    const straying: CaseResult[] = passing().map((result, index) =>
      index < 2 ? { ...result, strays: [{ kind: 'unhandled-rejection', error: `Error: the child ended with code ${index + 1}`, count: 2 }] } : result,
    );
    const text = textOf((stream) => printSummary(stream, resultsOf(RULES, [{ candidate: ADAPTER, results: straying }])));
    expect(text).to.contain('\nadapter:mine let errors escape uncaught in 2 cases: nothing of the case asked for these errors');
    expect(text).to.contain('\n  querystring.case.0: unhandled rejection: Error: the child ended with code 1 (2 times) (the rest in the report)\n');
    expect(text, 'the verdict stands').to.contain('mine 1.0.0: conformant: 3/3 normative rules\n');
    expect(textOf((stream) => printSummary(stream, results))).to.not.contain('let errors escape');
  });

  it('prints no control character a candidate put in its id or name (table, replay commands, verdict lines)', () => {
    const hostile: CandidateInfo = { id: 'adapter:evil\u001b[2J\r\nx', name: 'evil\u001b]0;title\u0007', kind: 'adapter' };
    const text = textOf((stream) => printSummary(stream, resultsOf(RULES, [{ candidate: hostile, results: failingTwo() }])));
    expect(text).to.contain('adapter:evil?[2J??x');
    expect(text).to.not.match(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  });
});

describe('the verdict of a one-case run (a replay)', () => {
  it('prints "<case>: <status> — <first line of the message>"', () => {
    const results = resultsOf(RULES, [{ candidate: HOST, results: [caseOf('querystring.parse.x', 'querystring.a.one', 'fail')] }]);
    expect(textOf((stream) => printCaseVerdicts(stream, results))).to.equal('querystring.parse.x: fail — expected 1 to equal 2\n');
  });

  it('names the candidate when there are several, and prints a pass plainly', () => {
    const results = resultsOf(RULES, [
      { candidate: REFERENCE, results: [caseOf('querystring.parse.x', 'querystring.a.one', 'pass')] },
      { candidate: HOST, results: [caseOf('querystring.parse.x', 'querystring.a.one', 'fail', 'no')] },
    ]);
    expect(textOf((stream) => printCaseVerdicts(stream, results))).to.equal('querystring.parse.x [reference]: pass\nquerystring.parse.x [host]: fail — no\n');
  });
});

describe('the per-module counts of export states in the summary', () => {
  const QS_RULES: RuleSummary[] = [
    { id: 'querystring.escape.percent-encodes', module: 'querystring', level: 'normative', title: 'escape' },
    { id: 'querystring.unescape.decodes', module: 'querystring', level: 'normative', title: 'unescape' },
    { id: 'querystring.parse.sep-default', module: 'querystring', level: 'normative', title: 'parse' },
    { id: 'querystring.parse.eq-default', module: 'querystring', level: 'normative', title: 'parse eq' },
  ];
  const results = resultsOf(QS_RULES, [
    {
      candidate: ADAPTER,
      results: [
        caseOf('querystring.escape.c', 'querystring.escape.percent-encodes', 'pass'),
        { ...caseOf('querystring.unescape.c', 'querystring.unescape.decodes', 'fail', 'not implemented: querystring.unescape'), unimplemented: [{ api: 'querystring.unescape', observed: 'missing' }] },
        caseOf('querystring.parse.c1', 'querystring.parse.sep-default', 'pass'),
        caseOf('querystring.parse.c2', 'querystring.parse.eq-default', 'fail'),
      ],
    },
  ]);

  it('counts the exports of each module the candidate ran by state, naming those not conformant', () => {
    const text = textOf((stream) => printSummary(stream, results));
    expect(text).to.match(/^candidate\s+module\s+conformant\s+partial\s+failing\s+stub\s+absent\s+untested\s+exports not conformant$/m);
    // escape conformant; parse partial; unescape absent; decode, stringify, encode: no rule in this file, untested.
    expect(text).to.match(/^adapter:mine\s+querystring\s+1\s+1\s+0\s+0\s+1\s+3\s+parse \(partial\), unescape \(absent\)$/m);
  });
});
