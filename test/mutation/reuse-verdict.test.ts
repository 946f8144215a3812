// Which earlier verdict --incremental keeps: a kill or a timeout only while the whole function is unchanged, a survivor
// while its own statement is; nothing without an outcome, and nothing when the covering cases changed (both fingerprints).
import { expect } from 'chai';
import type { MutantOutcome, MutantRecord } from '../../results/mutation-file.js';
import { reusableOutcome } from '../../mutation/reuse-verdict.js';

const record = (outcome: MutantOutcome | undefined, fingerprint = 'F1', statementFingerprint: string | null = 'S1'): MutantRecord => ({
  id: 'm',
  file: 'reference/x.ts',
  modules: ['querystring'],
  line: 1,
  column: 1,
  operator: 'negation',
  diff: '',
  status: outcome?.status ?? 'no-coverage',
  casesRun: 1,
  rules: [],
  durationMs: 1,
  fingerprint,
  ...(statementFingerprint ? { statementFingerprint } : {}),
  ...(outcome ? { outcome } : {}),
});
const KILLED: MutantOutcome = { status: 'killed', killedBy: ['querystring.t.a'] };
const TIMEOUT: MutantOutcome = { status: 'timeout', killedBy: ['querystring.t.a'] };
const SURVIVED: MutantOutcome = { status: 'survived' };

describe('reusableOutcome', () => {
  it('keeps every outcome while the function is unchanged', () => {
    for (const outcome of [KILLED, TIMEOUT, SURVIVED]) expect(reusableOutcome(record(outcome), { fingerprint: 'F1', statementFingerprint: 'S1' })).to.equal(outcome);
  });

  it('keeps a survivor, and no kill or timeout, when only another statement of its function changed', () => {
    const now = { fingerprint: 'F2', statementFingerprint: 'S1' };
    expect(reusableOutcome(record(SURVIVED), now)).to.equal(SURVIVED);
    expect(reusableOutcome(record(KILLED), now)).to.equal(undefined);
    expect(reusableOutcome(record(TIMEOUT), now)).to.equal(undefined);
  });

  it('keeps nothing when its own statement (or a covering case) changed, nor from a record without an outcome', () => {
    expect(reusableOutcome(record(SURVIVED), { fingerprint: 'F2', statementFingerprint: 'S2' })).to.equal(undefined);
    expect(reusableOutcome(record(undefined), { fingerprint: 'F1', statementFingerprint: 'S1' })).to.equal(undefined);
    expect(reusableOutcome(undefined, { fingerprint: 'F1', statementFingerprint: 'S1' })).to.equal(undefined);
  });

  it('reads a record written before statement fingerprints by its function fingerprint alone', () => {
    expect(reusableOutcome(record(SURVIVED, 'F1', null), { fingerprint: 'F2', statementFingerprint: 'S1' })).to.equal(undefined);
    expect(reusableOutcome(record(SURVIVED, 'F1', null), { fingerprint: 'F1', statementFingerprint: 'S1' })).to.equal(SURVIVED);
  });
});
