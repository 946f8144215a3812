// Output decoding of exec/execFile: strings decoded as UTF-8 by default, Buffers for 'buffer' or an encoding name the
// runtime does not know, and text in any other known encoding.
import { expect } from 'chai';
import { Buffer } from 'node:buffer';
import { defineCases } from '../case.js';
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
