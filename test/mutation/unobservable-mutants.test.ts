// Mutants not observable on this platform (mutation/unobservable-mutants.ts, the `unobservable` status): every entry
// names the platforms that can observe it; on those it is an ordinary mutant, elsewhere a run that no case notices
// reports it `unobservable`, and a kill reports it killed with a note that the entry claims too much.
import { expect } from 'chai';
import { judgeUnobservable } from '../../mutation/judge-mutant.js';
import { readUnobservableMutants, unobservableOn } from '../../mutation/unobservable-mutants.js';
import { listFile } from './list-file.js';
import type { MutantRecord } from '../../results/mutation-file.js';

const WINDOWS_ONLY = { reason: 'the ComSpec default shell, on Windows alone', platforms: ['win32'] };

describe('mutants not observable on this platform', () => {
  it('are listed with the platforms that can observe them, or refused', async () => {
    const list = await listFile({ $comment: 'x', mutants: { '0123456789abcdef': { ...WINDOWS_ONLY, file: 'reference/a.ts' } } }, readUnobservableMutants);
    expect(list.get('0123456789abcdef')).to.deep.equal({ ...WINDOWS_ONLY, file: 'reference/a.ts' });
    const refused = (data: unknown): Promise<unknown> => listFile(data, readUnobservableMutants).then(() => undefined, (error: unknown) => error);
    expect(await refused({ mutants: { '0123456789abcdef': { reason: 'Windows only' } } })).to.have.property('message').that.matches(/list\.json: mutant 0123456789abcdef needs "platforms"/);
    expect(await refused({ mutants: { '0123456789abcdef': { reason: 'Windows only', platforms: [] } } })).to.have.property('message').that.matches(/needs "platforms"/);
  });

  it('are ordinary mutants on a platform that can observe them', async () => {
    const list = await listFile({ mutants: { a: WINDOWS_ONLY, b: { reason: 'Android alone', platforms: ['android'] } } }, readUnobservableMutants);
    expect([...unobservableOn(list, 'win32').keys()]).to.deep.equal(['b']);
    expect([...unobservableOn(list, 'linux').keys()]).to.deep.equal(['a', 'b']);
  });

  it('are reported unobservable when no case notices, killed (the entry claiming too much) when one does', async () => {
    const base: MutantRecord = { id: '0123456789abcdef', file: 'reference/x.ts', modules: ['child_process'], line: 3, column: 1, operator: 'always-false', diff: '', status: 'survived', casesRun: 2, rules: [], durationMs: 10 };
    const listed = (await listFile({ mutants: { [base.id]: WINDOWS_ONLY } }, readUnobservableMutants)).get(base.id);
    expect(judgeUnobservable(base, listed)).to.include({ status: 'unobservable', note: `observable only on win32: ${WINDOWS_ONLY.reason}`, casesRun: 2 });
    const killed = judgeUnobservable({ ...base, status: 'killed', killedBy: ['child_process.x'] }, listed);
    expect(killed.status).to.equal('killed');
    expect(killed.note).to.match(/^listed as observable only on win32 \(mutation\/unobservable-mutants\.json\), yet a case noticed here: the entry claims too much$/);
    expect(judgeUnobservable({ ...base, status: 'beyond-spec', note: 'marked' }, listed)).to.include({ status: 'beyond-spec', note: 'marked' });
    expect(judgeUnobservable(base, undefined)).to.equal(base);
  });
});
