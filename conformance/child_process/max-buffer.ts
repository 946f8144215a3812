// maxBuffer: each of stdout and stderr may hold at most maxBuffer bytes (1 MiB by default, counted separately); past
// it the child is terminated, an error is reported and the output handed over is cut at the limit.
import { expect } from 'chai';
import { Buffer } from 'node:buffer';
import { defineCase, type CaseContext } from '../case.js';
import { fixtureCommand, fixtureCommandLine, runToCallback, text, within, type CallbackOutcome } from './_util.js';

const MIB = 1024 * 1024;

type Via = 'exec' | 'execFile';
type Stream = 'stdout' | 'stderr' | 'both';

/** Runs the flood fixture through exec (the shell becoming the fixture) or execFile. */
function flood(ctx: CaseContext, via: Via, stream: Stream, bytes: number, options: object, unit = 'x', then = 'exit'): Promise<CallbackOutcome> {
  const args = [stream, String(bytes), unit, then];
  const running =
    via === 'exec'
      ? runToCallback(ctx, ctx.cp.exec, `exec ${fixtureCommandLine(ctx, 'flood.mjs', ...args)}`, options)
      : runToCallback(ctx, ctx.cp.execFile, ...fixtureCommand(ctx, 'flood.mjs', ...args), options);
  // A child that holds on after writing ends only if it is killed; a candidate that does not kill it never calls back.
  return within(ctx, running, 3000, 'the callback of a child past maxBuffer');
}

function byteLength(output: unknown): number {
  return typeof output === 'string' ? Buffer.byteLength(output) : (output as Buffer).length;
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const maxBufferCases = (['exec', 'execFile'] as const).flatMap((via) => [
  defineCase({
    id: `child_process.${via}.max-buffer-stdout-truncated-exactly`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-exceeded-truncates')],
    async run(ctx) {
      const { error, stdout } = await flood(ctx, via, 'stdout', 100_000, { maxBuffer: 1000 });
      expect(error, 'error').to.be.instanceOf(Error);
      expect(text(stdout), 'stdout cut at exactly maxBuffer bytes').to.equal('x'.repeat(1000));
    },
  }),
  defineCase({
    id: `child_process.${via}.max-buffer-stderr-truncated-exactly`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-exceeded-truncates')],
    async run(ctx) {
      const { error, stderr } = await flood(ctx, via, 'stderr', 100_000, { maxBuffer: 777, encoding: 'buffer' });
      expect(error, 'error').to.be.instanceOf(Error);
      expect(Buffer.isBuffer(stderr), 'stderr is a Buffer').to.equal(true);
      expect((stderr as Buffer).equals(Buffer.alloc(777, 'x')), `stderr is ${String(stderr.length)} bytes, expected 777 × "x"`).to.equal(true);
    },
  }),
  defineCase({
    id: `child_process.${via}.max-buffer-counts-bytes-of-text`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-exceeded-truncates')],
    async run(ctx) {
      // "é" is two bytes in UTF-8: with a 51-byte limit at most 25 of them fit.
      const { error, stdout } = await flood(ctx, via, 'stdout', 2000, { maxBuffer: 51 }, 'é');
      expect(error, 'error').to.be.instanceOf(Error);
      expect(byteLength(stdout), 'decoded stdout size in bytes').to.be.at.most(51);
      expect(text(stdout), 'only whole characters of the output').to.match(/^é*$/);
    },
  }),
  defineCase({
    id: `child_process.${via}.max-buffer-kills-child`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-exceeded-kills')],
    async run(ctx) {
      // The fixture stays alive after writing, so the callback can only come if the child is terminated.
      const { error, child } = await flood(ctx, via, 'stdout', 5000, { maxBuffer: 100 }, 'x', 'hold');
      expect(error, 'error').to.be.instanceOf(Error);
      expect(child.signalCode, 'the child was ended by a signal').to.be.a('string');
    },
  }),
  defineCase({
    id: `child_process.${via}.max-buffer-default-allows-1mib-per-stream`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-default')],
    async run(ctx) {
      // 1 MiB on each stream, 2 MiB together: within the default only if the limit is 1 MiB per stream.
      const { error, stdout, stderr } = await flood(ctx, via, 'both', MIB, {});
      expect(error, 'error for exactly 1 MiB on each stream').to.equal(null);
      expect([byteLength(stdout), byteLength(stderr)]).to.deep.equal([MIB, MIB]);
    },
  }),
  defineCase({
    id: `child_process.${via}.max-buffer-default-is-1mib`,
    module: 'child_process',
    rules: [rule(via, 'max-buffer-default'), rule(via, 'max-buffer-exceeded-truncates')],
    async run(ctx) {
      const { error, stdout } = await flood(ctx, via, 'stdout', MIB + 1, {});
      expect(error, 'error for 1 MiB + 1 byte').to.be.instanceOf(Error);
      expect(byteLength(stdout), 'kept bytes').to.equal(MIB);
    },
  }),
]);
