// The live progress of `rtconf run --repeat N`: each FAIL line names the repetition (and its seed) it comes from, so
// N lines for one case read as N runs, not as one line printed N times; the count runs over every repetition.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import type { CaseMeta } from '../../conformance/case.js';
import { createProgress } from '../../cli/progress.js';
import type { CaseResult } from '../../results/results-file.js';
import { runSuite } from '../../runners/run-suite.js';
import type { RunOptions, Runner } from '../../runners/runner.js';

/** A runner whose case `q.odd` fails under odd seeds. */
function oddSeedRunner(): Runner {
  return {
    candidate: { id: 'fake', name: 'fake', kind: 'adapter' },
    async *run(cases: readonly CaseMeta[], options: RunOptions): AsyncIterable<CaseResult> {
      for (const meta of cases) {
        const failing = meta.id === 'q.odd' && options.seed % 2 === 1;
        yield { case: meta.id, module: meta.module, rules: meta.rules, status: failing ? 'fail' : 'pass', durationMs: 1, ...(failing ? { message: 'odd seed' } : {}) };
      }
    },
    async close() {},
  };
}

/** A stream that records what is written, a terminal or a log. */
function sink(tty: boolean): NodeJS.WriteStream & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      (stream as unknown as { text: string }).text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: string };
  stream.text = '';
  Object.assign(stream, { isTTY: tty, columns: 200 });
  return stream;
}

const CASES: CaseMeta[] = [
  { id: 'q.odd', module: 'querystring', rules: ['querystring.parse.repeated-keys'] },
  { id: 'q.fine', module: 'querystring', rules: ['querystring.parse.repeated-keys'] },
];

describe('progress with --repeat', () => {
  it('numbers each repetition of a failing case, with its seed, in a log', async () => {
    const log = sink(false);
    const progress = createProgress(log);
    await runSuite([oddSeedRunner()], CASES, [], { seed: 2, timeoutMs: 1000, repeatSeeds: [2, 3, 5], onCandidate: progress.candidate, onResult: progress.result });
    progress.done();
    const fails = log.text.split('\n').filter((line) => line.includes('FAIL'));
    expect(fails).to.deep.equal(['  FAIL [fake] q.odd (repetition 2/3, seed 3): odd seed', '  FAIL [fake] q.odd (repetition 3/3, seed 5): odd seed']);
    expect(log.text).to.contain('fake: 2 case(s) × 3 repetitions');
  });

  it('counts every repetition on a terminal, and ends at the total', async () => {
    const terminal = sink(true);
    const progress = createProgress(terminal);
    await runSuite([oddSeedRunner()], CASES, [], { seed: 2, timeoutMs: 1000, repeatSeeds: [2, 3, 5], onCandidate: progress.candidate, onResult: progress.result });
    progress.done();
    const finished = terminal.text.split('\n').map((line) => line.replace(/^[\s\S]*\r\x1b\[2K/, '')).filter((line) => line.startsWith('fake:'));
    expect(finished).to.deep.equal(['fake: 6/6, 2 not passing']);
  });

  it('prints a failing case without a repetition number when it runs once', async () => {
    const log = sink(false);
    const progress = createProgress(log);
    await runSuite([oddSeedRunner()], CASES, [], { seed: 3, timeoutMs: 1000, onCandidate: progress.candidate, onResult: progress.result });
    progress.done();
    expect(log.text.split('\n').filter((line) => line.includes('FAIL'))).to.deep.equal(['  FAIL [fake] q.odd: odd seed']);
  });
});
