// Options that shape the child process: argv0, cwd (string or file: URL, other URLs refused), env (replaces the
// parent's, which is the default), uid/gid and detached.
import { expect } from 'chai';
import { realpath } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { defineCase, type CaseContext } from '../case.js';
import { fixtureCommand, fixtureCommandLine, runToCallback, text, thrownBy, track, untilAborted } from './_util.js';

type Via = 'exec' | 'execFile' | 'spawn' | 'fork';

interface EnvReport {
  readonly cwd: string;
  readonly env: Record<string, string | null>;
}

/** The rule id of `name` for a function (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'execFile' ? 'exec-file' : via}.${name}`;

/** Runs the report-env fixture through `via` and returns what it printed. */
async function reportVia(ctx: CaseContext, via: Via, names: string[], options: object): Promise<EnvReport> {
  if (via === 'spawn' || via === 'fork') {
    const child =
      via === 'spawn'
        ? track(ctx, ctx.cp.spawn(...fixtureCommand(ctx, 'report-env.mjs', ...names), options))
        : track(ctx, ctx.cp.fork(ctx.fixtures.path('report-env.mjs'), names, { execArgv: [], silent: true, ...options }));
    expect(await untilAborted(ctx, child.closed), `exit of the child (stderr: ${child.stderr()})`).to.deep.equal([0, null]);
    return JSON.parse(child.stdout()) as EnvReport;
  }
  const outcome =
    via === 'exec'
      ? await runToCallback(ctx, ctx.cp.exec, fixtureCommandLine(ctx, 'report-env.mjs', ...names), options)
      : await runToCallback(ctx, ctx.cp.execFile, ...fixtureCommand(ctx, 'report-env.mjs', ...names), options);
  expect(outcome.error, 'error').to.equal(null);
  return JSON.parse(text(outcome.stdout)) as EnvReport;
}

/** Runs `id -u; id -g` through `via` under the given identity; returns what the child printed, or the error. */
async function identity(ctx: CaseContext, via: Via, uid: number, gid: number): Promise<string | Error> {
  const script = 'id -u; id -g';
  if (via === 'exec' || via === 'execFile') {
    const { error, stdout } =
      via === 'exec' ? await runToCallback(ctx, ctx.cp.exec, script, { uid, gid }) : await runToCallback(ctx, ctx.cp.execFile, '/bin/sh', ['-c', script], { uid, gid });
    return error ?? text(stdout);
  }
  // fork with /bin/sh as its runtime: `-c <script>` as execArgv, the module path becomes $0.
  const child =
    via === 'spawn'
      ? track(ctx, ctx.cp.spawn('/bin/sh', ['-c', script], { uid, gid }))
      : track(ctx, ctx.cp.fork(ctx.fixtures.path('exit-code.mjs'), [], { execPath: '/bin/sh', execArgv: ['-c', script], silent: true, uid, gid }));
  let failure: Error | undefined;
  child.child.once('error', (error: Error) => (failure = error));
  await untilAborted(ctx, child.closed);
  return failure ?? child.stdout();
}

/** As root the child must run as `nobody` (65534); otherwise switching to another user must fail. */
function identityCase(via: Via, which: 'uid' | 'gid') {
  return defineCase({
    id: `child_process.${via}.${which}-sets-child-identity`,
    module: 'child_process',
    rules: [rule(via, which)],
    async run(ctx) {
      const nobody = 65534;
      const own = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
      const wanted = { ...own, [which]: nobody };
      const result = await identity(ctx, via, wanted.uid, wanted.gid);
      if (own.uid === 0) {
        expect(result, 'uid and gid the child runs with').to.equal(`${wanted.uid}\n${wanted.gid}\n`);
      } else {
        expect(result, 'an unprivileged switch to another identity fails').to.be.instanceOf(Error);
      }
    },
  });
}

interface ProcessReport {
  readonly pid: number;
  readonly pgrp: number;
  readonly session: number;
  readonly parentPgrp: number;
}

/** Runs the report-process fixture through spawn or fork with the given options. */
async function processReport(ctx: CaseContext, via: 'spawn' | 'fork', options: object): Promise<ProcessReport> {
  const child =
    via === 'spawn'
      ? track(ctx, ctx.cp.spawn(...fixtureCommand(ctx, 'report-process.mjs'), options))
      : track(ctx, ctx.cp.fork(ctx.fixtures.path('report-process.mjs'), [], { execArgv: [], silent: true, ...options }));
  expect(await untilAborted(ctx, child.closed), `exit of the child (stderr: ${child.stderr()})`).to.deep.equal([0, null]);
  return JSON.parse(child.stdout()) as ProcessReport;
}

export const processOptionCases = [
  defineCase({
    id: 'child_process.spawn.argv0-sets-argv0',
    module: 'child_process',
    rules: ['child_process.spawn.argv0-custom'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', 'x');
      const child = track(ctx, ctx.cp.spawn(command, args, { argv0: 'rtconf-custom-argv0' }));
      await untilAborted(ctx, child.closed);
      expect(JSON.parse(child.stdout())).to.deep.equal({ args: ['x'], argv0: 'rtconf-custom-argv0' });
    },
  }),
  defineCase({
    id: 'child_process.spawn.argv0-defaults-to-command',
    module: 'child_process',
    rules: ['child_process.spawn.argv0-default'],
    async run(ctx) {
      const child = track(ctx, ctx.cp.spawn('sh', ['-c', 'printf "%s" "$0"']));
      await untilAborted(ctx, child.closed);
      expect(child.stdout(), 'argv[0] is the command as given').to.equal('sh');
    },
  }),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via) =>
    defineCase({
      id: `child_process.${via}.cwd-string`,
      module: 'child_process',
      rules: [rule(via, via === 'exec' ? 'cwd-string' : 'cwd')],
      async run(ctx) {
        const dir = await ctx.tmpDir();
        expect((await reportVia(ctx, via, [], { cwd: dir })).cwd).to.equal(await realpath(dir));
      },
    }),
  ),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via) =>
    defineCase({
      id: `child_process.${via}.cwd-file-url`,
      module: 'child_process',
      rules: [rule(via, 'cwd-file-url')],
      async run(ctx) {
        const dir = await ctx.tmpDir();
        expect((await reportVia(ctx, via, [], { cwd: pathToFileURL(dir) })).cwd).to.equal(await realpath(dir));
      },
    }),
  ),
  defineCase({
    id: 'child_process.exec.cwd-other-url-throws',
    module: 'child_process',
    rules: ['child_process.exec.cwd-url-must-be-file'],
    run(ctx) {
      const error = thrownBy(ctx, () => ctx.cp.exec('true', { cwd: new URL('http://127.0.0.1/tmp') as unknown as string }), 'exec with an http: cwd');
      expect(error).to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'child_process.exec.cwd-defaults-to-process-cwd',
    module: 'child_process',
    rules: ['child_process.exec.cwd-default'],
    async run(ctx) {
      expect((await reportVia(ctx, 'exec', [], {})).cwd).to.equal(await realpath(process.cwd()));
    },
  }),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via) =>
    defineCase({
      id: `child_process.${via}.env-replaces-environment`,
      module: 'child_process',
      rules: [rule(via, 'env-custom')],
      async run(ctx) {
        const parentOnly = `RTCONF_PARENT_${ctx.seed}`;
        process.env[parentOnly] = 'parent';
        ctx.defer(() => delete process.env[parentOnly]);
        const report = await reportVia(ctx, via, ['RTCONF_GIVEN', parentOnly], { env: { RTCONF_GIVEN: 'given value', PATH: process.env['PATH'] } });
        expect(report.env).to.deep.equal({ RTCONF_GIVEN: 'given value', [parentOnly]: null });
      },
    }),
  ),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via) =>
    defineCase({
      id: `child_process.${via}.env-defaults-to-process-env`,
      module: 'child_process',
      rules: [rule(via, 'env-default')],
      async run(ctx) {
        const name = `RTCONF_INHERITED_${ctx.seed}`;
        process.env[name] = 'from the parent';
        ctx.defer(() => delete process.env[name]);
        expect((await reportVia(ctx, via, [name], {})).env).to.deep.equal({ [name]: 'from the parent' });
      },
    }),
  ),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).flatMap((via) => [identityCase(via, 'uid'), identityCase(via, 'gid')]),
  ...(['spawn', 'fork'] as const).flatMap((via) => [
    defineCase({
      id: `child_process.${via}.detached-leaves-process-group`,
      module: 'child_process',
      rules: [rule(via, 'detached')],
      async run(ctx) {
        const report = await processReport(ctx, via, { detached: true });
        expect(report.pgrp, 'the child leads its own process group').to.equal(report.pid);
        expect(report.pgrp, "not the parent's process group").to.not.equal(report.parentPgrp);
      },
    }),
    defineCase({
      id: `child_process.${via}.not-detached-stays-in-process-group`,
      module: 'child_process',
      rules: [rule(via, 'detached')],
      async run(ctx) {
        const report = await processReport(ctx, via, {});
        expect(report.pgrp, "the parent's process group").to.equal(report.parentPgrp);
      },
    }),
  ]),
];
