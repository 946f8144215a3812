// Mutants not observable on this platform (mutation/unobservable-mutants.ts, the `unobservable` status): every entry
// names the platforms that can observe it; on those it is an ordinary mutant, elsewhere a run that no case notices
// reports it `unobservable`, and a kill reports it killed with a note that the entry claims too much.
import { expect } from 'chai';
import { judgeUnobservable } from '../../mutation/judge-mutant.js';
import { parseUnobservableMutants, unobservableOn } from '../../mutation/unobservable-mutants.js';
import type { MutantRecord } from '../../results/mutation-file.js';

const WINDOWS_ONLY = { reason: 'the ComSpec default shell, on Windows alone', platforms: ['win32'] };

describe('mutants not observable on this platform', () => {
  it('are listed with the platforms that can observe them, or refused', () => {
    const list = parseUnobservableMutants({ $comment: 'x', mutants: { '0123456789abcdef': { ...WINDOWS_ONLY, file: 'reference/a.ts' } } }, 'u.json');
    expect(list.get('0123456789abcdef')).to.deep.equal({ ...WINDOWS_ONLY, file: 'reference/a.ts' });
    expect(() => parseUnobservableMutants({ mutants: { '0123456789abcdef': { reason: 'Windows only' } } }, 'u.json')).to.throw(/^u\.json: mutant 0123456789abcdef needs "platforms"/);
    expect(() => parseUnobservableMutants({ mutants: { '0123456789abcdef': { reason: 'Windows only', platforms: [] } } }, 'u.json')).to.throw(/needs "platforms"/);
  });

  it('are ordinary mutants on a platform that can observe them', () => {
    const list = parseUnobservableMutants({ mutants: { a: WINDOWS_ONLY, b: { reason: 'Android alone', platforms: ['android'] } } }, 'u.json');
    expect([...unobservableOn(list, 'win32').keys()]).to.deep.equal(['b']);
    expect([...unobservableOn(list, 'linux').keys()]).to.deep.equal(['a', 'b']);
  });

  it('are reported unobservable when no case notices, killed (the entry claiming too much) when one does', () => {
    const base: MutantRecord = { id: '0123456789abcdef', file: 'reference/x.ts', modules: ['child_process'], line: 3, column: 1, operator: 'always-false', diff: '', status: 'survived', casesRun: 2, rules: [], durationMs: 10 };
    const listed = parseUnobservableMutants({ mutants: { [base.id]: WINDOWS_ONLY } }, 'u.json').get(base.id);
    expect(judgeUnobservable(base, listed)).to.include({ status: 'unobservable', note: `observable only on win32: ${WINDOWS_ONLY.reason}`, casesRun: 2 });
    const killed = judgeUnobservable({ ...base, status: 'killed', killedBy: ['child_process.x'] }, listed);
    expect(killed.status).to.equal('killed');
    expect(killed.note).to.match(/^listed as observable only on win32 \(mutation\/unobservable-mutants\.json\), yet a case noticed here: the entry claims too much$/);
    expect(judgeUnobservable({ ...base, status: 'beyond-spec', note: 'marked' }, listed)).to.include({ status: 'beyond-spec', note: 'marked' });
    expect(judgeUnobservable(base, undefined)).to.equal(base);
  });
});
