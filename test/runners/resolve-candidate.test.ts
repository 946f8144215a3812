// Resolving candidate specs into runners (runners/candidates/); the grammar itself is test/results/candidate-spec.test.ts.
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { loadAdapter } from '../../runners/load-adapter.js';
import { CandidateError } from '../../results/candidate-spec.js';
import { runSuite } from '../../runners/run-suite.js';
import { rejection } from '../tools/rejection.js';


describe('candidate specs', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-test-adapters-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const adapter = async (name: string, source: string): Promise<string> => {
    const file = join(dir, name);
    await writeFile(file, source);
    return file;
  };

  it('loads a well-formed adapter with its name, version and modules', async () => {
    const file = await adapter('good.mjs', `import qs from 'node:querystring'; export default { name: 'good', version: '1.2.3', modules: { querystring: qs } };`);
    const loaded = await loadAdapter(file);
    expect(loaded.name).to.equal('good');
    expect(loaded.version).to.equal('1.2.3');
    expect(Object.keys(loaded.modules)).to.deep.equal(['querystring']);
  });

  it('rejects a missing adapter file with a reason naming it', async () => {
    const error = await rejection(loadAdapter(join(dir, 'missing-adapter.mjs')));
    expect(error).to.be.instanceOf(CandidateError);
    expect(error.message).to.contain('missing-adapter.mjs').and.contain('no such file');
  });

  it('rejects an adapter that throws while loading, in one line', async () => {
    const file = await adapter('throws.mjs', `throw new Error('boom\\nsecond line');`);
    const error = await rejection(loadAdapter(file));
    expect(error.message).to.contain('throws.mjs').and.contain('boom');
    expect(error.message).to.not.contain('\n');
  });

  it('rejects adapters of the wrong shape, saying what is wrong', async () => {
    const shapes: Array<[string, RegExp]> = [
      [`export default { nope: true };`, /"name" must be a non-empty string/],
      [`export const x = 1;`, /default export must be/],
      [`export default function adapter() {}`, /default export must be \{ name, version\?, modules \}, got function/],
      [`export default { name: 'n', modules: {} };`, /provides none of/],
      [`export default { name: 'n', modules: { childProcess: {} } };`, /unknown key\(s\) "childProcess"/],
      [`export default { name: 'n', modules: { querystring: 'qs' } };`, /modules\.querystring must be an object, got string/],
      [`export default { name: 'n', version: 3, modules: {} };`, /"version" must be a string/],
      [`export default { name: 'n', modules: { querystring: {} }, declared: { ipcChanelVariable: 'X' } };`, /"declared" has unknown field\(s\) "ipcChanelVariable"/],
    ];
    for (const [index, [source, pattern]] of shapes.entries()) {
      const error = await rejection(loadAdapter(await adapter(`shape-${index}.mjs`, source)));
      expect(error, source).to.be.instanceOf(CandidateError);
      expect(error.message, source).to.match(pattern);
    }
  });

  it('loads a module that lacks required exports, or has none: its cases find them missing, the adapter is not refused', async () => {
    const onlySync = await loadAdapter(await adapter('only-sync.mjs', `import { spawnSync } from 'node:child_process'; export default { name: 'only-sync', modules: { child_process: { spawnSync } } };`));
    expect(Object.keys(onlySync.modules.child_process ?? {})).to.deep.equal(['spawnSync']);
    const empty = await loadAdapter(await adapter('empty.mjs', `export default { name: 'empty', modules: { child_process: {}, https: {} } };`));
    expect(Object.keys(empty.modules)).to.deep.equal(['child_process', 'https']);
  });

  it('resolves an installed npm polyfill, with its version, and runs the module it implements (told from its exports)', async function () {
    this.timeout(30000);
    const runner = await resolveCandidate('npm:querystring-es3');
    expect(runner.candidate).to.deep.include({ id: 'npm:querystring-es3', name: 'querystring-es3', kind: 'npm' });
    expect(runner.candidate.version).to.match(/^\d+\.\d+\.\d+/);
    const cases = [
      { id: 'querystring.parse.repeated-key-collects-values-in-order', module: 'querystring' as const, rules: [] },
      { id: 'child_process.exec.default-shell-is-bin-sh', module: 'child_process' as const, rules: [] },
    ];
    const results = await runSuite([runner], cases, [], { seed: 1, timeoutMs: 10000, jobs: 1 });
    expect(results.runs[0]?.results.map((result) => `${result.case} ${result.status}`)).to.deep.equal([
      'querystring.parse.repeated-key-collects-values-in-order pass',
      'child_process.exec.default-shell-is-bin-sh skip',
    ]);
  });

  it('says how to install an npm package that is missing', async () => {
    const error = await rejection(resolveCandidate('npm:no-such-package-rtconf-xyz'));
    expect(error).to.be.instanceOf(CandidateError);
    expect(error.message).to.contain('npm install no-such-package-rtconf-xyz');
  });

  it('judges a package as the module it is named for, finding the exports it lacks missing', async function () {
    this.timeout(30000);
    const runner = await resolveCandidate('npm:querystring-es3=child_process');
    const results = await runSuite([runner], [{ id: 'child_process.spawn.returns-child-process', module: 'child_process' as const, rules: ['child_process.spawn.returns-child-process'] }], [], { seed: 1, timeoutMs: 10000, jobs: 1 });
    expect(results.runs[0]?.results.map((result) => `${result.status} ${result.message ?? ''}`)).to.deep.equal(['fail not implemented: child_process.spawn']);
  });

  it('refuses, in one line naming how to name it, a package whose module cannot be told from its name or exports', async function () {
    this.timeout(30000);
    const project = join(dir, 'project-unknown');
    await mkdir(join(project, 'node_modules', 'rtconf-nothing'), { recursive: true });
    await writeFile(join(project, 'node_modules', 'rtconf-nothing', 'package.json'), JSON.stringify({ name: 'rtconf-nothing', version: '1.0.0', main: 'index.js' }));
    await writeFile(join(project, 'node_modules', 'rtconf-nothing', 'index.js'), 'module.exports = { hello() {} };\n');
    const error = await rejection(resolveCandidate('npm:rtconf-nothing', { cwd: project }));
    expect(error).to.be.instanceOf(CandidateError);
    expect(error.message).to.contain("none of the interface's functions").and.contain('npm:rtconf-nothing=<querystring|child_process|https>').and.not.contain('\n');
  });

  it('takes npm:NAME named like a builtin as the npm package, never the builtin: a placeholder without code is an empty module', async function () {
    this.timeout(30000);
    const project = join(dir, 'project-placeholder');
    await mkdir(join(project, 'node_modules', 'child_process'), { recursive: true });
    // As npm's security placeholder: a manifest naming an index.js that is not there.
    await writeFile(join(project, 'node_modules', 'child_process', 'package.json'), JSON.stringify({ name: 'child_process', version: '1.0.2', main: 'index.js' }));
    const runner = await resolveCandidate('npm:child_process', { cwd: project });
    expect(runner.candidate).to.deep.include({ id: 'npm:child_process', kind: 'npm', version: '1.0.2' });
    const results = await runSuite([runner], [{ id: 'child_process.spawnSync.blocks-until-child-exits', module: 'child_process' as const, rules: ['child_process.sync.spawn-sync-blocks'] }], [], { seed: 1, timeoutMs: 10000, jobs: 1 });
    expect(results.runs[0]?.results.map((result) => `${result.status} ${result.message ?? ''}`)).to.deep.equal(['fail not implemented: child_process.spawnSync']);
    const missing = await rejection(resolveCandidate('npm:https', { cwd: project }));
    expect(missing.message).to.contain('never the runtime\'s builtin');
  });

  it('runs the reference and the host in agents, each with its identity and its own modules', async function () {
    this.timeout(30000);
    const host = await resolveCandidate('host');
    const reference = await resolveCandidate('reference');
    // In the harness's process a candidate's cases run one at a time: the default run would wait for the reference.
    expect(reference.inProcess, 'the reference in process would run its cases one after another').to.not.equal(true);
    expect(host.inProcess, 'host in process would serialise it behind the reference').to.not.equal(true);
    expect(host.candidate).to.deep.include({ id: 'host', kind: 'host', version: process.version });
    expect(reference.candidate).to.deep.include({ id: 'reference', kind: 'reference' });
    // One case whose pass needs the host's own querystring: Node's parse result has a null prototype. The reference's
    // own https module is loaded in a fresh process from where the harness says it is (the no-crypto cases).
    const selected = [
      { id: 'querystring.parse.result-lacks-object-prototype', module: 'querystring', rules: [] },
      { id: 'https.load.no-crypto-require-throws-catchably', module: 'https', rules: [] },
    ] as const;
    const results = await runSuite([host, reference], selected, [], { seed: 1, timeoutMs: 10000, jobs: 2 });
    expect(results.runs.map((run) => run.results.map((result) => `${run.candidate.id} ${result.case} ${result.status}${result.status === "error" ? `: ${result.message}` : ""}`))).to.deep.equal([
      ['host querystring.parse.result-lacks-object-prototype pass', 'host https.load.no-crypto-require-throws-catchably na'],
      ['reference querystring.parse.result-lacks-object-prototype pass', 'reference https.load.no-crypto-require-throws-catchably pass'],
    ]);
  });

  it('rejects unknown candidate words with the list of accepted forms', async () => {
    const error = await rejection(resolveCandidate('nosuch'));
    expect(error).to.be.instanceOf(CandidateError);
    expect(error.message).to.contain('reference, host');
  });
});
