// The candidate kinds (runners/candidates/): one declaration per tag of the grammar, each under its own tag, and every
// kind running in agents, the reference too (untrusted code must not share the harness's process, and the reference
// runs beside the host in agents of its own so that a default run is not one case at a time), for every kind of the
// grammar (workerd, Bare and chromium included), each resolved for real.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { parseCandidateSpec, type CandidateSpecKind } from '../../results/candidate-spec.js';
import { CANDIDATE_KINDS } from '../../runners/candidates/candidate-kinds.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { chromiumMissing, inCi } from '../reports/browser.js';

const GOOD_ADAPTER = fileURLToPath(new URL('../fixtures/agent/good.mjs', import.meta.url));

describe('candidate kinds', () => {
  it('has the declaration of each kind under its own tag', () => {
    for (const [tag, declaration] of Object.entries(CANDIDATE_KINDS)) expect(declaration.kind, tag).to.equal(tag);
  });

  it('runs every kind in agents, the reference too: every kind, resolved for real', async function () {
    this.timeout(120_000);
    const resolvable: Record<CandidateSpecKind, string> = {
      reference: 'reference',
      host: 'host',
      adapter: GOOD_ADAPTER,
      npm: 'npm:querystring-es3',
      runtime: `runtime:${process.execPath}`,
      workerd: 'runtime:workerd@1',
      bare: 'runtime:bare@1',
      chromium: 'chromium:examples/adapter.mjs',
    };
    // A kind added to the grammar must be added here: the claim is about every declaration.
    expect(Object.keys(resolvable).sort()).to.deep.equal(Object.keys(CANDIDATE_KINDS).sort());
    for (const [kind, text] of Object.entries(resolvable) as Array<[CandidateSpecKind, string]>) {
      expect(parseCandidateSpec(text).kind, text).to.equal(kind);
      if (kind === 'chromium' && chromiumMissing() !== undefined && !inCi()) {
        console.warn(`      (chromium: not resolved: ${chromiumMissing()})`);
        continue;
      }
      const runner = await resolveCandidate(text);
      try {
        expect(runner.inProcess === true, `${kind}: in process`).to.equal(false);
      } finally {
        await runner.close();
      }
    }
  });
});
