// timeout and killSignal: past `timeout` ms the child is sent `killSignal` (SIGTERM unless given, by name or number);
// exec and execFile default to no limit (0), and fork and spawn have none unless one is given.
import { expect } from 'chai';
import { constants } from 'node:os';
import { CaseNotApplicable, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { expectError, untilAborted, within } from '../kit.js';
import { fixtureCommand, fixtureCommandLine, launch, noError, runToCallback, text, type CallbackOutcome, type ExecError } from './_util.js';

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
      ? runToCallback(ctx, 'exec', `exec ${fixtureCommandLine(ctx, 'sleep.mjs', ...args)}`, options)
      : runToCallback(ctx, 'execFile', ...fixtureCommand(ctx, 'sleep.mjs', ...args), options);
  // A fixture that sleeps `ms` ends by itself, so only the case's time limit bounds the wait (a fixed bound failed these
  // cases on a loaded machine while the child started); one that sleeps 30 s must be killed within the bound.
  return ms === undefined ? within(ctx, running, BOUND_MS, 'the callback') : running;
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const timeoutCases = defineCases('child_process', [
  ...(['exec', 'execFile'] as const).flatMap((via): CaseEntry[] => [
    {
      id: `child_process.${via}.timeout-sends-sigterm-by-default`,
      rules: [rule(via, 'timeout-kills'), rule(via, 'kill-signal-default')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200 });
        const failure = expectError(error, `the ${via} callback's error after the timeout`) as ExecError;
        expect(failure.signal, 'error.signal').to.equal('SIGTERM');
      },
    },
    {
      id: `child_process.${via}.timeout-of-one-millisecond-kills`,
      rules: [rule(via, 'timeout-kills')],
      async run(ctx) {
        // The smallest limit there is: still a limit. Ended by a signal (which one by default is the kill-signal-default
        // rule's, checked by its own case).
        const { error } = await sleeper(ctx, via, { timeout: 1 });
        const failure = expectError(error, `the ${via} callback's error after a 1 ms timeout`) as ExecError;
        expect(failure.signal, 'error.signal: the child was ended by a signal').to.be.a('string').that.is.not.empty;
      },
    },
    {
      id: `child_process.${via}.timeout-sends-kill-signal-by-name`,
      rules: [rule(via, 'timeout-kills'), rule(via, 'kill-signal-name-or-number')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200, killSignal: 'SIGALRM' });
        const failure = expectError(error, `the ${via} callback's error after the timeout`) as ExecError;
        expect(failure.signal, 'error.signal').to.equal('SIGALRM');
      },
    },
    {
      id: `child_process.${via}.timeout-sends-kill-signal-by-number`,
      // The signal is sent on a timeout, so the case exercises the timeout rule too.
      rules: [rule(via, 'kill-signal-name-or-number'), rule(via, 'timeout-kills')],
      async run(ctx) {
        const { error } = await sleeper(ctx, via, { timeout: 200, killSignal: constants.signals.SIGKILL });
        const failure = expectError(error, `the ${via} callback's error after the timeout`) as ExecError;
        expect(failure.signal, 'error.signal (reported by name)').to.equal('SIGKILL');
      },
    },
    {
      id: `child_process.${via}.timeout-0-means-none`,
      rules: [rule(via, 'timeout-default')],
      async run(ctx) {
        const explicit = await sleeper(ctx, via, { timeout: 0 }, 100);
        noError(explicit.error, 'the callback error with timeout 0');
        const absent = await sleeper(ctx, via, {}, 100);
        noError(absent.error, 'the callback error without a timeout option');
      },
    },
  ]),
  {
    id: 'child_process.exec.timeout-calls-back-when-the-shell-ends',
    rules: ['child_process.exec.timeout-kills', 'child_process.exec.callback-on-exit'],
    async run(ctx) {
      // The shell starts the sleep fixture in the background, prints its pid and waits for it: the timeout's signal
      // ends the shell, while the fixture lives on holding the shell's output pipes. The callback is due when the
      // process (the shell) terminates, not when the pipes close 8 s later. A second of timeout leaves the shell time
      // to start the fixture even on a loaded machine.
      const line = `${fixtureCommandLine(ctx, 'sleep.mjs', '8000')} & echo "pid $!"; wait`;
      const running = runToCallback(ctx, 'exec', line, { timeout: 1000 });
      const { error, stdout } = await within(ctx, running, 1000 + BOUND_MS, 'the callback');
      // The fixture outlives the shell by design: end it now rather than in 8 s.
      const pid = Number(/pid (\d+)/.exec(text(stdout))?.[1]);
      if (!(Number.isInteger(pid) && pid > 0)) {
        throw new CaseNotApplicable(`the shell printed no background pid before the timeout (stdout: ${JSON.stringify(text(stdout).slice(0, 80))}), so whether the callback waits for its pipes cannot be observed`);
      }
      ctx.defer(() => {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      });
      const failure = expectError(error, "the exec callback's error after the timeout") as ExecError;
      // Ended by a signal (which one by default is the kill-signal-default rule's, checked by its own case).
      expect(failure.signal, 'error.signal: the shell was ended by a signal').to.be.a('string').that.is.not.empty;
    },
  },
  {
    id: 'child_process.fork.timeout-sends-kill-signal',
    rules: ['child_process.fork.timeout-kills'],
    async run(ctx) {
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, timeout: 200, killSignal: 'SIGKILL' }]);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGKILL']);
    },
  },
  {
    id: 'child_process.fork.timeout-sigterm-by-default',
    rules: ['child_process.fork.kill-signal-default', 'child_process.fork.timeout-kills'],
    async run(ctx) {
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), [], { execArgv: [], silent: true, timeout: 200 }]);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGTERM']);
    },
  },
  {
    id: 'child_process.fork.no-timeout-by-default',
    rules: ['child_process.fork.timeout-default'],
    async run(ctx) {
      const child = launch(ctx, 'fork', [ctx.fixtures.path('sleep.mjs'), ['150'], { execArgv: [], silent: true }]);
      expect(await untilAborted(ctx, child.exited), 'ran its 150 ms and exited normally').to.deep.equal([0, null]);
    },
  },
  {
    id: 'child_process.spawn.timeout-of-one-millisecond-kills',
    rules: ['child_process.spawn.timeout-kills'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const child = launch(ctx, 'spawn', [command, args, { timeout: 1, killSignal: 'SIGALRM' }]);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after a 1 ms timeout')).to.deep.equal([null, 'SIGALRM']);
    },
  },
  {
    id: 'child_process.spawn.timeout-sends-kill-signal',
    rules: ['child_process.spawn.timeout-kills'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const child = launch(ctx, 'spawn', [command, args, { timeout: 200, killSignal: 'SIGALRM' }]);
      expect(await within(ctx, child.exited, BOUND_MS, 'the exit after the timeout')).to.deep.equal([null, 'SIGALRM']);
    },
  },
]);
