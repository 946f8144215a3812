// Bare as a candidate, for real: the release and its compatibility layer fetched from the npm registry (skipped, with
// one line, only when they cannot be fetched and are not cached), a small case set of each module run through the CLI
// with the agent inside Bare through the layer, and local builds of Bare and workerd run by path. What Bare's layer
// lacks must be a verdict (a failure naming the missing function), never an error or a crash of how it is driven.
import { expect } from 'chai';
import { chmod, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCandidateSpec, type BareSpec, type WorkerdSpec } from '../../../results/candidate-spec.js';
import type { CaseResult, ResultsFile } from '../../../results/results-file.js';
import { ensureBare, type ResolvedBare } from '../../../runners/runtimes/ensure-bare.js';
import { ensureWorkerd } from '../../../runners/runtimes/ensure-workerd.js';
import { runCli } from '../../cli/run-cli.js';

const UNREACHABLE = /cannot reach|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|no answer|no Bare binary is published|npm could not install/;

function spec<K extends 'bare' | 'workerd'>(text: string, kind: K): K extends 'bare' ? BareSpec : WorkerdSpec {
  const parsed = parseCandidateSpec(text);
  if (parsed.kind !== kind) throw new Error(`${text} is not a ${kind} spec`);
  return parsed as K extends 'bare' ? BareSpec : WorkerdSpec;
}

async function runOf(out: string): Promise<NonNullable<ResultsFile['runs'][number]>> {
  const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as ResultsFile;
  const run = results.runs[0];
  if (!run) throw new Error('no run in results.json');
  return run;
}

function driven(results: readonly CaseResult[]): string[] {
  return results.filter((result) => result.status === 'error' || result.status === 'crash' || result.status === 'timeout').map((result) => `${result.case}: ${result.status} ${result.message ?? ''}`);
}

describe('Bare candidates (runtime:bare@1)', function () {
  this.timeout(300_000);
  let bare: ResolvedBare;

  before(async function () {
    try {
      bare = await ensureBare(spec('runtime:bare@1', 'bare'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (UNREACHABLE.test(reason)) {
        console.log(`      (skipped: Bare or its layer cannot be fetched from the npm registry and is not cached: ${reason})`);
        this.skip();
      }
      throw error;
    }
  });

  it('judges all three modules through the CLI with the agent inside Bare: no error or crash, what the layer lacks named', async () => {
    const out = await mkdtemp(join(tmpdir(), 'rtconf-bare-test-'));
    try {
      const cases = [
        'querystring.parse.repeated-key-collects-values-in-order',
        'querystring.unescape.never-throws-on-malformed-input',
        'child_process.spawn.returns-child-process',
        'child_process.exec.returns-child-process',
        'child_process.module.exports-every-function',
        'https.create-server.key-cert-as-buffers',
        'https.create-server.key-cert-as-pem-text',
        'https.request.form-options-callback',
      ];
      const outcome = await runCli(['run', '--candidate', 'runtime:bare@1', ...cases.flatMap((id) => ['--case', id]), '--seed', '20261123', '--jobs', '2', '--out', out]);
      expect(outcome.code, outcome.stderr).to.be.oneOf([0, 1]);
      expect(outcome.stdout).to.contain(`bare ${bare.version} + bare-node-runtime ${bare.layer.version}`);
      const run = await runOf(out);
      expect(run.candidate).to.deep.include({ id: 'runtime:bare@1', name: 'bare', kind: 'runtime', version: bare.version });
      expect(run.candidate.layer).to.deep.include({ name: 'bare-node-runtime', version: bare.layer.version });
      expect(driven(run.results), 'results of how Bare is driven rather than of Bare').to.deep.equal([]);
      const status = (id: string): string | undefined => run.results.find((result) => result.case === id)?.status;
      // Through the layer's import map: querystring to bare-querystring, child_process to bare-subprocess, https to bare-https.
      expect(status('querystring.parse.repeated-key-collects-values-in-order')).to.equal('pass');
      expect(status('child_process.spawn.returns-child-process')).to.equal('pass');
      expect(status('https.create-server.key-cert-as-buffers')).to.equal('pass');
      // The cases give the client's ca as bytes, which bare-tls reads; it drops a server's key and cert given as PEM
      // text, which only the text case gives.
      expect(status('https.request.form-options-callback')).to.equal('pass');
      expect(status('https.create-server.key-cert-as-pem-text')).to.equal('fail');
      // bare-querystring's unescape is decodeURIComponent alone; bare-subprocess has no exec.
      expect(status('querystring.unescape.never-throws-on-malformed-input')).to.equal('fail');
      const exec = run.results.find((result) => result.case === 'child_process.exec.returns-child-process');
      expect(exec?.status).to.equal('fail');
      expect(exec?.message).to.match(/not implemented: child_process\.exec\b/);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('runs a local Bare build and a local workerd build by path, each as its registry form runs', async function () {
    let workerd: string;
    try {
      workerd = (await ensureWorkerd(spec('runtime:workerd@1', 'workerd'))).executable;
    } catch (error) {
      console.log(`      (skipped: workerd cannot be fetched: ${error instanceof Error ? error.message : String(error)})`);
      this.skip();
    }
    const dir = await mkdtemp(join(tmpdir(), 'rtconf-local-builds-'));
    try {
      // Copies at other paths: what tells them apart is what they say of themselves, not where the cache keeps them.
      await copyFile(bare.executable, join(dir, 'bare'));
      await copyFile(workerd, join(dir, 'workerd'));
      await chmod(join(dir, 'bare'), 0o755);
      await chmod(join(dir, 'workerd'), 0o755);
      const out = join(dir, 'out');
      const bareId = `runtime:${join(dir, 'bare')}`;
      const workerdId = `runtime:${join(dir, 'workerd')},date=2025-08-14`;
      const outcome = await runCli(['run', '--candidate', bareId, '--candidate', workerdId, '--case', 'querystring.parse.repeated-key-collects-values-in-order', '--case', 'child_process.spawn.returns-child-process', '--seed', '1', '--out', out]);
      expect(outcome.code, outcome.stderr).to.be.oneOf([0, 1]);
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as ResultsFile;
      const local = results.runs.find((item) => item.candidate.id === bareId);
      const worker = results.runs.find((item) => item.candidate.id === workerdId);
      expect(local?.candidate).to.deep.include({ name: 'bare', version: bare.version });
      expect(local?.candidate.layer?.name).to.equal('bare-node-runtime');
      expect(worker?.candidate).to.deep.include({ name: 'workerd' });
      expect(worker?.candidate.compatibility).to.deep.equal({ date: '2025-08-14', flags: ['nodejs_compat'] });
      expect(local?.results.map((result) => `${result.case} ${result.status}`)).to.have.members([
        'querystring.parse.repeated-key-collects-values-in-order pass',
        'child_process.spawn.returns-child-process pass',
      ]);
      // A Worker at 2025-08-14 has no child_process: not provided, in workerd's words.
      expect(worker?.results.map((result) => `${result.case} ${result.status}`)).to.have.members([
        'querystring.parse.repeated-key-collects-values-in-order pass',
        'child_process.spawn.returns-child-process skip',
      ]);
      const refused = await runCli(['run', '--candidate', `${bareId},date=2025-08-14`, '--out', join(dir, 'refused')]);
      expect(refused.code).to.equal(2);
      expect(refused.stderr.trim()).to.match(/date= cannot be given to a bare build/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
