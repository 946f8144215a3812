// The seed sweep itself (seed-sweep.ts): what it reports, that it finds a candidate whose verdict depends on the seed,
// and which cases it sweeps. The sweep of the corpus over 3 seeds is seed-sweep-corpus.test.ts (`npm run test:sweeps`);
// the whole sweep, every case over 20 seeds, is `npm run certify:seeds`.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { allCases } from '../../conformance/registry.js';
import type { CandidateRun, CaseResult } from '../../results/results-file.js';
import { CORPUS_SEED, type VerdictFile } from './corpus.js';
import { describeFinding, drawsFromSeed, findingsOf, seedList, sweepSeeds } from './seed-sweep.js';

function result(id: string, outcomes: readonly { status: CaseResult['status']; seed: number; message?: string }[]): CaseResult {
  const statuses = new Set(outcomes.map((outcome) => outcome.status));
  return { case: id, module: 'querystring', rules: [], status: statuses.size > 1 ? 'flaky' : (outcomes[0]?.status ?? 'pass'), durationMs: 1, outcomes };
}

function run(results: CaseResult[]): CandidateRun {
  return { candidate: { id: 'adapter:x', name: 'x', kind: 'adapter' }, summary: { total: results.length } as CandidateRun['summary'], results };
}

describe('seed sweep: verdicts that hold for any seed', function () {
  this.timeout(120_000);

  it('reports a case whose status differs between seeds, and a stable status that is not the committed verdict', () => {
    const committed: VerdictFile = { candidate: 'adapter:x', seed: CORPUS_SEED, modules: ['querystring'], verdicts: { 'a.b': { status: 'pass' }, 'a.c': { status: 'fail', why: 'audited' }, 'a.d': { status: 'pass' } } };
    const findings = findingsOf(
      'x',
      run([
        result('a.b', [{ status: 'pass', seed: 1 }, { status: 'fail', seed: 2, message: "expected {} to deeply equal { __proto__: '' }\nmore" }, { status: 'pass', seed: 3 }]),
        result('a.c', [{ status: 'fail', seed: 1, message: 'x' }, { status: 'fail', seed: 2, message: 'x' }, { status: 'fail', seed: 3, message: 'x' }]),
        result('a.d', [{ status: 'na', seed: 1 }, { status: 'na', seed: 2 }, { status: 'na', seed: 3 }]),
      ]),
      committed,
    );
    expect(findings.map(describeFinding)).to.deep.equal([
      "x a.b: status differs between seeds (1 pass, 2 fail, 3 pass); expected {} to deeply equal { __proto__: '' }",
      'x a.d: committed verdict pass, every seed gives na (1 na, 2 na, 3 na)',
    ]);
  });

  it('finds a deterministic candidate whose verdict depends on the seed, naming the case and each seed with its status', async () => {
    const target = { name: 'seed-sensitive', spec: fileURLToPath(new URL('../fixtures/certification/seed-sensitive.mjs', import.meta.url)), modules: ['querystring'] as const };
    const seeds = seedList(6);
    const report = await sweepSeeds({ seeds, targets: [target], caseGlobs: ['querystring.parse.decodes-any-encoded-unicode-text', 'querystring.parse.reads-pairs-of-a-string'] });
    // Its parse loses keys named "key" and "name", which the decoding case's generator offers for some seeds only.
    expect(report.findings.map((finding) => [finding.candidate, finding.case, finding.kind])).to.deep.equal([['seed-sensitive', 'querystring.parse.decodes-any-encoded-unicode-text', 'seeds']]);
    const [finding] = report.findings;
    expect(finding?.outcomes.map((outcome) => outcome.seed)).to.deep.equal(seeds);
    expect(new Set(finding?.outcomes.map((outcome) => outcome.status))).to.deep.equal(new Set(['pass', 'fail']));
  });

  it('selects the cases that draw their inputs from the seed: the property cases, and not the others', () => {
    const drawn = allCases.filter((definition) => drawsFromSeed(definition.run)).map((definition) => definition.id);
    expect(drawn).to.include.members(['querystring.parse.decodes-any-encoded-unicode-text', 'querystring.stringify.agrees-with-reference.boolean-values', 'querystring.parse.reads-many-distinct-keys-alike-on-every-call', 'child_process.spawn.arguments-reach-child-exactly']);
    expect(drawn).to.not.include.members(['querystring.stringify.writes-booleans-as-words', 'child_process.exec.env-replaces-environment', 'https.agent.resumes-cached-session']);
  });
});
