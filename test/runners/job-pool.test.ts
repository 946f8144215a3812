// The run-wide --jobs slots (at most the pool's size at once, waiters served in order), and hung functions: three
// timeouts in a row on one API function end its remaining cases, which are flagged as not run.
import { expect } from 'chai';
import { createJobPool } from '../../runners/job-pool.js';
import { HangStreaks } from '../../runners/hang-streaks.js';
import { caseFunction, hungFunctions } from '../../results/hung-functions.js';
import type { CaseResult } from '../../results/results-file.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('job pool: the run-wide --jobs slots', () => {
  it('hands out at most its size of slots at once, then serves waiters first come, first served', async () => {
    const pool = createJobPool(2);
    const first = await pool.acquire();
    await pool.acquire();
    const order: string[] = [];
    void pool.acquire().then(() => order.push('a'));
    void pool.acquire().then(() => order.push('b'));
    await tick();
    expect(order).to.deep.equal([]);
    first();
    first(); // giving a slot back twice gives it back once
    await tick();
    expect(order).to.deep.equal(['a']);
  });

  it('refuses a pool without slots', () => {
    expect(() => createJobPool(0)).to.throw(RangeError, 'at least one slot');
  });
});

describe('hung functions: timeouts in a row on one API function', () => {
  const meta = (id: string) => ({ id, module: 'querystring' as const, rules: ['r'] });
  const result = (id: string, status: CaseResult['status']): CaseResult => ({
    case: id,
    module: 'querystring',
    rules: ['r'],
    status,
    durationMs: 1,
    ...(status === 'pass' ? {} : { message: 'm' }),
  });

  it('derives the function from the case id', () => {
    expect(caseFunction('querystring.parse.repeated-keys')).to.equal('querystring.parse');
    expect(caseFunction('https.server.timeout-default')).to.equal('https.server');
    expect(caseFunction('odd')).to.equal('odd');
  });

  it('ends the remaining cases of a function after three timeouts in a row, naming it, and flags it', () => {
    const streaks = new HangStreaks(3);
    streaks.record(result('querystring.parse.a', 'timeout'));
    streaks.record(result('querystring.stringify.a', 'pass')); // another function does not break the streak
    streaks.record(result('querystring.parse.b', 'timeout'));
    expect(streaks.endEarly(meta('querystring.parse.x'))).to.equal(undefined);
    streaks.record(result('querystring.parse.c', 'timeout'));
    const ended = streaks.endEarly(meta('querystring.parse.d'));
    expect(ended).to.include({ status: 'timeout', durationMs: 0 });
    expect(ended?.message).to.contain('querystring.parse').and.contain('3 cases in a row').and.match(/^not run/);
    expect(streaks.endEarly(meta('querystring.stringify.b'))).to.equal(undefined);
    expect(hungFunctions([result('querystring.parse.c', 'timeout'), ended!, { ...ended!, case: 'querystring.parse.e' }])).to.deep.equal([
      { function: 'querystring.parse', timeouts: 3, notRun: 2 },
    ]);
  });

  it('starts counting again after a result that is not a timeout', () => {
    const streaks = new HangStreaks(2);
    streaks.record(result('querystring.parse.a', 'timeout'));
    streaks.record(result('querystring.parse.b', 'fail'));
    streaks.record(result('querystring.parse.c', 'timeout'));
    expect(streaks.endEarly(meta('querystring.parse.d'))).to.equal(undefined);
  });
});
