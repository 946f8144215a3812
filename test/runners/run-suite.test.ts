// runSuite: a valid results file in case order with matching summaries, results kept when a runner breaks down, shared
// --jobs slots, interrupts and duplicate ids; readResults refuses a bad file with a one-line reason.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseMeta } from '../../conformance/case.js';
import type { Rule } from '../../spec/rule.js';
import type { CaseResult } from '../../results/results-file.js';
import { runSuite } from '../../runners/run-suite.js';
import { createJobPool } from '../../runners/job-pool.js';
import { CandidateError } from '../../results/candidate-spec.js';
import type { RunOptions, Runner } from '../../runners/runner.js';
import { readResults, validateResults, ResultsFileError } from '../../results/read-results.js';
import { writeResults } from '../reports/sample-results.js';

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

  it('hands its runners the job pool it is given, so several suites at once can share one', async () => {
    const pool = createJobPool(3);
    const seen: unknown[] = [];
    const runner = {
      ...fakeRunner('p', pass),
      async *run(cases: readonly CaseMeta[], options: RunOptions) {
        seen.push(options.pool, options.jobs);
        for (const meta of cases) yield pass(meta);
      },
    };
    await runSuite([runner], CASES, RULES, { seed: 1, timeoutMs: 100, jobs: 1, pool });
    expect(seen).to.deep.equal([pool, 3]);
  });

  it('marks an interrupted run and starts no further candidate', async () => {
    const controller = new AbortController();
    controller.abort();
    const results = await runSuite([fakeRunner('a', pass)], CASES, RULES, { seed: 1, timeoutMs: 100, signal: controller.signal });
    expect(results.interrupted).to.equal(true);
    expect(results.runs).to.have.length(0);
  });

  it('runs candidates at once, out-of-process ones sharing one pool of --jobs slots, in-process ones one at a time', async () => {
    let inPool = 0;
    let mostInPool = 0;
    /** What the pooled cases took, each measured from its own start: their sum is what one after another would take. */
    let pooledMs = 0;
    let inProcessNow = 0;
    let mostInProcess = 0;
    const pooled = (id: string): Runner => ({
      candidate: { id, name: id, kind: 'adapter' },
      async *run(cases: readonly CaseMeta[], options: RunOptions) {
        for (const meta of cases) {
          const release = await options.pool!.acquire();
          inPool++;
          mostInPool = Math.max(mostInPool, inPool);
          const caseStarted = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 60));
          pooledMs += performance.now() - caseStarted;
          inPool--;
          release();
          yield pass(meta);
        }
      },
      close: async () => undefined,
    });
    const local = (id: string): Runner => ({
      candidate: { id, name: id, kind: 'reference' },
      inProcess: true,
      async *run(cases: readonly CaseMeta[]) {
        inProcessNow++;
        mostInProcess = Math.max(mostInProcess, inProcessNow);
        for (const meta of cases) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          yield pass(meta);
        }
        inProcessNow--;
      },
      close: async () => undefined,
    });
    const seen: string[] = [];
    const started = performance.now();
    const results = await runSuite([local('ref'), pooled('a'), pooled('b'), pooled('c'), local('host')], CASES, RULES, {
      seed: 1,
      timeoutMs: 100,
      jobs: 3,
      onResult: (candidate) => seen.push(candidate.id),
    });
    const elapsed = performance.now() - started;
    // 9 cases of 60 ms on 3 slots take about 180 ms together, not 540 ms one candidate after another. Measured against
    // what the cases themselves took (a loaded machine stretches both alike), not against a number of milliseconds.
    expect(elapsed).to.be.below(pooledMs * 0.7);
    expect(mostInPool).to.equal(3);
    expect(mostInProcess).to.equal(1);
    expect(results.runs.map((run) => run.candidate.id)).to.deep.equal(['ref', 'a', 'b', 'c', 'host']);
    expect(results.runs.every((run) => run.results.map((result) => result.case).join() === CASES.map((meta) => meta.id).join())).to.equal(true);
    // Results of different candidates interleave as they come.
    expect(seen.slice(0, 6)).to.include.members(['a', 'b', 'c']);
  });

  it('refuses two candidates with one id before running anything (exit 2), closing them', async () => {
    const one = fakeRunner('adapter:same', pass);
    const two = fakeRunner('adapter:same', pass);
    try {
      await runSuite([one, two], CASES, RULES, { seed: 1, timeoutMs: 100 });
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(CandidateError);
      expect((error as CandidateError).code).to.equal('ERR_RTCONF_CANDIDATE');
      expect((error as Error).message).to.contain('adapter:same').and.not.contain('\n');
    }
    expect(one.closed + two.closed).to.equal(2);
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
