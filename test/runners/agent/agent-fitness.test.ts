// The fitness check that decides whether a reused agent may load another mutant: it must name what a candidate left
// behind, let an agent that holds less than at its start through, and never throw on a runtime whose process cannot
// tell what it holds (workerd's throws "not implemented"): such an agent is simply never reused.
import { expect } from 'chai';
import { takeFitnessBaseline } from '../../../runners/agent/agent-fitness.js';

type FakeProcess = NonNullable<Parameters<typeof takeFitnessBaseline>[0]>;

/** A process whose every reading comes from `state`, which a test changes between the baseline and the check. */
interface FakeState {
  resources: string[];
  listeners: Record<string, number>;
  cwd: string;
  env: Record<string, string>;
  rss: number;
}

function fakeProcess(state: FakeState): FakeProcess {
  return {
    getActiveResourcesInfo: () => [...state.resources],
    eventNames: () => Object.keys(state.listeners),
    listenerCount: (event) => state.listeners[String(event)] ?? 0,
    cwd: () => state.cwd,
    get env() {
      return state.env;
    },
    memoryUsage: { rss: () => state.rss },
  };
}

const MB = 1024 * 1024;

function freshState(): FakeState {
  return { resources: ['TTYWrap', 'Timeout'], listeners: { message: 1 }, cwd: '/work', env: { HOME: '/root' }, rss: 60 * MB };
}

describe('agent fitness (runners/agent/agent-fitness.ts)', () => {
  it('finds an agent unchanged since its first load fit', () => {
    const state = freshState();
    const baseline = takeFitnessBaseline(fakeProcess(state));
    expect(baseline.unfitness()).to.equal(undefined);
  });

  it('lets through an agent holding fewer resources than at its start (Node drops some it made while starting)', () => {
    const state = freshState();
    const baseline = takeFitnessBaseline(fakeProcess(state));
    state.resources = ['TTYWrap'];
    expect(baseline.unfitness()).to.equal(undefined);
  });

  it('names a resource, a listener, the working folder and the environment a candidate left changed', () => {
    const state = freshState();
    const baseline = takeFitnessBaseline(fakeProcess(state));
    state.resources = [...state.resources, 'TCPSocketWrap', 'TCPSocketWrap'];
    state.listeners = { message: 1, exit: 1 };
    state.cwd = '/tmp';
    state.env = { HOME: '/root', LEFT: 'behind' };
    expect(baseline.unfitness()).to.equal('2 more active resource TCPSocketWrap, 1 more process listener exit, the working folder changed, process.env changed');
  });

  it("lets through the process's own stdout and stderr made since (Node makes stderr when any socket is destroyed), not a pipe of anyone else", () => {
    const state = freshState();
    const handles: unknown[] = [];
    const proc = { ...fakeProcess(state), _getActiveHandles: () => [...handles] };
    const baseline = takeFitnessBaseline(proc);
    const pipe = (fd: number, stdio: boolean): object => ({ fd, ...(stdio ? { _isStdio: true } : {}), _handle: new (class Pipe {})() });
    state.resources = [...state.resources, 'PipeWrap', 'PipeWrap'];
    handles.push(pipe(2, true), pipe(1, true));
    expect(baseline.unfitness()).to.equal(undefined);
    // A third pipe that is no standard stream: a child's stdio, say.
    state.resources = [...state.resources, 'PipeWrap'];
    handles.push(pipe(20, false));
    expect(baseline.unfitness()).to.equal('1 more active resource PipeWrap');
    // Marked a standard stream but on another descriptor, or of a kind that is no such resource: counted all the same.
    handles.splice(2, 1, { fd: 7, _isStdio: true, _handle: new (class Pipe {})() });
    expect(baseline.unfitness()).to.equal('1 more active resource PipeWrap');
    handles.splice(2, 1, { fd: 1, _isStdio: true, _handle: new (class toString {})() });
    expect(baseline.unfitness()).to.equal('1 more active resource PipeWrap');
  });

  it('replaces an agent that grew more than 128 MB since its first load, and keeps one that grew less', () => {
    const state = freshState();
    const baseline = takeFitnessBaseline(fakeProcess(state));
    state.rss += 127 * MB;
    expect(baseline.unfitness()).to.equal(undefined);
    state.rss += 2 * MB;
    expect(baseline.unfitness()).to.equal('129 MB more memory than at its first load');
  });

  it('never throws where the process throws "not implemented" (workerd): the agent is unfit for good', () => {
    const state = freshState();
    const notImplemented = (): never => {
      throw new Error('not implemented');
    };
    const baseline = takeFitnessBaseline({ ...fakeProcess(state), getActiveResourcesInfo: notImplemented });
    expect(baseline.unfitness()).to.equal('this runtime cannot tell what its process holds (not implemented)');
  });

  it('calls an agent unfit when its process cannot be read again after a fit start', () => {
    const state = freshState();
    let broken = false;
    const proc = fakeProcess(state);
    const baseline = takeFitnessBaseline({
      ...proc,
      getActiveResourcesInfo: () => {
        if (broken) throw new Error('gone');
        return [...state.resources];
      },
    });
    broken = true;
    expect(baseline.unfitness()).to.equal('its process could not be read again (gone)');
  });

  it('calls a runtime whose process does not tell its resources unfit (no process at all reads the same way)', () => {
    expect(takeFitnessBaseline({}).unfitness()).to.equal('this runtime does not tell its active resources');
    expect(takeFitnessBaseline({ cwd: () => '/' }).unfitness()).to.equal('this runtime does not tell its active resources');
  });
});
