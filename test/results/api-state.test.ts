// Per-API state (results/api-state.ts) and the evidence it reads (results/api-evidence.ts): each of the states from
// hand-built results, the order in which evidence decides, "not fully tested" instead of a guess, and the messages of
// results files written before `unimplemented` existed.
import { expect } from 'chai';
import { apiStates, countStates } from '../../results/api-state.js';
import { unimplementedOf } from '../../results/api-evidence.js';
import type { CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import type { Api } from '../../spec/apis.js';

const RULES: RuleSummary[] = [
  { id: 'querystring.escape.a', module: 'querystring', level: 'normative', title: 'a' },
  { id: 'querystring.escape.b', module: 'querystring', level: 'normative', title: 'b' },
  { id: 'querystring.escape.c', module: 'querystring', level: 'informative', title: 'c' },
  { id: 'querystring.parse.a', module: 'querystring', level: 'normative', title: 'pa' },
  { id: 'querystring.module.exports', module: 'querystring', level: 'normative', title: 'exports' },
];

const CATALOGUE: Api[] = [
  { id: 'querystring.escape', module: 'querystring', name: 'escape', kind: 'function', title: 'escape', rules: ['querystring.escape.*'] },
  { id: 'querystring.parse', module: 'querystring', name: 'parse', kind: 'function', title: 'parse', rules: ['querystring.parse.*'] },
];

function result(id: string, rules: string[], status: Status, extra: Partial<CaseResult> = {}): CaseResult {
  return { case: id, module: 'querystring', rules, status, durationMs: 1, ...(status === 'pass' || status === 'skip' || status === 'na' ? {} : { message: 'x' }), ...extra };
}

function escapeState(results: CaseResult[]) {
  const state = apiStates({ results }, RULES, CATALOGUE)[0];
  if (!state) throw new Error('no state');
  return state;
}

describe('per-API state (results/api-state.ts)', () => {
  it('is conformant when every normative rule of the API was evaluated and passed (informative ones do not count)', () => {
    const state = escapeState([result('c1', ['querystring.escape.a'], 'pass'), result('c2', ['querystring.escape.b'], 'pass')]);
    expect(state).to.include({ api: 'querystring.escape', state: 'conformant', complete: true });
    expect(state.rules).to.deep.equal({ total: 2, passed: 2, failing: 0, notApplicable: 0, notRun: 0 });
  });

  it('is partial when it works but some of its rules fail, and lists exactly those rules', () => {
    const state = escapeState([result('c1', ['querystring.escape.a'], 'pass'), result('c2', ['querystring.escape.b'], 'timeout')]);
    expect(state.state).to.equal('partial');
    expect(state.failing).to.deep.equal(['querystring.escape.b']);
    expect(state.rules.passed).to.equal(1);
  });

  it('is absent when a case found the export missing, whatever its rules say', () => {
    const missing = { unimplemented: [{ api: 'querystring.escape', observed: 'missing' as const }] };
    const state = escapeState([result('exports', ['querystring.module.exports'], 'fail', missing), result('c1', ['querystring.escape.a'], 'fail')]);
    expect(state.state).to.equal('absent');
    expect(state.evidence.missing).to.deep.equal(['exports']);
  });

  it('is a stub when a call threw not-implemented and none of its rules passed; partial once one passes', () => {
    const refused = { unimplemented: [{ api: 'querystring.escape', observed: 'throws-not-implemented' as const }] };
    const stub = escapeState([result('c1', ['querystring.escape.a'], 'fail', refused), result('c2', ['querystring.escape.b'], 'fail')]);
    expect(stub.state).to.equal('stub');
    expect(stub.evidence.notImplemented).to.deep.equal(['c1']);
    const some = escapeState([result('c1', ['querystring.escape.a'], 'fail', refused), result('c2', ['querystring.escape.b'], 'pass')]);
    expect(some.state).to.equal('partial');
  });

  it('does not call an API conformant when some of its rules were not run: untested, incomplete, with the rules named', () => {
    const state = escapeState([result('c1', ['querystring.escape.a'], 'pass')]);
    expect(state).to.include({ state: 'untested', untested: 'incomplete', complete: false });
    expect(state.notRun).to.deep.equal(['querystring.escape.b']);
  });

  it('says why an API is untested: module not provided, not run, or not applicable here', () => {
    expect(escapeState([result('c1', ['querystring.escape.a'], 'skip'), result('c2', ['querystring.escape.b'], 'skip')])).to.include({ state: 'untested', untested: 'not-provided' });
    expect(escapeState([])).to.include({ state: 'untested', untested: 'not-run' });
    expect(escapeState([result('c1', ['querystring.escape.a', 'querystring.escape.b'], 'na')])).to.include({ state: 'untested', untested: 'not-applicable' });
    // Rules the results file does not hold (its module was not selected) cannot be run either.
    expect(apiStates({ results: [] }, [], CATALOGUE)[0]).to.include({ state: 'untested', untested: 'not-run', complete: false });
  });

  it('keeps a partial verdict when some other rules were not run, saying it is incomplete', () => {
    const state = escapeState([result('c1', ['querystring.escape.a'], 'fail'), result('c2', ['querystring.escape.b'], 'pass')]);
    expect(state).to.include({ state: 'partial', complete: true });
    const some = apiStates({ results: [result('c1', ['querystring.escape.a'], 'fail'), result('p', ['querystring.parse.a'], 'pass')] }, RULES, [
      { ...CATALOGUE[0]!, rules: ['querystring.escape.*', 'querystring.parse.a'] },
    ])[0];
    expect(some).to.include({ state: 'partial', complete: false });
  });

  it('never calls an export partial without an observed pass: failing everything is failing, or a stub when a call said "not implemented"', () => {
    const state = escapeState([result('c1', ['querystring.escape.a'], 'fail'), result('c2', ['querystring.escape.b'], 'timeout')]);
    expect(state).to.include({ state: 'failing' });
    expect(state.failing).to.deep.equal(['querystring.escape.a', 'querystring.escape.b']);
    expect(state.failingCases).to.deep.equal(['c1', 'c2']);
  });

  it('charges evidence to the API it names only', () => {
    const missingParse = { unimplemented: [{ api: 'querystring.parse', observed: 'missing' as const }] };
    const states = apiStates({ results: [result('p', ['querystring.parse.a'], 'fail', missingParse), result('c1', ['querystring.escape.a', 'querystring.escape.b'], 'pass')] }, RULES, CATALOGUE);
    expect(states.map((state) => state.state)).to.deep.equal(['conformant', 'absent']);
    expect(countStates(states)).to.deep.equal({ absent: 1, stub: 0, failing: 0, partial: 0, conformant: 1, untested: 0 });
  });
});

describe('per-API attribution (results/api-state.ts)', () => {
  const LAUNCHER_RULES: RuleSummary[] = [
    { id: 'child_process.spawn.a', module: 'child_process', level: 'normative', title: 'spawn a' },
    { id: 'child_process.exec.a', module: 'child_process', level: 'normative', title: 'exec a' },
    { id: 'child_process.child-process.event-emitter', module: 'child_process', level: 'normative', title: 'shared' },
  ];
  const LAUNCHERS: Api[] = [
    { id: 'child_process.spawn', module: 'child_process', name: 'spawn', kind: 'function', title: 'spawn', rules: ['child_process.spawn.*', 'child_process.child-process.event-emitter'] },
    { id: 'child_process.exec', module: 'child_process', name: 'exec', kind: 'function', title: 'exec', rules: ['child_process.exec.*', 'child_process.child-process.event-emitter'] },
  ];
  const shared = 'child_process.child-process.event-emitter';
  const run = (results: CaseResult[]) => new Map(apiStates({ results }, LAUNCHER_RULES, LAUNCHERS).map((state) => [state.api, state]));
  const cp = (id: string, rules: string[], status: Status, apis?: string[]): CaseResult => ({ ...result(id, rules, status), module: 'child_process', ...(apis ? { apis } : {}) });

  it("charges a shared rule's failure to the export whose case failed, and only to it", () => {
    const states = run([
      cp('spawn.a', ['child_process.spawn.a'], 'pass', ['child_process.spawn']),
      cp('spawn.emitter', ['child_process.spawn.a', shared], 'pass', ['child_process.spawn']),
      cp('exec.a', ['child_process.exec.a'], 'pass', ['child_process.exec']),
      cp('exec.emitter', [shared], 'fail', ['child_process.exec']),
    ]);
    expect(states.get('child_process.spawn')).to.include({ state: 'conformant' });
    expect(states.get('child_process.spawn')?.statuses).to.deep.equal({ 'child_process.spawn.a': 'pass', [shared]: 'pass' });
    expect(states.get('child_process.exec')).to.include({ state: 'partial' });
    expect(states.get('child_process.exec')?.failing).to.deep.equal([shared]);
    expect(states.get('child_process.exec')?.failingCases).to.deep.equal(['exec.emitter']);
  });

  it('leaves a shared rule not run for an export no case of it judged, rather than lending it another export\'s pass', () => {
    const states = run([cp('spawn.emitter', ['child_process.spawn.a', shared], 'pass', ['child_process.spawn']), cp('exec.a', ['child_process.exec.a'], 'pass', ['child_process.exec'])]);
    expect(states.get('child_process.exec')).to.include({ state: 'untested', untested: 'incomplete' });
    expect(states.get('child_process.exec')?.notRun).to.deep.equal([shared]);
  });

  it('reads a results file written before `apis`: a result counts for every export its rules speak of, as it did', () => {
    const states = run([cp('spawn.a', ['child_process.spawn.a'], 'pass'), cp('exec.a', ['child_process.exec.a'], 'pass'), cp('exec.emitter', [shared], 'fail')]);
    expect(states.get('child_process.spawn')).to.include({ state: 'partial' });
    expect(states.get('child_process.exec')).to.include({ state: 'partial' });
  });

  it('gives an alias that is the very function object of its original the state of both, judged as one', () => {
    const catalogue: Api[] = [
      { id: 'querystring.parse', module: 'querystring', name: 'parse', kind: 'function', title: 'parse', rules: ['querystring.parse.*'] },
      { id: 'querystring.decode', module: 'querystring', name: 'decode', kind: 'function', title: 'decode', rules: ['querystring.decode.*'], aliasOf: 'parse' },
    ];
    const rules: RuleSummary[] = [
      { id: 'querystring.parse.a', module: 'querystring', level: 'normative', title: 'a' },
      { id: 'querystring.parse.b', module: 'querystring', level: 'normative', title: 'b' },
      { id: 'querystring.decode.alias-of-parse', module: 'querystring', level: 'normative', title: 'alias' },
    ];
    const base = [
      result('parse.a', ['querystring.parse.a'], 'pass', { apis: ['querystring.parse'] }),
      result('parse.b', ['querystring.parse.b'], 'fail', { apis: ['querystring.parse'] }),
    ];
    const aliasCase = (same: boolean): CaseResult => result('decode.alias', ['querystring.decode.alias-of-parse'], 'pass', { apis: ['querystring.decode'], aliases: [{ api: 'querystring.decode', of: 'querystring.parse', same }] });
    const [parse, decode] = apiStates({ results: [...base, aliasCase(true)] }, rules, catalogue);
    expect(parse).to.include({ state: 'partial' });
    expect(decode).to.include({ state: 'partial' });
    expect(decode?.failing).to.deep.equal(['querystring.parse.b']);
    expect(decode?.identity).to.deep.equal({ of: 'querystring.parse', same: true });
    expect(decode?.rules).to.deep.equal({ total: 3, passed: 2, failing: 1, notApplicable: 0, notRun: 0 });
    // A function of its own is judged by its own cases: here its one rule passed.
    const [, separate] = apiStates({ results: [...base, aliasCase(false)] }, rules, catalogue);
    expect(separate).to.include({ state: 'conformant' });
    expect(separate?.identity).to.deep.equal({ of: 'querystring.parse', same: false });
    // Without an observation of its identity, as in files written before `aliases`, likewise.
    const [, unobserved] = apiStates({ results: [...base, result('decode.alias', ['querystring.decode.alias-of-parse'], 'pass', { apis: ['querystring.decode'] })] }, rules, catalogue);
    expect(unobserved).to.include({ state: 'conformant' });
    expect(unobserved?.identity).to.equal(undefined);
    // One observation of a separate function outweighs the others.
    const [, mixed] = apiStates({ results: [...base, aliasCase(true), { ...aliasCase(false), case: 'exports' }] }, rules, catalogue);
    expect(mixed?.identity).to.deep.equal({ of: 'querystring.parse', same: false });
  });
});

describe('API evidence of a result (results/api-evidence.ts)', () => {
  it('uses the recorded `unimplemented` when the result has it, even an empty one', () => {
    const recorded = [{ api: 'child_process.fork', observed: 'missing' as const }];
    expect(unimplementedOf({ unimplemented: recorded, message: 'not implemented: querystring.escape' })).to.equal(recorded);
    expect(unimplementedOf({ unimplemented: [], message: 'not implemented: querystring.escape' })).to.deep.equal([]);
  });

  it("reads a file written before it: the kit's message for a missing export and the module-exports lists", () => {
    expect(unimplementedOf({ message: 'not implemented: querystring.escape' })).to.deep.equal([{ api: 'querystring.escape', observed: 'missing' }]);
    expect(
      unimplementedOf({
        message: 'not implemented: querystring.parse, querystring.escape',
        actual: "{\n  parse: 'a function that throws Error: not implemented',\n  escape: 'undefined'\n}",
      }),
    ).to.deep.equal([
      { api: 'querystring.parse', observed: 'throws-not-implemented' },
      { api: 'querystring.escape', observed: 'missing' },
    ]);
    expect(unimplementedOf({ message: 'not implemented: https.createServer (undefined), https.globalAgent (reading it threw Error: not implemented, really)' })).to.deep.equal([
      { api: 'https.createServer', observed: 'missing' },
      { api: 'https.globalAgent', observed: 'throws-not-implemented' },
    ]);
  });

  it('reads nothing from other messages, nor from members that are not exports', () => {
    expect(unimplementedOf({ message: 'child_process.fork threw Error: boom' })).to.deep.equal([]);
    expect(unimplementedOf({ message: 'not implemented: https.Server[Symbol.asyncDispose]' })).to.deep.equal([]);
    expect(unimplementedOf({})).to.deep.equal([]);
  });
});
