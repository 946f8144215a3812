// mutation.json scores (results/mutation-file.ts) and reading files of schema version 1 (results/write-mutation.ts).
import { expect } from 'chai';
import { scoreOf, type MutantStatus } from '../../results/mutation-file.js';
import { MutationFileError, validateMutation } from '../../results/write-mutation.js';
import { sampleMutation } from '../reports/sample-mutation.js';

const of = (...statuses: MutantStatus[]): { status: MutantStatus }[] => statuses.map((status) => ({ status }));

describe('mutation scores', () => {
  it('leave equivalent, beyond-spec and error mutants out of the score, and only equivalent and error ones out of the score of all mutants', () => {
    const score = scoreOf(of('killed', 'timeout', 'survived', 'no-coverage', 'equivalent', 'beyond-spec', 'beyond-spec', 'error'));
    expect(score).to.deep.equal({ total: 8, killed: 1, timeout: 1, survived: 1, noCoverage: 1, equivalent: 1, beyondSpec: 2, error: 1, score: 50, scoreWithBeyondSpec: 33.3 });
  });

  it('are null when no mutant counts', () => {
    expect(scoreOf(of('equivalent', 'error'))).to.include({ score: null, scoreWithBeyondSpec: null });
    expect(scoreOf(of('beyond-spec'))).to.include({ score: null, scoreWithBeyondSpec: 0 });
  });
});

describe('reading a mutation file', () => {
  it('reads schema version 1 (no beyond-spec status) as version 2', async () => {
    const current = sampleMutation();
    const { beyondSpec: _, scoreWithBeyondSpec: __, ...v1Total } = current.total;
    const old = {
      ...current,
      schemaVersion: 1,
      mutants: current.mutants.filter((mutant) => mutant.status !== 'beyond-spec'),
      total: v1Total,
      modules: current.modules.map(({ beyondSpec: _b, scoreWithBeyondSpec: _s, ...rest }) => rest),
      rules: current.rules.map(({ beyondSpec: _b, scoreWithBeyondSpec: _s, ...rest }) => rest),
    };
    const read = await validateMutation(JSON.parse(JSON.stringify(old)) as unknown, 'old.json');
    expect(read.schemaVersion).to.equal(2);
    expect(read.total).to.include({ beyondSpec: 0, scoreWithBeyondSpec: v1Total.score });
    expect(read.rules.every((rule) => rule.beyondSpec === 0 && rule.scoreWithBeyondSpec === rule.score)).to.equal(true);
  });

  it('refuses an unknown version, naming the file', async () => {
    const current = sampleMutation();
    let error: unknown;
    try {
      await validateMutation({ ...current, schemaVersion: 3 }, 'future.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(MutationFileError);
    expect((error as Error).message).to.match(/^future\.json: schemaVersion 3 is not one this rtconf reads \(it reads 1 and 2\)/);
  });
});
