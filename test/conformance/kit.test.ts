// The case helper kit: every wait ends on abort or at its limit leaving no listener or timer, and thrownBy, returnedBy,
// expectError, api and method fail a case naming what the candidate did, a missing API as "not implemented".
import { expect } from 'chai';
import { EventEmitter, getEventListeners } from 'node:events';
import { CaseFailure } from '../../conformance/case.js';
import { api, delay, describeThrown, describeValue, expectError, isMissingApi, method, nextEvent, returnedBy, thrownBy, until, untilAborted, within, type WaitContext } from '../../conformance/kit.js';

/** A case context of the waits' own: only a signal, aborted by the test. */
function context(): WaitContext & { abort(reason?: unknown): void } {
  const controller = new AbortController();
  return { signal: controller.signal, abort: (reason) => controller.abort(reason) };
}

/**
 * Counts the timers set while it is on that are still pending (neither fired nor cleared), by wrapping the global
 * setTimeout and clearTimeout the kit calls.
 */
function timerWatch(): { pending(): number; stop(): void } {
  const { setTimeout: realSet, clearTimeout: realClear } = globalThis;
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSet((...inner: unknown[]) => {
      pending.delete(timer);
      callback(...inner);
    }, ms, ...args);
    pending.add(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(timer);
    realClear(timer);
  }) as typeof clearTimeout;
  return {
    pending: () => pending.size,
    stop() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

function abortListeners(ctx: WaitContext): number {
  return getEventListeners(ctx.signal, 'abort').length;
}

/** What a promise settled with, as a value to compare. */
async function outcome(promise: Promise<unknown>): Promise<{ value?: unknown; reason?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (reason: unknown) => ({ reason }),
  );
}

const never = (): Promise<never> => new Promise<never>(() => undefined);

describe('case helper kit', () => {
  describe('every wait', () => {
    const waits: Record<string, (ctx: WaitContext) => Promise<unknown>> = {
      untilAborted: (ctx) => untilAborted(ctx, never()),
      within: (ctx) => within(ctx, never(), 60_000, 'nothing'),
      'nextEvent without a limit': (ctx) => nextEvent(ctx, new EventEmitter(), 'never'),
      'nextEvent with a limit': (ctx) => nextEvent(ctx, new EventEmitter(), 'never', 60_000),
      until: (ctx) => until(ctx, () => false, 60_000, 'nothing'),
      delay: (ctx) => delay(ctx, 60_000),
    };

    for (const [name, start] of Object.entries(waits)) {
      it(`${name}: rejects with the signal's reason as soon as the case is aborted, leaving no listener or timer`, async () => {
        const ctx = context();
        const timers = timerWatch();
        try {
          const waiting = outcome(start(ctx));
          const reason = new Error('case over');
          ctx.abort(reason);
          expect(await waiting).to.deep.equal({ reason });
          expect(abortListeners(ctx), 'abort listeners left on the signal').to.equal(0);
          expect(timers.pending(), 'timers left pending').to.equal(0);
        } finally {
          timers.stop();
        }
      });

      it(`${name}: rejects at once for a case already aborted`, async () => {
        const ctx = context();
        const reason = new Error('aborted before');
        ctx.abort(reason);
        expect(await outcome(start(ctx))).to.deep.equal({ reason });
        expect(abortListeners(ctx)).to.equal(0);
      });
    }

    it('does not report an aborted wait that nobody awaits as an unhandled rejection', async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const ctx = context();
        void within(ctx, never(), 60_000, 'nothing');
        void nextEvent(ctx, new EventEmitter(), 'never');
        ctx.abort(new Error('case over'));
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
      expect(unhandled).to.deep.equal([]);
    });
  });

  describe('untilAborted', () => {
    it('settles as the promise does and stops listening to the signal', async () => {
      const ctx = context();
      expect(await untilAborted(ctx, Promise.resolve(7))).to.equal(7);
      const failure = new Error('no');
      expect(await outcome(untilAborted(ctx, Promise.reject(failure)))).to.deep.equal({ reason: failure });
      expect(abortListeners(ctx)).to.equal(0);
    });
  });

  describe('within', () => {
    it('settles as the promise does in time and clears its timer', async () => {
      const ctx = context();
      const timers = timerWatch();
      try {
        expect(await within(ctx, Promise.resolve('done'), 60_000, 'the answer')).to.equal('done');
        expect(timers.pending(), 'timers left pending').to.equal(0);
      } finally {
        timers.stop();
      }
      expect(abortListeners(ctx)).to.equal(0);
    });

    it('fails the case, naming what never came, once the limit has passed', async () => {
      const ctx = context();
      const { reason } = await outcome(within(ctx, never(), 10, 'the close callback'));
      expect(reason).to.be.instanceOf(CaseFailure);
      expect((reason as CaseFailure).message).to.equal('the close callback did not happen within 10 ms');
      expect((reason as CaseFailure).details).to.deep.equal({ expected: 'the close callback', actual: 'nothing' });
      expect(abortListeners(ctx)).to.equal(0);
    });
  });

  describe('nextEvent', () => {
    it("resolves with the event's arguments and removes its listener", async () => {
      const ctx = context();
      const emitter = new EventEmitter();
      const next = nextEvent<[number, string]>(ctx, emitter, 'message', 60_000);
      emitter.emit('message', 1, 'two');
      expect(await next).to.deep.equal([1, 'two']);
      expect(emitter.listenerCount('message')).to.equal(0);
      expect(abortListeners(ctx)).to.equal(0);
    });

    it('fails the case when no event comes within the limit, and removes its listener', async () => {
      const ctx = context();
      const emitter = new EventEmitter();
      const { reason } = await outcome(nextEvent(ctx, emitter, 'close', 10));
      expect((reason as CaseFailure).message).to.equal("no 'close' event within 10 ms");
      expect(emitter.listenerCount('close')).to.equal(0);
    });

    it('fails the case, saying so, when what it is to listen on is no event emitter', async () => {
      const { reason } = await outcome(nextEvent(context(), null as unknown as EventEmitter, 'data'));
      expect(reason).to.be.instanceOf(CaseFailure);
      expect((reason as CaseFailure).message).to.equal("expected an event emitter to wait for 'data' on, got null");
    });

    it('removes its listener when the case is aborted', async () => {
      const ctx = context();
      const emitter = new EventEmitter();
      const next = outcome(nextEvent(ctx, emitter, 'exit'));
      ctx.abort(new Error('over'));
      await next;
      expect(emitter.listenerCount('exit')).to.equal(0);
    });
  });

  describe('until', () => {
    it('resolves once the condition holds', async () => {
      const ctx = context();
      let calls = 0;
      await until(ctx, () => ++calls >= 3, 60_000, 'the third look');
      expect(calls).to.equal(3);
      expect(abortListeners(ctx)).to.equal(0);
    });

    it('fails the case when the condition never holds within the limit', async () => {
      const { reason } = await outcome(until(context(), () => false, 20, 'the request reaching the server'));
      expect((reason as CaseFailure).message).to.equal('the request reaching the server did not happen within 20 ms');
    });

    it('rejects with what the condition threw', async () => {
      const thrown = new TypeError('broken condition');
      const { reason } = await outcome(
        until(
          context(),
          () => {
            throw thrown;
          },
          60_000,
          'x',
        ),
      );
      expect(reason).to.equal(thrown);
    });
  });

  describe('delay', () => {
    it('resolves after the time given', async () => {
      const started = performance.now();
      await delay(context(), 30);
      expect(performance.now() - started).to.be.at.least(25);
    });
  });

  describe('thrownBy', () => {
    it('returns what the call threw', () => {
      const error = new RangeError('bad value');
      expect(
        thrownBy(undefined, () => {
          throw error;
        }, 'the call'),
      ).to.equal(error);
    });

    it('fails the case when the call returns instead of throwing', () => {
      let caught: unknown;
      try {
        thrownBy(undefined, () => 42, 'parse of a bad value');
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(CaseFailure);
      expect((caught as CaseFailure).message).to.equal('expected parse of a bad value to throw, it returned instead');
      expect((caught as CaseFailure).details).to.deep.equal({ expected: 'a thrown error', actual: 42 });
    });

    it('releases what the call returned when the case ends, and swallows its late errors', () => {
      const cleanups: Array<() => unknown> = [];
      const killed: string[] = [];
      const child = Object.assign(new EventEmitter(), { kill: (signal: string) => void killed.push(signal) });
      expect(() => thrownBy({ defer: (cleanup) => void cleanups.push(cleanup) }, () => child, 'fork with bad options')).to.throw(CaseFailure);
      expect(() => child.emit('error', new Error('spawn failed later')), 'a late error event').to.not.throw();
      expect(killed, 'killed before the case ended').to.deep.equal([]);
      for (const cleanup of cleanups) cleanup();
      expect(killed).to.deep.equal(['SIGKILL']);
    });
  });

  /** What `run` threw, for the tests of the checks that fail a case. */
  function failureOf(run: () => unknown): CaseFailure {
    try {
      run();
    } catch (error) {
      expect(error).to.be.instanceOf(CaseFailure);
      return error as CaseFailure;
    }
    throw new Error('expected the check to fail the case');
  }

  describe('thrownBy with an expectation', () => {
    const throwing = (error: unknown) => () => {
      throw error;
    };

    it('returns an error of the class, name and code expected', () => {
      const error = Object.assign(new TypeError('bad scheme'), { code: 'ERR_INVALID_URL_SCHEME' });
      expect(thrownBy(undefined, throwing(error), 'fork of an http: URL', { instanceOf: TypeError, code: 'ERR_INVALID_URL_SCHEME' })).to.equal(error);
      expect(thrownBy(undefined, throwing(error), 'fork of an http: URL', {})).to.equal(error);
    });

    it('fails the case naming what the candidate threw when it is not what the spec says', () => {
      const failure = failureOf(() => thrownBy(undefined, throwing(Object.assign(new Error('no'), { code: 'EPERM' })), 'the call', { name: 'AbortError' }));
      expect(failure.message).to.equal('expected the call to throw: an instance of Error, named AbortError; got Error [EPERM]: no');
      expect(failureOf(() => thrownBy(undefined, throwing('a string'), 'the call', {})).message).to.contain('got the non-Error value the string "a string"');
    });

    it('never takes an error saying the API is missing for the refusal, expectation or not', () => {
      for (const error of [new TypeError('cp.fork is not a function'), new Error('[unenv] child_process.fork is not implemented yet!'), Object.assign(new Error('x'), { code: 'ERR_METHOD_NOT_IMPLEMENTED' })]) {
        expect(failureOf(() => thrownBy(undefined, throwing(error), 'fork with bad stdio')).message).to.contain('which says the API is missing');
        expect(failureOf(() => thrownBy(undefined, throwing(error), 'fork with bad stdio', {})).message).to.contain('which says the API is missing');
      }
    });
  });

  describe('expectError', () => {
    it('fails the case for no error at all, and for an error of another kind', () => {
      expect(failureOf(() => expectError(null, 'the callback error')).message).to.equal('expected the callback error: an instance of Error; got null');
      expect(failureOf(() => expectError(new Error('x'), 'the callback error', { code: 42 })).message).to.equal('expected the callback error: an instance of Error, with code 42; got Error: x');
    });

    it('accepts any one of several codes, and an Error of another realm', () => {
      const error = Object.assign(new Error('gone'), { code: 'ENOENT' });
      expect(expectError(error, 'the error', { code: ['EACCES', 'ENOENT'] })).to.equal(error);
      const foreign = Object.create(null) as object;
      Object.defineProperty(foreign, Symbol.toStringTag, { value: 'Error' });
      expect(expectError(foreign, 'the error')).to.equal(foreign);
    });
  });

  describe('returnedBy', () => {
    it('returns what the call returned, and fails with what the candidate threw otherwise', () => {
      expect(returnedBy(() => 7, 'the call')).to.equal(7);
      const failure = failureOf(() =>
        returnedBy(() => {
          throw Object.assign(new Error('[unenv] child_process.exec is not implemented yet!\nat stub'), { code: 'ERR_X' });
        }, 'child_process.exec'),
      );
      expect(failure.message).to.equal('child_process.exec threw Error [ERR_X]: [unenv] child_process.exec is not implemented yet!');
    });

    it('records a not-implemented throw of a named export as evidence of a stub, and nothing for other throws', () => {
      const refused = failureOf(() =>
        returnedBy(() => {
          throw new Error('not implemented');
        }, 'child_process.fork', 'child_process.fork'),
      );
      expect(refused.details.unimplemented).to.deep.equal([{ api: 'child_process.fork', observed: 'throws-not-implemented' }]);
      const broken = failureOf(() =>
        returnedBy(() => {
          throw new RangeError('bad argument');
        }, 'child_process.fork', 'child_process.fork'),
      );
      expect(broken.details.unimplemented).to.equal(undefined);
      const unnamed = failureOf(() =>
        returnedBy(() => {
          throw new Error('not implemented');
        }, 'server.address()'),
      );
      expect(unnamed.details.unimplemented).to.equal(undefined);
    });
  });

  describe('api and method', () => {
    it('return the function as exported, unbound', () => {
      const fork = (): void => undefined;
      expect(api({ cp: { fork } as never }, 'child_process', 'fork')).to.equal(fork);
    });

    it('fail the case with "not implemented: module.name" for a missing export or method, never a TypeError', () => {
      expect(failureOf(() => api({ cp: {} as never }, 'child_process', 'fork')).message).to.equal('not implemented: child_process.fork');
      expect(failureOf(() => api({ qs: { parse: 'no' } as never }, 'querystring', 'parse')).details.actual).to.equal('the string "no"');
      expect(failureOf(() => method({}, 'send', 'ChildProcess')).message).to.equal('not implemented: ChildProcess.send');
    });

    it('record the missing export as evidence of its absence', () => {
      expect(failureOf(() => api({ cp: {} as never }, 'child_process', 'fork')).details.unimplemented).to.deep.equal([{ api: 'child_process.fork', observed: 'missing' }]);
    });

    it('call a method on its object', () => {
      const target = { value: 3, get(this: { value: number }, add: number) { return this.value + add; } };
      expect(method(target, 'get', 'Thing')(4)).to.equal(7);
    });
  });

  describe('error descriptions', () => {
    it('tell a missing API from a refusal', () => {
      expect(isMissingApi(new TypeError('https2.createServer is not a function'))).to.equal(true);
      expect(isMissingApi(new TypeError("Cannot read properties of undefined (reading 'fork')"))).to.equal(true);
      expect(isMissingApi(Object.assign(new TypeError('The URL must be of scheme file'), { code: 'ERR_INVALID_URL_SCHEME' }))).to.equal(false);
      expect(isMissingApi(new RangeError('is not a function'))).to.equal(false);
      expect(isMissingApi('not implemented')).to.equal(false);
      // A polyfill that says the whole API is not supported where it runs (@jspm/core's browser child_process) …
      expect(isMissingApi(new Error('Node.js child_process is not supported by JSPM core in the browser'))).to.equal(true);
      // … is not a refusal of one argument, which may say "not supported" too.
      expect(isMissingApi(Object.assign(new TypeError('Protocol "https:" not supported. Expected "http:"'), { code: 'ERR_INVALID_PROTOCOL' }))).to.equal(false);
    });

    it('describe values and errors in one line, whatever their getters do', () => {
      expect(describeValue(undefined)).to.equal('undefined');
      expect(describeValue(new Map())).to.equal('an object (Map)');
      const hostile = Object.defineProperty({}, 'message', {
        get() {
          throw new Error('no');
        },
      });
      expect(describeThrown(hostile)).to.equal('Error: ');
    });
  });
});
