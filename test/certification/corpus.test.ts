// The certification corpus (see corpus.ts): every member runs through the suite as `rtconf run --candidate <adapter>
// --module … --seed …` would run it, and every verdict must be the one committed in verdicts/<name>.json, which we
// audited by hand against the spec. A changed verdict fails here naming candidate, case, old and new status and the
// message; after a deliberate change, draft the files with write-verdicts.ts and audit what it marks UNAUDITED.
import { expect } from 'chai';
import { isFailing } from '../../results/status.js';
import type { CaseResult } from '../../results/results-file.js';
import { apiStates, type ApiState } from '../../results/api-state.js';
import { apis } from '../../spec/apis.js';
import { rules as catalogue } from '../../spec/index.js';
import { CORPUS, readVerdicts, runCorpus, UNAUDITED, type CorpusMember, type MemberRun, type VerdictFile } from './corpus.js';

/**
 * Identifiers a bundler makes when it renames a binding that clashes with another (esbuild: `https2`,
 * `decodeURIComponent2`): a module, export or global name of the interface with a digit appended.
 */
const BUNDLER_IDENTIFIER =
  /\b(?:https?|tls|net|querystring|child_process|childProcess|qs|cp|parse|decode|stringify|encode|escape|unescape|spawn|exec|execFile|fork|spawnSync|execSync|execFileSync|request|get|createServer|Agent|Server|globalAgent|decodeURIComponent|encodeURIComponent|createConnection)\d+\b/;
/** The shape the issue saw: `https2.createServer is not a function`. */
const RENAMED_CALL = /\b[a-z_]+\d\.\w+ is not a function/;

/** The cases that observe globalAgent through its createConnection, which a stub Agent lacks rather than throws from. */
const GLOBAL_AGENT_HOOK_CASES = ['https.global-agent.is-an-agent', 'https.global-agent.used-when-no-agent-named'];

/**
 * Members that throw errors of their own, with the text every failing result of those modules must show (the
 * candidate's own error, not a later symptom), except for the cases listed, which fail on something else the module
 * has (an Agent class that works, say).
 */
const OWN_ERRORS: Readonly<Record<string, readonly { readonly module: string; readonly text: RegExp; readonly except?: readonly string[] }[]>> = {
  'stub-not-implemented': [
    { module: 'querystring', text: /Error: not implemented/ },
    { module: 'child_process', text: /Error: not implemented/ },
    { module: 'https', text: /Error: not implemented/ },
  ],
  'unenv-2': [
    { module: 'child_process', text: /\[unenv\] child_process\.\w+ is not implemented yet!/ },
    // Its Agent (unenv's http Agent stand-in) exists and is constructed; globalAgent lacks createConnection instead.
    { module: 'https', text: /\[unenv\] https\.\w+ is not implemented yet!/, except: GLOBAL_AGENT_HOOK_CASES },
  ],
  'frida-https': [{ module: 'https', text: /https\.\w+ is not implemented/, except: GLOBAL_AGENT_HOOK_CASES }],
  'jspm-core': [{ module: 'child_process', text: /Node\.js child_process is not supported by JSPM core in the browser/ }],
};

/** The text of a result a reader sees: its message, and what it records as expected and actual. */
function shown(result: CaseResult): string {
  return [result.message ?? '', JSON.stringify(result.expected) ?? '', JSON.stringify(result.actual) ?? ''].join('\n');
}

describe('certification corpus: verdicts on real third-party implementations and synthetic stubs', function () {
  // The whole corpus takes about a minute on an idle 2-core machine; the limit leaves room for a loaded one.
  this.timeout(300_000);
  let runs: MemberRun[] = [];
  const committed = new Map<CorpusMember, VerdictFile>();

  before(async () => {
    for (const member of CORPUS) committed.set(member, await readVerdicts(member));
    runs = await runCorpus();
  });

  it('holds at least eight real third-party packages and the three synthetic stubs, each with a verdict file', () => {
    expect(CORPUS.filter((member) => member.kind === 'package').length).to.be.at.least(8);
    expect(CORPUS.filter((member) => member.kind === 'stub').map((member) => member.name)).to.have.members(['stub-missing', 'stub-not-implemented', 'stub-http-as-https']);
    for (const member of CORPUS) expect(committed.get(member)?.modules, `${member.name}: modules of its verdict file`).to.deep.equal(member.modules);
  });

  it('gives every case the verdict committed for it', () => {
    const changed: string[] = [];
    for (const { member, run } of runs) {
      const verdicts = committed.get(member)?.verdicts ?? {};
      const seen = new Set<string>();
      for (const result of run.results) {
        seen.add(result.case);
        const before = verdicts[result.case]?.status ?? 'absent';
        if (before !== result.status) changed.push(`${run.candidate.id} ${result.case}: ${before} → ${result.status}: ${(result.message ?? '').split('\n')[0]}`);
      }
      for (const id of Object.keys(verdicts)) if (!seen.has(id)) changed.push(`${run.candidate.id} ${id}: ${verdicts[id]?.status} → not run`);
    }
    expect(changed, 'verdicts that differ from test/certification/verdicts/ (a deliberate change: npx tsx test/certification/write-verdicts.ts, then audit)').to.deep.equal([]);
  });

  it('commits only audited verdicts: every one but a pass says why, and none is an unaudited draft', () => {
    const unexplained: string[] = [];
    for (const member of CORPUS) {
      for (const [id, verdict] of Object.entries(committed.get(member)?.verdicts ?? {})) {
        if (verdict.status === 'pass') continue;
        if (!verdict.why || verdict.why.startsWith(UNAUDITED)) unexplained.push(`${member.name} ${id}: ${verdict.why ?? 'no why'}`);
      }
    }
    expect(unexplained).to.deep.equal([]);
  });

  it('gives every failing result a message', () => {
    const silent = runs.flatMap(({ run }) => run.results.filter((result) => isFailing(result.status) && !result.message?.trim()).map((result) => `${run.candidate.id} ${result.case}`));
    expect(silent).to.deep.equal([]);
  });

  it('shows no bundler-generated identifier in any message', () => {
    const renamed = runs.flatMap(({ run }) =>
      run.results.filter((result) => BUNDLER_IDENTIFIER.test(shown(result)) || RENAMED_CALL.test(shown(result))).map((result) => `${run.candidate.id} ${result.case}: ${result.message ?? ''}`),
    );
    expect(renamed).to.deep.equal([]);
  });

  it("shows the candidate's own error wherever it threw one", () => {
    const hidden: string[] = [];
    for (const { member, run } of runs) {
      for (const { module, text, except = [] } of OWN_ERRORS[member.name] ?? []) {
        for (const result of run.results) {
          if (result.module !== module || !isFailing(result.status) || except.includes(result.case)) continue;
          if (!text.test(shown(result))) hidden.push(`${run.candidate.id} ${result.case}: ${result.message ?? ''}`);
        }
      }
    }
    expect(hidden).to.deep.equal([]);
  });

  it('gives the stubs the per-API states their construction dictates', () => {
    const statesOf = (name: string): Map<string, ApiState> => {
      const found = runs.find(({ member }) => member.name === name);
      if (!found) throw new Error(`no run of ${name}`);
      const rules = catalogue.filter((rule) => found.member.modules.includes(rule.module));
      return new Map(apiStates(found.run, rules, apis).map((state) => [state.api, state]));
    };
    // Every function and class throws "not implemented", and reading globalAgent does: a stub everywhere.
    const throwing = statesOf('stub-not-implemented');
    expect([...throwing].filter(([, state]) => state.state !== 'stub').map(([api, state]) => `${api}: ${state.state}`)).to.deep.equal([]);
    // Every export is missing (the modules are empty objects, judged rather than refused): absent everywhere.
    const missing = statesOf('stub-missing');
    expect([...missing].filter(([, state]) => state.state !== 'absent').map(([api, state]) => `${api}: ${state.state}`)).to.deep.equal([]);
    // Plain HTTP as https: the server works as an HTTP server and fails every TLS rule: partial, as are the rest.
    const http = statesOf('stub-http-as-https');
    for (const api of ['https.createServer', 'https.Server']) {
      const state = http.get(api);
      expect(state?.state, api).to.equal('partial');
      expect(state?.rules.passed, `${api}: rules it passes as a plain-HTTP server`).to.be.greaterThan(0);
    }
    expect(apis.filter((api) => api.module === 'https').map((api) => http.get(api.id)?.state)).to.not.include('conformant');
    // Real packages: unenv 2's child_process says "[unenv] … is not implemented yet!" for every function.
    const unenv = statesOf('unenv-2');
    expect(apis.filter((api) => api.module === 'child_process').map((api) => unenv.get(api.id)?.state)).to.deep.equal(apis.filter((api) => api.module === 'child_process').map(() => 'stub'));
  });

  it('passes nothing for the stubs that implement nothing', () => {
    const passed = runs
      .filter(({ member }) => member.name === 'stub-missing' || member.name === 'stub-not-implemented')
      .flatMap(({ run }) => run.results.filter((result) => result.status === 'pass').map((result) => `${run.candidate.id} ${result.case}`));
    expect(passed).to.deep.equal([]);
  });
});
