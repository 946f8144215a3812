// AbortSignal: aborting exec/execFile passes an AbortError to the callback, aborting fork delivers one on the child's
// 'error' event; either way the child is ended (fork: with its killSignal), whether it was aborted before or after start.
import { expect } from 'chai';
import { constants } from 'node:os';
import { defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { delay, expectError, nextEvent, within } from '../kit.js';
import { fixtureCommand, fixtureCommandLine, launch, pipeOf, type ExecError } from './_util.js';

/** How long an aborted child may take to be reported; the fixture would otherwise live 30 s. */
const BOUND_MS = 3000;

/**
 * How long a forked child is given to be up before its abort: the abort then comes after the start, whatever the
 * child prints (waiting for its output would make these cases depend on `silent` too).
 */
const STARTED_MS = 300;

/** The spec's AbortError: an Error named `AbortError` (the class is not exported, so the name identifies it). */
const ABORT_ERROR = { name: 'AbortError' } as const;

/** Starts the sleep fixture through exec or execFile with a signal and returns the callback's outcome and the child's
 * 'close' (listened for from the start), aborting once the child printed "ready" (after start) or before the call. */
async function abortedRun(ctx: CaseContext, via: 'exec' | 'execFile', when: 'before' | 'after'): Promise<{ error: ExecError | null; closed: Promise<[number | null, unknown]> }> {
  const controller = new AbortController();
  if (when === 'before') controller.abort();
  let resolveOutcome!: (error: ExecError | null) => void;
  const outcome = new Promise<ExecError | null>((resolve) => (resolveOutcome = resolve));
  const callback = (error: ExecError | null): void => resolveOutcome(error);
  const args =
    via === 'exec' ? [`exec ${fixtureCommandLine(ctx, 'sleep.mjs')}`, { signal: controller.signal }, callback] : [...fixtureCommand(ctx, 'sleep.mjs'), { signal: controller.signal }, callback];
  const started = launch(ctx, via, args, { read: false });
  if (when === 'after') {
    await nextEvent(ctx, pipeOf(started.child, 'stdout', via), 'data');
    controller.abort();
  }
  return { error: await within(ctx, outcome, BOUND_MS, 'the callback after the abort'), closed: started.closed };
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: 'exec' | 'execFile', name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const abortCases = defineCases('child_process', [
  ...(['exec', 'execFile'] as const).flatMap((via) =>
    (['before', 'after'] as const).map((when): CaseEntry => ({
      id: `child_process.${via}.abort-${when}-start-gives-abort-error`,
      rules: [rule(via, 'abort-error'), rule(via, 'signal-aborts')],
      async run(ctx) {
        const { error, closed } = await abortedRun(ctx, via, when);
        expectError(error, `the ${via} callback's error after the abort`, ABORT_ERROR);
        // The child is ended: it closes (the fixture would live 30 s), and not with the exit code of a completed run.
        const [code] = await within(ctx, closed, BOUND_MS, "the 'close' event of the aborted child");
        expect(code, 'exit code of the aborted child (0 would be a completed run)').to.not.equal(0);
      },
    })),
  ),
  {
    id: 'child_process.fork.abort-after-start-emits-abort-error',
    rules: ['child_process.events.fork-abort-error', 'child_process.fork.signal-closes-child', 'child_process.fork.kill-signal-default'],
    async run(ctx) {
      const controller = new AbortController();
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal }]);
      const failed = nextEvent<[unknown]>(ctx, child.child, 'error');
      await delay(ctx, STARTED_MS);
      controller.abort();
      const [error] = await within(ctx, failed, BOUND_MS, "the 'error' event after the abort");
      expectError(error, "the argument of the 'error' event after the abort", ABORT_ERROR);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child'), 'ended by the default killSignal').to.deep.equal([null, 'SIGTERM']);
    },
  },
  {
    id: 'child_process.fork.abort-before-start-emits-abort-error',
    rules: ['child_process.events.fork-abort-error', 'child_process.fork.signal-closes-child'],
    async run(ctx) {
      const controller = new AbortController();
      controller.abort();
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal }]);
      const [error] = await within(ctx, nextEvent<[unknown]>(ctx, child.child, 'error'), BOUND_MS, "the 'error' event");
      expectError(error, "the argument of the 'error' event", ABORT_ERROR);
      const [code] = await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child');
      expect(code, 'the child did not run to completion').to.not.equal(0);
    },
  },
  {
    id: 'child_process.fork.abort-uses-kill-signal',
    rules: ['child_process.fork.kill-signal-on-abort'],
    async run(ctx) {
      const controller = new AbortController();
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, signal: controller.signal, killSignal: constants.signals.SIGKILL }]);
      await delay(ctx, STARTED_MS);
      controller.abort();
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child')).to.deep.equal([null, 'SIGKILL']);
    },
  },
  {
    id: 'child_process.spawn.abort-ends-child-with-kill-signal',
    rules: ['child_process.spawn.signal-aborts', 'child_process.spawn.kill-signal-on-abort'],
    async run(ctx) {
      const controller = new AbortController();
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const child = launch(ctx, 'spawn', [command, args, { signal: controller.signal, killSignal: 'SIGALRM' }]);
      await nextEvent(ctx, pipeOf(child.child, 'stdout', 'spawn'), 'data');
      controller.abort();
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit of the aborted child')).to.deep.equal([null, 'SIGALRM']);
    },
  },
]);
