// Pairing a baseline's candidates with a run's: one candidate each is paired by itself, --pair pairs any two (ids may
// hold '='), nothing is paired twice, and the baseline is read under the run's ids so the gate and diff compare them.
import { expect } from 'chai';
import { candidatesOf, compareBaseline, pairCandidates, pairedBaseline, parsePair, type PairedCandidate } from '../../results/candidate-pairing.js';
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

describe('pairing a baseline with a run', () => {
  it('pairs the only candidate of each by itself when they are one thing, and nothing when either side has several or the ids agree', () => {
    expect(pairCandidates(node(OLD), node(NEW))).to.deep.equal({ pairs: [{ baseline: OLD, run: NEW }], how: 'only-candidates', unpairedRun: [], unpairedBaseline: [] });
    const reference: PairedCandidate = { id: 'reference', kind: 'reference', name: 'reference' };
    expect(pairCandidates(node(OLD), [...node(NEW), reference])).to.deep.include({ pairs: [], how: 'none', unpairedRun: [NEW, 'reference'], unpairedBaseline: [OLD] });
    expect(pairCandidates(node(NEW), node(NEW))).to.deep.include({ pairs: [], how: 'none', unpairedRun: [] });
    expect(pairCandidates([reference], node(NEW)), 'a reference baseline is not taken for a build').to.deep.include({ pairs: [], how: 'none' });
    expect(pairCandidates(node('runtime:node@22'), [{ id: 'runtime:deno@2', kind: 'runtime', name: 'deno' }])).to.deep.include({ pairs: [], how: 'none' });
  });

  it('reads --pair BASE=RUN at the = that names a candidate on each side, ids with = included', () => {
    const baseline = ['npm:node-stdlib-browser=querystring'];
    const run = ['npm:querystring-es3'];
    expect(parsePair('npm:node-stdlib-browser=querystring=npm:querystring-es3', baseline, run)).to.deep.equal({ baseline: baseline[0], run: run[0] });
    expect(() => parsePair(`${OLD}:${NEW}`, [OLD], [NEW])).to.throw(/--pair .*expected BASE_ID=RUN_ID, a candidate of the baseline \(runtime:\/builds\/old\/node\)/).with.property('code', 'ERR_RTCONF_CANDIDATE');
    expect(() => parsePair(`${NEW}=${OLD}`, [OLD], [NEW]), 'the sides swapped').to.throw(/expected BASE_ID=RUN_ID/);
  });

  it('refuses a candidate paired twice, and pairs as told over the only-candidate rule', () => {
    expect(() => pairCandidates(node(OLD, 'host'), node(NEW), [`${OLD}=${NEW}`, `host=${NEW}`])).to.throw(/the run's candidate runtime:\/builds\/new\/node is paired twice/);
    expect(pairCandidates([{ id: 'reference', kind: 'reference', name: 'reference' }], node(NEW), [`reference=${NEW}`]), 'told, anything pairs').to.deep.include({ how: 'given', pairs: [{ baseline: 'reference', run: NEW }] });
    expect(pairCandidates(node(OLD, NEW), node(NEW), [`${OLD}=${NEW}`])).to.deep.equal({ pairs: [{ baseline: OLD, run: NEW }], how: 'given', unpairedRun: [], unpairedBaseline: [NEW] });
  });

  it('reads the baseline under the run’s ids, leaving out a candidate whose id a pair gives to another', () => {
    const baseline = runOf([[OLD, 'pass'], [NEW, 'fail']]);
    const seen = pairedBaseline(baseline, pairCandidates(candidatesOf(baseline), node(NEW), [`${OLD}=${NEW}`]));
    expect(seen.runs.map((run) => [run.candidate.id, run.results[0]?.status])).to.deep.equal([[NEW, 'pass']]);
    expect(seen.runs[0]?.candidate.build, 'nothing else of the candidate changes').to.equal(undefined);
  });

  it('makes the gate and diff compare yesterday’s build with today’s, where by id they compared nothing', () => {
    const yesterday = runOf([[OLD, 'pass']]);
    const today = runOf([[NEW, 'fail']]);
    const byId = evaluateGate(today, [sourceFromBaseline(yesterday, 'baseline y.json')], new Set(['querystring.c.one']));
    expect(byId.unmatchedCandidates, 'by id: nothing compared, and the gate says so').to.have.length(1);
    expect(diffResults(yesterday, today).compared).to.equal(0);
    const compared = compareBaseline(yesterday, 'y.json', candidatesOf(today));
    expect(compared.label).to.equal(`baseline y.json (its ${OLD} compared with ${NEW}, the only candidate of each)`);
    const gate = evaluateGate(today, [sourceFromBaseline(compared.results, compared.label)], new Set(['querystring.c.one']));
    expect(gate.unmatchedCandidates).to.deep.equal([]);
    expect(gate.unexpected.map((item) => [item.candidate, item.case, item.allowed, item.actual, item.rules])).to.deep.equal([[NEW, 'querystring.c.one', ['pass'], 'fail', [RULE]]]);
    const diff = diffResults(compared.results, today);
    expect([diff.compared, diff.counts.regression]).to.deep.equal([1, 1]);
  });
});
