// Command lookup: a bare command is searched in `options.env.PATH` when an env is given, in the parent's PATH
// otherwise, and in `/usr/bin:/bin` (not the parent's PATH) when the given env has no PATH.
import { expect } from 'chai';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineCase, type CaseContext } from '../case.js';
import { runToCallback, text, track, untilAborted } from './_util.js';

const PROBE = 'rtconf-lookup-probe';

/** A directory holding an executable PROBE that prints `label`. */
async function probeDir(ctx: CaseContext, label: string): Promise<string> {
  const dir = join(await ctx.tmpDir(), label);
  await mkdir(dir);
  const path = join(dir, PROBE);
  await writeFile(path, `#!/bin/sh\nprintf '%s' '${label}'\n`);
  await chmod(path, 0o755);
  return dir;
}

/** Puts `dir` first in this process's PATH until the case ends. */
function prependToProcessPath(ctx: CaseContext, dir: string): void {
  const saved = process.env['PATH'];
  ctx.defer(() => {
    if (saved === undefined) delete process.env['PATH'];
    else process.env['PATH'] = saved;
  });
  process.env['PATH'] = saved ? `${dir}:${saved}` : dir;
}

export const commandLookupCases = [
  defineCase({
    id: 'child_process.lookup.uses-env-path',
    module: 'child_process',
    rules: ['child_process.general.path-from-env-option'],
    async run(ctx) {
      const dir = await probeDir(ctx, 'from-env-path');
      const { error, stdout } = await runToCallback(ctx, ctx.cp.execFile, PROBE, [], { env: { PATH: dir } });
      expect(error, 'error').to.equal(null);
      expect(text(stdout)).to.equal('from-env-path');
    },
  }),
  defineCase({
    id: 'child_process.lookup.env-path-wins-over-process-path',
    module: 'child_process',
    rules: ['child_process.general.path-from-env-option'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      const envDir = await probeDir(ctx, 'from-env-path');
      prependToProcessPath(ctx, parentDir);
      const { stdout } = await runToCallback(ctx, ctx.cp.execFile, PROBE, [], { env: { PATH: envDir } });
      expect(text(stdout)).to.equal('from-env-path');
    },
  }),
  defineCase({
    id: 'child_process.lookup.uses-process-path-without-env',
    module: 'child_process',
    rules: ['child_process.general.path-from-process'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      prependToProcessPath(ctx, parentDir);
      const { error, stdout } = await runToCallback(ctx, ctx.cp.execFile, PROBE, []);
      expect(error, 'error').to.equal(null);
      expect(text(stdout)).to.equal('from-process-path');
    },
  }),
  defineCase({
    id: 'child_process.lookup.env-without-path-uses-default-path',
    module: 'child_process',
    rules: ['child_process.general.path-default-unix'],
    async run(ctx) {
      // `env` lives in /usr/bin (or /bin) and prints the environment it got: found, and really without PATH.
      const { error, stdout } = await runToCallback(ctx, ctx.cp.execFile, 'env', [], { env: { RTCONF_ONLY: '1' } });
      expect(error, 'error').to.equal(null);
      const lines = text(stdout).split('\n');
      expect(lines, "the child's environment").to.include('RTCONF_ONLY=1');
      expect(lines.filter((line) => line.startsWith('PATH=')), 'PATH entries in the child').to.deep.equal([]);
    },
  }),
  defineCase({
    id: 'child_process.lookup.env-without-path-ignores-process-path',
    module: 'child_process',
    rules: ['child_process.general.path-default-unix'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      prependToProcessPath(ctx, parentDir);
      const { error, stdout } = await runToCallback(ctx, ctx.cp.execFile, PROBE, [], { env: { RTCONF_ONLY: '1' } });
      expect(text(stdout), 'the command on the parent PATH only must not be found').to.equal('');
      expect(error, 'not found').to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'child_process.lookup.spawn-uses-env-path',
    module: 'child_process',
    rules: ['child_process.general.path-from-env-option'],
    async run(ctx) {
      const dir = await probeDir(ctx, 'spawned-via-env-path');
      const tracked = track(ctx, ctx.cp.spawn(PROBE, [], { env: { PATH: dir } }));
      expect(await untilAborted(ctx, tracked.closed)).to.deep.equal([0, null]);
      expect(tracked.stdout()).to.equal('spawned-via-env-path');
    },
  }),
];
