// The candidate kinds (runners/candidates/): one declaration per tag of the grammar, each under its own tag, and only
// the reference running in the harness's own process (every other candidate is untrusted code, run in agents).
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { parseCandidateSpec, type CandidateSpecKind } from '../../results/candidate-spec.js';
import { CANDIDATE_KINDS } from '../../runners/candidates/candidate-kinds.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';

const GOOD_ADAPTER = fileURLToPath(new URL('../fixtures/agent/good.mjs', import.meta.url));

describe('candidate kinds', () => {
  it('has the declaration of each kind under its own tag', () => {
    for (const [tag, declaration] of Object.entries(CANDIDATE_KINDS)) expect(declaration.kind, tag).to.equal(tag);
  });

  it('runs the reference in the harness and every other kind in agents', async function () {
    this.timeout(30000);
    const resolvable: Array<[CandidateSpecKind, string]> = [
      ['reference', 'reference'],
      ['host', 'host'],
      ['adapter', GOOD_ADAPTER],
      ['npm', 'npm:querystring-es3'],
      ['runtime', `runtime:${process.execPath}`],
    ];
    for (const [kind, text] of resolvable) {
      expect(parseCandidateSpec(text).kind, text).to.equal(kind);
      const runner = await resolveCandidate(text);
      try {
        expect(runner.inProcess === true, `${kind}: in process`).to.equal(kind === 'reference');
      } finally {
        await runner.close();
      }
    }
  });
});
