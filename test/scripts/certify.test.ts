// `npm run certify`: the candidates it certifies (npm ones found in expectations files, once), its --dry-run plan,
// --rebuild writing every report, the export and the summary from the runs on disk without running anything, and the
// order and number of runs it makes at once.
import { expect } from 'chai';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runNode } from '../cli/run-cli.js';

interface CertifyModule {
  CANDIDATES: readonly { name: string; spec: string }[];
  discoverCandidates(files: Map<string, string[]>, base?: readonly { name: string; spec: string }[]): { name: string; spec: string }[];
  expectationFiles(dir?: string): Promise<Map<string, string[]>>;
  longestFirst<T extends { out: string }>(plan: readonly T[]): Promise<T[]>;
  runAtOnce<T>(items: readonly T[], count: number, work: (item: T) => Promise<void>): Promise<void>;
}

describe('scripts/certify.mjs (npm run certify)', function () {
  this.timeout(60_000);

  it('certifies Node 18 to 26, Bun 1, Deno 2, workerd at two compatibility dates, the npm polyfills, and the polyfills bundlers ship in a page of Chromium', async () => {
    const certify = (await import(join(ROOT, 'scripts', 'certify.mjs'))) as CertifyModule;
    const specs = certify.CANDIDATES.map((candidate) => candidate.spec);
    for (const spec of [
      'runtime:node@18',
      'runtime:node@20',
      'runtime:node@22',
      'runtime:node@24',
      'runtime:node@25',
      'runtime:node@26',
      'runtime:bun@1',
      'runtime:deno@2',
      'runtime:workerd@1,date=2025-08-14',
      'runtime:workerd@1',
      'npm:querystring-es3',
      'npm:fast-querystring',
      'chromium:npm:querystring-es3',
    ]) {
      expect(specs).to.include(spec);
    }
    expect(specs.filter((spec) => spec.startsWith('chromium:')).length, 'at least two polyfills certified in a page').to.be.at.least(2);
  });

  it('gates a page-run adapter by the id its results carry, not by its path', async () => {
    const outcome = await runNode([join(ROOT, 'scripts', 'certify.mjs'), '--dry-run', '--only', 'chromium-jspm-core']);
    expect(outcome.code, outcome.stderr).to.equal(0);
    expect(outcome.stdout).to.match(/chromium:test\/certification\/page-candidates\/jspm-core\.mjs → docs\/conformance\/runs\/chromium-jspm-core\s+\(expectations\/chromium-jspm-core\.json\)/);
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

  it('starts the runs never certified first, then the others longest first by their last certify.json', async () => {
    const certify = (await import(join(ROOT, 'scripts', 'certify.mjs'))) as CertifyModule;
    const dir = await mkdtemp(join(tmpdir(), 'rtconf-certify-order-'));
    try {
      const plan = ['short', 'never', 'long', 'middle'].map((name) => ({ name, out: join(dir, name) }));
      for (const [name, seconds] of [['short', 3], ['long', 20], ['middle', 12]] as const) {
        await mkdir(join(dir, name));
        await writeFile(join(dir, name, 'certify.json'), JSON.stringify({ seconds }));
      }
      expect((await certify.longestFirst(plan)).map((item) => item.name)).to.deep.equal(['never', 'long', 'middle', 'short']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('makes at most the given number of runs at once, starting each in order as one ends, until all are made', async () => {
    const certify = (await import(join(ROOT, 'scripts', 'certify.mjs'))) as CertifyModule;
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await certify.runAtOnce([30, 5, 5, 5, 5], 2, async (ms) => {
      started.push(ms);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
    });
    expect(most).to.equal(2);
    expect(started).to.deep.equal([30, 5, 5, 5, 5]);
  });

  it('refuses a candidate it does not certify', async () => {
    const outcome = await runNode([join(ROOT, 'scripts', 'certify.mjs'), '--dry-run', '--only', 'node-99']);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr).to.contain('--only node-99: not a candidate we certify');
  });

  it('rebuilds from the runs on disk, without running anything: the reports, the dashboard, the export and the API table, history and differs list of the summary', async function () {
    this.timeout(240_000);
    const out = await mkdtemp(join(tmpdir(), 'rtconf-certify-'));
    try {
      for (const name of ['node-18', 'node-20', 'bun-1']) {
        await cp(join(ROOT, 'docs', 'conformance', 'runs', name, 'results.json'), join(out, 'runs', name, 'results.json'));
        await cp(join(ROOT, 'docs', 'conformance', 'runs', name, 'certify.json'), join(out, 'runs', name, 'certify.json'));
      }
      // Rebuilding three runs' reports and the dashboard took over the default minute in parallel workers at load 16.
      const outcome = await runNode([join(ROOT, 'scripts', 'certify.mjs'), '--rebuild', '--out', out], { timeoutMs: 200_000 });
      expect(outcome.code, outcome.stderr).to.equal(0);
      expect((await readdir(join(out, 'runs', 'node-18'))).sort()).to.include.members([
        'index.html',
        'junit.xml',
        'badge-runtime-node@18.svg',
        'shields-runtime-node@18-https.json',
        'shields-runtime-node@18-child_process.json',
        'shields-runtime-node@18-querystring.json',
      ]);
      const exported = JSON.parse(await readFile(join(out, 'export.json'), 'utf8')) as { format: string; candidates: { id: string }[] };
      expect(exported.format).to.equal('rt-conformance-export');
      expect(exported.candidates.map((candidate) => candidate.id)).to.deep.equal(['runtime:node@18', 'runtime:node@20', 'runtime:bun@1']);
      const summary = await readFile(join(out, 'README.md'), 'utf8');
      // The API table: one row per export, one column per run, grouped by runtime as the dashboard groups them.
      expect(summary).to.match(/^\| export \| bun 1\.4\.5 \| node 18\.20\.8 \| node 20\.20\.2 \|$/m);
      expect(summary).to.match(/^\| `https\.globalAgent` \| ✓ \| ◐ 2\/4 \| ✓ \|$/m);
      // The history over Node's two versions: globalAgent's keep-alive and timeout are met from 20.
      expect(summary).to.contain('- `https.globalAgent`: conformant from 20.20.2 (◐ 2/4 → ✓)');
      expect(summary).to.match(/^\| `https\.global-agent\.keep-alive` \| 20\.20\.2 \| — \| fail → pass \|$/m);
      // Every implementation here fails the maxBuffer-in-bytes rule and the two server defaults.
      expect(summary).to.contain('## Every implementation differs: the spec or the case may be wrong');
      for (const rule of ['child_process.exec.max-buffer-exceeded-truncates', 'https.server.default-max-headers-count', 'https.server.set-timeout-default']) {
        expect(summary).to.contain(`- \`${rule}\`:`);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
