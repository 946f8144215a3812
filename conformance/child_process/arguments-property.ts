// Property: whatever arguments execFile and spawn are given — printable, unicode, empty, with spaces, quotes or shell
// metacharacters — reach the child exactly, in order. The child is `sh` printing each argument NUL-terminated (a
// program with no argument decoding of its own, and fast enough for many runs); on Windows, the echo-argv fixture.
import { expect } from 'chai';
import { Buffer } from 'node:buffer';
import { defineCases, type CaseContext } from '../case.js';
import { untilAborted } from '../kit.js';
import { fixtureCommand, launch, noError, runToCallback, text } from './_util.js';

/** Strings that can cross exec: any Unicode scalar values except NUL (C strings end there). */
function argumentArbitrary(ctx: CaseContext) {
  const { fc } = ctx;
  const word = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: fc.constantFrom(' ', '"', "'", '\\', '$', '*', '|', ';', '&', '\n', '\t', 'a', '-', '%', '^'), maxLength: 8 }),
  );
  return fc.array(word.filter((value) => !value.includes('\u0000')), { maxLength: 6 });
}

/** A command and its arguments that make the child print back `args`, and how to read its output. */
function echoCommand(ctx: CaseContext, args: string[]): { command: string; argv: string[]; parse: (output: string) => unknown } {
  if (process.platform === 'win32') {
    const [command, argv] = fixtureCommand(ctx, 'echo-argv.mjs', ...args);
    return { command, argv, parse: (output) => (JSON.parse(output) as { args: string[] }).args };
  }
  // A leading marker, because printf given no argument at all still prints its format once.
  return { command: '/bin/sh', argv: ['-c', 'printf "%s\\0" start "$@"', 'sh', ...args], parse: (output) => output.split('\u0000').slice(1, -1) };
}

/** One argument list of each input class the two rules name, which both cases run first (execFile and spawn alike). */
const ARGUMENT_EXAMPLES = {
  none: [[[]]],
  empty: [[['']]],
  spaces: [[['a b', '  ']]],
  quotes: [[['"q"', "'s'", 'back\\slash']]],
  'shell-metacharacters': [[['$HOME', 'a|b', ';', '&', '*']]],
  'non-ascii': [[['é☃😀']]],
  newline: [[['line\nbreak', 'tab\there']]],
};

export const argumentPropertyCases = defineCases('child_process', [
  {
    id: 'child_process.execFile.arguments-reach-child-exactly',
    rules: ['child_process.exec-file.args'],
    timeoutMs: 60000,
    examples: ARGUMENT_EXAMPLES,
    async run(ctx) {
      await ctx.check(
        ctx.fc.asyncProperty(argumentArbitrary(ctx), async (args) => {
          const { command, argv, parse } = echoCommand(ctx, args);
          const { error, stdout } = await runToCallback(ctx, 'execFile', command, argv, { encoding: 'buffer' });
          noError(error, 'the callback error');
          expect(parse((stdout as Buffer).toString('utf8'))).to.deep.equal(args);
        }),
        { numRuns: 40 },
      );
    },
  },
  {
    id: 'child_process.spawn.arguments-reach-child-exactly',
    rules: ['child_process.spawn.args'],
    timeoutMs: 60000,
    examples: ARGUMENT_EXAMPLES,
    async run(ctx) {
      await ctx.check(
        ctx.fc.asyncProperty(argumentArbitrary(ctx), async (args) => {
          const { command, argv, parse } = echoCommand(ctx, args);
          const child = launch(ctx, 'spawn', [command, argv]);
          await untilAborted(ctx, child.closed);
          expect(parse(child.stdout())).to.deep.equal(args);
        }),
        { numRuns: 40 },
      );
    },
  },
  {
    id: 'child_process.execFile.windows-verbatim-arguments-ignored-on-unix',
    rules: ['child_process.exec-file.windows-verbatim-arguments-ignored-unix'],
    async run(ctx) {
      const args = ['"a b"', 'c\\d', "'e'"];
      const [command, argv] = fixtureCommand(ctx, 'echo-argv.mjs', ...args);
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, argv, { windowsVerbatimArguments: true });
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).args, 'the arguments, unchanged').to.deep.equal(args);
    },
  },
]);
