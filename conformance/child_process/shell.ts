// Shells: exec always runs its command line in a shell (`/bin/sh` unless `shell` names another), execFile and spawn
// only when `shell` is set, and without one metacharacters reach the program literally.
import { expect } from 'chai';
import { readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defineCases, type CaseContext } from '../case.js';
import { untilAborted } from '../kit.js';
import { fixtureCommand, fixtureCommandLine, launch, noError, runToCallback, text, writeExecutable } from './_util.js';

/** A stand-in shell: prints each argument it gets on its own line, prefixed, so the case sees how it was called. */
async function recordingShell(ctx: CaseContext, name = 'recording-shell'): Promise<string> {
  const path = join(await ctx.tmpDir(), name);
  await writeExecutable(ctx, path, "#!/bin/sh\nfor arg in \"$@\"; do printf 'arg:%s\\n' \"$arg\"; done\n");
  return path;
}

export const shellCases = defineCases('child_process', [
  {
    id: 'child_process.exec.default-shell-is-bin-sh',
    rules: ['child_process.exec.shell-default-posix'],
    async run(ctx) {
      const { error, stdout } = await runToCallback(ctx, 'exec', 'printf "%s" "$0"');
      noError(error, 'the callback error');
      expect(text(stdout), '$0 of the shell').to.equal('/bin/sh');
    },
  },
  {
    id: 'child_process.exec.named-shell-gets-command-line',
    rules: ['child_process.exec.shell-custom'],
    async run(ctx) {
      const shell = await recordingShell(ctx);
      const { error, stdout } = await runToCallback(ctx, 'exec', 'echo one two', { shell });
      noError(error, 'the callback error');
      expect(text(stdout)).to.equal('arg:-c\narg:echo one two\n');
      // Whatever the shell is called: on Unix a shell named like Windows' cmd.exe, given by its bare name and found on
      // the PATH, is a shell like any other.
      if (process.platform !== 'win32') {
        for (const name of ['cmd', 'cmd.exe']) {
          const path = await recordingShell(ctx, name);
          const env = { ...process.env, PATH: `${dirname(path)}:${process.env['PATH'] ?? '/usr/bin:/bin'}` };
          const named = await runToCallback(ctx, 'exec', 'echo one two', { shell: name, env });
          noError(named.error, `the callback error with the shell ${name}`);
          expect(text(named.stdout), `what the shell ${name} was given`).to.equal('arg:-c\narg:echo one two\n');
        }
      }
    },
  },
  {
    id: 'child_process.exec.shell-interprets-metacharacters',
    rules: ['child_process.exec.command-shell-interpreted'],
    async run(ctx) {
      const line = 'printf a; printf b | tr b c; RTCONF_WORD=w; false || printf "$RTCONF_WORD"; printf z > /dev/null && printf "%s" $((6*7))';
      const { error, stdout } = await runToCallback(ctx, 'exec', line);
      noError(error, 'the callback error');
      expect(text(stdout), 'sequence, pipe, ||, variable, redirection, && and arithmetic all applied').to.equal('acw42');
    },
  },
  {
    id: 'child_process.exec.command-words-split-on-spaces',
    rules: ['child_process.exec.command-shell-interpreted'],
    async run(ctx) {
      // The shell's word splitting, not a split on spaces: runs of blanks (a tab too) separate words, and quotes and a
      // backslash keep a space inside one (a command line merely split on ' ' would give '"second', 'word"', …).
      const { error, stdout } = await runToCallback(ctx, 'exec', `${fixtureCommandLine(ctx, 'echo-argv.mjs')} first  "second word"\tthird 'x y' esc\\ aped`);
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).args).to.deep.equal(['first', 'second word', 'third', 'x y', 'esc aped']);
    },
  },
  {
    id: 'child_process.execFile.no-shell-by-default',
    rules: ['child_process.exec-file.runs-file-directly'],
    async run(ctx) {
      const literal = ['$HOME', 'a b', '|', 'a;b', '`id`', '"q"', '$(echo x)'];
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', ...literal);
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, args);
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).args, 'arguments arrive as given, nothing expanded').to.deep.equal(literal);
    },
  },
  {
    id: 'child_process.execFile.no-shell-no-globbing',
    rules: ['child_process.exec-file.no-shell-no-globbing'],
    async run(ctx) {
      const dir = await ctx.tmpDir();
      await writeFile(join(dir, 'one.txt'), '');
      await writeFile(join(dir, 'two.txt'), '');
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', '*.txt', '*', '?ne.txt');
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, args, { cwd: dir });
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).args, 'patterns that would match files arrive unexpanded').to.deep.equal(['*.txt', '*', '?ne.txt']);
    },
  },
  {
    id: 'child_process.execFile.no-shell-no-redirection',
    rules: ['child_process.exec-file.no-shell-no-redirection'],
    async run(ctx) {
      const dir = await ctx.tmpDir();
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', '>', 'out.txt', '2>&1', '<', 'missing-input');
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, args, { cwd: dir });
      noError(error, 'the callback error (a shell would fail on the missing input file)');
      expect(JSON.parse(text(stdout)).args, 'operators arrive as arguments').to.deep.equal(['>', 'out.txt', '2>&1', '<', 'missing-input']);
      expect(await readdir(dir), 'no file was created by redirection').to.deep.equal([]);
    },
  },
  {
    id: 'child_process.execFile.shell-true-uses-bin-sh',
    rules: ['child_process.exec-file.shell-true-posix'],
    async run(ctx) {
      const { error, stdout } = await runToCallback(ctx, 'execFile', 'printf "%s|%s" "$0" $((1+1))', [], { shell: true });
      noError(error, 'the callback error');
      expect(text(stdout)).to.equal('/bin/sh|2');
    },
  },
  {
    id: 'child_process.execFile.shell-string-names-shell',
    rules: ['child_process.exec-file.shell-string'],
    async run(ctx) {
      const shell = await recordingShell(ctx);
      // The command alone: how args given beside a shell join the command line the spec does not say (it deprecates them).
      const { error, stdout } = await runToCallback(ctx, 'execFile', 'run with words', [], { shell });
      noError(error, 'the callback error');
      expect(text(stdout), 'what the named shell was given').to.equal('arg:-c\narg:run with words\n');
    },
  },
  {
    id: 'child_process.spawn.shell-true-uses-bin-sh',
    rules: ['child_process.spawn.shell-true-posix'],
    async run(ctx) {
      // The whole command line as the command: how args given beside a shell join it the spec does not say.
      const child = launch(ctx, 'spawn', ['printf "%s:" "$0"; printf %s done', [], { shell: true }]);
      expect(await untilAborted(ctx, child.closed)).to.deep.equal([0, null]);
      expect(child.stdout()).to.equal('/bin/sh:done');
    },
  },
  {
    id: 'child_process.spawn.shell-string-names-shell',
    rules: ['child_process.spawn.shell-string'],
    async run(ctx) {
      const shell = await recordingShell(ctx);
      const child = launch(ctx, 'spawn', ['a b c', [], { shell }]);
      await untilAborted(ctx, child.closed);
      expect(child.stdout(), 'what the named shell was given').to.equal('arg:-c\narg:a b c\n');
    },
  },
  {
    id: 'child_process.spawn.no-shell-by-default',
    rules: ['child_process.spawn.no-shell-default'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs', '$0', 'a b', '&&', 'c');
      const child = launch(ctx, 'spawn', [command, args]);
      await untilAborted(ctx, child.closed);
      expect(JSON.parse(child.stdout()).args).to.deep.equal(['$0', 'a b', '&&', 'c']);
    },
  },
]);
