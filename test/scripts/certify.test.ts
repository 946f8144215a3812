import { expect } from 'chai';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

interface CertifyModule {
  CANDIDATES: readonly { name: string; spec: string }[];
  discoverCandidates(files: Map<string, string[]>, base?: readonly { name: string; spec: string }[]): { name: string; spec: string }[];
  expectationFiles(dir?: string): Promise<Map<string, string[]>>;
}

describe('scripts/certify.mjs (npm run certify)', function () {
  this.timeout(60_000);

  it('certifies Node 18 to 26, Bun 1, Deno 2 and the npm polyfills', async () => {
    const certify = (await import(join(ROOT, 'scripts', 'certify.mjs'))) as CertifyModule;
    const specs = certify.CANDIDATES.map((candidate) => candidate.spec);
    for (const spec of ['runtime:node@18', 'runtime:node@20', 'runtime:node@22', 'runtime:node@24', 'runtime:node@25', 'runtime:node@26', 'runtime:bun@1', 'runtime:deno@2', 'npm:querystring-es3', 'npm:fast-querystring']) {
      expect(specs).to.include(spec);
    }
  });

  it('adds every npm candidate an expectations file names, once', async () => {
    const certify = (await import(join(ROOT, 'scripts', 'certify.mjs'))) as CertifyModule;
    const files = new Map([
      ['expectations/a.json', ['runtime:node@22', 'npm:querystring-es3', 'npm:@scope/qs-polyfill']],
      ['expectations/b.json', ['npm:@scope/qs-polyfill', 'host']],
    ]);
    const found = certify.discoverCandidates(files, [{ name: 'querystring-es3', spec: 'npm:querystring-es3' }]);
    expect(found).to.deep.equal([
      { name: 'querystring-es3', spec: 'npm:querystring-es3' },
      { name: '-scope-qs-polyfill', spec: 'npm:@scope/qs-polyfill' },
    ]);
  });

  it('prints its plan with --dry-run: each candidate, where its run goes and the expectations files that gate it', async () => {
    const outcome = await runNode([join(ROOT, 'scripts', 'certify.mjs'), '--dry-run', '--only', 'node-22', '--only', 'deno-2']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.match(/runtime:node@22\s+→ docs\/conformance\/runs\/node-22\s+\(expectations\/node-22\.json\)/);
    expect(outcome.stdout).to.match(/runtime:deno@2\s+→ docs\/conformance\/runs\/deno-2\s+\(expectations\/deno-2\.json\)/);
    expect(outcome.stdout.trim().split('\n')).to.have.length(2);
  });

  it('refuses a candidate it does not certify', async () => {
    const outcome = await runNode([join(ROOT, 'scripts', 'certify.mjs'), '--dry-run', '--only', 'node-99']);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr).to.contain('--only node-99: not a candidate we certify');
  });
});
