// test-suites.ts classifies the test files in one place: a new file lands in `npm test` unless a long suite names it;
// every path the classification names exists; each long suite has its npm script, and `.ci/run` runs them all after
// `npm test`, so nothing that moved out of `npm test` stops running.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultParts, longParts, longWaitingFirst, suiteFiles, testFiles } from './run-tests.js';
import { ROOT } from './cli/run-cli.js';
import { LONG_SUITES, LONG_WAITING_FILES, SERIAL_FILES, type LongSuiteName } from './test-suites.js';

const NAMES = Object.keys(LONG_SUITES) as LongSuiteName[];
const GLOB = /[*?[\]{}!]/;

describe('the test suites (test/test-suites.ts)', () => {
  const files = testFiles();

  it('puts a test file no long suite names into npm test, in parallel unless it is serial', () => {
    const listed = suiteFiles('e2e', files)[0] ?? '';
    const parts = defaultParts(['test/new-area/added-by-someone.test.ts', listed, ...SERIAL_FILES]);
    expect(parts.map((part) => [part.name, part.files, part.parallel])).to.deep.equal([
      ['npm test (parallel)', ['test/new-area/added-by-someone.test.ts'], true],
      ['npm test (serial)', [...SERIAL_FILES], false],
    ]);
  });

  it('starts the long-waiting files first, in their listed order, and the others after them in their own order', () => {
    const [first, second] = LONG_WAITING_FILES;
    expect(longWaitingFirst(['test/a.test.ts', second ?? '', 'test/b.test.ts', first ?? ''])).to.deep.equal([first, second, 'test/a.test.ts', 'test/b.test.ts']);
    const parallel = defaultParts(files)[0]?.files ?? [];
    expect(parallel.slice(0, LONG_WAITING_FILES.length), 'npm test starts them first').to.deep.equal([...LONG_WAITING_FILES]);
  });

  it('runs every test file exactly once between npm test and the long suites', () => {
    const inDefault = defaultParts(files).flatMap((part) => part.files);
    const inLong = longParts(NAMES, files).flatMap((part) => part.files);
    expect([...inDefault, ...inLong].sort()).to.deep.equal([...files].sort());
    expect(files.length, 'the scan found the test files').to.be.greaterThan(90);
  });

  it('names only files that exist (a glob may wait for files to come), each in one suite at most', () => {
    for (const [name, suite] of Object.entries(LONG_SUITES)) {
      for (const path of suite.files.filter((file) => !GLOB.test(file))) expect(files, `${name}: ${path}`).to.include(path);
      expect(suiteFiles(name as LongSuiteName, files), `suite ${name} has files`).to.not.be.empty;
    }
    for (const path of SERIAL_FILES) expect(files, `serial: ${path}`).to.include(path);
    for (const path of LONG_WAITING_FILES) expect(files, `long-waiting: ${path}`).to.include(path);
    const seen = new Map<string, string>();
    for (const name of NAMES) {
      for (const file of suiteFiles(name, files)) {
        expect(seen.get(file), `${file} is in ${seen.get(file)} and ${name}`).to.equal(undefined);
        seen.set(file, name);
      }
    }
    for (const file of SERIAL_FILES) expect(seen.has(file), `${file} is serial and in a long suite`).to.equal(false);
  });

  it('gives each long suite an npm script, and .ci/run runs all of them after npm test', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of NAMES) expect(scripts[`test:${name}`], `script test:${name}`).to.match(new RegExp(`test/run-tests\\.ts ${name}\\b`));
    expect(scripts['test:long']).to.match(/test\/run-tests\.ts --long\b/);
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n').map((line) => line.trim());
    const test = ci.indexOf('npm test');
    const long = ci.indexOf('npm run test:long');
    expect(test, '.ci/run runs npm test').to.be.at.least(0);
    expect(long, '.ci/run runs npm run test:long after npm test').to.be.greaterThan(test);
  });
});
