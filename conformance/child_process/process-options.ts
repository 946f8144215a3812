// Options that shape the child process: argv0, cwd (string or file: URL, other URLs refused), env (replaces the
// parent's, which is the default), uid/gid and detached.
import { expect } from 'chai';
import { chmod, readFile, realpath, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CaseFailure, CaseNotApplicable, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { api, describeThrown, expectError, untilAborted } from '../kit.js';
import { asChildProcess, fixtureCommand, fixtureCommandLine, launch, noError, refusedCall, runToCallback, shellQuote, text, track, unsetEnv } from './_util.js';

type Via = 'exec' | 'execFile' | 'spawn' | 'fork';

interface EnvReport {
  readonly cwd: string;
  readonly env: Record<string, string | null>;
}

/** The rule id of `name` for a function (the catalogue spells execFile as `exec-file`). */
const rule = (via: Via, name: string): string => `child_process.${via === 'execFile' ? 'exec-file' : via}.${name}`;

/**
 * What a forked reporting fixture sends over its IPC channel — the channel fork sets up by definition, so reading the
 * report does not depend on `silent` or `stdio` — then checks that it exited normally.
 */
async function forkedReport<T>(ctx: CaseContext, fixture: string, args: string[], options: object): Promise<T> {
  const child = launch(ctx, 'fork', [ctx.fixtures.path(fixture), args, { execArgv: [], ...options }]);
  const report = untilAborted(ctx, new Promise<T>((resolve) => child.child.once('message', (message: T) => resolve(message))));
  const [message, exit] = await Promise.all([report, untilAborted(ctx, child.closed)]);
  expect(exit, 'exit of the child').to.deep.equal([0, null]);
  return message;
}

/** Runs the report-env fixture through `via` and returns what it reported. */
async function reportVia(ctx: CaseContext, via: Via, names: string[], options: object): Promise<EnvReport> {
  if (via === 'fork') return forkedReport<EnvReport>(ctx, 'report-env.mjs', names, options);
  if (via === 'spawn') {
    const child = launch(ctx, 'spawn', [...fixtureCommand(ctx, 'report-env.mjs', ...names), options]);
    expect(await untilAborted(ctx, child.closed), `exit of the child (stderr: ${child.stderr()})`).to.deep.equal([0, null]);
    return JSON.parse(child.stdout()) as EnvReport;
  }
  const outcome =
    via === 'exec'
      ? await runToCallback(ctx, 'exec', fixtureCommandLine(ctx, 'report-env.mjs', ...names), options)
      : await runToCallback(ctx, 'execFile', ...fixtureCommand(ctx, 'report-env.mjs', ...names), options);
  noError(outcome.error, 'the callback error');
  return JSON.parse(text(outcome.stdout)) as EnvReport;
}

/** What a child started under an identity did: what it printed, or the error that refused it. */
type IdentityOutcome = { readonly printed: string } | { readonly refused: unknown };

/**
 * Runs `id -u; id -g` through `via` under the given identity. A refusal counts however it comes: thrown by the call
 * (as Node does for EPERM), passed to the callback, or emitted as 'error'.
 */
async function identity(ctx: CaseContext, via: Via, uid: number, gid: number): Promise<IdentityOutcome> {
  const script = 'id -u; id -g';
  // A forked child writes to a file (made writable for any identity), so reading it depends on no stdio option.
  const out = join(await ctx.tmpDir(), 'identity');
  await writeFile(out, '');
  await chmod(out, 0o666);
  await chmod(dirname(out), 0o711);
  const launcher = api(ctx, 'child_process', via) as unknown as (...args: unknown[]) => unknown;
  let resolveCallback!: (outcome: IdentityOutcome) => void;
  const called = new Promise<IdentityOutcome>((resolve) => (resolveCallback = resolve));
  const callback = (error: unknown, stdout: unknown): void => resolveCallback(error ? { refused: error } : { printed: text(stdout) });
  // fork with /bin/sh as its runtime: `-c <script>` as execArgv, the module path becomes $0.
  const args: Record<Via, unknown[]> = {
    exec: [script, { uid, gid }, callback],
    execFile: ['/bin/sh', ['-c', script], { uid, gid }, callback],
    spawn: ['/bin/sh', ['-c', script], { uid, gid }],
    fork: [ctx.fixtures.path('exit-code.mjs'), [], { execPath: '/bin/sh', execArgv: ['-c', `{ ${script}; } > ${shellQuote(out)}`], uid, gid }],
  };
  let returned: unknown;
  try {
    returned = Reflect.apply(launcher, ctx.cp, args[via]);
  } catch (error) {
    return { refused: error };
  }
  const child = track(ctx, asChildProcess(returned, `what child_process.${via} returned`));
  if (via === 'exec' || via === 'execFile') return untilAborted(ctx, called);
  const failed = new Promise<IdentityOutcome>((resolve) => child.child.once('error', (error: unknown) => resolve({ refused: error })));
  const ended = child.closed.then(async (): Promise<IdentityOutcome> => ({ printed: via === 'fork' ? await readFile(out, 'utf8') : child.stdout() }));
  return untilAborted(ctx, Promise.race([failed, ended]));
}

/**
 * As root the child must run as `nobody` (65534). Unprivileged, the switch to another identity must be refused — and
 * the same call keeping the own identity must run, so that a function refusing everything shows no such refusal.
 */
function identityCase(via: Via, which: 'uid' | 'gid'): CaseEntry {
  return {
    id: `child_process.${via}.${which}-sets-child-identity`,
    rules: [rule(via, which)],
    async run(ctx) {
      const own = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
      // `nobody` (65534), or a neighbour when this process already runs as it: the identity asked for is another one.
      const nobody = own[which] === 65534 ? 65533 : 65534;
      const wanted = { ...own, [which]: nobody };
      if (own.uid === 0) {
        const outcome = await identity(ctx, via, wanted.uid, wanted.gid);
        if ('refused' in outcome) throw new CaseFailure(`child_process.${via} with ${which} ${nobody} failed: ${describeThrown(outcome.refused)}`, { expected: `a child running as ${which} ${nobody}`, actual: describeThrown(outcome.refused) });
        expect(outcome.printed, 'uid and gid the child runs with').to.equal(`${wanted.uid}\n${wanted.gid}\n`);
        return;
      }
      const control = await identity(ctx, via, own.uid, own.gid);
      if ('refused' in control) throw new CaseFailure(`child_process.${via} refused even the own uid and gid (the control): ${describeThrown(control.refused)}`, { expected: 'a child running as this process does', actual: describeThrown(control.refused) });
      expect(control.printed, 'uid and gid of a child asked to keep the own identity (the control)').to.equal(`${own.uid}\n${own.gid}\n`);
      const outcome = await identity(ctx, via, wanted.uid, wanted.gid);
      if ('printed' in outcome) throw new CaseFailure(`an unprivileged switch to ${which} ${nobody} was not refused: the child ran and printed ${JSON.stringify(outcome.printed)}`, { expected: 'the switch refused', actual: outcome.printed });
      expectError(outcome.refused, `the refusal of an unprivileged switch to ${which} ${nobody}`);
    },
  };
}

interface ProcessReport {
  readonly pid: number;
  readonly pgrp: number;
  readonly session: number;
  readonly parentPgrp: number;
}

/** Runs the report-process fixture through spawn or fork with the given options. */
async function processReport(ctx: CaseContext, via: 'spawn' | 'fork', options: object): Promise<ProcessReport> {
  if (via === 'fork') return forkedReport<ProcessReport>(ctx, 'report-process.mjs', [], options);
  const child = launch(ctx, 'spawn', [...fixtureCommand(ctx, 'report-process.mjs'), options]);
  expect(await untilAborted(ctx, child.closed), `exit of the child (stderr: ${child.stderr()})`).to.deep.equal([0, null]);
  return JSON.parse(child.stdout()) as ProcessReport;
}

export const processOptionCases = defineCases('child_process', [
  {
    id: 'child_process.spawn.options-in-place-of-args',
    rules: ['child_process.spawn.args-optional'],
    async run(ctx) {
      // pwd takes no arguments and prints its working directory: the options reached it when it prints the cwd given.
      // Paths are compared resolved, after the call, so that the candidate is called before the case's own realpath.
      const cwd = dirname(ctx.fixtures.path('sleep.mjs'));
      const withOptions = launch(ctx, 'spawn', ['pwd', { cwd }]);
      expect(await untilAborted(ctx, withOptions.closed), "the exit of spawn('pwd', { cwd })").to.deep.equal([0, null]);
      expect(await realpath(withOptions.stdout().trim()), "the output of spawn('pwd', { cwd })").to.equal(await realpath(cwd));
      const alone = launch(ctx, 'spawn', ['pwd']);
      expect(await untilAborted(ctx, alone.closed), "the exit of spawn('pwd')").to.deep.equal([0, null]);
      expect(await realpath(alone.stdout().trim()), "the output of spawn('pwd')").to.equal(await realpath(process.cwd()));
    },
  },
  {
    id: 'child_process.spawn.argv0-sets-argv0',
    rules: ['child_process.spawn.argv0-custom'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', 'x');
      const child = launch(ctx, 'spawn', [command, args, { argv0: 'rtconf-custom-argv0' }]);
      await untilAborted(ctx, child.closed);
      expect(JSON.parse(child.stdout())).to.deep.equal({ args: ['x'], argv0: 'rtconf-custom-argv0' });
    },
  },
  {
    id: 'child_process.spawn.argv0-defaults-to-command',
    rules: ['child_process.spawn.argv0-default'],
    async run(ctx) {
      const child = launch(ctx, 'spawn', ['sh', ['-c', 'printf "%s" "$0"']]);
      await untilAborted(ctx, child.closed);
      expect(child.stdout(), 'argv[0] is the command as given').to.equal('sh');
    },
  },
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.cwd-string`,
    rules: [rule(via, via === 'exec' ? 'cwd-string' : 'cwd')],
    async run(ctx) {
      const dir = await ctx.tmpDir();
      expect((await reportVia(ctx, via, [], { cwd: dir })).cwd).to.equal(await realpath(dir));
    },
  })),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.cwd-file-url`,
    rules: [rule(via, 'cwd-file-url')],
    async run(ctx) {
      const dir = await ctx.tmpDir();
      expect((await reportVia(ctx, via, [], { cwd: pathToFileURL(dir) })).cwd).to.equal(await realpath(dir));
    },
  })),
  {
    id: 'child_process.exec.cwd-other-url-throws',
    rules: ['child_process.exec.cwd-url-must-be-file'],
    async run(ctx) {
      const dir = await ctx.tmpDir();
      refusedCall(ctx, 'exec', { accepted: ['true', { cwd: dir }], refused: ['true', { cwd: new URL(`http://127.0.0.1${dir}`) }], what: 'exec with an http: cwd' });
    },
  },
  {
    id: 'child_process.exec.cwd-defaults-to-process-cwd',
    rules: ['child_process.exec.cwd-default'],
    async run(ctx) {
      expect((await reportVia(ctx, 'exec', [], {})).cwd).to.equal(await realpath(process.cwd()));
    },
  },
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.env-replaces-environment`,
    rules: [rule(via, 'env-custom')],
    async run(ctx) {
      const parentOnly = `RTCONF_PARENT_${ctx.seed}`;
      process.env[parentOnly] = 'parent';
      ctx.defer(() => unsetEnv(parentOnly));
      const report = await reportVia(ctx, via, ['RTCONF_GIVEN', parentOnly], { env: { RTCONF_GIVEN: 'given value', PATH: process.env['PATH'] } });
      expect(report.env).to.deep.equal({ RTCONF_GIVEN: 'given value', [parentOnly]: null });
    },
  })),
  ...(['execFile', 'spawn'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.env-is-all-the-child-gets`,
    rules: [rule(via, 'env-custom')],
    async run(ctx) {
      // Without a shell (which sets variables of its own) or a channel (which fork announces in one), the child's
      // environment is the pairs given: nothing added, whatever else the parent or the stdio setting is.
      const env = { RTCONF_GIVEN: 'given value', PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
      for (const stdio of via === 'spawn' ? ([undefined, 'pipe', ['pipe', 'pipe', 'pipe']] as const) : [undefined]) {
        // A copy each time: Node adds NODE_V8_COVERAGE to the env object it is given (see below).
        const report = await reportVia(ctx, via, ['--all'], { env: { ...env }, ...(stdio === undefined ? {} : { stdio }) });
        // Node hands its coverage directory on to every child while coverage is collected (a diagnostic the reference
        // follows, marked beyond the spec): set in our own environment, it is no variable the candidate made up.
        const names = Object.keys(report.env).filter((name) => !(name === 'NODE_V8_COVERAGE' && process.env[name] !== undefined));
        expect(names.sort(), `the child's variables${stdio === undefined ? '' : ` with stdio ${JSON.stringify(stdio)}`}`).to.deep.equal(Object.keys(env).sort());
      }
    },
  })),
  ...(['execFile', 'spawn'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.env-names-differing-in-case-are-distinct`,
    rules: [rule(via, 'env-custom')],
    async run(ctx) {
      // Each pair of the env object is a variable of the child: off Windows, where general rule 3 keeps only the first
      // of names that differ in letter case alone, two such names are two variables.
      if (process.platform === 'win32') throw new CaseNotApplicable('on Windows, names that differ only in letter case are one variable (general rule 3)');
      const env = { RTCONF_CASE: 'upper', rtconf_case: 'lower', PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
      const report = await reportVia(ctx, via, ['rtconf_case', 'RTCONF_CASE'], { env });
      expect(report.env, 'both variables, each with its own value').to.deep.equal({ RTCONF_CASE: 'upper', rtconf_case: 'lower' });
    },
  })),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).map((via): CaseEntry => ({
    id: `child_process.${via}.env-defaults-to-process-env`,
    rules: [rule(via, 'env-default')],
    async run(ctx) {
      const name = `RTCONF_INHERITED_${ctx.seed}`;
      process.env[name] = 'from the parent';
      ctx.defer(() => unsetEnv(name));
      expect((await reportVia(ctx, via, [name], {})).env).to.deep.equal({ [name]: 'from the parent' });
    },
  })),
  ...(['exec', 'execFile', 'spawn', 'fork'] as const).flatMap((via) => [identityCase(via, 'uid'), identityCase(via, 'gid')]),
  ...(['spawn', 'fork'] as const).flatMap((via): CaseEntry[] => [
    {
      id: `child_process.${via}.detached-leaves-process-group`,
      rules: [rule(via, 'detached')],
      async run(ctx) {
        const report = await processReport(ctx, via, { detached: true });
        expect(report.pgrp, 'the child leads its own process group').to.equal(report.pid);
        expect(report.pgrp, "not the parent's process group").to.not.equal(report.parentPgrp);
      },
    },
    {
      id: `child_process.${via}.not-detached-stays-in-process-group`,
      rules: [rule(via, 'detached')],
      async run(ctx) {
        const report = await processReport(ctx, via, {});
        expect(report.pgrp, "the parent's process group").to.equal(report.parentPgrp);
      },
    },
  ]),
]);
