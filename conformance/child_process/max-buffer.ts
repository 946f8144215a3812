// maxBuffer: each of stdout and stderr may hold at most maxBuffer bytes (1 MiB by default, counted separately); past
// it the child is terminated, an error is reported and the output handed over is cut at the limit.
import { expect } from 'chai';
import { Buffer } from 'node:buffer';
import { defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { expectError, within } from '../kit.js';
import { fixtureCommand, fixtureCommandLine, noError, runToCallback, text, type CallbackOutcome } from './_util.js';

const MIB = 1024 * 1024;
/** How long after its start a child that holds on past maxBuffer may take to be killed and reported. */
const HOLD_BOUND_MS = 5000;

type Via = 'exec' | 'execFile';
type Stream = 'stdout' | 'stderr' | 'both';

/** Runs the flood fixture through exec (the shell becoming the fixture) or execFile. */
function flood(ctx: CaseContext, via: Via, stream: Stream, bytes: number, options: object, unit = 'x', then = 'exit', piece?: number): Promise<CallbackOutcome> {
  const args = [stream, String(bytes), unit, then, ...(piece === undefined ? [] : [String(piece)])];
  const running =
    via === 'exec'
      ? runToCallback(ctx, 'exec', `exec ${fixtureCommandLine(ctx, 'flood.mjs', ...args)}`, options)
      : runToCallback(ctx, 'execFile', ...fixtureCommand(ctx, 'flood.mjs', ...args), options);
  // A child that holds on after writing ends only if it is killed; a candidate that does not kill it never calls back,
  // which the bound turns into a failure that says so. A child that exits by itself needs no bound of its own (the
  // case's time limit is the only one): a fixed one made these cases fail on a loaded machine while the child started.
  return then === 'exit' ? running : within(ctx, running, HOLD_BOUND_MS, 'the callback of a child past maxBuffer');
}

function byteLength(output: unknown): number {
  return typeof output === 'string' ? Buffer.byteLength(output) : (output as Buffer).length;
}

/** The rule id of `name` for exec or execFile (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'exec' ? 'exec' : 'exec-file'}.${name}`;

export const maxBufferCases = defineCases('child_process', [
  ...(['exec', 'execFile'] as const).flatMap((via): CaseEntry[] => [
    {
      id: `child_process.${via}.max-buffer-stdout-truncated-exactly`,
      rules: [rule(via, 'max-buffer-exceeded-truncates')],
      async run(ctx) {
        const { stdout } = await flood(ctx, via, 'stdout', 100_000, { maxBuffer: 1000 });
        expect(text(stdout), 'stdout cut at exactly maxBuffer bytes').to.equal('x'.repeat(1000));
      },
    },
    {
      id: `child_process.${via}.max-buffer-stderr-truncated-exactly`,
      rules: [rule(via, 'max-buffer-exceeded-truncates')],
      async run(ctx) {
        const { stderr } = await flood(ctx, via, 'stderr', 100_000, { maxBuffer: 777 });
        expect(text(stderr), 'stderr cut at exactly maxBuffer bytes').to.equal('x'.repeat(777));
      },
    },
    {
      id: `child_process.${via}.max-buffer-zero-keeps-no-output`,
      rules: [rule(via, 'max-buffer-exceeded-truncates')],
      async run(ctx) {
        // 0 is a byte count too: the largest output allowed is none.
        const { stdout } = await flood(ctx, via, 'stdout', 1000, { maxBuffer: 0 });
        expect(text(stdout), 'stdout with maxBuffer 0').to.equal('');
      },
    },
    {
      id: `child_process.${via}.max-buffer-keeps-the-byte-that-reaches-it`,
      rules: [rule(via, 'max-buffer-exceeded-truncates')],
      async run(ctx) {
        // Output arriving 10 bytes at a time past a 31-byte limit: once 30 bytes are in, the chunk that crosses the
        // limit has room for exactly one byte, which is kept.
        const { stdout } = await flood(ctx, via, 'stdout', 200, { maxBuffer: 31 }, 'x', 'exit', 10);
        expect(text(stdout), 'stdout cut at exactly maxBuffer bytes').to.equal('x'.repeat(31));
      },
    },
    {
      id: `child_process.${via}.max-buffer-counts-bytes-of-text`,
      rules: [rule(via, 'max-buffer-exceeded-truncates')],
      async run(ctx) {
        // "é" is two bytes in UTF-8: with a 51-byte limit at most 25 of them fit.
        const { stdout } = await flood(ctx, via, 'stdout', 2000, { maxBuffer: 51 }, 'é');
        expect(byteLength(stdout), 'decoded stdout size in bytes').to.be.at.most(51);
        expect(text(stdout), 'only whole characters of the output').to.match(/^é*$/);
      },
    },
    {
      id: `child_process.${via}.max-buffer-kills-child`,
      rules: [rule(via, 'max-buffer-exceeded-kills')],
      async run(ctx) {
        // The fixture stays alive after writing, so the callback can only come if the child is terminated.
        const { error, closed } = await flood(ctx, via, 'stdout', 5000, { maxBuffer: 100 }, 'x', 'hold');
        expectError(error, `the ${via} callback's error for output past maxBuffer`);
        // The spec's sign that the child has exited: its 'close' event (the fixture would hold on for 30 s).
        await within(ctx, closed, HOLD_BOUND_MS, "the 'close' event of the child past maxBuffer");
      },
    },
    {
      id: `child_process.${via}.max-buffer-default-allows-1mib-per-stream`,
      rules: [rule(via, 'max-buffer-default')],
      async run(ctx) {
        // 1 MiB on each stream, 2 MiB together: within the default only if the limit is 1 MiB per stream.
        const { error, stdout, stderr } = await flood(ctx, via, 'both', MIB, {});
        noError(error, 'the callback error for exactly 1 MiB on each stream');
        expect([byteLength(stdout), byteLength(stderr)]).to.deep.equal([MIB, MIB]);
      },
    },
    {
      id: `child_process.${via}.max-buffer-default-is-1mib`,
      // The error it expects is the exceeded-kills rule's ("reports an error"): cited, so that a candidate that passes
      // the limit silently is charged there too, not only under the default and the truncation.
      rules: [rule(via, 'max-buffer-default'), rule(via, 'max-buffer-exceeded-truncates'), rule(via, 'max-buffer-exceeded-kills')],
      async run(ctx) {
        // The child stays alive after writing and ends with exit code 0 on SIGTERM (the default killSignal): the
        // callback's error can only come from the limit being passed, never from the child's exit.
        const { error, stdout } = await flood(ctx, via, 'stdout', MIB + 1, {}, 'x', 'exit-on-term');
        expectError(error, `the ${via} callback's error for 1 MiB + 1 byte of output`);
        expect(byteLength(stdout), 'kept bytes').to.equal(MIB);
      },
    },
  ]),
]);
