// bisectReleases over a fake runtime: a change dated to the last release before it and the first after in about
// log2(n) probes; changes that come and go, unusable releases, several cases, maxProbes, interrupts, message changes.
import { expect } from 'chai';
import { bisectReleases, type Probe } from '../../../runners/bisect/bisect-releases.js';
import type { Status } from '../../../results/status.js';

/** Releases 1.0.0 … 1.(n-1).0, oldest first. */
function releases(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `1.${index}.0`);
}

/**
 * A fake runtime: `history(case, index)` gives each case's status in the release at `index`; releases below
 * `usableFrom` cannot run the suite. Records which releases were probed, so a test can count the downloads.
 */
function fakeRuntime(list: readonly string[], history: (id: string, index: number) => Status, usableFrom = 0) {
  const probed: string[] = [];
  const probe = async (version: string): Promise<Probe> => {
    probed.push(version);
    const index = list.indexOf(version);
    if (index < usableFrom) return { kind: 'unusable', reason: "the agent cannot run in it: SyntaxError: Unexpected token '.'" };
    return {
      kind: 'ran',
      results: new Map(['a', 'b'].map((id) => [id, { status: history(id, index), ...(history(id, index) === 'pass' ? {} : { message: `${id} at ${version}` }) }])),
    };
  };
  return { probe, probed };
}

describe('bisectReleases', () => {
  it('dates a single change to the last release before it and the first after, in about log2(n) probes', async () => {
    const list = releases(40);
    const { probe, probed } = fakeRuntime(list, (_id, index) => (index < 27 ? 'fail' : 'pass'));
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(report.cases[0]).to.deep.include({ case: 'a', verdict: 'changed' });
    expect(report.cases[0]?.changes).to.deep.equal([{ before: 'fail', after: 'pass', last: '1.26.0', first: '1.27.0', exact: true, messageBefore: 'a at 1.26.0' }]);
    expect(new Set(probed).size, 'no release is probed twice').to.equal(probed.length);
    expect(probed.length).to.be.at.most(3 + Math.ceil(Math.log2(40)));
    expect(report.incomplete).to.equal(false);
  });

  it('reports a change that comes and goes as non-monotonic when a sample falls inside it', async () => {
    const list = releases(21);
    // pass … 1.7.0, fail 1.8.0 … 1.13.0, pass again from 1.14.0: the ends agree, the midpoint (1.10.0) does not.
    const { probe } = fakeRuntime(list, (_id, index) => (index >= 8 && index <= 13 ? 'fail' : 'pass'));
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    const history = report.cases[0];
    expect(history?.verdict).to.equal('non-monotonic');
    expect(history?.changes.map((change) => [change.before, change.last, change.after, change.first])).to.deep.equal([
      ['pass', '1.7.0', 'fail', '1.8.0'],
      ['fail', '1.13.0', 'pass', '1.14.0'],
    ]);
    expect(history?.segments.map((segment) => segment.state)).to.deep.equal(['pass', 'fail', 'pass']);
  });

  it('finds both changes of a case that goes through three statuses', async () => {
    const list = releases(30);
    const { probe } = fakeRuntime(list, (_id, index) => (index < 5 ? 'error' : index < 22 ? 'fail' : 'pass'));
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(report.cases[0]?.verdict).to.equal('non-monotonic');
    expect(report.cases[0]?.changes.map((change) => `${change.before}@${change.last}→${change.after}@${change.first}`)).to.deep.equal([
      'error@1.4.0→fail@1.5.0',
      'fail@1.21.0→pass@1.22.0',
    ]);
  });

  it('calls a case unchanged when the ends and the samples agree (a change hidden between samples is not seen)', async () => {
    const list = releases(21);
    const { probe, probed } = fakeRuntime(list, (_id, index) => (index === 3 ? 'fail' : 'pass'));
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(report.cases[0]?.verdict).to.equal('unchanged');
    expect(probed).to.deep.equal(['1.0.0', '1.20.0', '1.10.0']);
    // More samples find it.
    const more = await bisectReleases({ releases: list, cases: ['a'], probe: fakeRuntime(list, (_id, index) => (index === 3 ? 'fail' : 'pass')).probe, samples: 5 });
    expect(more.cases[0]?.verdict).to.equal('non-monotonic');
  });

  it('reports releases that cannot run the suite apart, with the exact boundary, and never as a status change', async () => {
    const list = releases(32);
    const { probe } = fakeRuntime(list, (_id, index) => (index < 20 ? 'fail' : 'pass'), 6);
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(report.unusable).to.deep.equal([
      { from: '1.0.0', to: '1.5.0', exact: true, reasons: [{ from: '1.0.0', to: '1.5.0', reason: "the agent cannot run in it: SyntaxError: Unexpected token '.'" }] },
    ]);
    expect(report.cases[0]?.verdict).to.equal('changed');
    expect(report.cases[0]?.changes).to.have.length(1);
    expect(report.cases[0]?.changes[0]).to.deep.include({ before: 'fail', after: 'pass', last: '1.19.0', first: '1.20.0', exact: true });
    expect(report.cases[0]?.segments[0]).to.deep.equal({ state: 'unusable', from: '1.0.0', to: '1.5.0' });
  });

  it('says so when no release can run the suite', async () => {
    const list = releases(5);
    const report = await bisectReleases({ releases: list, cases: ['a'], probe: fakeRuntime(list, () => 'pass', 99).probe });
    expect(report.cases[0]?.verdict).to.equal('unusable');
    expect(report.unusable).to.have.length(1);
  });

  it('dates several cases with one set of probes', async () => {
    const list = releases(64);
    const history = (id: string, index: number): Status => (id === 'a' ? (index < 10 ? 'fail' : 'pass') : index < 50 ? 'pass' : 'fail');
    const { probe, probed } = fakeRuntime(list, history);
    const report = await bisectReleases({ releases: list, cases: ['a', 'b'], probe });
    expect(report.cases.map((item) => item.changes.map((change) => change.first))).to.deep.equal([['1.10.0'], ['1.50.0']]);
    expect(report.cases[1]?.changes[0]?.messageAfter).to.equal('b at 1.50.0');
    expect(probed.length).to.be.at.most(3 + 2 * Math.ceil(Math.log2(64)));
    expect(report.probes.map((record) => record.version)).to.deep.equal(probed);
  });

  it('stops at maxProbes and marks what was not narrowed', async () => {
    const list = releases(100);
    const { probe, probed } = fakeRuntime(list, (_id, index) => (index < 61 ? 'pass' : 'fail'));
    const report = await bisectReleases({ releases: list, cases: ['a'], probe, maxProbes: 4 });
    expect(probed).to.have.length(4);
    expect(report.incomplete).to.equal(true);
    expect(report.cases[0]?.changes[0]).to.deep.include({ before: 'pass', after: 'fail', exact: false });
  });

  it('probes a single release once and reports it unchanged', async () => {
    const { probe, probed } = fakeRuntime(['2.0.0'], () => 'pass');
    const report = await bisectReleases({ releases: ['2.0.0'], cases: ['a'], probe });
    expect(probed).to.deep.equal(['2.0.0']);
    expect(report.cases[0]).to.deep.include({ verdict: 'unchanged' });
  });

  it('leaves out a probe cut short by an interrupt and ends the search', async () => {
    const list = releases(16);
    const controller = new AbortController();
    const fake = fakeRuntime(list, (_id, index) => (index < 9 ? 'pass' : 'fail'));
    const probe = async (version: string): Promise<Probe> => {
      const result = await fake.probe(version);
      if (fake.probed.length === 3) controller.abort();
      return result;
    };
    const report = await bisectReleases({ releases: list, cases: ['a'], probe, signal: controller.signal });
    expect(report.probes).to.have.length(2);
    expect(report.incomplete).to.equal(true);
  });

  it('with compareMessages, dates a change from one way of failing to another', async () => {
    const list = releases(40);
    const probe = async (version: string): Promise<Probe> => {
      const index = list.indexOf(version);
      const message = index < 25 ? 'kept 1000 of 2000 headers' : 'answered 431';
      return { kind: 'ran', results: new Map([['a', { status: 'fail', message }]]) };
    };
    const byStatus = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(byStatus.cases[0]?.verdict).to.equal('unchanged');
    const byMessage = await bisectReleases({ releases: list, cases: ['a'], probe, compareMessages: true });
    expect(byMessage.cases[0]?.verdict).to.equal('changed');
    expect(byMessage.cases[0]?.changes[0]).to.deep.include({ before: 'fail', after: 'fail', last: '1.24.0', first: '1.25.0', messageBefore: 'kept 1000 of 2000 headers', messageAfter: 'answered 431' });
    expect(byMessage.cases[0]?.segments).to.deep.equal([
      { state: 'fail', from: '1.0.0', to: '1.24.0', message: 'kept 1000 of 2000 headers' },
      { state: 'fail', from: '1.25.0', to: '1.39.0', message: 'answered 431' },
    ]);
  });

  it('lists each reason a stretch of releases cannot run the suite for, oldest first', async () => {
    const list = releases(16);
    const probe = async (version: string): Promise<Probe> => {
      const index = list.indexOf(version);
      if (index < 8) return { kind: 'unusable', reason: index < 4 ? 'SyntaxError' : 'performance is not defined' };
      return { kind: 'ran', results: new Map([['a', { status: 'pass' }]]) };
    };
    const report = await bisectReleases({ releases: list, cases: ['a'], probe });
    expect(report.unusable).to.have.length(1);
    expect(report.unusable[0]).to.deep.include({ from: '1.0.0', to: '1.7.0', exact: true });
    expect(report.unusable[0]?.reasons.map((item) => item.reason)).to.deep.equal(['SyntaxError', 'performance is not defined']);
    expect(report.unusable[0]?.reasons[0]?.from).to.equal('1.0.0');
    expect(report.unusable[0]?.reasons[1]?.to).to.equal('1.7.0');
  });
});
