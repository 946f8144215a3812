// The seed sweep (seed-sweep.ts) over the corpus, in `npm run test:sweeps`: over 3 run seeds, every corpus member, the
// reference and the host give each case that draws its inputs from the seed one status for every seed, each member's
// the committed one. The whole sweep, every case over 20 seeds, is `npm run certify:seeds`.
import { expect } from 'chai';
import { allCases } from '../../conformance/registry.js';
import { describeFinding, drawsFromSeed, seedList, sweepSeeds, sweepTargets } from './seed-sweep.js';

/**
 * Corpus members whose functions answer every input alike (undefined, a throw, another mock), so that no input a seed
 * draws can change their verdicts: left to the 20-seed sweep, which runs them too.
 */
const INPUT_BLIND = ['stub-missing', 'stub-not-implemented', 'unenv-1'];

describe('seed sweep of the corpus: verdicts that hold for any seed', function () {
  // Three seeds of every seed-drawn case for 14 candidates: about a minute and a half on an idle 2-core machine.
  this.timeout(600_000);

  it('finds every corpus member, the reference and the host giving each seed-drawn case one status over 3 seeds, each member its committed verdict', async () => {
    const caseGlobs = allCases.filter((definition) => drawsFromSeed(definition.run)).map((definition) => definition.id);
    const only = sweepTargets().map((target) => target.name).filter((name) => !INPUT_BLIND.includes(name));
    const report = await sweepSeeds({ seeds: seedList(3), caseGlobs, only });
    expect(report.candidates).to.include.members(['reference', 'host', 'querystring-es3', 'cross-spawn']);
    expect(report.findings.map(describeFinding), 'cases whose status depends on the seed (or is not the committed verdict)').to.deep.equal([]);
  });
});
