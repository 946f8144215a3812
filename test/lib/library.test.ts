// The library API through the package's own name (`import … from 'rt-conformance'`, resolved by package.json's
// `exports` to the build): it exports exactly what docs/library.md lists, runs a small suite, judges it by the gate and
// writes reports that count as the gate does, refuses bad options before running anything, and type-checks a consumer.
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { expectationsFromResults } from '../../results/expectations.js';
import { ROOT, runNode } from '../cli/run-cli.js';

/** The entry as a consumer gets it; the specifier is a variable so that type-checking the tests needs no build. */
const PACKAGE = 'rt-conformance';
type Library = typeof import('../../lib/index.js');

/** The exports docs/library.md lists in its table (`| \`name\` | kind | what |`). */
async function documentedExports(): Promise<string[]> {
  const doc = await readFile(join(ROOT, 'docs', 'library.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| export | kind | what |'));
  return [...table.matchAll(/^\| `([A-Za-z_]\w*)` \|/gm)].map((match) => match[1] ?? '');
}

describe('the library API (import … from "rt-conformance")', function () {
  this.timeout(180_000);
  let lib: Library;
  let dir = '';
  before(async () => {
    const entry = join(ROOT, 'dist', 'lib', 'index.js');
    expect(existsSync(entry), `${entry} is missing: run npm run build`).to.equal(true);
    lib = (await import(PACKAGE)) as Library;
    dir = await mkdtemp(join(tmpdir(), 'rtconf-library-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('resolves the package’s own name to the built entry, which exports exactly what docs/library.md lists', async () => {
    const documented = await documentedExports();
    expect(documented).to.include.members(['run', 'judge', 'writeReports', 'rules', 'apiStatesOf']);
    expect(Object.keys(lib).sort()).to.deep.equal([...documented].sort());
  });

  it('runs a small suite, judges it by the gate and writes reports whose JUnit counts what the gate counts', async () => {
    const adapter = join(ROOT, 'examples', 'adapter.mjs');
    const started: string[] = [];
    const results = await lib.run({ candidates: ['reference', adapter], rules: ['querystring.parse.*'], seed: 7, jobs: 1, onStart: (start) => started.push(...start.candidates.map((candidate) => candidate.id)) });
    const selected = lib.selectCases({ rules: ['querystring.parse.*'] });
    expect(started).to.deep.equal(['reference', 'adapter:querystring-es3 (example adapter)']);
    expect(results.seed).to.equal(7);
    expect(results.runs.map((run) => run.results.length)).to.deep.equal([selected.length, selected.length]);
    // The reference passes; the polyfill fails some parse rule, which without a gate is unexpected.
    const plain = lib.judge(results);
    expect(plain.passed).to.equal(false);
    expect(plain.report.unexpected.length).to.be.greaterThan(0);
    expect(new Set(plain.report.unexpected.map((item) => item.candidate))).to.deep.equal(new Set(['adapter:querystring-es3 (example adapter)']));
    expect(lib.passRate(results.runs[0] as NonNullable<(typeof results.runs)[0]>, results.rules).verdict).to.equal('conformant');
    // parse's rules beyond the parse cases were not run: every one evaluated passed, so it is untested, incomplete.
    expect(lib.apiStatesOf(results, 'reference')?.find((state) => state.api === 'querystring.parse')).to.include({ state: 'untested', untested: 'incomplete' });
    expect(lib.apiStatesOf(results, 'adapter:querystring-es3 (example adapter)')?.find((state) => state.api === 'querystring.parse')?.state).to.equal('partial');
    expect(lib.apiStatesOf(results, 'no-such-candidate')).to.equal(undefined);
    // With every failure expected (as `rtconf expect` writes them), the gate passes and JUnit counts no failure.
    const file = join(dir, 'known.json');
    await writeFile(file, JSON.stringify(expectationsFromResults(results)));
    const judgement = lib.judge(results, { expectations: [{ file, expectations: await lib.readExpectations(file) }] });
    expect(judgement.passed).to.equal(true);
    expect(judgement.report.expected.length).to.equal(plain.report.unexpected.length);
    const written = await lib.writeReports(results, join(dir, 'report'), { judgement });
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await readFile(written.junit, 'utf8')) as { testsuites: Record<string, string> };
    expect(junit.testsuites).to.include({ failures: '0', errors: '0' });
    // Skipped: each expected failure (with its reason), besides the cases that do not apply.
    const notApplying = results.runs.flatMap((run) => run.results).filter((result) => result.status === 'skip' || result.status === 'na').length;
    expect(Number(junit.testsuites['skipped'])).to.equal(judgement.report.expected.length + notApplying);
    expect(existsSync(written.html)).to.equal(true);
  });

  it('refuses options it cannot use, and a selection with no case, before any candidate is resolved', async () => {
    const refusal = (options: Parameters<Library['run']>[0]): Promise<unknown> => lib.run({ candidates: ['./no-such-adapter.mjs'], ...options }).then(() => undefined, (error: unknown) => error);
    for (const options of [{ seed: -1 }, { timeoutMs: 0 }, { jobs: 1.5 }, { repeat: 1001 }, { cases: ['no.such.case'] }]) {
      const error = await refusal(options);
      expect(error, JSON.stringify(options)).to.be.instanceOf(lib.RunOptionsError).with.property('code', 'ERR_RTCONF_USAGE');
    }
    expect(await refusal({ shard: { index: 3, count: 2 } })).to.be.instanceOf(lib.ShardError);
    // A usable selection reaches the candidate, which is refused as the CLI refuses it.
    expect(await refusal({ rules: ['querystring.parse.*'] })).to.be.instanceOf(lib.CandidateError);
  });

  it('type-checks a consumer that imports it by name, and rejects one that misuses it', async () => {
    const consumer = join(dir, 'consumer');
    await mkdir(join(consumer, 'node_modules'), { recursive: true });
    await symlink(ROOT, join(consumer, 'node_modules', 'rt-conformance'), 'dir');
    const good = [
      "import { judge, run, type ApiState, type ResultsFile } from 'rt-conformance';",
      "const results: ResultsFile = await run({ candidates: ['reference'], modules: ['querystring'], seed: 1 });",
      'const passed: boolean = judge(results).passed;',
      'const states: ApiState[] = [];',
      'export { passed, states };',
    ].join('\n');
    await writeFile(join(consumer, 'good.ts'), good);
    await writeFile(join(consumer, 'bad.ts'), "import { run } from 'rt-conformance';\nawait run({ seed: 'one' });\nexport {};\n");
    const config = (file: string): object => ({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] },
      files: [file],
    });
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await writeFile(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(join(consumer, 'good.json'), JSON.stringify(config('good.ts')));
    await writeFile(join(consumer, 'bad.json'), JSON.stringify(config('bad.ts')));
    const ok = await runNode([tsc, '-p', 'good.json'], { cwd: consumer });
    expect(ok.code, ok.stdout + ok.stderr).to.equal(0);
    const refused = await runNode([tsc, '-p', 'bad.json'], { cwd: consumer });
    expect(refused.code).to.not.equal(0);
    expect(refused.stdout).to.match(/bad\.ts.*'string' is not assignable to type 'number'/s);
  });
});
