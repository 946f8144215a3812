// docs/library.md's examples run as written: each ```js block is a module of a fresh project whose node_modules holds
// this package (and the npm peer an example names), run by Node from that project, and must exit 0.
import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

/** The ```js blocks of the page, in order. */
async function examples(): Promise<string[]> {
  const doc = await readFile(join(ROOT, 'docs', 'library.md'), 'utf8');
  return [...doc.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

describe('docs/library.md examples', function () {
  this.timeout(240_000);
  let project = '';
  before(async () => {
    project = await mkdtemp(join(tmpdir(), 'rtconf-library-examples-'));
    await mkdir(join(project, 'node_modules'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // The package as a dependency, the polyfill an example certifies, and the expectations file it gates with.
    await symlink(ROOT, join(project, 'node_modules', 'rt-conformance'), 'dir');
    await symlink(join(ROOT, 'node_modules', 'querystring-es3'), join(project, 'node_modules', 'querystring-es3'), 'dir');
    await symlink(join(ROOT, 'expectations'), join(project, 'expectations'), 'dir');
  });
  after(() => rm(project, { recursive: true, force: true }));

  it('has examples for running, gating, the catalogue and a test runner', async () => {
    const blocks = await examples();
    expect(blocks).to.have.length(4);
    for (const name of ['run(', 'judge(', 'writeReports(', 'readExpectations(', 'apiStatesOf(', "from 'node:test'"]) expect(blocks.join('\n'), name).to.contain(name);
  });

  for (const index of [0, 1, 2, 3]) {
    it(`runs example ${index + 1} from a project that depends on the package`, async () => {
      const block = (await examples())[index] ?? '';
      const file = join(project, `example-${index + 1}.mjs`);
      await writeFile(file, block);
      const outcome = await runNode([file], { cwd: project, timeoutMs: 220_000 });
      expect(outcome.code, outcome.stdout + outcome.stderr).to.equal(0);
      expect(outcome.stdout.length, 'it prints what it found').to.be.greaterThan(0);
    });
  }
});
