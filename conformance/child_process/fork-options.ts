// fork's process options: execPath (and the channel variable a custom one relies on), execArgv, module path and cwd
// as file: URLs, args, env, and `shell` being ignored; the child is a fresh process, not a clone.
import { expect } from 'chai';
import { readFile, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { method, nextEvent, untilAborted } from '../kit.js';
import { channelVariable, launch, refusedCall, shellQuote, type Tracked } from './_util.js';

interface Ready {
  readonly ready: true;
  /** The child's own pid, as it sees it. */
  readonly pid: number;
  readonly argv: string[];
  readonly cwd: string;
  readonly execPath: string;
  readonly execArgv: string[];
  /** The command line the child's executable was started with (argv[0] first), or null where the platform shows none. */
  readonly cmdline: string[] | null;
  readonly env: Record<string, string | null>;
  readonly marker: string | null;
}

async function readyOf(ctx: CaseContext, child: Tracked): Promise<Ready> {
  const [ready] = await nextEvent<[Ready]>(ctx, child.child, 'message');
  return ready;
}

async function finish(ctx: CaseContext, child: Tracked): Promise<void> {
  method(child.child, 'send', 'ChildProcess')('exit');
  await untilAborted(ctx, child.closed);
}

/** A runtime argument that changes nothing: V8's stack size at its default (in KiB). */
const EXTRA_RUNTIME_ARGUMENT = '--stack-size=984';

function forkEcho(ctx: CaseContext, modulePath: string | URL, args: string[], options: object): Tracked {
  return launch(ctx, 'fork', [modulePath as string, args, { execArgv: [], ...options }]);
}

export const forkOptionCases = defineCases('child_process', [
  {
    id: 'child_process.fork.custom-exec-path-gets-channel-fd',
    rules: ['child_process.fork.channel-fd-env', 'child_process.fork.exec-path-custom'],
    async run(ctx) {
      // /bin/sh as the "runtime": it knows nothing of any JavaScript IPC, only the descriptor number in the variable.
      const variable = channelVariable(ctx);
      const child = launch(ctx, 'fork', [ctx.fixtures.path('channel-fd.sh'), [variable], { execPath: '/bin/sh', execArgv: [], silent: true }]);
      const hello = await untilAborted(
        ctx,
        Promise.race([
          nextEvent<[unknown]>(ctx, child.child, 'message').then(([message]) => message),
          child.exited.then(() => `no message: the child exited early (${child.stderr().trim() || 'nothing on its stderr'})`),
        ]),
      );
      const declared = ctx.candidate.declared?.ipcChannelVariable === undefined ? `${variable}, the spec's name (a candidate whose runtime uses another declares it as declared.ipcChannelVariable)` : `${variable}, as the candidate declares`;
      if (typeof hello === 'string') throw new CaseFailure(`the child with a custom execPath got no channel from ${declared}: ${hello}`, { expected: `a descriptor number in ${variable}`, actual: hello });
      expect(hello, `first message from the child, which read ${declared}`).to.deep.include({ hello: 'from sh' });
      const reply = nextEvent<[unknown]>(ctx, child.child, 'message');
      method(child.child, 'send', 'ChildProcess')({ ping: [1, 'two'] });
      expect((await reply)[0], 'its answer to our message').to.deep.equal({ got: { ping: [1, 'two'] } });
      await untilAborted(ctx, child.closed);
    },
  },
  {
    id: 'child_process.fork.exec-path-default-is-parent-runtime',
    rules: ['child_process.fork.exec-path-default'],
    async run(ctx) {
      const child = forkEcho(ctx, ctx.fixtures.path('ipc-echo.mjs'), [], {});
      const ready = await readyOf(ctx, child);
      expect(await realpath(ready.execPath)).to.equal(await realpath(process.execPath));
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.exec-argv-precedes-module-and-args',
    rules: ['child_process.fork.exec-argv-custom'],
    async run(ctx) {
      // With /bin/sh as execPath, `-c <script> <name>` as execArgv makes the module path and args the script's "$@".
      // The script writes them to a file, so reading them depends on no stdio option.
      const modulePath = ctx.fixtures.path('exit-code.mjs');
      const out = join(await ctx.tmpDir(), 'argv');
      const script = `printf "%s\\n" "$0" "$@" > ${shellQuote(out)}`;
      const child = launch(ctx, 'fork', [modulePath, ['m1', 'm 2'], { execPath: '/bin/sh', execArgv: ['-c', script, 'script-name'] }]);
      await untilAborted(ctx, child.closed);
      // The fixtures folder is written <fixtures> on both sides, so a report does not carry this machine's checkout path.
      const portable = (text: string): string => text.split(dirname(modulePath)).join('<fixtures>');
      const got = await readFile(out, 'utf8').catch(() => 'nothing written');
      expect(portable(got), 'what the executable got, in order').to.equal(portable(`script-name\n${modulePath}\nm1\nm 2\n`));
    },
  },
  {
    id: 'child_process.fork.exec-argv-default-is-parent-exec-argv',
    rules: ['child_process.fork.exec-argv-default'],
    timeoutMs: 20000,
    async run(ctx) {
      // The parent's runtime arguments are often none (an agent is started without any), and two empty lists tell a
      // child given them from one given nothing. So for the length of the case they hold one more: --stack-size=984,
      // V8's own stack size, which changes nothing, and which every runtime measured accepts (Deno as
      // --v8-flags=--stack-size=984). process.execArgv is the default the spec names, read when fork is called.
      const saved = [...process.execArgv];
      process.execArgv.push(EXTRA_RUNTIME_ARGUMENT);
      ctx.defer(() => process.execArgv.splice(0, process.execArgv.length, ...saved));
      const parentArgv = [...process.execArgv];
      const modulePath = ctx.fixtures.path('ipc-echo.mjs');
      const child = launch(ctx, 'fork', [modulePath, []]);
      const ready = await readyOf(ctx, child);
      await finish(ctx, child);
      // What the child's executable got before the module: its command line where the platform shows one (a runtime may
      // report its own arguments as no execArgv, or write them in its own form, each inside one of its arguments).
      const given = ready.cmdline ? ready.cmdline.slice(1, ready.cmdline.indexOf(modulePath) < 0 ? undefined : ready.cmdline.indexOf(modulePath)) : ready.execArgv;
      const reached = parentArgv.filter((arg) => given.some((each) => each === arg || each.includes(arg)));
      expect(reached, `the parent's execArgv that reached the child's executable (it got ${JSON.stringify(given)})`).to.deep.equal(parentArgv);
    },
  },
  {
    id: 'child_process.fork.options-in-place-of-args',
    rules: ['child_process.fork.args-optional'],
    timeoutMs: 20000,
    async run(ctx) {
      const modulePath = ctx.fixtures.path('ipc-echo.mjs');
      // Options in the second place: applied (the cwd given is the child's), and the module gets no arguments. The
      // cwd is the witness: what a runtime does with execArgv is another rule's.
      // Paths are compared resolved, after the call, so that the candidate is called before the case's own realpath.
      const cwd = join(modulePath, '..');
      const withOptions = launch(ctx, 'fork', [modulePath, { execArgv: [], cwd }]);
      const ready = await readyOf(ctx, withOptions);
      expect(ready.argv, 'the arguments of fork(modulePath, options)').to.deep.equal([]);
      expect(await realpath(ready.cwd), 'the cwd of fork(modulePath, { execArgv: [], cwd })').to.equal(await realpath(cwd));
      await finish(ctx, withOptions);
      // Nothing after the module path: no arguments either.
      const alone = launch(ctx, 'fork', [modulePath]);
      expect((await readyOf(ctx, alone)).argv, 'the arguments of fork(modulePath)').to.deep.equal([]);
      await finish(ctx, alone);
    },
  },
  {
    id: 'child_process.fork.module-path-file-url',
    rules: ['child_process.fork.module-path-file-url'],
    async run(ctx) {
      const child = forkEcho(ctx, pathToFileURL(ctx.fixtures.path('ipc-echo.mjs')), ['arg'], {});
      expect((await readyOf(ctx, child)).argv).to.deep.equal(['arg']);
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.module-path-other-url-throws',
    rules: ['child_process.fork.module-path-url-must-be-file'],
    run(ctx) {
      refusedCall(ctx, 'fork', {
        accepted: [ctx.fixtures.path('exit-code.mjs'), ['0'], { execArgv: [] }],
        refused: [new URL('http://127.0.0.1/exit-code.mjs'), ['0'], { execArgv: [] }],
        what: 'fork of an http: URL',
      });
    },
  },
  {
    id: 'child_process.fork.runs-module-with-args',
    rules: ['child_process.fork.module-path', 'child_process.fork.args'],
    async run(ctx) {
      const args = ['one', 'two words', '', 'ünïcødé'];
      const child = forkEcho(ctx, ctx.fixtures.path('ipc-echo.mjs'), args, {});
      const ready = await readyOf(ctx, child);
      expect(ready.ready, 'the module ran').to.equal(true);
      expect(ready.argv, 'its arguments').to.deep.equal(args);
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.shell-ignored',
    rules: ['child_process.fork.shell-ignored'],
    async run(ctx) {
      const args = ['$HOME', 'a b', ';', 'echo', 'x'];
      const child = forkEcho(ctx, ctx.fixtures.path('ipc-echo.mjs'), args, { shell: true });
      expect((await readyOf(ctx, child)).argv, 'arguments untouched by any shell').to.deep.equal(args);
      await finish(ctx, child);
    },
  },
  {
    id: 'child_process.fork.child-is-new-process',
    rules: ['child_process.fork.not-a-clone', 'child_process.fork.separate-instance'],
    async run(ctx) {
      (globalThis as Record<string, unknown>)['__rtconfForkMarker'] = `rtconf-${ctx.seed}`;
      ctx.defer(() => delete (globalThis as Record<string, unknown>)['__rtconfForkMarker']);
      const child = forkEcho(ctx, ctx.fixtures.path('ipc-echo.mjs'), [], {});
      const ready = await readyOf(ctx, child);
      expect(ready.pid, 'the pid the child reports: another process').to.be.a('number').and.not.equal(process.pid);
      expect(ready.marker, "the parent's state is not in the child").to.equal(null);
      await finish(ctx, child);
    },
  },
]);
