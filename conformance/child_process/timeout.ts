// timeout and killSignal: past `timeout` ms the child is sent `killSignal` (SIGTERM unless given, by name or number);
// exec and execFile default to no limit (0), and fork and spawn have none unless one is given.
import { expect } from 'chai';
import { constants } from 'node:os';
import { defineCase, type CaseContext } from '../case.js';
import { fixtureCommand, fixtureCommandLine, runToCallback, track, untilAborted, within, type CallbackOutcome } from './_util.js';

/** How long a timed-out child may take to be reported; the fixture would otherwise live 30 s. */
const BOUND_MS = 3000;

type Via = 'exec' | 'execFile';

/**
 * Runs the sleep fixture through exec or execFile: for `ms` milliseconds when given, else 30 s — which only a kill
 * ends early, so the callback must come within the bound.
 */
function sleeper(ctx: CaseContext, via: Via, options: object, ms?: number): Promise<CallbackOutcome> {
  const args = ms === undefined ? [] : [String(ms)];
  const running =
    via === 'exec'
      ? runToCallback(ctx, ctx.cp.exec, `exec ${fixtureCommandLine(ctx, 'sleep.mjs', ...args)}`, options)
      : runToCallback(ctx, ctx.cp.execFile, ...fixtureCommand(ctx, 'sleep.mjs', ...args), options);
  return within(ctx, running, BOUND_MS + (ms ?? 0), 'the callback');
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const timeoutCases = [
  ...(['exec', 'execFile'] as const).flatMap((via) => [
    defineCase({
      id: `child_process.${via}.timeout-sends-sigterm-by-default`,
      module: 'child_process',
      rules: [rule(via, 'timeout-kills'), rule(via, 'kill-signal-default')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200 });
        expect(error, 'error').to.be.instanceOf(Error);
        expect(error?.signal, 'error.signal').to.equal('SIGTERM');
      },
    }),
    defineCase({
      id: `child_process.${via}.timeout-sends-kill-signal-by-name`,
      module: 'child_process',
      rules: [rule(via, 'timeout-kills'), rule(via, 'kill-signal-name-or-number')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200, killSignal: 'SIGALRM' });
        expect(error?.signal, 'error.signal').to.equal('SIGALRM');
      },
    }),
    defineCase({
      id: `child_process.${via}.timeout-sends-kill-signal-by-number`,
      module: 'child_process',
      rules: [rule(via, 'kill-signal-name-or-number')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200, killSignal: constants.signals.SIGKILL });
        expect(error?.signal, 'error.signal (reported by name)').to.equal('SIGKILL');
      },
    }),
    defineCase({
      id: `child_process.${via}.timeout-0-means-none`,
      module: 'child_process',
      rules: [rule(via, 'timeout-default')],
      async run(ctx) {
        const explicit = await sleeper(ctx, via, { timeout: 0 }, 100);
        expect(explicit.error, 'timeout 0').to.equal(null);
        const absent = await sleeper(ctx, via, {}, 100);
        expect(absent.error, 'no timeout option').to.equal(null);
      },
    }),
  ]),
  defineCase({
    id: 'child_process.fork.timeout-sends-kill-signal',
    module: 'child_process',
    rules: ['child_process.fork.timeout-kills'],
    async run(ctx) {
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, timeout: 200, killSignal: 'SIGKILL' }));
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGKILL']);
    },
  }),
  defineCase({
    id: 'child_process.fork.timeout-sigterm-by-default',
    module: 'child_process',
    rules: ['child_process.fork.kill-signal-default', 'child_process.fork.timeout-kills'],
    async run(ctx) {
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, timeout: 200 }));
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGTERM']);
    },
  }),
  defineCase({
    id: 'child_process.fork.no-timeout-by-default',
    module: 'child_process',
    rules: ['child_process.fork.timeout-default'],
    async run(ctx) {
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('sleep.mjs'), ['150'], { execArgv: [], silent: true }));
      expect(await untilAborted(ctx, child.exited), 'ran its 150 ms and exited normally').to.deep.equal([0, null]);
    },
  }),
  defineCase({
    id: 'child_process.spawn.timeout-sends-kill-signal',
    module: 'child_process',
    rules: ['child_process.spawn.timeout-kills'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const child = track(ctx, ctx.cp.spawn(command, args, { timeout: 200, killSignal: 'SIGALRM' }));
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGALRM']);
    },
  }),
];
