// Command lookup: a bare command is searched in `options.env.PATH` when an env is given, in the parent's PATH
// otherwise, and in `/usr/bin:/bin` (not the parent's PATH) when the given env has no PATH.
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CaseNotApplicable, defineCases, type CaseContext } from '../case.js';
import { expectError, untilAborted } from '../kit.js';
import { launch, noError, runToCallback, text, writeExecutable, unsetEnv } from './_util.js';

const PROBE = 'rtconf-lookup-probe';

/** A directory holding an executable PROBE that prints `label`. */
async function probeDir(ctx: CaseContext, label: string): Promise<string> {
  const dir = join(await ctx.tmpDir(), label);
  await mkdir(dir);
  await writeExecutable(ctx, join(dir, PROBE), `#!/bin/sh\nprintf '%s' '${label}'\n`);
  return dir;
}

/** Puts `dir` first in this process's PATH until the case ends. */
function prependToProcessPath(ctx: CaseContext, dir: string): void {
  const saved = process.env['PATH'];
  ctx.defer(() => {
    if (saved === undefined) unsetEnv('PATH');
    else process.env['PATH'] = saved;
  });
  process.env['PATH'] = saved ? `${dir}:${saved}` : dir;
}

export const commandLookupCases = defineCases('child_process', [
  {
    id: 'child_process.lookup.uses-env-path',
    rules: ['child_process.general.path-from-env-option'],
    apis: ['child_process.execFile'],
    async run(ctx) {
      const dir = await probeDir(ctx, 'from-env-path');
      const { error, stdout } = await runToCallback(ctx, 'execFile', PROBE, [], { env: { PATH: dir } });
      noError(error, 'the callback error');
      expect(text(stdout)).to.equal('from-env-path');
    },
  },
  {
    id: 'child_process.lookup.env-path-wins-over-process-path',
    rules: ['child_process.general.path-from-env-option'],
    apis: ['child_process.execFile'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      const envDir = await probeDir(ctx, 'from-env-path');
      prependToProcessPath(ctx, parentDir);
      const { stdout } = await runToCallback(ctx, 'execFile', PROBE, [], { env: { PATH: envDir } });
      expect(text(stdout)).to.equal('from-env-path');
    },
  },
  {
    id: 'child_process.lookup.uses-process-path-without-env',
    rules: ['child_process.general.path-from-process'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      prependToProcessPath(ctx, parentDir);
      const { error, stdout } = await runToCallback(ctx, 'execFile', PROBE, []);
      noError(error, 'the callback error');
      expect(text(stdout)).to.equal('from-process-path');
    },
  },
  {
    id: 'child_process.lookup.env-without-path-uses-default-path',
    rules: ['child_process.general.path-default-unix'],
    async run(ctx) {
      // `env` lives in /usr/bin (or /bin) and prints the environment it got: found although the env given has no PATH.
      const { error, stdout } = await runToCallback(ctx, 'execFile', 'env', [], { env: { RTCONF_ONLY: '1' } });
      noError(error, 'the callback error');
      // Whether the env given is what the child gets is the env rules' matter: where it is not, lookup under it was
      // not what happened, and the case cannot tell.
      if (!text(stdout).split('\n').includes('RTCONF_ONLY=1')) throw new CaseNotApplicable("the child did not get the env given (the env rules' matter), so lookup under an env without PATH cannot be observed");
    },
  },
  {
    id: 'child_process.lookup.env-without-path-ignores-process-path',
    rules: ['child_process.general.path-default-unix'],
    async run(ctx) {
      const parentDir = await probeDir(ctx, 'from-process-path');
      prependToProcessPath(ctx, parentDir);
      // The control: given by its path, with the same env, the probe runs; so a failure below is the lookup's.
      const control = await runToCallback(ctx, 'execFile', join(parentDir, PROBE), [], { env: { RTCONF_ONLY: '1' } });
      noError(control.error, 'the callback error running the probe by its path (the control)');
      expect(text(control.stdout), 'output of the probe run by its path (the control)').to.equal('from-process-path');
      const { error, stdout } = await runToCallback(ctx, 'execFile', PROBE, [], { env: { RTCONF_ONLY: '1' } });
      expect(text(stdout), 'the command on the parent PATH only must not be found').to.equal('');
      expectError(error, 'the callback error for a command found nowhere on /usr/bin:/bin');
    },
  },
  {
    id: 'child_process.lookup.spawn-uses-env-path',
    rules: ['child_process.general.path-from-env-option'],
    apis: ['child_process.spawn'],
    async run(ctx) {
      const dir = await probeDir(ctx, 'spawned-via-env-path');
      const tracked = launch(ctx, 'spawn', [PROBE, [], { env: { PATH: dir } }]);
      expect(await untilAborted(ctx, tracked.closed)).to.deep.equal([0, null]);
      expect(tracked.stdout()).to.equal('spawned-via-env-path');
    },
  },
]);
