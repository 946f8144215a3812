// AbortSignal: aborting exec/execFile passes an AbortError to the callback, aborting fork delivers one on the child's
// 'error' event; either way the child is ended (fork: with its killSignal), whether it was aborted before or after start.
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { defineCase, type CaseContext } from '../case.js';
import { adopt, fixtureCommand, fixtureCommandLine, nextEvent, track, within, type ExecError } from './_util.js';

/** How long an aborted child may take to be reported; the fixture would otherwise live 30 s. */
const BOUND_MS = 3000;

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Waits for a child to be gone (it may already be). */
function gone(ctx: CaseContext, child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return within(ctx, nextEvent(ctx, child, 'exit'), BOUND_MS, 'the exit of the aborted child');
}

/** Starts the sleep fixture through exec or execFile with a signal and returns the callback's outcome, aborting once
 * the child printed "ready" (after start) or before the call (before start). */
async function abortedRun(ctx: CaseContext, via: 'exec' | 'execFile', when: 'before' | 'after'): Promise<{ error: ExecError | null; child: ChildProcess }> {
  const controller = new AbortController();
  if (when === 'before') controller.abort();
  let child: ChildProcess | undefined;
  const outcome = new Promise<ExecError | null>((resolve) => {
    const callback = (error: ExecError | null): void => resolve(error);
    if (via === 'exec') {
      child = ctx.cp.exec(`exec ${fixtureCommandLine(ctx, 'sleep.mjs')}`, { signal: controller.signal }, callback);
    } else {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      child = ctx.cp.execFile(command, args, { signal: controller.signal }, callback);
    }
  });
  const started = adopt(ctx, child as ChildProcess);
  if (when === 'after') {
    await nextEvent(ctx, started.stdout as NonNullable<ChildProcess['stdout']>, 'data');
    controller.abort();
  }
  return { error: await within(ctx, outcome, BOUND_MS, 'the callback after the abort'), child: started };
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: 'exec' | 'execFile', name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const abortCases = [
  ...(['exec', 'execFile'] as const).flatMap((via) =>
    (['before', 'after'] as const).map((when) =>
      defineCase({
        id: `child_process.${via}.abort-${when}-start-gives-abort-error`,
        module: 'child_process',
        rules: [rule(via, 'abort-error'), rule(via, 'signal-aborts')],
        async run(ctx) {
          const { error, child } = await abortedRun(ctx, via, when);
          expect(isAbortError(error), `callback error is an AbortError (got ${String(error)})`).to.equal(true);
          await gone(ctx, child);
          expect(child.exitCode === 0, 'the child did not run to completion').to.equal(false);
        },
      }),
    ),
  ),
  defineCase({
    id: 'child_process.fork.abort-after-start-emits-abort-error',
    module: 'child_process',
    rules: ['child_process.events.fork-abort-error', 'child_process.fork.signal-closes-child', 'child_process.fork.kill-signal-default'],
    async run(ctx) {
      const controller = new AbortController();
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal }));
      const failed = nextEvent<[unknown]>(ctx, child.child, 'error');
      await nextEvent(ctx, child.child.stdout as NonNullable<ChildProcess['stdout']>, 'data');
      controller.abort();
      const [error] = await within(ctx, failed, BOUND_MS, "the 'error' event after the abort");
      expect(isAbortError(error), `'error' event carries an AbortError (got ${String(error)})`).to.equal(true);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child'), 'ended by the default killSignal').to.deep.equal([null, 'SIGTERM']);
    },
  }),
  defineCase({
    id: 'child_process.fork.abort-before-start-emits-abort-error',
    module: 'child_process',
    rules: ['child_process.events.fork-abort-error', 'child_process.fork.signal-closes-child'],
    async run(ctx) {
      const controller = new AbortController();
      controller.abort();
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal }));
      const [error] = await within(ctx, nextEvent<[unknown]>(ctx, child.child, 'error'), BOUND_MS, "the 'error' event");
      expect(isAbortError(error), `'error' event carries an AbortError (got ${String(error)})`).to.equal(true);
      const [code] = await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child');
      expect(code, 'the child did not run to completion').to.not.equal(0);
    },
  }),
  defineCase({
    id: 'child_process.fork.abort-uses-kill-signal',
    module: 'child_process',
    rules: ['child_process.fork.kill-signal-on-abort'],
    async run(ctx) {
      const controller = new AbortController();
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal, killSignal: constants.signals.SIGKILL }));
      const failed = nextEvent(ctx, child.child, 'error');
      await nextEvent(ctx, child.child.stdout as NonNullable<ChildProcess['stdout']>, 'data');
      controller.abort();
      await within(ctx, failed, BOUND_MS, "the 'error' event after the abort");
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child')).to.deep.equal([null, 'SIGKILL']);
    },
  }),
  defineCase({
    id: 'child_process.spawn.abort-ends-child-with-kill-signal',
    module: 'child_process',
    rules: ['child_process.spawn.signal-aborts', 'child_process.spawn.kill-signal-on-abort'],
    async run(ctx) {
      const controller = new AbortController();
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const child = track(ctx, ctx.cp.spawn(command, args, { signal: controller.signal, killSignal: 'SIGALRM' }));
      await nextEvent(ctx, child.child.stdout as NonNullable<ChildProcess['stdout']>, 'data');
      controller.abort();
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child')).to.deep.equal([null, 'SIGALRM']);
    },
  }),
];
