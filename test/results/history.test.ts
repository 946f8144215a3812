// results/history.ts and results/every-implementation-differs.ts as pure functions.
import { expect } from 'chai';
import { milestones } from '../../results/history.js';
import { everyImplementationDiffers } from '../../results/every-implementation-differs.js';
import type { RuleStatus } from '../../results/verdict.js';

describe('milestones over versions (results/history.ts)', () => {
  it('finds the first pass and the first failure after it, skipping runs that say nothing', () => {
    expect(milestones(['fail', undefined, 'pass', 'pass', undefined, 'fail', 'pass'])).to.deep.equal({ firstPass: 2, failsAgain: 5, changes: 3 });
  });

  it('has no first pass when it never passes, and no failure again when it keeps passing', () => {
    expect(milestones(['fail', 'fail'])).to.deep.equal({ changes: 0 });
    expect(milestones(['pass', undefined, 'pass'])).to.deep.equal({ firstPass: 0, changes: 0 });
    expect(milestones([])).to.deep.equal({ changes: 0 });
  });
});

describe('every implementation differs (results/every-implementation-differs.ts)', () => {
  const run = (implementation: string, statuses: Record<string, RuleStatus>) => ({ implementation, statuses: new Map(Object.entries(statuses)) });

  it('lists a rule only when at least two implementations judged it and every judging run failed it', () => {
    const runs = [
      run('node', { a: 'fail', b: 'fail', c: 'fail', d: 'skip' }),
      run('node', { a: 'timeout', b: 'pass', c: 'fail', d: 'fail' }),
      run('bun', { a: 'error', b: 'fail', c: 'na', d: 'none' }),
    ];
    expect(everyImplementationDiffers(['a', 'b', 'c', 'd'], runs)).to.deep.equal([{ rule: 'a', implementations: ['node', 'bun'], runs: 3 }]);
    expect(everyImplementationDiffers(['c'], runs, 1)).to.deep.equal([{ rule: 'c', implementations: ['node'], runs: 2 }]);
  });
});
