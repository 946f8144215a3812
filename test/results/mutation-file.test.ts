// mutation.json scores (results/mutation-file.ts) and reading files of older schema versions (results/read-mutation.ts).
import { expect } from 'chai';
import { MUTATION_SCHEMA_VERSION, scoreOf, type MutantStatus, type Score } from '../../results/mutation-file.js';
import { validateMutation } from '../../results/read-mutation.js';
import { sampleMutation } from '../reports/sample-mutation.js';

const of = (...statuses: MutantStatus[]): { status: MutantStatus }[] => statuses.map((status) => ({ status }));

describe('mutation scores', () => {
  it('leave equivalent, beyond-spec, unobservable and error mutants out of the score, and only equivalent and error ones out of the score of all mutants', () => {
    const score = scoreOf(of('killed', 'timeout', 'survived', 'no-coverage', 'equivalent', 'beyond-spec', 'beyond-spec', 'unobservable', 'error'));
    expect(score).to.deep.equal({ total: 9, killed: 1, timeout: 1, survived: 1, noCoverage: 1, equivalent: 1, beyondSpec: 2, unobservable: 1, error: 1, score: 50, scoreOfAll: 28.6 });
  });

  it('are null when no mutant counts', () => {
    expect(scoreOf(of('equivalent', 'error'))).to.include({ score: null, scoreOfAll: null });
    expect(scoreOf(of('beyond-spec'))).to.include({ score: null, scoreOfAll: 0 });
    expect(scoreOf(of('unobservable'))).to.include({ score: null, scoreOfAll: 0, unobservable: 1 });
  });
});

describe('reading a mutation file', () => {
  /** The sample as a version 2 file: no unobservable status or count, and `scoreWithBeyondSpec` for `scoreOfAll`. */
  function version2(): Record<string, unknown> & { total: Record<string, unknown>; rules: Record<string, unknown>[]; modules: Record<string, unknown>[] } {
    const current = sampleMutation();
    const score = ({ unobservable: _u, scoreOfAll, ...rest }: Score): Record<string, unknown> => ({ ...rest, scoreWithBeyondSpec: scoreOfAll });
    const mutants = current.mutants.filter((mutant) => mutant.status !== 'unobservable');
    return { ...current, schemaVersion: 2, mutants, total: score(scoreOf(mutants)), modules: current.modules.map(score), rules: current.rules.map(score) };
  }

  it('reads schema version 2 (no unobservable status) as the current version', async () => {
    const old = version2();
    const read = await validateMutation(JSON.parse(JSON.stringify(old)) as unknown, 'old.json');
    expect(read.schemaVersion).to.equal(MUTATION_SCHEMA_VERSION);
    expect(read.total).to.include({ unobservable: 0, scoreOfAll: old.total['scoreWithBeyondSpec'], beyondSpec: 1 });
    expect(read.total).to.not.have.property('scoreWithBeyondSpec');
    expect(read.rules.every((rule, index) => rule.unobservable === 0 && rule.scoreOfAll === old.rules[index]?.['scoreWithBeyondSpec'])).to.equal(true);
  });

  it('reads schema version 1 (no beyond-spec status) as the current version', async () => {
    const v2 = version2();
    const strip = ({ beyondSpec: _b, scoreWithBeyondSpec: _s, ...rest }: Record<string, unknown>): Record<string, unknown> => rest;
    const mutants = (v2['mutants'] as { status: string }[]).filter((mutant) => mutant.status !== 'beyond-spec');
    const v1Total = strip(scoreOf(mutants as { status: MutantStatus }[]) as unknown as Record<string, unknown>);
    const old = { ...v2, schemaVersion: 1, mutants, total: v1Total, modules: v2.modules.map(strip), rules: v2.rules.map(strip) };
    const read = await validateMutation(JSON.parse(JSON.stringify(old)) as unknown, 'old.json');
    expect(read.schemaVersion).to.equal(MUTATION_SCHEMA_VERSION);
    expect(read.total).to.include({ beyondSpec: 0, unobservable: 0, scoreOfAll: v1Total['score'] });
    expect(read.rules.every((rule) => rule.beyondSpec === 0 && rule.scoreOfAll === rule.score)).to.equal(true);
  });

  it('refuses an unknown version, naming the file', async () => {
    const current = sampleMutation();
    let error: unknown;
    try {
      await validateMutation({ ...current, schemaVersion: MUTATION_SCHEMA_VERSION + 1 }, 'future.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(Error).with.property('code', 'ERR_RTCONF_MUTATION_FILE');
    expect((error as Error).message).to.equal(
      `future.json: schemaVersion ${MUTATION_SCHEMA_VERSION + 1} is not one this rtconf reads (it reads 1 to ${MUTATION_SCHEMA_VERSION}); is it a mutation.json?`,
    );
  });
});
