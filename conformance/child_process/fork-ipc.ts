// fork's IPC channel: messages both ways with `send()` / 'message', JSON serialization by default, and 'advanced'
// serialization carrying what JSON cannot (Map, Set, BigInt, Date, typed arrays).
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { describeThrown, method, nextEvent, untilAborted } from '../kit.js';
import { launch, refusedCall, type Tracked } from './_util.js';

interface Echo {
  readonly echo: unknown;
  readonly types: unknown;
}

/** Forks the echo fixture and waits for its ready message. */
async function echoChild(ctx: CaseContext, options: object = {}): Promise<Tracked> {
  const child = launch(ctx, 'fork', [ctx.fixtures.path('ipc-echo.mjs'), [], { execArgv: [], ...options }]);
  await nextEvent(ctx, child.child, 'message');
  return child;
}

/**
 * Waits for a spawned child's first message over its 'ipc' descriptor, failing at once when the child exits first
 * (a runtime whose children cannot reach the channel ends them with an error) instead of waiting out the time limit.
 */
async function firstMessage(ctx: CaseContext, tracked: Tracked): Promise<void> {
  const message = nextEvent(ctx, tracked.child, 'message').then(() => undefined);
  const exited = tracked.exited.then(([code, signal]) => code ?? signal);
  const first = await untilAborted(ctx, Promise.race([message.then(() => ({ sent: true as const })), exited.then((end) => ({ sent: false as const, end }))]));
  if (first.sent) return;
  throw new CaseFailure(`the child exited (${String(first.end)}) before it sent a message over its 'ipc' descriptor${tracked.messages.length > 0 ? '' : ': nothing arrived on the channel'}`, {
    expected: 'the first message of the child (ipc-echo.mjs calls process.send)',
    actual: `exit ${String(first.end)}`,
  });
}

async function roundTrip(ctx: CaseContext, child: ChildProcess, message: unknown): Promise<Echo> {
  const reply = nextEvent<[Echo]>(ctx, child, 'message');
  const send = method(child, 'send', 'ChildProcess');
  try {
    send(message);
  } catch (error) {
    // A value the channel's serialization cannot carry: the candidate did not use the serialization asked for.
    throw new CaseFailure(`send() refused the message: ${describeThrown(error)}`, { expected: 'the message sent', actual: describeThrown(error) });
  }
  return (await reply)[0];
}

async function finish(ctx: CaseContext, child: Tracked): Promise<void> {
  method(child.child, 'send', 'ChildProcess')('exit');
  await untilAborted(ctx, child.closed);
}

const ADVANCED_SAMPLE = () => ({
  map: new Map<unknown, unknown>([[1, 'one'], ['k', { nested: true }]]),
  set: new Set(['a', 'b']),
  big: 12345678901234567890n,
  when: new Date(Date.UTC(2020, 1, 29, 12)),
  bytes: new Uint8Array([0, 1, 254, 255]),
  floats: new Float64Array([1.5, -0, Number.NaN]),
});

export const forkIpcCases = defineCases('child_process', [
  {
    id: 'child_process.fork.ipc-json-round-trip',
    rules: ['child_process.fork.ipc-channel'],
    async run(ctx) {
      const child = await echoChild(ctx);
      const message = { text: 'héllo 😀', number: 4.5, list: [1, 'two', null, { deep: [true] }] };
      const { echo } = await roundTrip(ctx, child.child, message);
      expect(echo).to.deep.equal(message);
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.serialization-default-is-json',
    rules: ['child_process.fork.serialization-default-json'],
    async run(ctx) {
      const child = await echoChild(ctx);
      const { types } = await roundTrip(ctx, child.child, { map: new Map([[1, 2]]), when: new Date(0) });
      // JSON turns a Map into {} and a Date into its ISO string.
      expect(types, 'what arrived in the child').to.deep.equal({ map: {}, when: 'string' });
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.ipc-advanced-round-trip',
    rules: ['child_process.fork.serialization-advanced'],
    async run(ctx) {
      const child = await echoChild(ctx, { serialization: 'advanced' });
      const { echo, types } = await roundTrip(ctx, child.child, ADVANCED_SAMPLE());
      expect(types, 'what arrived in the child').to.deep.equal({ map: 'Map', set: 'Set', big: 'bigint', when: 'Date', bytes: 'Uint8Array', floats: 'Float64Array' });
      expect(echo, 'what came back').to.deep.equal(ADVANCED_SAMPLE());
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.serialization-rejects-unknown',
    rules: ['child_process.fork.serialization-rejects-other'],
    run(ctx) {
      const modulePath = ctx.fixtures.path('exit-code.mjs');
      refusedCall(ctx, 'fork', {
        accepted: [modulePath, ['0'], { execArgv: [], serialization: 'json' }],
        refused: [modulePath, ['0'], { execArgv: [], serialization: 'xml' }],
        what: "fork with serialization 'xml'",
      });
    },
  },
  {
    id: 'child_process.spawn.serialization-advanced-over-ipc',
    rules: ['child_process.spawn.serialization-advanced'],
    async run(ctx) {
      const child = launch(ctx, 'spawn', [ctx.fixtures.execPath, [ctx.fixtures.path('ipc-echo.mjs')], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' }]);
      await firstMessage(ctx, child);
      const { types } = await roundTrip(ctx, child.child, { big: 7n, map: new Map() });
      expect(types).to.deep.equal({ big: 'bigint', map: 'Map' });
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.spawn.serialization-default-is-json',
    rules: ['child_process.spawn.serialization-default-json'],
    async run(ctx) {
      const child = launch(ctx, 'spawn', [ctx.fixtures.execPath, [ctx.fixtures.path('ipc-echo.mjs')], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }]);
      await firstMessage(ctx, child);
      const { types } = await roundTrip(ctx, child.child, { map: new Map([[1, 2]]) });
      expect(types).to.deep.equal({ map: {} });
      await finish(ctx, child);
    },
  },
]);
