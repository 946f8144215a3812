// A build compared with a build: yesterday's local build at one path is the baseline of today's at another, and one
// flag (or none, with one candidate each) compares them. Today's build is deliberately broken: a wrapper that runs this
// Node with a preload keeping 999 keys by default instead of 1000, one querystring rule. The gate must name that case
// and its rule and nothing else; nothing compared must be said loudly; each build is labelled by its path and digest.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultsFile } from '../../results/results-file.js';
import { runCli } from './run-cli.js';

const BROKEN_CASE = 'querystring.parse.keeps-the-first-1000-keys-by-default';
const BROKEN_RULE = 'querystring.parse.max-keys-default';
/**
 * The parse cases about keys: the broken one among its neighbours (every maxKeys case, repeated, distinct and own keys),
 * where a wrong default would show too, enough to see that one case, and only it, regresses. Not every case with "key"
 * in its id: two decoding properties (malformed keys and values, agreement on repeated keys) took most of their CPU,
 * in each of the seven runs, and hold no maxKeys.
 */
const SELECTION = [
  ...['keep*', '*max-keys*', 'repeated-*', 'reads-many-distinct-keys*', '*own-key*'].flatMap((glob) => ['--case', `querystring.parse.${glob}`]),
  '--seed',
  '20261128',
];

/** A "build" at `dir/node`: a script that runs this Node (so `--version` prints its version), with a preload if given. */
function build(dir: string, preload?: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'node');
  const flags = preload ? ` --import ${JSON.stringify(preload)}` : '';
  writeFileSync(file, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)}${flags} "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('a build compared with a build at another path', function () {
  this.timeout(240_000);
  let dir: string;
  let oldBuild: string;
  let newBuild: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rtconf-builds-'));
    const breaker = join(dir, 'max-keys-999.mjs');
    // The runtime's own querystring keeps one key fewer by default: parse and its alias, as the agent imports them.
    writeFileSync(
      breaker,
      [
        "import qs from 'node:querystring';",
        "import { syncBuiltinESMExports } from 'node:module';",
        'const parse = qs.parse;',
        'qs.parse = qs.decode = function (str, sep, eq, options) { return parse(str, sep, eq, { maxKeys: 999, ...options }); };',
        'syncBuiltinESMExports();',
      ].join('\n'),
    );
    oldBuild = build(join(dir, 'builds', '2026-11-27'));
    newBuild = build(join(dir, 'builds', '2026-11-28'), breaker);
    const yesterday = await runCli(['run', '--candidate', `runtime:${oldBuild}`, ...SELECTION, '--out', join(dir, 'yesterday')]);
    expect(yesterday.code, yesterday.stderr).to.equal(0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const read = (out: string): ResultsFile => JSON.parse(readFileSync(join(dir, out, 'results.json'), 'utf8')) as ResultsFile;

  it('labels each build by its path and digest, not as the published release, in results.json and the summary', async () => {
    const candidate = read('yesterday').runs[0]?.candidate;
    const sha256 = createHash('sha256').update(readFileSync(oldBuild)).digest('hex');
    expect(candidate).to.deep.include({ id: `runtime:${oldBuild}`, name: 'node', build: { path: oldBuild, sha256 } });
    const today = await runCli(['run', '--candidate', `runtime:${newBuild}`, ...SELECTION, '--out', join(dir, 'alone')]);
    expect(today.code).to.equal(1);
    const digest = createHash('sha256').update(readFileSync(newBuild)).digest('hex').slice(0, 12);
    const line = today.stdout.split('\n').find((text) => text.startsWith('node '));
    expect(line).to.equal(`node ${process.version.slice(1)} (local build ${digest}, ${newBuild}): 1 normative rule not met (${line?.match(/\((\d+\/\d+) pass\)/)?.[1]} pass) — this build's own; compare builds with --baseline (and --pair)`);
    expect(today.stdout, 'the published runtimes’ page does not describe a local build').to.not.contain('docs/runtimes.md');
  });

  it('compares the only candidate of each run by itself, and the gate names the regression with its rule', async () => {
    const today = await runCli(['run', '--candidate', `runtime:${newBuild}`, ...SELECTION, '--baseline', join(dir, 'yesterday', 'results.json'), '--out', join(dir, 'today')]);
    expect(today.code, today.stderr).to.equal(1);
    expect(today.stderr).to.contain(`its runtime:${oldBuild} compared with runtime:${newBuild}, the only candidate of each`);
    expect(today.stdout).to.match(new RegExp(`  1 unexpected result\\(s\\), new failures:\\n    runtime:${newBuild}  ${BROKEN_CASE}  pass → fail \\[${BROKEN_RULE}\\]: `));
    expect(today.stdout).to.contain(`verdict: FAIL, 1 unexpected: ${BROKEN_CASE} (${BROKEN_RULE})\n`);
  });

  it('says loudly when nothing was compared, and compares with --pair BASE=RUN', async () => {
    const args = ['run', '--candidate', `runtime:${newBuild}`, '--candidate', 'reference', ...SELECTION, '--baseline', join(dir, 'yesterday', 'results.json')];
    const unpaired = await runCli([...args, '--out', join(dir, 'unpaired')]);
    expect(unpaired.code).to.equal(1);
    expect(unpaired.stderr).to.match(/rtconf: warning: nothing was compared with the baseline: baseline \S+ names runtime:\S+2026-11-27\/node, but this run's candidates are runtime:\S+2026-11-28\/node, reference; compare them with --pair BASE_ID=RUN_ID/);
    expect(unpaired.stdout).to.contain('; nothing was compared with it');
    const paired = await runCli([...args, '--pair', `runtime:${oldBuild}=runtime:${newBuild}`, '--out', join(dir, 'paired')]);
    expect(paired.code, paired.stderr).to.equal(1);
    expect(paired.stderr).to.not.contain('warning');
    expect(paired.stdout).to.contain(`verdict: FAIL, 1 unexpected: ${BROKEN_CASE} (${BROKEN_RULE})\n`);
    expect(paired.stdout).to.contain('note: baseline').and.contain('has no run of reference: compared with nothing, expected to pass');
    const alone = await runCli(['run', '--candidate', `runtime:${newBuild}`, '--pair', `runtime:${oldBuild}=runtime:${newBuild}`, '--out', join(dir, 'alone-pair')]);
    expect([alone.code, alone.stderr.trim()]).to.deep.equal([2, 'rtconf: --pair names candidates of a baseline: give it with --baseline FILE']);
    const wrong = await runCli([...args, '--pair', `runtime:${newBuild}=runtime:${oldBuild}`, '--out', join(dir, 'wrong')]);
    expect([wrong.code, wrong.stderr.trim().split('\n').length]).to.deep.equal([2, 1]);
    expect(wrong.stderr).to.match(/--pair ".*": expected BASE_ID=RUN_ID/);
  });

  it('diffs the two builds the same way: by themselves, or by --pair, and warns when it compared nothing', async () => {
    const [yesterday, today, paired] = ['yesterday', 'today', 'paired'].map((out) => join(dir, out, 'results.json'));
    const diff = await runCli(['diff', yesterday ?? '', today ?? '']);
    expect(diff.code, diff.stderr).to.equal(1);
    expect(diff.stdout).to.match(/^1 regression, 0 fixes, 0 other changes, 0 new, 0 removed \(\d+ results compared\)/);
    expect(diff.stdout).to.contain(BROKEN_CASE);
    const nothing = await runCli(['diff', yesterday ?? '', paired ?? '']);
    expect(nothing.stderr).to.contain('rtconf diff: warning: nothing was compared').and.contain('pair them with --pair A_ID=B_ID');
    const told = await runCli(['diff', yesterday ?? '', paired ?? '', '--pair', `runtime:${oldBuild}=runtime:${newBuild}`, '--json']);
    const changes = (JSON.parse(told.stdout) as { changes: { kind: string; case: string }[] }).changes.filter((change) => change.kind === 'regression');
    expect(changes.map((change) => change.case)).to.deep.equal([BROKEN_CASE]);
  });
});
