// scripts/node-core-tests.mjs, on a miniature Node test/ directory made here (Node's own tests are never vendored):
// each file runs on the host and with the builtins redirected to the reference, and the script lists the files whose
// outcome differs.
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

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
    const outcome = await runNode([SCRIPT, testDir, '--jobs', '2'], { timeoutMs: 55_000 });
    expect(outcome.code, outcome.stderr).to.equal(1);
    expect(outcome.stdout).to.contain('parallel/test-child-process-which.js: host pass, reference fail');
    expect(outcome.stdout).to.contain('loaded the reference');
    expect(outcome.stdout).to.not.contain('test-querystring-works.js:');
    expect(outcome.stdout).to.not.contain('test-https-import.mjs:');
    expect(outcome.stdout).to.not.contain('test-net-unrelated');
    expect(outcome.stdout).to.contain('4 files: host 3 pass, 1 skip, 0 fail; reference 2 pass, 1 skip, 1 fail; 1 differ');
  });

  it('refuses a folder that is not a Node test/ directory, and unknown flags, with exit 2 and one line', async () => {
    const notTests = await runNode([SCRIPT, ROOT], { timeoutMs: 20_000 });
    expect(notTests.code).to.equal(2);
    expect(notTests.stderr.split('\n')[0]).to.match(/is not a Node test\/ directory/);
    const badFlag = await runNode([SCRIPT, testDir, '--nope'], { timeoutMs: 20_000 });
    expect(badFlag.code).to.equal(2);
    expect(badFlag.stderr.split('\n')[0]).to.match(/^node-core-tests: .*--nope/);
  });
});
