// workerd as a candidate, for real: the release fetched from the npm registry (skipped, with one line, only when it
// cannot be fetched and is not cached), a small case set of each module run through the CLI, and the agent protocol
// over HTTP with hangs that only a new workerd process ends. What workerd cannot do must be a verdict (fail naming
// what is missing, or not provided), never an error or a crash of how it is driven.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseMeta } from '../../../conformance/case.js';
import { parseCandidateSpec, type WorkerdSpec } from '../../../results/candidate-spec.js';
import type { CaseResult, ResultsFile } from '../../../results/results-file.js';
import { createAgentRunner } from '../../../runners/agent/agent-runner.js';
import { workerdHosts } from '../../../runners/agent/workerd-host.js';
import { ensureWorkerd, type ResolvedWorkerd } from '../../../runners/runtimes/ensure-workerd.js';
import { runCli } from '../../cli/run-cli.js';
import { AGENT_FIXTURES, collect, eventually, mark, META, processesWith, TEST_CASES } from '../agent-helpers.js';

const PEER_CASES = fileURLToPath(new URL('../fixtures/trusted-peer-service.fixture.mjs', import.meta.url));
const HANG_CASES = `${AGENT_FIXTURES}hang-cases.mjs`;

function workerdSpec(text: string): WorkerdSpec {
  const spec = parseCandidateSpec(text);
  if (spec.kind !== 'workerd') throw new Error(`${text} is not a workerd spec`);
  return spec;
}

describe('workerd candidates (runtime:workerd@1)', function () {
  this.timeout(240_000);
  let workerd: ResolvedWorkerd;
  afterEach(() => {
    delete process.env.RTCONF_TEST_MARK;
  });

  before(async function () {
    try {
      workerd = await ensureWorkerd(workerdSpec('runtime:workerd@1'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/cannot reach|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|no answer|no workerd binary is published/.test(reason)) {
        console.log(`      (skipped: workerd cannot be fetched from the npm registry and is not cached: ${reason})`);
        this.skip();
      }
      throw error;
    }
  });

  it('judges all three modules through the CLI: no error or crash, each child_process failure naming the missing API', async () => {
    const out = await mkdtemp(join(tmpdir(), 'rtconf-workerd-test-'));
    try {
      const cases = [
        'querystring.parse.repeated-key-collects-values-in-order',
        'querystring.stringify.writes-booleans-as-words',
        'querystring.stringify.skips-inherited-properties',
        'child_process.spawn.returns-child-process',
        'child_process.exec.returns-child-process',
        'child_process.module.exports-every-function',
        'https.request.form-options-callback',
        'https.get.sends-get-and-ends-request',
        'https.errors.untrusted-ca-on-error-event',
        'https.server.listen-accepts-tls-connections',
      ];
      const outcome = await runCli(['run', '--candidate', 'runtime:workerd@1', ...cases.flatMap((id) => ['--case', id]), '--seed', '20261123', '--jobs', '2', '--out', out]);
      expect(outcome.code, outcome.stderr).to.be.oneOf([0, 1]);
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as ResultsFile;
      const run = results.runs[0];
      expect(run?.candidate).to.deep.include({ id: 'runtime:workerd@1', name: 'workerd', kind: 'runtime', version: workerd.version });
      expect(run?.candidate.compatibility).to.deep.equal({ date: workerd.compatibility.date, flags: [...workerd.compatibility.flags] });
      const byModule = (module: string): CaseResult[] => (run?.results ?? []).filter((result) => result.module === module);
      for (const module of ['querystring', 'child_process', 'https']) expect(byModule(module), `results of ${module}`).to.not.be.empty;
      const broken = (run?.results ?? []).filter((result) => result.status === 'error' || result.status === 'crash' || result.status === 'timeout');
      expect(broken.map((result) => `${result.case}: ${result.status} ${result.message ?? ''}`), 'results of how workerd is driven rather than of workerd').to.deep.equal([]);
      // querystring is there and works; https reaches the harness's trusted peers through the Worker's network.
      expect(byModule('querystring').some((result) => result.status === 'pass')).to.equal(true);
      expect(byModule('https').find((result) => result.case === 'https.request.form-options-callback')?.status).to.equal('pass');
      expect(byModule('https').find((result) => result.case === 'https.errors.untrusted-ca-on-error-event')?.status).to.equal('pass');
      // A Worker has no subprocesses: every child_process case fails, naming the function it called.
      for (const result of byModule('child_process')) {
        expect(result.status, result.case).to.equal('fail');
        expect(result.message, result.case).to.match(/child_process\.(spawn|exec|execFile|fork|spawnSync|execSync|execFileSync)\b/);
      }
      // A Worker cannot listen: the trusted client cannot reach the candidate's server, a failure of that case only.
      expect(byModule('https').find((result) => result.case === 'https.server.listen-accepts-tls-connections')?.status).to.equal('fail');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('leaves the modules a compatibility date does not have not provided, in the runtime\'s own words', async () => {
    const spec = workerdSpec('runtime:workerd@1,date=2025-08-14');
    const resolved = await ensureWorkerd(spec);
    expect(resolved.compatibility).to.deep.equal({ date: '2025-08-14', flags: ['nodejs_compat'] });
    const runner = createAgentRunner({
      candidate: { id: 'runtime:workerd@1,date=2025-08-14', name: 'workerd', kind: 'runtime', version: resolved.version, compatibility: resolved.compatibility },
      host: workerdHosts({ executable: resolved.executable, version: resolved.version, compatibilityDate: '2025-08-14', compatibilityFlags: resolved.compatibility.flags }),
      load: { kind: 'builtins' },
    });
    const cases: CaseMeta[] = [
      { id: 'querystring.parse.repeated-key-collects-values-in-order', module: 'querystring', rules: ['querystring.parse.repeated-keys'] },
      { id: 'https.request.form-options-callback', module: 'https', rules: [] },
      { id: 'child_process.spawn.returns-child-process', module: 'child_process', rules: [] },
    ];
    const results = await collect(runner, cases, { timeoutMs: 20000 });
    expect(results.map((result) => `${result.case} ${result.status}`)).to.have.members([
      'querystring.parse.repeated-key-collects-values-in-order pass',
      'https.request.form-options-callback skip',
      'child_process.spawn.returns-child-process skip',
    ]);
    for (const result of results.filter((item) => item.status === 'skip')) expect(result.message).to.match(/^candidate does not provide (https|child_process): .*No such module "node:(https|child_process)"/);
  });

  it('runs the agent protocol over HTTP: cases, trusted peers, a timeout inside the Worker, and a hung Worker replaced', async () => {
    const sync: CaseMeta = { id: 'querystring.agent-test.sync-loop', module: 'querystring', rules: [], timeoutMs: 500 };
    const peer: CaseMeta = { id: 'https.trusted-peer-test.server-over-channel', module: 'https', rules: [] };
    const { compatibility } = workerd;
    // Only this run's workerd processes: another file running beside this one (bare-agent.test.ts) starts its own.
    const marker = mark();
    const runner = createAgentRunner({
      candidate: { id: 'runtime:workerd@1', name: 'workerd', kind: 'runtime', version: workerd.version, compatibility },
      host: workerdHosts({ executable: workerd.executable, version: workerd.version, compatibilityDate: compatibility.date, compatibilityFlags: compatibility.flags }),
      load: { kind: 'builtins' },
      caseModules: [TEST_CASES, PEER_CASES, HANG_CASES],
      deadlineSlackMs: 1500,
      silenceMs: 1500,
    });
    const results: CaseResult[] = [];
    /** The most of this run's workerd processes seen alive as a result came in: the marker does reach them. */
    let seenAlive = 0;
    try {
      for await (const result of runner.run([META.parse!, META.slow!, peer, sync, META.stringify!], { seed: 1, timeoutMs: 20000, jobs: 1 })) {
        results.push(result);
        seenAlive = Math.max(seenAlive, processesWith(marker, 'workerd').length);
      }
    } finally {
      await runner.close();
    }
    expect(seenAlive, 'workerd processes of this run seen while it ran').to.be.at.least(1);
    const status = Object.fromEntries(results.map((result) => [result.case, result.status]));
    expect(status).to.deep.equal({
      [META.parse!.id]: 'pass',
      // Its own time limit, enforced inside the Worker: the agent lives on.
      [META.slow!.id]: 'timeout',
      [peer.id]: 'pass',
      // A loop that never yields: the harness ends the workerd process, and a new one takes the next case.
      [sync.id]: 'timeout',
      [META.stringify!.id]: 'pass',
    });
    expect(results.find((result) => result.case === sync.id)?.message).to.match(/stopped responding|agent was killed/);
    // Each agent's workerd was killed and waited for; a loaded machine may take a moment more to tear one down.
    expect(await eventually(() => processesWith(marker, 'workerd').length === 0), `workerd processes left running after the run: ${processesWith(marker, 'workerd').join(' ')}`).to.equal(true);
  });
});
