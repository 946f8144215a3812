// The completion callback of exec and execFile: null on success, otherwise an Error whose `code` is the exit code and
// whose `signal` is the signal that ended the child.
import { expect } from 'chai';
import { realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { delay, expectError, within } from '../kit.js';
import { fixtureCommand, fixtureCommandLine, launchChild, noError, processGone, runToCallback, text, type CallbackOutcome, type ExecError } from './_util.js';

type Runner = 'exec' | 'execFile';

/** Runs a fixture through exec (as a shell command line) or execFile (directly) and waits for the callback. */
function runFixture(ctx: CaseContext, via: Runner, fixture: string, args: string[], options: object = {}): Promise<CallbackOutcome> {
  // `exec` makes the shell become the fixture, so a signal that ends the fixture ends the shell itself.
  if (via === 'exec') return runToCallback(ctx, 'exec', `exec ${fixtureCommandLine(ctx, fixture, ...args)}`, options);
  const [command, argv] = fixtureCommand(ctx, fixture, ...args);
  return runToCallback(ctx, 'execFile', command, argv, options);
}

function forBoth(make: (via: Runner) => CaseEntry): CaseEntry[] {
  return [make('exec'), make('execFile')];
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: Runner, name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const execCallbackCases = defineCases('child_process', [
  {
    id: 'child_process.execFile.options-or-callback-in-place-of-args',
    rules: ['child_process.exec-file.args-optional'],
    async run(ctx) {
      // pwd takes no arguments and prints its working directory: the options reached it when it prints the cwd given.
      // Paths are compared resolved, after the call: the candidate is called before anything else of the case can
      // fail, and a runtime without a file system (a Worker) fails on the call, not on the case's own realpath.
      const cwd = dirname(ctx.fixtures.path('sleep.mjs'));
      const withOptions = await runToCallback(ctx, 'execFile', 'pwd', { cwd });
      noError(withOptions.error, "the callback error of execFile('pwd', { cwd }, callback)");
      const resolved = await realpath(cwd);
      expect(await realpath(text(withOptions.stdout).trim()), "the output of execFile('pwd', { cwd }, callback)").to.equal(resolved);
      // args left out with undefined in its place, as a wrapper forwarding its own optional args passes it.
      const undefinedArgs = await within(ctx, runToCallback(ctx, 'execFile', 'pwd', undefined, { cwd }), 5000, "the callback of execFile('pwd', undefined, { cwd }, callback)");
      noError(undefinedArgs.error, "the callback error of execFile('pwd', undefined, { cwd }, callback)");
      expect(await realpath(text(undefinedArgs.stdout).trim()), "the output of execFile('pwd', undefined, { cwd }, callback)").to.equal(resolved);
      const alone = await runToCallback(ctx, 'execFile', 'pwd');
      noError(alone.error, "the callback error of execFile('pwd', callback)");
      expect(await realpath(text(alone.stdout).trim()), "the output of execFile('pwd', callback)").to.equal(await realpath(process.cwd()));
    },
  },
  ...forBoth((via) => ({
    id: `child_process.${via}.calls-back-once-when-the-command-cannot-start`,
    rules: [rule(via, 'callback-on-exit')],
    async run(ctx) {
      // A command that cannot start (a missing executable; for exec, a missing shell): the callback reports it once,
      // and nothing calls it again when the child's streams close afterwards.
      const missing = join(await ctx.tmpDir(), 'no-such-command');
      const calls: unknown[] = [];
      let firstCall!: () => void;
      const called = new Promise<void>((resolve) => (firstCall = resolve));
      const callback = (error: unknown): void => {
        calls.push(error);
        firstCall();
      };
      const child = launchChild(ctx, via, via === 'exec' ? ['true', { shell: missing }, callback] : [missing, [], callback]);
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      await within(ctx, called, 5000, `the ${via} callback for a command that cannot start`);
      expectError(calls[0], `the ${via} callback's error for a command that cannot start`);
      // The streams close after the 'error' (when they do at all): wait for that, then a little longer.
      await Promise.race([closed, delay(ctx, 1000)]);
      await delay(ctx, 200);
      expect(calls, 'calls of the callback').to.have.length(1);
    },
  })),
  ...forBoth((via) => ({
    id: `child_process.${via}.exit-0-gives-null-error-and-output`,
    rules: [rule(via, 'success-null-error'), rule(via, 'callback-on-exit')],
    async run(ctx) {
      const { error, stdout, stderr } = await runFixture(ctx, via, 'exit-code.mjs', ['0', 'out text %pid', 'err text']);
      // The fixture wrote its own pid: the process must be gone (exited, and waited for) when the callback runs.
      const pid = Number(/^out text (\d+)$/.exec(text(stdout))?.[1]);
      const gone = Number.isInteger(pid) ? processGone(pid) : undefined;
      noError(error, 'the callback error');
      expect([text(stdout).replace(/\d+$/, '<pid>'), text(stderr)]).to.deep.equal(['out text <pid>', 'err text']);
      if (gone !== undefined) expect(gone, `the child (pid ${pid}) had terminated when the callback ran`).to.equal(true);
    },
  })),
  ...forBoth((via) => ({
    id: `child_process.${via}.exit-1-is-error-with-code-1`,
    rules: [rule(via, 'error-exit-code'), rule(via, 'callback-on-exit')],
    async run(ctx) {
      const { error, stdout } = await runFixture(ctx, via, 'exit-code.mjs', ['1', 'partial']);
      expectError(error, `the ${via} callback's error for exit code 1`, { code: 1 });
      expect(text(stdout), 'output before the failure is still delivered').to.equal('partial');
    },
  })),
  ...forBoth((via) => ({
    id: `child_process.${via}.exit-42-is-error-with-code-42`,
    rules: [rule(via, 'error-exit-code')],
    async run(ctx) {
      const { error } = await runFixture(ctx, via, 'exit-code.mjs', ['42']);
      expectError(error, `the ${via} callback's error for exit code 42`, { code: 42 });
    },
  })),
  ...forBoth((via) => ({
    id: `child_process.${via}.death-by-sigterm-sets-signal`,
    rules: [rule(via, 'error-signal')],
    async run(ctx) {
      const { error, stdout } = await runFixture(ctx, via, 'kill-self.mjs', ['SIGTERM']);
      expect(text(stdout), 'the fixture ran').to.equal('before\n');
      const failure = expectError(error, `the ${via} callback's error for a child ended by SIGTERM`);
      expect((failure as ExecError).signal, 'error.signal').to.equal('SIGTERM');
    },
  })),
  ...forBoth((via) => ({
    id: `child_process.${via}.death-by-sigkill-sets-signal`,
    rules: [rule(via, 'error-signal')],
    async run(ctx) {
      const { error } = await runFixture(ctx, via, 'kill-self.mjs', ['SIGKILL']);
      const failure = expectError(error, `the ${via} callback's error for a child ended by SIGKILL`);
      expect((failure as ExecError).signal, 'error.signal').to.equal('SIGKILL');
    },
  })),
  {
    id: 'child_process.exec.does-not-replace-current-process',
    rules: ['child_process.exec.no-replace-process'],
    async run(ctx) {
      const pid = process.pid;
      const { error, stdout } = await runFixture(ctx, 'exec', 'exit-code.mjs', ['0', '%pid']);
      noError(error, 'the callback error');
      expect(Number(text(stdout)), 'the pid the command reported: another process').to.be.a('number').and.not.equal(pid).and.not.be.NaN;
      expect(process.pid, 'this process is still the same').to.equal(pid);
    },
  },
]);
