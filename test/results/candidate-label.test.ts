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

  it('names a local build by its path and the first 12 hex digits of its digest, whatever runtime it is', () => {
    const build = { path: '/src/node/out/Release/node', sha256: `1a2b3c4d5e6f${'0'.repeat(52)}` };
    expect(candidateLabel({ name: 'node', version: '20.20.2', build })).to.equal('node 20.20.2 (local build 1a2b3c4d5e6f, /src/node/out/Release/node)');
    expect(candidateLabel({ name: 'workerd', build })).to.equal('workerd (local build 1a2b3c4d5e6f, /src/node/out/Release/node)');
    expect(candidateLabel({ name: 'bare', version: '1.33.4', layer: { name: 'bare-node-runtime', version: '1.5.0' }, build })).to.equal(
      'bare 1.33.4 + bare-node-runtime 1.5.0 (local build 1a2b3c4d5e6f, /src/node/out/Release/node)',
    );
    const other = { ...build, sha256: `9${build.sha256.slice(1)}` };
    expect(candidateLabel({ name: 'node', version: '20.20.2', build: other }), 'two builds of one version').to.not.equal(candidateLabel({ name: 'node', version: '20.20.2', build }));
  });
});
