// Windows-only rules: case-insensitive environment names, .bat/.cmd scripts, quoting, the PATH used without
// `env.PATH`, ComSpec as the shell, windowsHide and windowsVerbatimArguments. The runner reports these cases `na` on
// other platforms (every rule they cite is limited to win32), so they only ever run on Windows.
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { expectError, method, nextEvent, untilAborted } from '../kit.js';
import { fixtureCommand, launch, noError, runToCallback, text } from './_util.js';

/** A batch file (in a directory whose name has a space when the file's has) that prints its first argument. */
async function batchFile(ctx: CaseContext, name: string): Promise<string> {
  const dir = join(await ctx.tmpDir(), name.includes(' ') ? 'with space' : 'plain');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, '@echo off\r\necho batch:%~1\r\n');
  return path;
}

/** The environment a Windows child needs at least (without SystemRoot many programs cannot start). */
function minimalEnv(extra: Record<string, string>): Record<string, string | undefined> {
  return { SystemRoot: process.env['SystemRoot'], ...extra };
}

/**
 * PowerShell reading its own STARTUPINFO: wShowWindow is 0 (SW_HIDE) when the parent asked for a hidden window.
 * Compiling the declaration takes a moment, hence the generous timeouts of the windowsHide cases.
 */
const SHOW_WINDOW_SCRIPT = [
  'Add-Type -TypeDefinition \'using System; using System.Runtime.InteropServices;',
  'public static class Si { [StructLayout(LayoutKind.Sequential)] public struct S { public int cb; public IntPtr r; public IntPtr d; public IntPtr t;',
  'public int x; public int y; public int xs; public int ys; public int xc; public int yc; public int a; public int f; public short w; public short r2;',
  'public IntPtr r3; public IntPtr i; public IntPtr o; public IntPtr e; }',
  '[DllImport("kernel32.dll")] public static extern void GetStartupInfoW(out S s); }\';',
  '$s = New-Object Si+S; [Si]::GetStartupInfoW([ref]$s); Write-Output $s.w',
].join(' ');

async function showWindowOf(ctx: CaseContext, via: 'exec' | 'execFile', windowsHide: boolean | undefined): Promise<number> {
  const options = windowsHide === undefined ? {} : { windowsHide };
  const args = ['-NoProfile', '-NonInteractive', '-Command', SHOW_WINDOW_SCRIPT];
  const outcome =
    via === 'execFile'
      ? await runToCallback(ctx, 'execFile', 'powershell.exe', args, options)
      : await runToCallback(ctx, 'exec', `powershell.exe ${args.slice(0, 3).join(' ')} "${SHOW_WINDOW_SCRIPT.replace(/"/g, '\\"')}"`, options);
  noError(outcome.error, 'the callback error');
  return Number(text(outcome.stdout).trim());
}

export const windowsCases = defineCases('child_process', [
  {
    id: 'child_process.windows.env-names-case-insensitive',
    rules: ['child_process.general.windows-env-case-insensitive'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'report-env.mjs', 'RTCONF_CASE_TEST');
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, args, { env: minimalEnv({ rtconf_case_test: 'lower-case name' }) });
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).env, 'found under another letter case').to.deep.equal({ RTCONF_CASE_TEST: 'lower-case name' });
    },
  },
  {
    id: 'child_process.windows.env-first-of-case-variants-wins',
    rules: ['child_process.general.windows-env-first-match'],
    async run(ctx) {
      // Sorted, 'RTCONF_CASE' comes before 'rtconf_case': only the first of the two reaches the child.
      const [command, args] = fixtureCommand(ctx, 'report-env.mjs', 'RTCONF_CASE');
      const { error, stdout } = await runToCallback(ctx, 'execFile', command, args, { env: minimalEnv({ rtconf_case: 'lower', RTCONF_CASE: 'upper' }) });
      noError(error, 'the callback error');
      expect(JSON.parse(text(stdout)).env).to.deep.equal({ RTCONF_CASE: 'upper' });
    },
  },
  {
    id: 'child_process.windows.exec-file-cannot-run-bat',
    rules: ['child_process.general.windows-bat-not-exec-file'],
    async run(ctx) {
      const file = await batchFile(ctx, 'probe.bat');
      const { error, stdout } = await runToCallback(ctx, 'execFile', file, ['x']);
      expectError(error, 'the execFile callback error for a .bat file');
      expect(text(stdout), 'the script did not run').to.not.contain('batch:');
    },
  },
  {
    id: 'child_process.windows.exec-runs-bat',
    rules: ['child_process.general.windows-bat-via-exec'],
    async run(ctx) {
      const file = await batchFile(ctx, 'probe.cmd');
      const { error, stdout } = await runToCallback(ctx, 'exec', `"${file}" arg`);
      noError(error, 'the callback error');
      expect(text(stdout).trim()).to.equal('batch:arg');
    },
  },
  {
    id: 'child_process.windows.spawn-shell-runs-bat',
    rules: ['child_process.general.windows-bat-via-spawn-shell'],
    async run(ctx) {
      const file = await batchFile(ctx, 'probe.bat');
      const child = launch(ctx, 'spawn', [`"${file}"`, ['arg'], { shell: true }]);
      await untilAborted(ctx, child.closed);
      expect(child.stdout().trim()).to.equal('batch:arg');
    },
  },
  {
    id: 'child_process.windows.cmd-exe-runs-bat',
    rules: ['child_process.general.windows-bat-via-cmd-exe'],
    async run(ctx) {
      const file = await batchFile(ctx, 'probe.bat');
      const child = launch(ctx, 'spawn', ['cmd.exe', ['/c', file, 'arg']]);
      await untilAborted(ctx, child.closed);
      expect(child.stdout().trim()).to.equal('batch:arg');
    },
  },
  {
    id: 'child_process.windows.bat-name-with-spaces-quoted',
    rules: ['child_process.general.windows-bat-spaces-quoted'],
    async run(ctx) {
      const file = await batchFile(ctx, 'my probe.bat');
      const { error, stdout } = await runToCallback(ctx, 'exec', `"${file}" quoted`);
      noError(error, 'the callback error');
      expect(text(stdout).trim()).to.equal('batch:quoted');
    },
  },
  {
    id: 'child_process.windows.lookup-without-env-path-uses-process-path',
    rules: ['child_process.general.path-windows-process'],
    async run(ctx) {
      // `where.exe` is found through this process's PATH although the given env has none.
      const { error, stdout } = await runToCallback(ctx, 'execFile', 'where', ['cmd'], { env: minimalEnv({}) });
      noError(error, 'the callback error');
      expect(text(stdout).toLowerCase()).to.contain('cmd.exe');
    },
  },
  {
    id: 'child_process.windows.exec-default-shell-is-comspec',
    rules: ['child_process.exec.shell-default-windows'],
    async run(ctx) {
      // %CMDCMDLINE% is the command line of the cmd.exe running the command: it starts with the shell's path.
      const { error, stdout } = await runToCallback(ctx, 'exec', 'echo %CMDCMDLINE%');
      noError(error, 'the callback error');
      expect(text(stdout).trim().toLowerCase().replace(/^"/, '')).to.satisfy((line: string) => line.startsWith(String(process.env['ComSpec']).toLowerCase()));
    },
  },
  {
    id: 'child_process.windows.exec-file-shell-true-is-comspec',
    rules: ['child_process.exec-file.shell-true-windows'],
    async run(ctx) {
      const { error, stdout } = await runToCallback(ctx, 'execFile', 'echo %CMDCMDLINE%', [], { shell: true });
      noError(error, 'the callback error');
      expect(text(stdout).trim().toLowerCase().replace(/^"/, '')).to.satisfy((line: string) => line.startsWith(String(process.env['ComSpec']).toLowerCase()));
    },
  },
  {
    id: 'child_process.windows.spawn-shell-true-is-comspec',
    rules: ['child_process.spawn.shell-true-windows'],
    async run(ctx) {
      const child = launch(ctx, 'spawn', ['echo %CMDCMDLINE%', [], { shell: true }]);
      await untilAborted(ctx, child.closed);
      expect(child.stdout().trim().toLowerCase().replace(/^"/, '')).to.satisfy((line: string) => line.startsWith(String(process.env['ComSpec']).toLowerCase()));
    },
  },
  ...(['exec', 'execFile'] as const).map((via): CaseEntry => ({
    id: `child_process.windows.${via}-windows-hide`,
    rules: [via === 'exec' ? 'child_process.exec.windows-hide' : 'child_process.exec-file.windows-hide'],
    timeoutMs: 60000,
    async run(ctx) {
      expect(await showWindowOf(ctx, via, undefined), 'wShowWindow by default (0 would be SW_HIDE)').to.not.equal(0);
      expect(await showWindowOf(ctx, via, true), 'wShowWindow with windowsHide: true').to.equal(0);
    },
  })),
  {
    id: 'child_process.windows.exec-file-verbatim-arguments',
    rules: ['child_process.exec-file.windows-verbatim-arguments'],
    async run(ctx) {
      const [command, args] = fixtureCommand(ctx, 'echo-argv.mjs');
      const quoted = await runToCallback(ctx, 'execFile', command, [...args, '"a b"']);
      expect(JSON.parse(text(quoted.stdout)).args, 'default: quoted and escaped, the quotes arrive').to.deep.equal(['"a b"']);
      const verbatim = await runToCallback(ctx, 'execFile', command, [`"${args[0] as string}"`, '"a b"'], { windowsVerbatimArguments: true });
      expect(JSON.parse(text(verbatim.stdout)).args, 'verbatim: the quotes group the words').to.deep.equal(['a b']);
    },
  },
  {
    id: 'child_process.windows.fork-verbatim-arguments',
    rules: ['child_process.fork.windows-verbatim-arguments'],
    async run(ctx) {
      const modulePath = ctx.fixtures.path('ipc-echo.mjs');
      const quoted = launch(ctx, 'fork', [modulePath, ['"a b"'], { execArgv: [] }]);
      const [first] = await nextEvent<[{ argv: string[] }]>(ctx, quoted.child, 'message');
      expect(first.argv, 'default: the quotes arrive').to.deep.equal(['"a b"']);
      method(quoted.child, 'send', 'ChildProcess')('exit');
      const verbatim = launch(ctx, 'fork', [`"${modulePath}"`, ['"a b"'], { execArgv: [], windowsVerbatimArguments: true }]);
      const [second] = await nextEvent<[{ argv: string[] }]>(ctx, verbatim.child, 'message');
      expect(second.argv, 'verbatim: the quotes group the words').to.deep.equal(['a b']);
      method(verbatim.child, 'send', 'ChildProcess')('exit');
    },
  },
]);
