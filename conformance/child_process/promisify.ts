// The promisified exec/execFile (util.promisify): a promise of { stdout, stderr } carrying the ChildProcess as
// `.child`, rejected on any error with the callback's error plus `stdout` and `stderr`.
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { CaseFailure, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { api, describeThrown, expectError, returnedBy, untilAborted, within } from '../kit.js';
import { adopt, asChildProcess, fixtureCommand, fixtureCommandLine, runToCallback, type ExecError } from './_util.js';

type Promised = Promise<{ stdout: unknown; stderr: unknown }> & { child?: ChildProcess };

function promisified(ctx: CaseContext, via: 'exec' | 'execFile', ...args: unknown[]): Promised {
  const fn = promisify(api(ctx, 'child_process', via)) as unknown as (...all: unknown[]) => Promised;
  const promise = returnedBy(() => fn(...args), `util.promisify(child_process.${via})`);
  if (promise?.child && typeof promise.child.kill === 'function') adopt(ctx, promise.child);
  return promise;
}

function settle(ctx: CaseContext, promise: Promised): Promise<{ value?: { stdout: unknown; stderr: unknown }; reason?: ExecError }> {
  return untilAborted(ctx, promise.then((value) => ({ value }), (reason: ExecError) => ({ reason })));
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: 'exec' | 'execFile', name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const promisifyCases = defineCases('child_process', [
  ...(['exec', 'execFile'] as const).flatMap((via): CaseEntry[] => {
    const start = (ctx: CaseContext, ...fixtureArgs: string[]): Promised =>
      via === 'exec'
        ? promisified(ctx, via, fixtureCommandLine(ctx, 'exit-code.mjs', ...fixtureArgs))
        : promisified(ctx, via, ...fixtureCommand(ctx, 'exit-code.mjs', ...fixtureArgs));
    return [
      {
        id: `child_process.${via}.promisified-resolves-stdout-stderr`,
        rules: [rule(via, 'promisify-resolves')],
        async run(ctx) {
          const { value, reason } = await settle(ctx, start(ctx, '0', 'out', 'err'));
          if (reason !== undefined) throw new CaseFailure(`the promise of util.promisify(child_process.${via}) rejected with ${describeThrown(reason)}`, { expected: '{ stdout, stderr }', actual: describeThrown(reason) });
          expect(value).to.deep.equal({ stdout: 'out', stderr: 'err' });
        },
      },
      {
        id: `child_process.${via}.promisified-has-child`,
        rules: [rule(via, 'promisify-child')],
        async run(ctx) {
          const promise = start(ctx, '0');
          if (promise.child === undefined) {
            // Say what became of the call, which is what an implementer needs: often it threw or rejected.
            const { reason } = await settle(ctx, promise);
            const outcome = reason === undefined ? 'it resolved' : `it rejected with ${describeThrown(reason)}`;
            throw new CaseFailure(`the promise util.promisify(child_process.${via}) returned has no .child; ${outcome}`, { expected: 'a ChildProcess as .child', actual: outcome });
          }
          const child = asChildProcess(promise.child, `the .child of the promise util.promisify(child_process.${via}) returned`);
          const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
          await settle(ctx, promise);
          await within(ctx, closed, 10_000, "a 'close' event from promise.child");
        },
      },
      {
        id: `child_process.${via}.promisified-rejects-with-output`,
        rules: [rule(via, 'promisify-rejects')],
        async run(ctx) {
          const { reason } = await settle(ctx, start(ctx, '42', 'some out', 'some err'));
          expectError(reason, `the rejection of the promisified ${via} for exit code 42`, { code: 42 });
          expect([reason?.stdout, reason?.stderr], '[stdout, stderr] on the error').to.deep.equal(['some out', 'some err']);
        },
      },
    ];
  }),
  {
    id: 'child_process.exec.promisified-rejects-like-callback',
    rules: ['child_process.exec.promisify-rejects'],
    async run(ctx) {
      const line = fixtureCommandLine(ctx, 'kill-self.mjs', 'SIGKILL');
      const callback = await runToCallback(ctx, 'exec', line);
      const { reason } = await settle(ctx, promisified(ctx, 'exec', line));
      expectError(reason, 'the rejection of the promisified exec for a killed child');
      const fields = (error: ExecError | null | undefined): unknown[] => [error?.constructor, error?.code, error?.signal, error?.message];
      expect(fields(reason), '[class, code, signal, message] as the callback got them').to.deep.equal(fields(callback.error));
      expect([reason?.stdout, reason?.stderr]).to.deep.equal([callback.stdout, callback.stderr]);
    },
  },
  {
    id: 'child_process.execFile.promisified-abort-rejects-with-output',
    rules: ['child_process.exec-file.promisify-rejects'],
    async run(ctx) {
      // Aborted before the call, so both forms meet the same abort: the rejection is the error the callback gets
      // (what that error must be, an AbortError, is the abort-error rule's, checked by its own cases), plus the output.
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const aborted = (): AbortSignal => AbortSignal.abort();
      const callback = await within(ctx, runToCallback(ctx, 'execFile', command, args, { signal: aborted() }), 5000, 'the execFile callback after the abort');
      const { reason } = await settle(ctx, promisified(ctx, 'execFile', command, args, { signal: aborted() }));
      expectError(reason, 'the rejection of the promisified execFile after the abort');
      const fields = (error: ExecError | null | undefined): unknown[] => [error?.constructor, error?.name, error?.code, error?.message];
      expect(fields(reason), '[class, name, code, message] as the callback got them').to.deep.equal(fields(callback.error));
      expect(reason && 'stdout' in reason && 'stderr' in reason, 'stdout and stderr on the error').to.equal(true);
    },
  },
]);
