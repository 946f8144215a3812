// The README's quick start on Node 20: `npx rtconf run` exits 1 because the host fails four normative cases, and the
// run says that this is a verdict; gating with expectations/node-20.json makes the same run exit 0.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseById } from '../../conformance/registry.js';
import { readExpectations, TODO_REASON } from '../../results/expectations.js';
import { ROOT, runCli } from './run-cli.js';

const EXPECTATIONS = join(ROOT, 'expectations', 'node-20.json');

describe('the quick start on Node 20', function () {
  this.timeout(120_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-quick-start-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('has expectations/node-20.json: the host, real cases, a real reason each', async () => {
    const expectations = await readExpectations(EXPECTATIONS);
    const entries = Object.entries(expectations.host ?? {});
    expect(entries).to.have.length(4);
    for (const [id, entry] of entries) {
      expect(caseById(id), id).to.not.equal(undefined);
      expect(entry.reason, id).to.not.equal(TODO_REASON);
      expect(entry.reason, id).to.have.length.above(40);
    }
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).to.contain('npx rtconf run --candidate host --expect expectations/node-20.json');
  });

  it('exits 1 for the host\'s known divergences and says it is a verdict; with --expect node-20.json, exits 0', async function () {
    if (!process.version.startsWith('v20.')) this.skip();
    const ids = Object.keys((await readExpectations(EXPECTATIONS)).host ?? {});
    const selection = ids.flatMap((id) => ['--case', id]);
    const bare = await runCli(['run', '--candidate', 'host', ...selection, '--out', join(dir, 'bare')]);
    expect(bare.code, bare.stderr).to.equal(1);
    expect(bare.stdout).to.match(/^host node v20\.\S+: 4 normative rules not met \(0\/4 pass\) — divergences of this runtime from the spec, see docs\/runtimes\.md$/m);
    expect(bare.stdout).to.contain('not an error of rtconf');
    const gated = await runCli(['run', '--candidate', 'host', ...selection, '--expect', EXPECTATIONS, '--out', join(dir, 'gated')]);
    expect(gated.code, gated.stdout + gated.stderr).to.equal(0);
    expect(gated.stdout).to.match(/^host node v20\.\S+: 4 normative rules not met \(0\/4 pass\) — all 4 failing results expected \(expectations \S+node-20\.json\)$/m);
  });
});
