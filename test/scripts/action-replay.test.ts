// The GitHub Action (action.yml), played on this machine by scripts/action-replay.mjs as GitHub runs a composite
// action: a passing gate (the job succeeds, the summary says so, the report is uploaded), a failing one (the job fails
// after the upload), one passed by expectations, a project without rt-conformance installed, and inputs holding shell
// syntax, which reach rtconf as data. The file itself passes a linter of actions, and keeps inputs out of its scripts.
import { expect } from 'chai';
import { validateAction } from '@action-validator/core';
import { load } from 'js-yaml';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, cliEntry } from '../cli/run-cli.js';

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
}

interface Replay {
  readonly conclusion: 'success' | 'failure';
  readonly steps: readonly { readonly name: string; readonly outcome: string; readonly code?: number; readonly stdout?: string; readonly stderr?: string }[];
  readonly summary: string;
  readonly artifacts: readonly { readonly name: string; readonly path: string }[];
  readonly outputs: Record<string, string>;
}

interface ReplayModule {
  prepareProject(dir: string, options?: { install?: boolean; packages?: readonly string[]; cli?: readonly string[] }): Promise<void>;
  replayAction(project: string, inputs?: Record<string, string>): Promise<Replay>;
}

const ACTION_FILE = join(ROOT, 'action.yml');
/**
 * The rule the played runs select: two cases of querystring.parse, which the reference passes and querystring-es3
 * fails (both listed in its expectations file). Enough for a passing gate, a failing one and one passed by
 * expectations; the action does the same whatever the number of cases, and two plain cases start two agents, where
 * the 44 of querystring.parse.* cost seconds of property runs in each of four.
 */
const RULES = 'querystring.parse.decode-custom';

describe('action.yml (the GitHub Action, played by scripts/action-replay.mjs)', function () {
  this.timeout(240_000);
  let replay: ReplayModule;
  let dir = '';
  before(async () => {
    replay = (await import(join(ROOT, 'scripts', 'action-replay.mjs'))) as ReplayModule;
    dir = await mkdtemp(join(tmpdir(), 'rtconf-action-test-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /**
   * A fresh project with rt-conformance installed (and `packages` linked), the action played in it. Its rtconf is the
   * compiled CLI when dist/ is current, as runCli's is: what is tested is the action around it, not how rtconf starts.
   */
  async function play(name: string, inputs: Record<string, string>, packages: readonly string[] = []): Promise<Replay> {
    const project = join(dir, name);
    await replay.prepareProject(project, { packages, cli: cliEntry() });
    return replay.replayAction(project, inputs);
  }

  it('passes a linter of GitHub actions (@action-validator/core), which catches what it knows', async () => {
    const text = await readFile(ACTION_FILE, 'utf8');
    expect(validateAction(text).errors).to.deep.equal([]);
    expect(validateAction(text.replace('using: composite', 'using: kompozit')).errors).to.not.deep.equal([]);
  });

  it('splices no input into a script, pins every action by commit, and asks for no secret or token', async () => {
    const text = await readFile(ACTION_FILE, 'utf8');
    const action = load(text) as { runs: { steps: Step[] } };
    for (const step of action.runs.steps) {
      if (step.run !== undefined) expect(step.run, `${step.name}: an expression in run:`).to.not.contain('${{');
      if (step.uses !== undefined) expect(step.uses, `${step.name}`).to.match(/^actions\/upload-artifact@[0-9a-f]{40}$/);
    }
    expect(text).to.not.match(/secrets\.|github\.token|GITHUB_TOKEN/);
  });

  it('succeeds on a passing gate: the summary says so, with each export’s state, and the report is uploaded', async () => {
    const outcome = await play('passing', { candidates: 'reference', rules: RULES, seed: '3' });
    expect(outcome.conclusion, JSON.stringify(outcome.steps, null, 1)).to.equal('success');
    expect(outcome.steps.map((step) => step.outcome)).to.deep.equal(['success', 'success', 'success']);
    expect(outcome.outputs).to.include({ 'exit-code': '0', passed: 'true' });
    expect(outcome.summary.split('\n')[0]).to.equal('### rt-conformance: ✅ every normative case passed');
    expect(outcome.summary).to.contain('| `querystring.parse` |');
    const [artifact] = outcome.artifacts;
    expect(artifact?.name).to.equal('rtconf-report');
    expect((await readdir(artifact?.path ?? '')).sort()).to.include.members(['results.json', 'index.html', 'junit.xml']);
    expect(JSON.parse(await readFile(join(artifact?.path ?? '', 'results.json'), 'utf8'))).to.include({ seed: 3 });
  });

  it('fails on a failing gate, after uploading the report, and lists the unexpected results in the summary', async () => {
    const outcome = await play('failing', { candidates: 'npm:querystring-es3', rules: RULES, seed: '20261123' }, ['querystring-es3']);
    expect(outcome.conclusion).to.equal('failure');
    expect(outcome.steps.map((step) => step.outcome)).to.deep.equal(['success', 'success', 'failure']);
    expect(outcome.outputs).to.include({ 'exit-code': '1', passed: 'false' });
    expect(outcome.steps[2]?.stdout).to.contain('::error::rt-conformance: some result is unexpected');
    expect(outcome.summary).to.match(/^### rt-conformance: ❌ \d+ failing normative cases?$/m);
    expect(outcome.summary).to.contain('#### Unexpected results');
    expect(outcome.artifacts.map((artifact) => artifact.name)).to.deep.equal(['rtconf-report']);
  });

  it('succeeds when every failure is expected, and says what it was judged against', async () => {
    const expectations = join(ROOT, 'expectations', 'npm-querystring-es3.json');
    const outcome = await play('expected', { candidates: 'npm:querystring-es3', rules: RULES, seed: '20261123', expect: expectations }, ['querystring-es3']);
    expect(outcome.conclusion, outcome.summary).to.equal('success');
    expect(outcome.summary.split('\n')[0]).to.equal('### rt-conformance: ✅ gate passed: only expected results');
    expect(outcome.summary).to.contain(`Judged against expectations ${expectations}.`);
  });

  it('refuses, with one error, to run in a project that has not installed rt-conformance, and uploads nothing', async () => {
    const project = join(dir, 'not-installed');
    await replay.prepareProject(project, { install: false });
    const outcome = await replay.replayAction(project, { candidates: 'reference' });
    expect(outcome.conclusion).to.equal('failure');
    expect(outcome.steps.map((step) => step.outcome)).to.deep.equal(['failure', 'skipped', 'skipped']);
    expect(outcome.steps[0]?.stdout).to.match(/^::error::rt-conformance is not installed in .*: add it to devDependencies/m);
    expect(outcome.artifacts).to.deep.equal([]);
  });

  it('hands inputs holding shell syntax to rtconf as data: nothing runs, and rtconf refuses them with exit 2', async () => {
    const project = join(dir, 'hostile');
    const outcome = await play('hostile', { candidates: '$(touch pwned)\n`touch pwned2`; touch pwned3', rules: "querystring.parse.* $(touch pwned4) '", seed: '1' });
    expect(outcome.conclusion).to.equal('failure');
    expect(outcome.outputs).to.include({ 'exit-code': '2' });
    expect(outcome.steps[0]?.stderr).to.match(/rtconf: unknown candidate "\$\(touch pwned\)"/);
    for (const file of ['pwned', 'pwned2', 'pwned3', 'pwned4']) expect(existsSync(join(project, file)), file).to.equal(false);
  });
});
