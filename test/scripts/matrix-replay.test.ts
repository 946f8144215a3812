// scripts/matrix-replay.mjs plays examples/ci/rtconf-matrix.yml on this machine (the shards, then the workflow's own
// merge and dashboard steps, then its pages condition), on the good path and on the failure paths: a failing shard,
// a shard that uploaded nothing, no shard at all. The workflow file itself is checked by a linter of GitHub workflows.
import { expect } from 'chai';
import { validateWorkflow } from '@action-validator/core';
import { load } from 'js-yaml';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

interface ReplayModule {
  compareStatuses(merged: Map<string, Map<string, string>>, unsharded: Map<string, Map<string, string>>): string[];
  safeName(spec: string): string;
  wouldRun(workflow: Workflow, name: string, results: Record<string, string>): boolean;
}

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}

interface Workflow {
  readonly jobs: Record<string, { readonly needs?: string | string[]; readonly if?: string; readonly concurrency?: unknown; readonly steps: Step[] }>;
}

const WORKFLOW_FILE = join(ROOT, 'examples', 'ci', 'rtconf-matrix.yml');

describe('scripts/matrix-replay.mjs (the CI matrix played locally)', function () {
  this.timeout(240_000);
  let out: string;
  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'rtconf-matrix-test-'));
  });
  after(() => rm(out, { recursive: true, force: true }));

  it('runs 3 shards, merges them, builds the dashboard, and finds the same statuses as an unsharded run', async () => {
    const outcome = await runNode(
      [join(ROOT, 'scripts', 'matrix-replay.mjs'), '--module', 'querystring', '--case', 'querystring.parse.*', '--shards', '3', '--seed', '11', '--out', out],
      { timeoutMs: 230_000 },
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.match(/reference: merged shards = unsharded run \(\d+ statuses\)/);
    expect(outcome.stdout).to.contain('same statuses sharded and unsharded');
    const merged = JSON.parse(await readFile(join(out, 'workspace', 'merged', 'reference.json'), 'utf8')) as { seed: number; runs: { results: unknown[] }[] };
    expect(merged.seed).to.equal(11);
    // Every shard held some of the cases, and together they are the whole selection.
    const sizes = await Promise.all([1, 2, 3].map(async (index) => (JSON.parse(await readFile(join(out, 'reference', `shard-${index}`, 'results.json'), 'utf8')) as { runs: { results: unknown[] }[] }).runs[0]?.results.length ?? 0));
    expect(sizes.every((size) => size > 0), `shard sizes ${sizes.join(', ')}`).to.equal(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).to.equal(merged.runs[0]?.results.length);
    expect(existsSync(join(out, 'workspace', 'site', 'index.html'))).to.equal(true);
    expect(outcome.stdout).to.contain('dashboard job: success');
    expect(outcome.stdout).to.contain('pages job: publishes the dashboard (shard jobs: success, dashboard job: success)');
  });

  it('rehearses a failing shard and a missing one: the workflow still merges what was uploaded, builds the dashboard and publishes it', async () => {
    const dir = join(out, 'failing');
    const outcome = await runNode(
      [join(ROOT, 'scripts', 'matrix-replay.mjs'), '--candidate', 'npm:querystring-es3', '--module', 'querystring', '--case', 'querystring.parse.*', '--shards', '3', '--drop-shard', '2', '--seed', '11', '--out', dir],
      { timeoutMs: 230_000 },
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    // querystring-es3 fails parse cases, and no expectations gate these shards: they exit 1.
    expect(outcome.stdout).to.match(/shard [13]\/3 of npm:querystring-es3: exit 1 \(an unexpected result: the job fails after the upload\)/);
    expect(outcome.stdout).to.contain('shard 2/3 of npm:querystring-es3: exit 1, dropped: no results uploaded');
    expect(outcome.stdout).to.contain('::warning::npm-querystring-es3: 2 of 3 shards uploaded results; its column is incomplete');
    expect(outcome.stdout).to.contain('dashboard job: success');
    expect(outcome.stdout).to.contain('pages job: publishes the dashboard (shard jobs: failure, dashboard job: success)');
    expect(outcome.stdout).to.match(/npm:querystring-es3: merged shards = unsharded run \(\d+ statuses\) \(\d+ case\(s\) of the dropped shard\(s\) left out\)/);
    expect(existsSync(join(dir, 'workspace', 'site', 'index.html'))).to.equal(true);
  });

  it('rehearses a run where no shard uploaded results: the dashboard job fails with one clear error and nothing is published', async () => {
    const outcome = await runNode(
      [join(ROOT, 'scripts', 'matrix-replay.mjs'), '--case', 'querystring.parse.result-lacks-object-prototype', '--shards', '1', '--drop-shard', '1', '--seed', '11', '--out', join(out, 'none')],
      { timeoutMs: 120_000 },
    );
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.contain('::error::no shard uploaded results: there is nothing to show, and nothing is published');
    expect(outcome.stdout).to.contain('dashboard job: failure (step "rtconf dashboard")');
    expect(outcome.stdout).to.contain('pages job: skipped, nothing is published');
  });

  it('passes a linter of GitHub workflows (@action-validator/core, the schema of workflow files)', async () => {
    const text = await readFile(WORKFLOW_FILE, 'utf8');
    expect(validateWorkflow(text).errors).to.deep.equal([]);
    // The linter catches what it knows: an unknown key, a job that needs a job that does not exist.
    expect(validateWorkflow(text.replace('timeout-minutes: 15', 'timeout-minutez: 15')).errors).to.not.deep.equal([]);
    expect(validateWorkflow(text.replace('needs: dashboard', 'needs: dashbord')).errors.map((error) => error.code)).to.include('unresolved_job');
  });

  it('publishes after a failing shard only through the dashboard job’s success, one deployment at a time', async () => {
    const replay = (await import(join(ROOT, 'scripts', 'matrix-replay.mjs'))) as ReplayModule;
    const workflow = load(await readFile(WORKFLOW_FILE, 'utf8')) as Workflow;
    expect(replay.wouldRun(workflow, 'pages', { shard: 'failure', dashboard: 'success' })).to.equal(true);
    expect(replay.wouldRun(workflow, 'pages', { shard: 'success', dashboard: 'failure' })).to.equal(false);
    expect(replay.wouldRun(workflow, 'dashboard', { shard: 'failure' })).to.equal(true);
    // wouldRun reads `if:` as GitHub does: without a status function, a failed need upstream skips the job.
    const strict = { jobs: { ...workflow.jobs, pages: { ...workflow.jobs.pages, if: "github.event_name != 'pull_request'" } } } as Workflow;
    expect(replay.wouldRun(strict, 'pages', { shard: 'failure', dashboard: 'success' })).to.equal(false);
    expect(workflow.jobs.pages?.concurrency).to.deep.include({ 'cancel-in-progress': false });
  });

  it('keeps one runtime cache per runtime and week, saved by one shard: no key holds the run id', async () => {
    const workflow = load(await readFile(WORKFLOW_FILE, 'utf8')) as Workflow;
    const steps = workflow.jobs.shard?.steps ?? [];
    const caching = steps.filter((step) => step.uses?.startsWith('actions/cache'));
    expect(caching.length).to.be.greaterThan(0);
    for (const step of caching) expect(String(step.with?.key ?? ''), step.uses).to.not.contain('run_id');
    const saving = caching.filter((step) => step.uses === 'actions/cache@v4' || step.uses?.startsWith('actions/cache/save'));
    expect(saving).to.have.length(1);
    expect(saving[0]?.if).to.contain('matrix.shard == 1');
  });

  it('lists every case whose status differs, and the cases only one side has', async () => {
    const replay = (await import(join(ROOT, 'scripts', 'matrix-replay.mjs'))) as ReplayModule;
    const merged = new Map([['reference', new Map([['a', 'pass'], ['b', 'fail']])]]);
    const unsharded = new Map([['reference', new Map([['a', 'pass'], ['b', 'pass'], ['c', 'pass']])], ['host', new Map()]]);
    expect(replay.compareStatuses(merged, unsharded)).to.deep.equal([
      'reference b: fail in the merged shards, pass unsharded',
      'reference c: missing in the merged shards, pass unsharded',
      'host: only in the unsharded run',
    ]);
    expect(replay.compareStatuses(merged, merged)).to.deep.equal([]);
    expect(replay.safeName('runtime:node@22')).to.equal('runtime-node-22');
  });
});
