// The promisified exec/execFile (util.promisify): a promise of { stdout, stderr } carrying the ChildProcess as
// `.child`, rejected on any error with the callback's error plus `stdout` and `stderr`.
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { defineCase, type CaseContext } from '../case.js';
import { adopt, fixtureCommand, fixtureCommandLine, runToCallback, untilAborted, type ExecError } from './_util.js';

type Promised = Promise<{ stdout: unknown; stderr: unknown }> & { child?: ChildProcess };

function promisified(ctx: CaseContext, via: 'exec' | 'execFile', ...args: unknown[]): Promised {
  const fn = promisify(ctx.cp[via]) as unknown as (...all: unknown[]) => Promised;
  const promise = fn(...args);
  if (promise.child && typeof promise.child.kill === 'function') adopt(ctx, promise.child);
  return promise;
}

function settle(ctx: CaseContext, promise: Promised): Promise<{ value?: { stdout: unknown; stderr: unknown }; reason?: ExecError }> {
  return untilAborted(ctx, promise.then((value) => ({ value }), (reason: ExecError) => ({ reason })));
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: 'exec' | 'execFile', name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const promisifyCases = [
  ...(['exec', 'execFile'] as const).flatMap((via) => {
    const start = (ctx: CaseContext, ...fixtureArgs: string[]): Promised =>
      via === 'exec'
        ? promisified(ctx, via, fixtureCommandLine(ctx, 'exit-code.mjs', ...fixtureArgs))
        : promisified(ctx, via, ...fixtureCommand(ctx, 'exit-code.mjs', ...fixtureArgs));
    return [
      defineCase({
        id: `child_process.${via}.promisified-resolves-stdout-stderr`,
        module: 'child_process',
        rules: [rule(via, 'promisify-resolves')],
        async run(ctx) {
          const { value, reason } = await settle(ctx, start(ctx, '0', 'out', 'err'));
          expect(reason, 'rejection').to.equal(undefined);
          expect(value).to.deep.equal({ stdout: 'out', stderr: 'err' });
        },
      }),
      defineCase({
        id: `child_process.${via}.promisified-has-child`,
        module: 'child_process',
        rules: [rule(via, 'promisify-child')],
        async run(ctx) {
          const promise = start(ctx, '0');
          expect(promise.child, 'promise.child').to.be.instanceOf(ctx.cp.ChildProcess);
          expect(promise.child?.pid, 'promise.child.pid').to.be.a('number');
          await settle(ctx, promise);
        },
      }),
      defineCase({
        id: `child_process.${via}.promisified-rejects-with-output`,
        module: 'child_process',
        rules: [rule(via, 'promisify-rejects')],
        async run(ctx) {
          const { reason } = await settle(ctx, start(ctx, '42', 'some out', 'some err'));
          expect(reason, 'rejection').to.be.instanceOf(Error);
          expect(reason?.code, 'code').to.equal(42);
          expect([reason?.stdout, reason?.stderr], '[stdout, stderr] on the error').to.deep.equal(['some out', 'some err']);
        },
      }),
    ];
  }),
  defineCase({
    id: 'child_process.exec.promisified-rejects-like-callback',
    module: 'child_process',
    rules: ['child_process.exec.promisify-rejects'],
    async run(ctx) {
      const line = fixtureCommandLine(ctx, 'kill-self.mjs', 'SIGKILL');
      const callback = await runToCallback(ctx, ctx.cp.exec, line);
      const { reason } = await settle(ctx, promisified(ctx, 'exec', line));
      expect(reason, 'rejection').to.be.instanceOf(Error);
      const fields = (error: ExecError | null | undefined): unknown[] => [error?.constructor, error?.code, error?.signal, error?.message];
      expect(fields(reason), '[class, code, signal, message] as the callback got them').to.deep.equal(fields(callback.error));
      expect([reason?.stdout, reason?.stderr]).to.deep.equal([callback.stdout, callback.stderr]);
    },
  }),
  defineCase({
    id: 'child_process.execFile.promisified-abort-rejects-with-output',
    module: 'child_process',
    rules: ['child_process.exec-file.promisify-rejects'],
    async run(ctx) {
      const controller = new AbortController();
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs');
      const promise = promisified(ctx, 'execFile', command, args, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const { reason } = await settle(ctx, promise);
      expect(reason?.name, 'an AbortError').to.equal('AbortError');
      expect(reason && 'stdout' in reason && 'stderr' in reason, 'stdout and stderr on the AbortError').to.equal(true);
    },
  }),
];
