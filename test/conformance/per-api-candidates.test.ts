// Hand-written candidates of the shapes real packages have, each with the exact per-API states it must get: host
// functions re-exported beside wrapped ones (a wrapper's exec/execFile charged to themselves only, its spawn/fork read
// as the host's own run reads them), an alias that is its original's function object and one that is a function of its
// own, an empty module, and a not-implemented method on an object that is otherwise there (workerd's globalAgent).
import { expect } from 'chai';
import * as hostChildProcess from 'node:child_process';
import * as hostHttps from 'node:https';
import hostQuerystring from 'node:querystring';
import type { CaseDefinition } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import { allCases } from '../../conformance/registry.js';
import { apiStates, type ApiState } from '../../results/api-state.js';
import type { CaseResult } from '../../results/results-file.js';
import { toRuleSummary } from '../../results/rule-summary.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { apiCites, apis } from '../../spec/apis.js';
import { rules } from '../../spec/index.js';
import { runCase } from './run-case.js';

type Fn = (...args: unknown[]) => unknown;

const catalogueRules = rules.filter((rule) => !rule.retired).map(toRuleSummary);

async function statesOf(fixtures: RunFixtures, modules: CandidateModules, cases: readonly CaseDefinition[]): Promise<Map<string, ApiState>> {
  const results: CaseResult[] = [];
  for (const definition of cases) results.push(await runCase(definition, modules, fixtures, { kind: 'adapter', timeoutMs: 20000 }));
  const selected = new Set(cases.map((definition) => definition.module));
  return new Map(apiStates({ results }, catalogueRules, apis.filter((api) => selected.has(api.module))).map((state) => [state.api, state]));
}

const judging = (...ids: string[]): CaseDefinition[] => allCases.filter((definition) => definition.apis?.some((api) => ids.includes(api)));

/** The part of a state that must match between two runs of the same functions (case timings aside). */
const verdictOf = (state: ApiState | undefined): unknown => state && { state: state.state, statuses: state.statuses, evidence: state.evidence };

describe('per-API states of hand-written candidates', function () {
  this.timeout(300000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  it("charges a wrapper's exec and execFile to themselves, and reads its spawn and fork (the host's own) as the host's run does", async () => {
    // As a promise-adding wrapper does: exec and execFile return a promise of the output (with the child attached),
    // spawn and fork are re-exported as they are.
    const promised = (original: Fn): Fn => (...args: unknown[]) => {
      let child: unknown;
      const promise = new Promise((resolve, reject) => {
        child = original(...args, (error: unknown, stdout: unknown, stderr: unknown) => (error ? reject(error) : resolve({ stdout, stderr })));
      });
      promise.catch(() => undefined);
      return Object.assign(promise, { child });
    };
    const wrapper = { ...hostChildProcess, exec: promised(hostChildProcess.exec as unknown as Fn), execFile: promised(hostChildProcess.execFile as unknown as Fn) };
    expect(wrapper.spawn).to.equal(hostChildProcess.spawn);
    const execCases = allCases.filter((definition) => /^child_process\.(exec|execFile)\.returns-child-process$/.test(definition.id));
    // Of spawn's and fork's cases, those citing a rule exec or execFile also speak of (the ChildProcess rule they share,
    // and the PATH lookup execFile shares with spawn): the results through which the wrapper's exec and execFile could be
    // charged to spawn and fork. Their other cases (some sixty, each starting processes) share no rule with them.
    const execApis = apis.filter((api) => api.id === 'child_process.exec' || api.id === 'child_process.execFile');
    const sharing = judging('child_process.spawn', 'child_process.fork').filter((definition) => definition.rules.some((rule) => execApis.some((api) => apiCites(api, rule))));
    expect(new Set(sharing.flatMap((definition) => definition.apis ?? []))).to.include('child_process.spawn').and.include('child_process.fork');
    const cases = sharing.concat(execCases);
    const host = await statesOf(fixtures, { child_process: hostChildProcess as unknown as CandidateModules['child_process'] }, cases);
    const wrapped = await statesOf(fixtures, { child_process: wrapper as unknown as CandidateModules['child_process'] }, cases);
    for (const api of ['child_process.spawn', 'child_process.fork']) expect(verdictOf(wrapped.get(api)), api).to.deep.equal(verdictOf(host.get(api)));
    for (const api of ['child_process.spawn', 'child_process.fork']) expect(wrapped.get(api)?.statuses['child_process.child-process.event-emitter'], api).to.equal('pass');
    // What the wrapper returns is no ChildProcess: exec and execFile fail the shared rule, and nothing else of theirs ran.
    for (const api of ['child_process.exec', 'child_process.execFile']) {
      expect(wrapped.get(api)?.statuses['child_process.child-process.event-emitter'], api).to.equal('fail');
      // They run (no call says "not implemented"), but they are something else: failing, not a stub.
      expect(wrapped.get(api)?.state, api).to.equal('failing');
      expect(host.get(api)?.statuses['child_process.child-process.event-emitter'], `the host's ${api}`).to.equal('pass');
    }
  });

  it('judges an alias that is its original function object as one with it, and a function of its own by its own cases', async () => {
    // A parse that ignores maxKeys (every key is kept): the max-keys rules of parse fail.
    const parse = (input: string, sep?: string, eq?: string, options?: Record<string, unknown>): unknown => hostQuerystring.parse(input, sep, eq, { ...options, maxKeys: 0 });
    const cases = judging('querystring.parse', 'querystring.decode');
    const same = await statesOf(fixtures, { querystring: { ...hostQuerystring, parse, decode: parse } as unknown as CandidateModules['querystring'] }, cases);
    const parseState = same.get('querystring.parse');
    expect(parseState?.state).to.equal('partial');
    expect(parseState?.failing).to.include('querystring.parse.max-keys-default');
    expect(same.get('querystring.decode')).to.deep.include({ state: 'partial', failing: parseState?.failing, identity: { of: 'querystring.parse', same: true } });
    // A function of its own that behaves as parse does: its own rule (behaves as parse) passes, and that is all it is judged by.
    const separate = await statesOf(fixtures, { querystring: { ...hostQuerystring, parse, decode: (...args: Parameters<typeof parse>) => parse(...args) } as unknown as CandidateModules['querystring'] }, cases);
    expect(separate.get('querystring.parse')?.state).to.equal('partial');
    expect(separate.get('querystring.decode')).to.deep.include({ state: 'conformant', failing: [], identity: { of: 'querystring.parse', same: false } });
  });

  it('finds every export of an empty module absent', async () => {
    const empty = await statesOf(fixtures, { querystring: {} as CandidateModules['querystring'], child_process: {} as CandidateModules['child_process'], https: {} as CandidateModules['https'] }, allCases);
    expect([...empty.values()].filter((state) => state.state !== 'absent').map((state) => `${state.api}: ${state.state}`)).to.deep.equal([]);
  });

  it('calls an object whose method answers every judged call with "not implemented" a stub, with the evidence (workerd\'s globalAgent)', async () => {
    // The host's https, whose requests without an agent go through the module's own globalAgent, and that agent's
    // createConnection throws as workerd's does.
    const globalAgent = new hostHttps.Agent({ keepAlive: true, timeout: 5000 });
    globalAgent.createConnection = () => {
      throw Object.assign(new Error('The createConnection method is not implemented'), { code: 'ERR_METHOD_NOT_IMPLEMENTED' });
    };
    const viaGlobal = (original: Fn): Fn => (options: unknown, ...rest: unknown[]) =>
      original(typeof options === 'object' && options !== null && !(options instanceof URL) && !('agent' in options) ? { ...options, agent: globalAgent } : options, ...rest);
    const module = { ...hostHttps, globalAgent, get: viaGlobal(hostHttps.get as unknown as Fn), request: viaGlobal(hostHttps.request as unknown as Fn) };
    const states = await statesOf(fixtures, { https: module as unknown as CandidateModules['https'] }, judging('https.globalAgent'));
    const state = states.get('https.globalAgent');
    expect(state?.state).to.equal('stub');
    expect(state?.rules.passed).to.equal(0);
    expect(state?.evidence.notImplemented).to.deep.equal(['https.global-agent.is-an-agent']);
  });
});
