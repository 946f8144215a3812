// Output decoding of exec/execFile: strings decoded as UTF-8 by default, Buffers for 'buffer' or an encoding name the
// runtime does not know, and text in any other known encoding.
import { expect } from 'chai';
import { Buffer } from 'node:buffer';
import { defineCases, type CaseEntry } from '../case.js';
import { fixtureCommand, fixtureCommandLine, runToCallback } from './_util.js';

const SAMPLE = 'aé€😀';

export const encodingCases = defineCases('child_process', [
  {
    id: 'child_process.exec.encoding-default-utf8-strings',
    rules: ['child_process.exec.encoding-default-utf8'],
    async run(ctx) {
      const { stdout, stderr } = await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', '0', SAMPLE, SAMPLE));
      expect([typeof stdout, typeof stderr]).to.deep.equal(['string', 'string']);
      expect([stdout, stderr]).to.deep.equal([SAMPLE, SAMPLE]);
    },
  },
  ...(['exec', 'execFile'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.utf8-output-cut-inside-a-character-ends-in-a-replacement`,
    rules: [via === 'exec' ? 'child_process.exec.encoding-default-utf8' : 'child_process.exec-file.encoding-default-utf8'],
    async run(ctx) {
      // Output that ends one byte into a two-byte character: decoded as UTF-8, the incomplete character at the end
      // is a replacement character, not dropped (the child ended; nothing more can complete it).
      const args = ['0', 'abc%xC3'];
      const { stdout } =
        via === 'exec' ? await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', ...args)) : await runToCallback(ctx, 'execFile', ...fixtureCommand(ctx, 'exit-code.mjs', ...args));
      expect(stdout, 'stdout of a child that wrote the bytes 61 62 63 C3').to.equal('abc\ufffd');
    },
  })),
  {
    id: 'child_process.exec.encoding-buffer-gives-buffers',
    rules: ['child_process.exec.encoding-buffer'],
    async run(ctx) {
      const { stdout, stderr } = await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', '0', SAMPLE, 'e'), { encoding: 'buffer' });
      expect([Buffer.isBuffer(stdout), Buffer.isBuffer(stderr)], 'both are Buffers').to.deep.equal([true, true]);
      expect((stdout as Buffer).equals(Buffer.from(SAMPLE)), 'stdout holds the raw bytes').to.equal(true);
    },
  },
  {
    id: 'child_process.exec.encoding-unknown-gives-buffers',
    rules: ['child_process.exec.encoding-unknown-buffer'],
    async run(ctx) {
      const { stdout, stderr } = await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', '0', SAMPLE, 'e'), { encoding: 'no-such-encoding' });
      expect([Buffer.isBuffer(stdout), Buffer.isBuffer(stderr)], 'both are Buffers').to.deep.equal([true, true]);
      expect((stdout as Buffer).equals(Buffer.from(SAMPLE))).to.equal(true);
    },
  },
  {
    id: 'child_process.exec.encoding-named-decodes',
    rules: ['child_process.exec.encoding-named'],
    async run(ctx) {
      const { stdout } = await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', '0', SAMPLE), { encoding: 'latin1' });
      expect(stdout, 'each byte as one latin1 character').to.equal(Buffer.from(SAMPLE).toString('latin1'));
      // An encoding that writes groups of bytes: the last, incomplete group is written too (4 bytes: 'YWJjZA==').
      const base64 = await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'exit-code.mjs', '0', 'abcd'), { encoding: 'base64' });
      expect(base64.stdout, "the 4 bytes 'abcd' in base64").to.equal(Buffer.from('abcd').toString('base64'));
    },
  },
  {
    id: 'child_process.execFile.encoding-default-utf8-strings',
    rules: ['child_process.exec-file.encoding-default-utf8'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', SAMPLE, SAMPLE);
      const { stdout, stderr } = await runToCallback(ctx, 'execFile', command, args);
      expect([stdout, stderr]).to.deep.equal([SAMPLE, SAMPLE]);
    },
  },
  {
    id: 'child_process.execFile.encoding-buffer-gives-buffers',
    rules: ['child_process.exec-file.encoding-buffer'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', SAMPLE, 'e');
      const { stdout, stderr } = await runToCallback(ctx, 'execFile', command, args, { encoding: 'buffer' });
      expect([Buffer.isBuffer(stdout), Buffer.isBuffer(stderr)], 'both are Buffers').to.deep.equal([true, true]);
      expect((stdout as Buffer).equals(Buffer.from(SAMPLE)), 'stdout holds the raw bytes').to.equal(true);
    },
  },
  {
    id: 'child_process.execFile.encoding-unknown-gives-buffers',
    rules: ['child_process.exec-file.encoding-unknown-buffer'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'exit-code.mjs', '0', SAMPLE, 'e');
      const { stdout, stderr } = await runToCallback(ctx, 'execFile', command, args, { encoding: 'utf-9' });
      expect([Buffer.isBuffer(stdout), Buffer.isBuffer(stderr)], 'both are Buffers').to.deep.equal([true, true]);
      expect((stdout as Buffer).equals(Buffer.from(SAMPLE))).to.equal(true);
    },
  },
]);
