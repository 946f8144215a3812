// The candidate's browser bundle: resolved as a bundler resolves it for a page (the "browser" field wins over "main"),
// with nothing of Node's added (a global it reaches for stays a free name), and what a page cannot have refused with
// the reason. No browser needed.
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CandidateError } from '../../../results/candidate-spec.js';
import { bundleCandidate } from '../../../runners/chromium/bundle-candidate.js';
import { ROOT } from '../../cli/run-cli.js';

async function refusal(run: () => Promise<unknown>): Promise<CandidateError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CandidateError) return error;
    throw error;
  }
  throw new Error('expected a CandidateError');
}

describe('bundleCandidate (chromium: candidates)', function () {
  this.timeout(30_000);
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-bundle-'));
    const pkg = join(dir, 'node_modules', 'two-faced-qs');
    await mkdir(pkg, { recursive: true });
    await writeFile(join(pkg, 'package.json'), JSON.stringify({ name: 'two-faced-qs', version: '3.1.4', main: 'node.js', browser: 'browser.js' }));
    await writeFile(join(pkg, 'node.js'), "exports.parse = () => 'NODE BUILD'; exports.stringify = () => '';\n");
    await writeFile(join(pkg, 'browser.js'), "exports.parse = () => 'BROWSER BUILD'; exports.stringify = () => '';\n");
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes a package as a bundler does for a page: its "browser" file, and the version it came from', async () => {
    const bundle = await bundleCandidate({ kind: 'npm', packageName: 'two-faced-qs' }, 'chromium:npm:two-faced-qs', dir);
    expect(bundle.code).to.contain('BROWSER BUILD');
    expect(bundle.code).to.not.contain('NODE BUILD');
    expect(bundle.code).to.match(/export\s*\{[^}]*namespace/);
    expect(bundle.version).to.equal('3.1.4');
  });

  it('finds a package installed with rtconf when the project has none, as npm: does', async () => {
    const bundle = await bundleCandidate({ kind: 'npm', packageName: 'querystring-es3' }, 'chromium:npm:querystring-es3', dir);
    expect(bundle.version).to.equal('0.2.1');
  });

  it('adds nothing of Node: a Buffer the polyfill reaches for stays a free name, for the page to lack', async () => {
    const bundle = await bundleCandidate({ kind: 'adapter', path: 'test/fixtures/page/reaches-for-buffer.mjs' }, 'chromium:test/fixtures/page/reaches-for-buffer.mjs', ROOT);
    expect(bundle.code).to.contain('Buffer.from(');
    expect(bundle.code, 'no Buffer polyfill bundled').to.not.match(/function Buffer\s*\(|ieee754|base64-js/);
    expect(bundle.code, 'no process shim').to.not.match(/\bprocess\s*=|var process\b/);
  });

  it('refuses an adapter that imports a Node builtin, naming the file, the line and the module', async () => {
    const error = await refusal(() => bundleCandidate({ kind: 'adapter', path: 'test/fixtures/page/imports-node-builtin.mjs' }, 'chromium:x', ROOT));
    expect(error.message).to.equal('candidate chromium:x could not be bundled for the browser: test/fixtures/page/imports-node-builtin.mjs:2:29: it imports the Node builtin "node:fs", which a page does not have');
  });

  it('refuses a missing adapter and a package not installed, in one line each', async () => {
    expect((await refusal(() => bundleCandidate({ kind: 'adapter', path: './nope.mjs' }, 'chromium:./nope.mjs', dir))).message).to.equal(`adapter ${join(dir, 'nope.mjs')}: no such file`);
    expect((await refusal(() => bundleCandidate({ kind: 'npm', packageName: 'no-such-pkg-rtconf' }, 'chromium:npm:no-such-pkg-rtconf', dir))).message).to.equal(
      'candidate chromium:npm:no-such-pkg-rtconf: package not installed (run: npm install no-such-pkg-rtconf)',
    );
  });
});
