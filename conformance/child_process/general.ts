// General rules of rt:child_process: default pipes, `stdio: 'ignore'`, full pipes block the child, every asynchronous
// function returns a ChildProcess, and the `'close'` event reports the exit code.
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { defineCase } from '../case.js';
import { adopt, fixtureCommand, fixtureCommandLine, nextEvent, track, untilAborted } from './_util.js';

export const generalCases = [
  defineCase({
    id: 'child_process.spawn.default-stdio-pipes',
    module: 'child_process',
    rules: ['child_process.general.default-stdio-pipes'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', 'to-stdout', 'to-stderr');
      const child = track(ctx, ctx.cp.spawn(command, args));
      expect(child.child.stdin, 'stdin is a writable pipe').to.have.property('write').that.is.a('function');
      expect(child.child.stdout, 'stdout is a readable pipe').to.have.property('on').that.is.a('function');
      expect(child.child.stderr, 'stderr is a readable pipe').to.have.property('on').that.is.a('function');
      child.child.stdin?.end();
      await untilAborted(ctx, child.closed);
      expect([child.stdout(), child.stderr()]).to.deep.equal(['to-stdout', 'to-stderr']);
    },
  }),
  defineCase({
    id: 'child_process.spawn.stdio-ignore-has-no-pipes',
    module: 'child_process',
    rules: ['child_process.general.stdio-ignore-avoids-blocking', 'child_process.spawn.stdio'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'flood.mjs', 'both', String(1024 * 1024));
      const child = track(ctx, ctx.cp.spawn(command, args, { stdio: 'ignore' }));
      expect([child.child.stdin, child.child.stdout, child.child.stderr]).to.deep.equal([null, null, null]);
      // A megabyte on each stream, nobody reading: with the output discarded the child still finishes.
      expect(await untilAborted(ctx, child.closed)).to.deep.equal([0, null]);
    },
  }),
  defineCase({
    id: 'child_process.spawn.unread-full-pipe-blocks-child',
    module: 'child_process',
    rules: ['child_process.general.full-pipe-blocks-child'],
    timeoutMs: 15000,
    async run(ctx) {
      // 8 MiB is far more than any pipe plus stream buffer holds, so a child whose output nobody reads must stall.
      const [command, args] = fixtureCommand(ctx, 'flood.mjs', 'stdout', String(8 * 1024 * 1024));
      const child = track(ctx, ctx.cp.spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] }), { read: false });
      const stalled = await untilAborted(ctx, Promise.race([child.exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 600))]));
      expect(stalled, 'child still running while its full stdout pipe is unread').to.equal(true);
      child.child.stdout?.resume();
      expect(await untilAborted(ctx, child.exited), 'child finishes once the pipe is read').to.deep.equal([0, null]);
    },
  }),
  defineCase({
    id: 'child_process.close-event.reports-exit-code',
    module: 'child_process',
    rules: ['child_process.events.close-exit-code'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '42');
      const child = track(ctx, ctx.cp.spawn(command, args, { stdio: 'ignore' }));
      let exitedFirst = false;
      child.child.once('exit', () => (exitedFirst = true));
      const [code] = await untilAborted(ctx, child.closed);
      expect(code, "'close' argument").to.equal(42);
      expect(exitedFirst, "'close' comes after the child exited").to.equal(true);
    },
  }),
  defineCase({
    id: 'child_process.spawn.returns-child-process',
    module: 'child_process',
    rules: ['child_process.spawn.returns-child-process', 'child_process.child-process.event-emitter'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0');
      const child = adopt(ctx, ctx.cp.spawn(command, args, { stdio: 'ignore' }));
      expect(child).to.be.instanceOf(ctx.cp.ChildProcess);
      expect(child, 'an event emitter').to.be.instanceOf(EventEmitter);
      expect(child.pid).to.be.a('number');
      await nextEvent(ctx, child, 'close');
    },
  }),
  defineCase({
    id: 'child_process.exec.returns-child-process',
    module: 'child_process',
    rules: ['child_process.exec.returns-child-process', 'child_process.child-process.event-emitter'],
    async run(ctx) {
      const called = new Promise<unknown>((resolve) => {
        const child = adopt(ctx, ctx.cp.exec(fixtureCommandLine(ctx, 'exit-code.mjs', '0'), (error) => resolve(error)));
        expect(child).to.be.instanceOf(ctx.cp.ChildProcess);
        expect(child.pid).to.be.a('number');
      });
      expect(await untilAborted(ctx, called), 'callback error').to.equal(null);
    },
  }),
  defineCase({
    id: 'child_process.execFile.returns-child-process',
    module: 'child_process',
    rules: ['child_process.exec-file.returns-child-process', 'child_process.child-process.event-emitter'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0');
      const called = new Promise<unknown>((resolve) => {
        const child = adopt(ctx, ctx.cp.execFile(command, args, (error) => resolve(error)));
        expect(child).to.be.instanceOf(ctx.cp.ChildProcess);
        expect(child.pid).to.be.a('number');
      });
      expect(await untilAborted(ctx, called), 'callback error').to.equal(null);
    },
  }),
  defineCase({
    id: 'child_process.fork.returns-child-process',
    module: 'child_process',
    rules: ['child_process.fork.returns-child-process', 'child_process.child-process.event-emitter'],
    async run(ctx) {
      const child = track(ctx, ctx.cp.fork(ctx.fixtures.path('ipc-echo.mjs'), [], { execArgv: [] }));
      expect(child.child).to.be.instanceOf(ctx.cp.ChildProcess);
      expect(child.child.pid).to.be.a('number');
      await nextEvent(ctx, child.child, 'message');
      child.child.send('exit');
      await untilAborted(ctx, child.closed);
    },
  }),
  defineCase({
    id: 'child_process.module.exports-every-function',
    module: 'child_process',
    rules: ['child_process.general.module-exports'],
    run(ctx) {
      const names = ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'] as const;
      const kinds = Object.fromEntries(names.map((name) => [name, typeof ctx.cp[name]]));
      expect(kinds).to.deep.equal(Object.fromEntries(names.map((name) => [name, 'function'])));
    },
  }),
  defineCase({
    id: 'child_process.exec.works-without-callback',
    module: 'child_process',
    rules: ['child_process.general.completion-callback-optional'],
    async run(ctx) {
      const viaExec = track(ctx, ctx.cp.exec(fixtureCommandLine(ctx, 'exit-code.mjs', '0', 'no callback')));
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', 'no callback either');
      const viaExecFile = track(ctx, ctx.cp.execFile(command, args));
      expect(await untilAborted(ctx, Promise.all([viaExec.closed, viaExecFile.closed]))).to.deep.equal([
        [0, null],
        [0, null],
      ]);
      expect([viaExec.stdout(), viaExecFile.stdout()]).to.deep.equal(['no callback', 'no callback either']);
    },
  }),
  defineCase({
    id: 'child_process.spawn.returns-before-child-exits',
    module: 'child_process',
    rules: ['child_process.spawn.asynchronous', 'child_process.spawn.command'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'sleep.mjs', '200');
      const child = track(ctx, ctx.cp.spawn(command, args));
      expect(child.child.exitCode, 'exit code right after spawn returned').to.equal(null);
      // The event loop keeps turning while the child runs: a short timer fires before the child exits.
      const first = await untilAborted(ctx, Promise.race([child.exited.then(() => 'exit'), new Promise<string>((resolve) => setTimeout(() => resolve('timer'), 20))]));
      expect(first, 'what happened first').to.equal('timer');
      expect(await untilAborted(ctx, child.exited)).to.deep.equal([0, null]);
      expect(child.stdout(), 'the command given ran').to.equal('ready\n');
    },
  }),
];
