import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseMeta } from '../../conformance/case.js';
import type { Rule } from '../../spec/rule.js';
import type { CaseResult } from '../../reports/results.js';
import { runSuite } from '../../runners/run-suite.js';
import type { Runner } from '../../runners/runner.js';
import { readResults, validateResults, ResultsFileError } from '../../reports/read-results.js';
import { writeResults } from '../../reports/write-results.js';

const RULES: Rule[] = [
  { id: 'querystring.a.one', module: 'querystring', section: 's', title: 'one', level: 'normative' },
  { id: 'querystring.a.two', module: 'querystring', section: 's', title: 'two', level: 'normative', since: 'v8.0.0' },
];
const CASES: CaseMeta[] = [
  { id: 'querystring.case.first', module: 'querystring', rules: ['querystring.a.one'] },
  { id: 'querystring.case.second', module: 'querystring', rules: ['querystring.a.two'] },
  { id: 'querystring.case.third', module: 'querystring', rules: ['querystring.a.one', 'querystring.a.two'] },
];

function fakeRunner(id: string, produce: (meta: CaseMeta, index: number) => CaseResult | Error): Runner & { closed: number } {
  const runner = {
    candidate: { id, name: id, kind: 'adapter' as const },
    closed: 0,
    async *run(cases: readonly CaseMeta[]) {
      // Reverse order: the suite must put results back in case order.
      for (const [index, meta] of [...cases].reverse().entries()) {
        const outcome = produce(meta, index);
        if (outcome instanceof Error) throw outcome;
        yield outcome;
      }
    },
    async close() {
      runner.closed++;
    },
  };
  return runner;
}

const pass = (meta: CaseMeta): CaseResult => ({ case: meta.id, module: meta.module, rules: meta.rules, status: 'pass', durationMs: 1 });

describe('runSuite and results files', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-suite-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('builds a schema-valid results file with results in case order and matching summaries', async () => {
    const failing = fakeRunner('b', (meta) => (meta.id.endsWith('second') ? { ...pass(meta), status: 'fail', message: 'no' } : pass(meta)));
    const results = await runSuite([fakeRunner('a', pass), failing], CASES, RULES, { seed: 99, timeoutMs: 100 });
    expect(results.runs.map((run) => run.results.map((result) => result.case))).to.deep.equal([CASES.map((c) => c.id), CASES.map((c) => c.id)]);
    expect(results.runs[1]?.summary).to.include({ total: 3, pass: 2, fail: 1 });
    expect(results.seed).to.equal(99);
    expect(results.rules[1]).to.include({ id: 'querystring.a.two', since: 'v8.0.0' });
    const file = await writeResults(results, dir);
    const read = await readResults(file);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(results)));
  });

  it('keeps the results a runner produced before it broke down, and records the rest as errors', async () => {
    const breaking = fakeRunner('c', (meta, index) => (index < 1 ? pass(meta) : new Error('agent vanished')));
    const results = await runSuite([breaking], CASES, RULES, { seed: 1, timeoutMs: 100 });
    const statuses = results.runs[0]?.results.map((result) => result.status);
    expect(statuses?.filter((status) => status === 'pass')).to.have.length(1);
    expect(statuses?.filter((status) => status === 'error')).to.have.length(2);
    expect(results.runs[0]?.results.find((result) => result.status === 'error')?.message).to.contain('agent vanished');
    expect(breaking.closed).to.equal(1);
    await validateResults(JSON.parse(JSON.stringify(results)));
  });

  it('marks an interrupted run and starts no further candidate', async () => {
    const controller = new AbortController();
    controller.abort();
    const results = await runSuite([fakeRunner('a', pass)], CASES, RULES, { seed: 1, timeoutMs: 100, signal: controller.signal });
    expect(results.interrupted).to.equal(true);
    expect(results.runs).to.have.length(0);
  });

  describe('readResults rejects bad files with a one-line reason', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['truncated', '{"schemaVersion": 1, "tool": {', /not valid JSON.*truncated/],
      ['wrong version', JSON.stringify({ schemaVersion: 2 }), /schemaVersion/],
      ['empty object', '{}', /schemaVersion missing/],
      ['object without runs', JSON.stringify({ schemaVersion: 1, tool: { name: 'x', version: '1' } }), /must have required property/],
    ];
    for (const [name, text, pattern] of cases) {
      it(`rejects a ${name} file`, async () => {
        const file = join(dir, `${name}.json`);
        await writeFile(file, text);
        try {
          await readResults(file);
          expect.fail('should have thrown');
        } catch (error) {
          expect(error).to.be.instanceOf(ResultsFileError);
          expect((error as Error).message).to.match(pattern).and.not.contain('\n');
        }
      });
    }

    it('rejects a summary that disagrees with its results', async () => {
      const results = await runSuite([fakeRunner('a', pass)], CASES, RULES, { seed: 1, timeoutMs: 100 });
      const tampered = JSON.parse(JSON.stringify(results));
      tampered.runs[0].summary.pass = 2;
      tampered.runs[0].summary.fail = 1;
      try {
        await validateResults(tampered, 'tampered.json');
        expect.fail('should have thrown');
      } catch (error) {
        expect((error as Error).message).to.match(/tampered\.json: summary\.pass of a is 2 but its results count 3/);
      }
    });

    it('rejects a failing result without a message', async () => {
      const results = await runSuite([fakeRunner('a', (meta) => ({ ...pass(meta), status: 'fail' }))], CASES, RULES, { seed: 1, timeoutMs: 100 });
      try {
        await validateResults(JSON.parse(JSON.stringify(results)));
        expect.fail('should have thrown');
      } catch (error) {
        expect((error as Error).message).to.match(/message/);
      }
    });

    it('says when the file does not exist', async () => {
      try {
        await readResults(join(dir, 'nope.json'));
        expect.fail('should have thrown');
      } catch (error) {
        expect((error as Error).message).to.match(/nope\.json: no such file/);
      }
    });
  });
});
