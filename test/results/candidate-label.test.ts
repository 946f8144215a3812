// A candidate's label: name and version, and for workerd the compatibility date and flags it ran with, so two runs of
// one release at two dates never read as one candidate.
import { expect } from 'chai';
import { candidateLabel } from '../../results/candidate-label.js';

describe('candidateLabel', () => {
  it('names a candidate by name and version, and adds nothing when it has no compatibility settings', () => {
    expect(candidateLabel({ name: 'node', version: '22.23.3' })).to.equal('node 22.23.3');
    expect(candidateLabel({ name: 'rt-conformance reference' })).to.equal('rt-conformance reference');
  });

  it("adds workerd's compatibility date and every flag it ran with, so two dates of one release read apart", () => {
    const old = candidateLabel({ name: 'workerd', version: '1.20261117.1', compatibility: { date: '2025-08-14', flags: ['enable_x', 'nodejs_compat'] } });
    const newest = candidateLabel({ name: 'workerd', version: '1.20261117.1', compatibility: { date: '2026-11-17', flags: [] } });
    expect(old).to.equal('workerd 1.20261117.1 (compat 2025-08-14 +enable_x +nodejs_compat)');
    expect(newest).to.equal('workerd 1.20261117.1 (compat 2026-11-17)');
  });
});
