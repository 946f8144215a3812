// General rules of rt:child_process: default pipes, `stdio: 'ignore'`, full pipes block the child, every asynchronous
// function returns a ChildProcess, and the `'close'` event reports the exit code.
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { delay, unimplementedExports, untilAborted, within } from '../kit.js';
import { adopt, fixtureCommand, fixtureCommandLine, launch, launchChild, pipeOf, processGone, type Launcher } from './_util.js';

/** How long a started child may take to report its end: the fixtures run for well under a second. */
const BOUND_MS = 10_000;

/**
 * Observes that `child` behaves as the event emitter the spec says a ChildProcess is: a listener added with `on`
 * hears what `emit` sends, and one added with `once` hears it only once.
 */
function expectEventEmitter(child: ChildProcess, via: Launcher): void {
  const heard: unknown[] = [];
  const listener = (value: unknown): void => void heard.push(value);
  child.on('rtconf-probe', listener);
  child.once('rtconf-probe', (value: unknown) => heard.push(`once:${String(value)}`));
  child.emit('rtconf-probe', 1);
  child.emit('rtconf-probe', 2);
  child.removeListener('rtconf-probe', listener);
  child.emit('rtconf-probe', 3);
  expect(heard, `what listeners of the ChildProcess child_process.${via} returned heard of emit()`).to.deep.equal([1, 'once:1', 2]);
}

/** Waits for the child's 'close' event: the ChildProcess reports the end of the process it stands for. */
async function closeOf(ctx: CaseContext, child: ChildProcess, via: Launcher): Promise<void> {
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  await within(ctx, closed, BOUND_MS, `a 'close' event from the ChildProcess child_process.${via} returned`);
}

/** The functions the spec says the module exports. */
const EXPORTED = ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'] as const;
type Exported = (typeof EXPORTED)[number];

/** The arguments of an ordinary call of `name`: the exit-code fixture run to a clean exit, its output discarded. */
function ordinaryCall(ctx: CaseContext, name: Exported): unknown[] {
  const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0');
  const line = fixtureCommandLine(ctx, 'exit-code.mjs', '0');
  const quiet = { stdio: 'ignore' };
  switch (name) {
    case 'spawn':
    case 'spawnSync':
    case 'execFileSync':
      return [command, args, quiet];
    case 'execFile':
      return [command, args, () => undefined];
    case 'exec':
      return [line, () => undefined];
    case 'execSync':
      return [line, quiet];
    case 'fork':
      return [ctx.fixtures.path('exit-code.mjs'), ['0'], { execArgv: [], silent: true }];
  }
}

export const generalCases = defineCases('child_process', [
  {
    id: 'child_process.spawn.default-stdio-pipes',
    rules: ['child_process.general.default-stdio-pipes'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', 'to-stdout', 'to-stderr');
      const child = launch(ctx, 'spawn', [command, args]);
      expect(child.child.stdin, 'stdin is a writable pipe').to.have.property('write').that.is.a('function');
      expect(child.child.stdout, 'stdout is a readable pipe').to.have.property('on').that.is.a('function');
      expect(child.child.stderr, 'stderr is a readable pipe').to.have.property('on').that.is.a('function');
      child.child.stdin?.end();
      await untilAborted(ctx, child.closed);
      expect([child.stdout(), child.stderr()]).to.deep.equal(['to-stdout', 'to-stderr']);
    },
  },
  {
    id: 'child_process.spawn.stdio-ignore-has-no-pipes',
    rules: ['child_process.general.stdio-ignore-avoids-blocking', 'child_process.spawn.stdio'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'flood.mjs', 'both', String(1024 * 1024));
      const child = launch(ctx, 'spawn', [command, args, { stdio: 'ignore' }]);
      // No stdout and no stderr stream (null, or not there at all): what the spec says of 'ignore'.
      expect([child.child.stdout ?? null, child.child.stderr ?? null], '[stdout, stderr] of a child spawned with stdio: ignore').to.deep.equal([null, null]);
      // A megabyte on each stream, nobody reading: with the output discarded the child still finishes.
      expect(await untilAborted(ctx, child.closed)).to.deep.equal([0, null]);
    },
  },
  {
    id: 'child_process.spawn.unread-full-pipe-blocks-child',
    rules: ['child_process.general.full-pipe-blocks-child'],
    timeoutMs: 15000,
    async run(ctx) {
      // 8 MiB is far more than any pipe plus stream buffer holds, so a child whose output nobody reads must stall.
      const [command, args] = fixtureCommand(ctx, 'flood.mjs', 'stdout', String(8 * 1024 * 1024));
      const child = launch(ctx, 'spawn', [command, args], { read: false });
      const stalled = await Promise.race([child.exited.then(() => false), delay(ctx, 600).then(() => true)]);
      expect(stalled, 'child still running while its full stdout pipe is unread').to.equal(true);
      pipeOf(child.child, 'stdout', 'spawn').resume();
      expect(await untilAborted(ctx, child.exited), 'child finishes once the pipe is read').to.deep.equal([0, null]);
    },
  },
  {
    id: 'child_process.close-event.reports-exit-code',
    rules: ['child_process.events.close-exit-code'],
    async run(ctx) {
      // The fixture writes its own pid: when 'close' comes, that process must be gone. (Whether an 'exit' event, which
      // the spec does not show, comes before it is no rule's matter.)
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '42', '%pid');
      const child = launch(ctx, 'spawn', [command, args]);
      let goneAtClose: boolean | undefined;
      // No pid read (stdout lost is another rule's matter): nothing to check, rather than process.kill(0) probing
      // the harness's own process group.
      child.child.once('close', () => {
        const pid = Number(child.stdout());
        goneAtClose = Number.isInteger(pid) && pid > 0 ? processGone(pid) : undefined;
      });
      const [code] = await untilAborted(ctx, child.closed);
      expect(code, "'close' argument").to.equal(42);
      if (goneAtClose !== undefined) expect(goneAtClose, `the child (pid ${child.stdout()}) had exited when 'close' came`).to.equal(true);
    },
  },
  {
    id: 'child_process.spawn.returns-child-process',
    rules: ['child_process.spawn.returns-child-process', 'child_process.child-process.event-emitter'],
    apis: ['child_process.spawn'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0');
      const child = launchChild(ctx, 'spawn', [command, args]);
      expectEventEmitter(child, 'spawn');
      await closeOf(ctx, child, 'spawn');
    },
  },
  {
    id: 'child_process.exec.returns-child-process',
    rules: ['child_process.exec.returns-child-process', 'child_process.child-process.event-emitter'],
    apis: ['child_process.exec'],
    async run(ctx) {
      const child = launchChild(ctx, 'exec', [fixtureCommandLine(ctx, 'exit-code.mjs', '0')]);
      expectEventEmitter(child, 'exec');
      await closeOf(ctx, child, 'exec');
    },
  },
  {
    id: 'child_process.execFile.returns-child-process',
    rules: ['child_process.exec-file.returns-child-process', 'child_process.child-process.event-emitter'],
    apis: ['child_process.execFile'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0');
      const child = launchChild(ctx, 'execFile', [command, args]);
      expectEventEmitter(child, 'execFile');
      await closeOf(ctx, child, 'execFile');
    },
  },
  {
    id: 'child_process.fork.returns-child-process',
    rules: ['child_process.fork.returns-child-process', 'child_process.child-process.event-emitter'],
    apis: ['child_process.fork'],
    async run(ctx) {
      const child = launchChild(ctx, 'fork', [ctx.fixtures.path('exit-code.mjs'), ['0'], { execArgv: [] }]);
      expectEventEmitter(child, 'fork');
      await closeOf(ctx, child, 'fork');
    },
  },
  {
    id: 'child_process.module.exports-every-function',
    rules: ['child_process.general.module-exports'],
    run(ctx) {
      // An export that is there but answers an ordinary call with "not implemented" is not implemented either. The
      // ordinary call runs the exit-code fixture; what an asynchronous one returned is reaped when the case ends.
      const missing = unimplementedExports(ctx.cp, EXPORTED, (name, fn) => {
        const returned = Reflect.apply(fn, ctx.cp, ordinaryCall(ctx, name));
        if (returned !== null && typeof returned === 'object' && typeof (returned as { kill?: unknown }).kill === 'function') adopt(ctx, returned as ChildProcess);
      });
      if (missing.length > 0) {
        throw new CaseFailure(`not implemented: ${missing.map(([name]) => `child_process.${name}`).join(', ')}`, {
          expected: 'all seven exported as functions that do not say they are not implemented',
          actual: Object.fromEntries(missing),
          unimplemented: missing.map(([name, , observed]) => ({ api: `child_process.${name}`, observed })),
        });
      }
    },
  },
  {
    // One case per function: the rule is exec's and execFile's alike, and each is judged on its own call.
    id: 'child_process.exec.works-without-callback',
    rules: ['child_process.general.completion-callback-optional'],
    apis: ['child_process.exec'],
    async run(ctx) {
      const viaExec = launch(ctx, 'exec', [fixtureCommandLine(ctx, 'exit-code.mjs', '0', 'no callback')]);
      expect(await untilAborted(ctx, viaExec.closed)).to.deep.equal([0, null]);
      expect(viaExec.stdout()).to.equal('no callback');
    },
  },
  {
    id: 'child_process.execFile.works-without-callback',
    rules: ['child_process.general.completion-callback-optional'],
    apis: ['child_process.execFile'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', 'no callback either');
      const viaExecFile = launch(ctx, 'execFile', [command, args]);
      expect(await untilAborted(ctx, viaExecFile.closed)).to.deep.equal([0, null]);
      expect(viaExecFile.stdout()).to.equal('no callback either');
    },
  },
  {
    id: 'child_process.spawn.returns-before-child-exits',
    rules: ['child_process.spawn.asynchronous', 'child_process.spawn.command'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs', '200');
      const child = launch(ctx, 'spawn', [command, args]);
      // The event loop keeps turning while the child runs: a short timer fires before the child exits.
      const first = await Promise.race([child.exited.then(() => 'exit'), delay(ctx, 20).then(() => 'timer')]);
      expect(first, 'what happened first').to.equal('timer');
      expect(await untilAborted(ctx, child.exited)).to.deep.equal([0, null]);
      expect(child.stdout(), 'the command given ran').to.equal('ready\n');
    },
  },
]);
