// Pairing a baseline's candidates with a run's: one candidate each is paired by itself, --pair pairs any two (ids may
// hold '='), nothing is paired twice, and the baseline is read under the run's ids so the gate and diff compare them.
import { expect } from 'chai';
import { pairBaseline, type PairedCandidate } from '../../results/candidate-pairing.js';
import { gateSources } from '../../results/expectation-marks.js';
import type { BaselineInput } from '../../results/candidate-pairing.js';
import { diffResults } from '../../results/diff.js';
import { evaluateGate, sourceFromBaseline } from '../../results/regression-gate.js';
import type { ResultsFile, Status } from '../../results/results-file.js';

const RULE = 'querystring.r.one';

/** A run of the given candidates, each with one result of the given status. */
function runOf(candidates: readonly (readonly [id: string, status: Status])[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    rules: [{ id: RULE, module: 'querystring', level: 'normative', title: 't' }],
    runs: candidates.map(([id, status]) => ({
      candidate: { id, name: 'node', kind: 'runtime' as const, version: '20.20.2' },
      summary: { total: 1, pass: status === 'pass' ? 1 : 0, fail: status === 'fail' ? 1 : 0, error: 0, timeout: 0, crash: 0, flaky: 0, skip: 0, na: 0 },
      results: [{ case: 'querystring.c.one', module: 'querystring' as const, rules: [RULE], status, durationMs: 1, ...(status === 'pass' ? {} : { message: 'no' }) }],
    })),
  };
}

const OLD = 'runtime:/builds/old/node';
const NEW = 'runtime:/builds/new/node';
/** Builds of node by their ids. */
const node = (...ids: string[]): PairedCandidate[] => ids.map((id) => ({ id, kind: 'runtime', name: 'node' }));
/** A baseline of these candidates (each of node, each with one passing result). */
function baselineOf(...candidates: PairedCandidate[]): BaselineInput {
  const results = runOf(candidates.map((candidate) => [candidate.id, 'pass'] as const));
  return { file: 'y.json', results: { ...results, runs: results.runs.map((run, index) => ({ ...run, candidate: { ...run.candidate, ...candidates[index] } })) } };
}
/** The baseline's candidates as the run sees them after pairing. */
const seenIds = (paired: BaselineInput): string[] => paired.results.runs.map((run) => run.candidate.id);

describe('pairing a baseline with a run (pairBaseline)', () => {
  const reference: PairedCandidate = { id: 'reference', kind: 'reference', name: 'reference' };

  it('pairs the only candidate of each by itself when they are one thing, and nothing when either side has several or the ids agree', () => {
    const paired = pairBaseline(baselineOf(...node(OLD)), node(NEW));
    expect(paired.pairing).to.deep.equal({ pairs: [{ baseline: OLD, run: NEW }], how: 'only-candidates', unpairedRun: [], unpairedBaseline: [] });
    expect(seenIds(paired), 'read under the run’s id').to.deep.equal([NEW]);
    expect(pairBaseline(baselineOf(...node(OLD)), [...node(NEW), reference]).pairing).to.deep.include({ pairs: [], how: 'none', unpairedRun: [NEW, 'reference'], unpairedBaseline: [OLD] });
    expect(pairBaseline(baselineOf(...node(NEW)), node(NEW)).pairing).to.deep.include({ pairs: [], how: 'none', unpairedRun: [] });
    expect(pairBaseline(baselineOf(reference), node(NEW)).pairing, 'a reference baseline is not taken for a build').to.deep.include({ pairs: [], how: 'none' });
    expect(pairBaseline(baselineOf(...node('runtime:node@22')), [{ id: 'runtime:deno@2', kind: 'runtime', name: 'deno' }]).pairing).to.deep.include({ pairs: [], how: 'none' });
  });

  it('reads --pair BASE=RUN at the = that names a candidate on each side, ids with = included', () => {
    const stdlib: PairedCandidate = { id: 'npm:node-stdlib-browser=querystring', kind: 'npm', name: 'node-stdlib-browser' };
    const es3: PairedCandidate = { id: 'npm:querystring-es3', kind: 'npm', name: 'querystring-es3' };
    expect(pairBaseline(baselineOf(stdlib), [es3], [`${stdlib.id}=${es3.id}`]).pairing?.pairs).to.deep.equal([{ baseline: stdlib.id, run: es3.id }]);
    expect(() => pairBaseline(baselineOf(...node(OLD)), node(NEW), [`${OLD}:${NEW}`]))
      .to.throw(/--pair .*expected BASE_ID=RUN_ID, a candidate of the baseline \(runtime:\/builds\/old\/node\)/)
      .with.property('code', 'ERR_RTCONF_CANDIDATE');
    expect(() => pairBaseline(baselineOf(...node(OLD)), node(NEW), [`${NEW}=${OLD}`]), 'the sides swapped').to.throw(/expected BASE_ID=RUN_ID/);
  });

  it('refuses a candidate paired twice, and pairs as told over the only-candidate rule', () => {
    expect(() => pairBaseline(baselineOf(...node(OLD, 'host')), node(NEW), [`${OLD}=${NEW}`, `host=${NEW}`])).to.throw(/the run's candidate runtime:\/builds\/new\/node is paired twice/);
    expect(pairBaseline(baselineOf(reference), node(NEW), [`reference=${NEW}`]).pairing, 'told, anything pairs').to.deep.include({ how: 'given', pairs: [{ baseline: 'reference', run: NEW }] });
    const told = pairBaseline(baselineOf(...node(OLD, NEW)), node(NEW), [`${OLD}=${NEW}`]);
    expect(told.pairing).to.deep.equal({ pairs: [{ baseline: OLD, run: NEW }], how: 'given', unpairedRun: [], unpairedBaseline: [NEW] });
    // The baseline's own NEW is compared with nothing: its id went to OLD's run.
    expect(seenIds(told)).to.deep.equal([NEW]);
    expect(told.results.runs[0]?.candidate.build, 'nothing else of the candidate changes').to.equal(undefined);
  });

  it('makes the gate and diff compare yesterday’s build with today’s, where by id they compared nothing', () => {
    const yesterday = runOf([[OLD, 'pass']]);
    const today = runOf([[NEW, 'fail']]);
    const byId = evaluateGate(today, [sourceFromBaseline(yesterday, 'baseline y.json')], new Set(['querystring.c.one']));
    expect(byId.unmatchedCandidates, 'by id: nothing compared, and the gate says so').to.have.length(1);
    expect(diffResults(yesterday, today).compared).to.equal(0);
    const compared = pairBaseline({ file: 'y.json', results: yesterday }, today.runs.map((run) => run.candidate));
    const [source] = gateSources([], compared);
    expect(source?.label).to.equal(`baseline y.json (its ${OLD} compared with ${NEW}, the only candidate of each)`);
    const gate = evaluateGate(today, [sourceFromBaseline(compared.results, source?.label ?? '')], new Set(['querystring.c.one']));
    expect(gate.unmatchedCandidates).to.deep.equal([]);
    expect(gate.unexpected.map((item) => [item.candidate, item.case, item.allowed, item.actual, item.rules])).to.deep.equal([[NEW, 'querystring.c.one', ['pass'], 'fail', [RULE]]]);
    const diff = diffResults(compared.results, today);
    expect([diff.compared, diff.counts.regression]).to.deep.equal([1, 1]);
  });
});
