// scripts/node-core-tests.mjs, on a miniature Node test/ directory made here (Node's own tests are never vendored):
// each file runs on the host and with the builtins redirected to the reference, and the script lists the files whose
// outcome differs; with --known, only a file that passes on the host, fails on the reference and is not listed fails
// the run.
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, TSX, runNode } from '../cli/run-cli.js';

/**
 * How long a refusal may take: it runs nothing, but starting Node with tsx and loading the script took over 20 s in
 * parallel workers at load 16, so the bound is what holds at that load with a margin, not what an idle machine needs.
 */
const REFUSAL_LIMIT_MS = 45_000;

const SCRIPT = join(ROOT, 'scripts', 'node-core-tests.mjs');

describe('scripts/node-core-tests.mjs (Node core tests against the reference)', function () {
  this.timeout(60_000);
  let testDir: string;
  before(async () => {
    const checkout = await mkdtemp(join(tmpdir(), 'rtconf-core-tests-'));
    testDir = join(checkout, 'test');
    await mkdir(join(testDir, 'common'), { recursive: true });
    await mkdir(join(testDir, 'parallel'));
    await writeFile(join(testDir, 'common', 'index.js'), "'use strict';\nmodule.exports = {};\n");
    const files: Record<string, string> = {
      // Passes on both: the module works whichever it is.
      'test-querystring-works.js': "const qs = require('querystring');\nif (qs.parse('a=1&a=2').a.length !== 2) process.exit(1);\n",
      // Tells the two apart: only the redirected run loads a file from dist/reference (Node's builtins are not files).
      'test-child-process-which.js': "require('child_process');\nif (Object.keys(require.cache).some((file) => file.includes('reference'))) { console.error('loaded the reference'); process.exit(1); }\n",
      // ES import of a builtin, redirected too.
      'test-https-import.mjs': "import https from 'node:https';\nimport { createRequire } from 'node:module';\nconst own = createRequire(import.meta.url)('node:https');\nif (https !== own) { console.error('import and require disagree'); process.exit(1); }\n",
      'test-https-skipped.js': "console.log('1..0 # Skipped: no reason at all');\n",
      'test-net-unrelated.js': 'process.exit(1);\n',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(testDir, 'parallel', name), text);
  });
  after(() => rm(join(testDir, '..'), { recursive: true, force: true }));

  it('runs the three modules\' files on both sides and lists exactly the ones whose outcome differs (exit 1)', async () => {
    const outcome = await runNode(['--import', TSX, SCRIPT, testDir, '--jobs', '2'], { timeoutMs: 55_000 });
    expect(outcome.code, outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.contain('parallel/test-child-process-which.js: host pass, reference fail');
    expect(outcome.stdout).to.contain('loaded the reference');
    expect(outcome.stdout).to.not.contain('test-querystring-works.js:');
    expect(outcome.stdout).to.not.contain('test-https-import.mjs:');
    expect(outcome.stdout).to.not.contain('test-net-unrelated');
    expect(outcome.stdout).to.contain('4 files: host 3 pass, 1 skip, 0 fail; reference 2 pass, 1 skip, 1 fail; 1 differ');
  });

  /** A docs/reference.md-like file whose known-failures table lists `rows` (file → reason). */
  async function knownFile(rows: Record<string, string>, heading = '### Core test files the reference fails'): Promise<string> {
    const file = join(testDir, '..', `known-${Object.keys(rows).length}-${heading.length}.md`);
    const table = Object.entries(rows).map(([name, reason]) => `| \`${name}\` | what it checks \\| with a pipe | ${reason} |`);
    await writeFile(file, ['# Doc', '', heading, '', '| test | what | why |', '|---|---|---|', ...table, '', '## Next section', '', '| `parallel/test-querystring-works.js` | not part of the list | at all, though in a table |'].join('\n'));
    return file;
  }

  it('with --known, passes when every file that fails only on the reference is listed, and names a listed file that passes', async () => {
    const known = await knownFile({
      'parallel/test-child-process-which.js': 'the redirected run loads the reference, which is the point here',
      'parallel/test-querystring-works.js': 'listed though it passes on both sides, to be reported as stale',
    });
    const outcome = await runNode(['--import', TSX, SCRIPT, testDir, '--jobs', '2', '--known', known], { timeoutMs: 55_000 });
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.contain('parallel/test-child-process-which.js: host pass, reference fail [known: docs/reference.md]');
    expect(outcome.stdout).to.contain('parallel/test-querystring-works.js: listed as failing on the reference, but it does not now');
    expect(outcome.stdout).to.contain('1 differ, 1 of them listed or not a regression, 0 failing the gate');
  });

  it('with --known, fails on a file that passes on the host and fails on the reference when it is not listed (retried once)', async () => {
    const known = await knownFile({ 'parallel/test-https-skipped.js': 'listed for another reason entirely, not the failing file' });
    const outcome = await runNode(['--import', TSX, SCRIPT, testDir, '--jobs', '2', '--known', known], { timeoutMs: 55_000 });
    expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.contain('parallel/test-child-process-which.js: host pass, reference fail (retried) [NOT LISTED]');
    expect(outcome.stdout).to.contain('1 failing the gate');
  });

  it('with --known, refuses a file without the table or with a row that gives no reason (exit 2, one line)', async function () {
    this.timeout(3 * REFUSAL_LIMIT_MS);
    const noSection = await knownFile({ 'parallel/test-child-process-which.js': 'a reason long enough to count' }, '### Another heading');
    const missing = await runNode(['--import', TSX, SCRIPT, testDir, '--known', noSection], { timeoutMs: REFUSAL_LIMIT_MS });
    expect(missing.code).to.equal(2);
    expect(missing.stderr.split('\n')[0]).to.match(/no "### Core test files the reference fails" section/);
    const noReason = await knownFile({ 'parallel/test-child-process-which.js': '' });
    const bare = await runNode(['--import', TSX, SCRIPT, testDir, '--known', noReason], { timeoutMs: REFUSAL_LIMIT_MS });
    expect(bare.code).to.equal(2);
    expect(bare.stderr.split('\n')[0]).to.match(/the row of parallel\/test-child-process-which.js gives no reason/);
  });

  it('refuses a folder that is not a Node test/ directory, and unknown flags, with exit 2 and one line', async function () {
    this.timeout(3 * REFUSAL_LIMIT_MS);
    const notTests = await runNode(['--import', TSX, SCRIPT, ROOT], { timeoutMs: REFUSAL_LIMIT_MS });
    expect(notTests.code).to.equal(2);
    expect(notTests.stderr.split('\n')[0]).to.match(/is not a Node test\/ directory/);
    const badFlag = await runNode(['--import', TSX, SCRIPT, testDir, '--nope'], { timeoutMs: REFUSAL_LIMIT_MS });
    expect(badFlag.code).to.equal(2);
    expect(badFlag.stderr.split('\n')[0]).to.match(/^node-core-tests: .*--nope/);
  });
});
