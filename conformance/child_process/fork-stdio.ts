// fork's stdio: inherited by default, piped with `silent`, or given by `stdio` (a string, or an array with exactly one
// 'ipc' entry — anything else throws), which overrides `silent`.
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import { method, nextEvent, untilAborted } from '../kit.js';
import { launch, refusedCall } from './_util.js';

function forkExit(ctx: CaseContext, options: object, ...args: string[]) {
  return launch(ctx, 'fork', [ctx.fixtures.path('exit-code.mjs'), ['0', ...args], { execArgv: [], ...options }]);
}

export const forkStdioCases = defineCases('child_process', [
  {
    id: 'child_process.fork.silent-pipes-stdio',
    rules: ['child_process.fork.silent-pipes'],
    async run(ctx) {
      const child = forkExit(ctx, { silent: true }, 'piped out', 'piped err');
      expect(child.child.stdin, 'stdin piped').to.have.property('write');
      expect(await untilAborted(ctx, child.closed)).to.deep.equal([0, null]);
      expect([child.stdout(), child.stderr()]).to.deep.equal(['piped out', 'piped err']);
    },
  },
  {
    id: 'child_process.fork.default-inherits-stdio',
    rules: ['child_process.fork.silent-default-inherit'],
    async run(ctx) {
      // Prints nothing: its stdio is ours, and a case must not write into the harness's output.
      const child = forkExit(ctx, {});
      // No streams on the ChildProcess (null, or not there at all): the child's are ours.
      expect([child.child.stdin ?? null, child.child.stdout ?? null, child.child.stderr ?? null], 'no pipes: the streams are inherited').to.deep.equal([null, null, null]);
      await untilAborted(ctx, child.closed);
    },
  },
  {
    id: 'child_process.fork.stdio-string-adds-ipc',
    rules: ['child_process.fork.stdio-string'],
    async run(ctx) {
      const child = launch(ctx, 'fork', [ctx.fixtures.path('ipc-echo.mjs'), [], { execArgv: [], stdio: 'pipe' }]);
      expect(child.child.stdout, 'stdout piped').to.have.property('on');
      const [ready] = await nextEvent<[{ ready?: boolean }]>(ctx, child.child, 'message');
      expect(ready.ready, 'a message over the channel the string form still sets up').to.equal(true);
      method(child.child, 'send', 'ChildProcess')('exit');
      await untilAborted(ctx, child.closed);
    },
  },
  {
    id: 'child_process.fork.stdio-overrides-silent',
    rules: ['child_process.fork.stdio-overrides-silent'],
    async run(ctx) {
      const child = forkExit(ctx, { silent: true, stdio: 'ignore' }, 'discarded');
      expect([child.child.stdout ?? null, child.child.stderr ?? null], 'ignored despite silent: true (no stdout or stderr stream)').to.deep.equal([null, null]);
      await untilAborted(ctx, child.closed);
    },
  },
  {
    id: 'child_process.fork.stdio-array-with-one-ipc',
    rules: ['child_process.fork.stdio-exactly-one-ipc'],
    async run(ctx) {
      const child = launch(ctx, 'fork', [ctx.fixtures.path('ipc-echo.mjs'), [], { execArgv: [], stdio: ['ignore', 'pipe', 'ignore', 'ipc'] }]);
      const [ready] = await nextEvent<[{ ready?: boolean }]>(ctx, child.child, 'message');
      expect(ready.ready).to.equal(true);
      expect(child.child.stdout, 'stdout piped as asked').to.have.property('on');
      method(child.child, 'send', 'ChildProcess')('exit');
      await untilAborted(ctx, child.closed);
    },
  },
  {
    id: 'child_process.fork.stdio-array-without-ipc-throws',
    rules: ['child_process.fork.stdio-exactly-one-ipc'],
    run(ctx) {
      const modulePath = ctx.fixtures.path('exit-code.mjs');
      refusedCall(ctx, 'fork', {
        accepted: [modulePath, ['0'], { execArgv: [], stdio: ['pipe', 'pipe', 'pipe', 'ipc'] }],
        refused: [modulePath, ['0'], { execArgv: [], stdio: ['pipe', 'pipe', 'pipe'] }],
        what: 'fork with a stdio array without an ipc entry',
      });
    },
  },
  {
    id: 'child_process.fork.stdio-array-with-two-ipc-throws',
    rules: ['child_process.fork.stdio-exactly-one-ipc'],
    run(ctx) {
      const modulePath = ctx.fixtures.path('exit-code.mjs');
      refusedCall(ctx, 'fork', {
        accepted: [modulePath, ['0'], { execArgv: [], stdio: ['pipe', 'pipe', 'pipe', 'ipc'] }],
        refused: [modulePath, ['0'], { execArgv: [], stdio: ['pipe', 'pipe', 'pipe', 'ipc', 'ipc'] }],
        what: 'fork with a stdio array with two ipc entries',
      });
    },
  },
]);
