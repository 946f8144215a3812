// The vacuity audit of the rt:child_process cases: each case whose rule concerns an option or a value, with the
// candidates that ignore it (the option dropped, another default, the value swapped for the default), every one of
// which the case must fail; and the cases about neither, with why.
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CandidateModules } from '../../../conformance/modules.js';
import type { AuditEntry, IgnoringCandidate, ModuleAudit } from './audit-entry.js';
import {
  childProcessWith,
  dropOption,
  editedCallbackError,
  editedChildren,
  editedOptions,
  otherDefault,
  referenceLauncher,
  swappedOption,
  withEditedOptions,
  type Launcher,
  type Options,
} from './ignoring-child-process.js';

function candidate(ignores: string, build: () => CandidateModules['child_process']): IgnoringCandidate {
  return { ignores, modules: () => ({ child_process: build() }) };
}

const dropped = (launchers: readonly Launcher[], name: string): IgnoringCandidate => candidate(`drops ${name}`, () => dropOption(launchers, name));
const defaulted = (launchers: readonly Launcher[], name: string, value: unknown, said = JSON.stringify(value)): IgnoringCandidate =>
  candidate(`defaults ${name} to ${said}`, () => otherDefault(launchers, name, value));
const swapped = (launchers: readonly Launcher[], name: string, swap: (value: unknown) => unknown, said: string): IgnoringCandidate =>
  candidate(`reads ${name} ${said}`, () => swappedOption(launchers, name, swap));

/** Where a bare command is found along `path` (a `:`-list), or undefined. */
function lookUp(command: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, command), fsConstants.X_OK);
      return join(dir, command);
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * execFile and spawn whose bare command is looked up along `path(options)` (the PATH the candidate uses instead of the
 * spec's): found, it is called by its path; not found, by a path that does not exist.
 */
function lookupAlong(path: (options: Options) => string, launchers: readonly ('execFile' | 'spawn')[] = ['execFile', 'spawn']): CandidateModules['child_process'] {
  return childProcessWith(
    Object.fromEntries(
      launchers.map((via) => {
        const original = referenceLauncher(via);
        return [
          via,
          (command: unknown, ...rest: unknown[]) => {
            let options: Options = {};
            withEditedOptions(via, [command, ...rest], (given) => (options = given));
            if (typeof command !== 'string' || command.includes('/')) return original(command, ...rest);
            return original(lookUp(command, path(options)) ?? `/nonexistent-rtconf-lookup/${command}`, ...rest);
          },
        ];
      }),
    ),
  );
}

const envPath = (options: Options): string | undefined => (options['env'] as Record<string, string | undefined> | undefined)?.['PATH'];

/** exec running its command line without a shell: the words split on spaces, given to execFile. */
function execWithoutShell(): CandidateModules['child_process'] {
  const execFile = referenceLauncher('execFile');
  return childProcessWith({
    exec: (command: unknown, ...rest: unknown[]) => {
      const [file = '', ...words] = String(command).split(' ').filter((word) => word !== '');
      return execFile(file, words, ...rest);
    },
  });
}

/** fork honouring `shell: true` (the spec says fork ignores it): the module run through /bin/sh. */
function forkThroughShell(): CandidateModules['child_process'] {
  const spawn = referenceLauncher('spawn');
  const fork = referenceLauncher('fork');
  return childProcessWith({
    fork: (modulePath: unknown, args?: unknown, options?: unknown) => {
      const list = Array.isArray(args) ? (args as string[]) : [];
      const bag = ((Array.isArray(args) ? options : args) ?? {}) as Options;
      if (!bag['shell']) return fork(modulePath, args, options);
      return spawn(process.execPath, [...((bag['execArgv'] as string[]) ?? []), String(modulePath), ...list], { ...bag, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    },
  });
}

/** A launcher whose args array reaches the child empty. */
function argsIgnored(via: 'execFile' | 'spawn' | 'fork'): CandidateModules['child_process'] {
  const original = referenceLauncher(via);
  return childProcessWith({ [via]: (first: unknown, args?: unknown, ...rest: unknown[]) => (Array.isArray(args) ? original(first, [], ...rest) : original(first, args, ...rest)) });
}

/** A child whose 'close' event carries `code` whatever the exit code was. */
function closeCodeAlways(code: number): (child: ChildProcess) => void {
  return (child) => {
    const emit = child.emit.bind(child) as (event: string | symbol, ...args: unknown[]) => boolean;
    child.emit = ((event: string | symbol, ...args: unknown[]) => (event === 'close' ? emit(event, code, ...args.slice(1)) : emit(event, ...args))) as ChildProcess['emit'];
  };
}

const EXEC: readonly Launcher[] = ['exec', 'execFile'];
const ALL: readonly Launcher[] = ['exec', 'execFile', 'spawn', 'fork'];
const MIB = 1024 * 1024;

/** One entry per case id: `via` and `name` spell the ids of the cases made per function. */
function entries(ids: readonly string[], candidates: readonly IgnoringCandidate[]): AuditEntry[] {
  return ids.map((id) => ({ case: id, candidates }));
}

const perFunction = (vias: readonly string[], name: string): string[] => vias.map((via) => `child_process.${via}.${name}`);

export const childProcessAudit: ModuleAudit = {
  entries: [
    { case: 'child_process.spawn.default-stdio-pipes', candidates: [defaulted(['spawn'], 'stdio', 'ignore'), defaulted(['spawn'], 'stdio', 'inherit')] },
    { case: 'child_process.spawn.stdio-ignore-has-no-pipes', candidates: [dropped(['spawn'], 'stdio')] },
    { case: 'child_process.close-event.reports-exit-code', candidates: [candidate("gives 'close' the exit code 0 whatever the child's", () => editedChildren(['spawn'], closeCodeAlways(0)))] },
    {
      case: 'child_process.execFile.options-or-callback-in-place-of-args',
      candidates: [candidate('drops the options given in the place of args', () => childProcessWith({ execFile: (file: unknown, ...rest: unknown[]) => (Array.isArray(rest[0]) || rest[0] === undefined ? referenceLauncher('execFile')(file, ...rest) : referenceLauncher('execFile')(file, ...rest.filter((item) => typeof item === 'function'))) }))],
    },
    ...entries(perFunction(EXEC, 'exit-1-is-error-with-code-1'), [candidate('gives the callback error no code', () => editedCallbackError((error) => delete error['code']))]),
    ...entries(perFunction(EXEC, 'exit-42-is-error-with-code-42'), [candidate('gives the callback error code 1 for any non-zero exit', () => editedCallbackError((error) => typeof error['code'] === 'number' && (error['code'] = 1)))]),
    ...entries(perFunction(EXEC, 'death-by-sigterm-sets-signal'), [candidate('gives the callback error no signal', () => editedCallbackError((error) => (error['signal'] = null)))]),
    ...entries(perFunction(EXEC, 'death-by-sigkill-sets-signal'), [candidate('gives the callback error signal SIGTERM whatever ended the child', () => editedCallbackError((error) => error['signal'] && (error['signal'] = 'SIGTERM')))]),
    { case: 'child_process.exec.default-shell-is-bin-sh', candidates: [defaulted(['exec'], 'shell', 'sh'), candidate('runs the command without a shell', execWithoutShell)] },
    { case: 'child_process.exec.named-shell-gets-command-line', candidates: [dropped(['exec'], 'shell')] },
    ...entries(['child_process.exec.shell-interprets-metacharacters', 'child_process.exec.command-words-split-on-spaces'], [candidate('runs the command without a shell', execWithoutShell)]),
    ...entries(
      ['child_process.execFile.no-shell-by-default', 'child_process.execFile.no-shell-no-globbing', 'child_process.execFile.no-shell-no-redirection'],
      [defaulted(['execFile'], 'shell', true)],
    ),
    { case: 'child_process.execFile.shell-true-uses-bin-sh', candidates: [dropped(['execFile'], 'shell'), swapped(['execFile'], 'shell', () => 'sh', "true as 'sh' from PATH")] },
    { case: 'child_process.execFile.shell-string-names-shell', candidates: [dropped(['execFile'], 'shell'), swapped(['execFile'], 'shell', () => true, 'as true')] },
    { case: 'child_process.spawn.shell-true-uses-bin-sh', candidates: [dropped(['spawn'], 'shell'), swapped(['spawn'], 'shell', () => 'sh', "true as 'sh' from PATH")] },
    { case: 'child_process.spawn.shell-string-names-shell', candidates: [dropped(['spawn'], 'shell'), swapped(['spawn'], 'shell', () => true, 'as true')] },
    { case: 'child_process.spawn.no-shell-by-default', candidates: [defaulted(['spawn'], 'shell', true)] },
    { case: 'child_process.exec.encoding-default-utf8-strings', candidates: [defaulted(['exec'], 'encoding', 'buffer'), defaulted(['exec'], 'encoding', 'latin1')] },
    { case: 'child_process.execFile.encoding-default-utf8-strings', candidates: [defaulted(['execFile'], 'encoding', 'buffer'), defaulted(['execFile'], 'encoding', 'latin1')] },
    ...entries(perFunction(EXEC, 'utf8-output-cut-inside-a-character-ends-in-a-replacement'), [defaulted(EXEC, 'encoding', 'latin1')]),
    ...entries(perFunction(EXEC, 'encoding-buffer-gives-buffers'), [dropped(EXEC, 'encoding')]),
    ...entries(perFunction(EXEC, 'encoding-unknown-gives-buffers'), [swapped(EXEC, 'encoding', () => 'utf8', 'unknown to it as utf8')]),
    { case: 'child_process.exec.encoding-named-decodes', candidates: [dropped(['exec'], 'encoding')] },
    ...entries(
      ['stdout-truncated-exactly', 'stderr-truncated-exactly', 'zero-keeps-no-output', 'keeps-the-byte-that-reaches-it', 'counts-bytes-of-text', 'kills-child'].flatMap((name) => perFunction(EXEC, `max-buffer-${name}`)),
      [dropped(EXEC, 'maxBuffer')],
    ),
    ...entries(perFunction(EXEC, 'max-buffer-default-allows-1mib-per-stream'), [defaulted(EXEC, 'maxBuffer', 200 * 1024, '200 KiB')]),
    ...entries(perFunction(EXEC, 'max-buffer-default-is-1mib'), [defaulted(EXEC, 'maxBuffer', Infinity, 'no limit'), defaulted(EXEC, 'maxBuffer', 2 * MIB, '2 MiB')]),
    ...entries(perFunction(EXEC, 'timeout-sends-sigterm-by-default'), [dropped(EXEC, 'timeout'), defaulted(EXEC, 'killSignal', 'SIGKILL')]),
    ...entries(perFunction(EXEC, 'timeout-of-one-millisecond-kills'), [dropped(EXEC, 'timeout')]),
    ...entries(perFunction(EXEC, 'timeout-sends-kill-signal-by-name'), [dropped(EXEC, 'killSignal'), dropped(EXEC, 'timeout')]),
    ...entries(perFunction(EXEC, 'timeout-sends-kill-signal-by-number'), [dropped(EXEC, 'killSignal'), dropped(EXEC, 'timeout')]),
    ...entries(perFunction(EXEC, 'timeout-0-means-none'), [defaulted(EXEC, 'timeout', 50), swapped(EXEC, 'timeout', (value) => (value === 0 ? 50 : value), '0 as 50 ms')]),
    { case: 'child_process.exec.timeout-calls-back-when-the-shell-ends', candidates: [dropped(['exec'], 'timeout')] },
    { case: 'child_process.fork.timeout-sends-kill-signal', candidates: [dropped(['fork'], 'killSignal'), dropped(['fork'], 'timeout')] },
    { case: 'child_process.fork.timeout-sigterm-by-default', candidates: [defaulted(['fork'], 'killSignal', 'SIGKILL'), dropped(['fork'], 'timeout')] },
    { case: 'child_process.fork.no-timeout-by-default', candidates: [defaulted(['fork'], 'timeout', 50)] },
    { case: 'child_process.spawn.timeout-of-one-millisecond-kills', candidates: [dropped(['spawn'], 'timeout'), dropped(['spawn'], 'killSignal')] },
    { case: 'child_process.spawn.timeout-sends-kill-signal', candidates: [dropped(['spawn'], 'timeout'), dropped(['spawn'], 'killSignal')] },
    ...entries(
      ['before', 'after'].flatMap((when) => perFunction(EXEC, `abort-${when}-start-gives-abort-error`)),
      [dropped(EXEC, 'signal')],
    ),
    { case: 'child_process.fork.abort-after-start-emits-abort-error', candidates: [dropped(['fork'], 'signal'), defaulted(['fork'], 'killSignal', 'SIGKILL')] },
    { case: 'child_process.fork.abort-before-start-emits-abort-error', candidates: [dropped(['fork'], 'signal')] },
    { case: 'child_process.fork.abort-uses-kill-signal', candidates: [dropped(['fork'], 'killSignal'), dropped(['fork'], 'signal')] },
    { case: 'child_process.spawn.abort-ends-child-with-kill-signal', candidates: [dropped(['spawn'], 'killSignal'), dropped(['spawn'], 'signal')] },
    { case: 'child_process.execFile.promisified-abort-rejects-with-output', candidates: [dropped(['execFile'], 'signal')] },
    ...entries(['child_process.lookup.uses-env-path', 'child_process.lookup.env-path-wins-over-process-path', 'child_process.lookup.spawn-uses-env-path'], [
      candidate("looks commands up along the parent's PATH whatever env says", () => lookupAlong(() => process.env['PATH'] ?? '')),
    ]),
    { case: 'child_process.lookup.uses-process-path-without-env', candidates: [candidate('looks commands up along /usr/bin:/bin without env', () => lookupAlong((options) => (options['env'] ? (envPath(options) ?? '/usr/bin:/bin') : '/usr/bin:/bin')))] },
    { case: 'child_process.lookup.env-without-path-uses-default-path', candidates: [candidate('finds nothing when env has no PATH', () => lookupAlong((options) => (options['env'] ? (envPath(options) ?? '') : (process.env['PATH'] ?? ''))))] },
    { case: 'child_process.lookup.env-without-path-ignores-process-path', candidates: [candidate("looks commands up along the parent's PATH when env has none", () => lookupAlong((options) => (options['env'] ? (envPath(options) ?? process.env['PATH'] ?? '') : (process.env['PATH'] ?? ''))))] },
    { case: 'child_process.spawn.options-in-place-of-args', candidates: [candidate('drops the options given in the place of args', () => childProcessWith({ spawn: (command: unknown, args?: unknown, options?: unknown) => (Array.isArray(args) ? referenceLauncher('spawn')(command, args, options) : referenceLauncher('spawn')(command, [])) }))] },
    { case: 'child_process.spawn.argv0-sets-argv0', candidates: [dropped(['spawn'], 'argv0')] },
    { case: 'child_process.spawn.argv0-defaults-to-command', candidates: [defaulted(['spawn'], 'argv0', '/bin/sh')] },
    ...entries(perFunction(ALL, 'cwd-string'), [dropped(ALL, 'cwd')]),
    ...entries(perFunction(ALL, 'cwd-file-url'), [dropped(ALL, 'cwd'), swapped(ALL, 'cwd', (value) => (value instanceof URL ? value.href : value), 'URL as its text')]),
    { case: 'child_process.exec.cwd-other-url-throws', candidates: [swapped(['exec'], 'cwd', (value) => (value instanceof URL ? value.pathname : value), "URL of any protocol as its path")] },
    { case: 'child_process.exec.cwd-defaults-to-process-cwd', candidates: [defaulted(['exec'], 'cwd', tmpdir(), "the system's temporary folder")] },
    ...entries(perFunction(ALL, 'env-replaces-environment'), [dropped(ALL, 'env')]),
    ...entries(perFunction(['execFile', 'spawn'], 'env-is-all-the-child-gets'), [swapped(['execFile', 'spawn'], 'env', (value) => ({ ...process.env, ...(value as object) }), "over the parent's environment")]),
    ...entries(perFunction(['execFile', 'spawn'], 'env-names-differing-in-case-are-distinct'), [dropped(['execFile', 'spawn'], 'env')]),
    ...entries(perFunction(ALL, 'env-defaults-to-process-env'), [defaulted(ALL, 'env', { PATH: process.env['PATH'] }, 'only PATH')]),
    ...ALL.flatMap((via) => (['uid', 'gid'] as const).map((which) => ({ case: `child_process.${via}.${which}-sets-child-identity`, candidates: [dropped([via], which)] }))),
    ...(['spawn', 'fork'] as const).flatMap((via) => [
      { case: `child_process.${via}.detached-leaves-process-group`, candidates: [dropped([via], 'detached')] },
      { case: `child_process.${via}.not-detached-stays-in-process-group`, candidates: [defaulted([via], 'detached', true)] },
    ]),
    { case: 'child_process.execFile.arguments-reach-child-exactly', candidates: [candidate('passes no arguments', () => argsIgnored('execFile'))] },
    { case: 'child_process.spawn.arguments-reach-child-exactly', candidates: [candidate('passes no arguments', () => argsIgnored('spawn'))] },
    {
      case: 'child_process.execFile.windows-verbatim-arguments-ignored-on-unix',
      candidates: [
        candidate('applies windowsVerbatimArguments on Unix (quotes stripped)', () =>
          childProcessWith({
            execFile: (file: unknown, args: unknown, options: Options, ...rest: unknown[]) =>
              referenceLauncher('execFile')(file, options?.['windowsVerbatimArguments'] && Array.isArray(args) ? args.map((arg) => String(arg).replace(/["']/g, '')) : args, options, ...rest),
          }),
        ),
      ],
    },
    { case: 'child_process.fork.serialization-default-is-json', candidates: [defaulted(['fork'], 'serialization', 'advanced')] },
    { case: 'child_process.fork.ipc-advanced-round-trip', candidates: [dropped(['fork'], 'serialization')] },
    { case: 'child_process.fork.serialization-rejects-unknown', candidates: [swapped(['fork'], 'serialization', (value) => (value === 'advanced' ? value : 'json'), "unknown to it as 'json'")] },
    { case: 'child_process.spawn.serialization-advanced-over-ipc', candidates: [dropped(['spawn'], 'serialization')] },
    { case: 'child_process.spawn.serialization-default-is-json', candidates: [defaulted(['spawn'], 'serialization', 'advanced')] },
    { case: 'child_process.fork.silent-pipes-stdio', candidates: [dropped(['fork'], 'silent')] },
    { case: 'child_process.fork.default-inherits-stdio', candidates: [defaulted(['fork'], 'silent', true)] },
    { case: 'child_process.fork.stdio-string-adds-ipc', candidates: [dropped(['fork'], 'stdio')] },
    { case: 'child_process.fork.stdio-overrides-silent', candidates: [dropped(['fork'], 'stdio')] },
    { case: 'child_process.fork.stdio-array-with-one-ipc', candidates: [dropped(['fork'], 'stdio')] },
    { case: 'child_process.fork.stdio-array-without-ipc-throws', candidates: [swapped(['fork'], 'stdio', (value) => (Array.isArray(value) && !value.includes('ipc') ? [...value, 'ipc'] : value), "array without 'ipc' as one with it")] },
    {
      case: 'child_process.fork.stdio-array-with-two-ipc-throws',
      candidates: [swapped(['fork'], 'stdio', (value) => (Array.isArray(value) ? value.filter((entry, index) => entry !== 'ipc' || index === value.indexOf('ipc')) : value), "array's second 'ipc' as nothing")],
    },
    { case: 'child_process.fork.custom-exec-path-gets-channel-fd', candidates: [dropped(['fork'], 'execPath')] },
    { case: 'child_process.fork.exec-path-default-is-parent-runtime', candidates: [defaulted(['fork'], 'execPath', '/bin/sh')] },
    { case: 'child_process.fork.exec-argv-precedes-module-and-args', candidates: [dropped(['fork'], 'execArgv')] },
    { case: 'child_process.fork.exec-argv-default-is-parent-exec-argv', candidates: [defaulted(['fork'], 'execArgv', [], 'none')] },
    { case: 'child_process.fork.options-in-place-of-args', candidates: [candidate('drops the options given in the place of args', () => childProcessWith({ fork: (modulePath: unknown, args?: unknown, options?: unknown) => (Array.isArray(args) ? referenceLauncher('fork')(modulePath, args, options) : referenceLauncher('fork')(modulePath, [], { execArgv: [] })) }))] },
    { case: 'child_process.fork.module-path-file-url', candidates: [candidate('takes a URL module path as its text', () => childProcessWith({ fork: (modulePath: unknown, ...rest: unknown[]) => referenceLauncher('fork')(modulePath instanceof URL ? modulePath.href : modulePath, ...rest) }))] },
    {
      case: 'child_process.fork.module-path-other-url-throws',
      candidates: [candidate('takes a URL module path of any protocol as its path', () => childProcessWith({ fork: (modulePath: unknown, ...rest: unknown[]) => referenceLauncher('fork')(modulePath instanceof URL && modulePath.protocol !== 'file:' ? fileURLToPath(`file://${modulePath.pathname}`) : modulePath, ...rest) }))],
    },
    { case: 'child_process.fork.runs-module-with-args', candidates: [candidate('passes no arguments', () => argsIgnored('fork'))] },
    { case: 'child_process.fork.shell-ignored', candidates: [candidate('honours shell: true', forkThroughShell)] },
  ],
  exempt: [
    {
      cases: [
        'child_process.spawn.unread-full-pipe-blocks-child',
        'child_process.spawn.returns-child-process',
        'child_process.exec.returns-child-process',
        'child_process.execFile.returns-child-process',
        'child_process.fork.returns-child-process',
        'child_process.module.exports-every-function',
        'child_process.exec.works-without-callback',
        'child_process.execFile.works-without-callback',
        'child_process.spawn.returns-before-child-exits',
        'child_process.exec.calls-back-once-when-the-command-cannot-start',
        'child_process.execFile.calls-back-once-when-the-command-cannot-start',
        'child_process.exec.does-not-replace-current-process',
        'child_process.fork.child-is-new-process',
        'child_process.fork.ipc-json-round-trip',
        'child_process.spawnSync.blocks-until-child-exits',
        'child_process.execSync.blocks-until-child-exits',
        'child_process.execFileSync.blocks-until-child-exits',
      ],
      why: 'the rule is about what a call returns, when it returns or calls back, the pipes and the channel themselves: no option or value is given that a candidate could ignore',
    },
    {
      cases: perFunction(EXEC, 'exit-0-gives-null-error-and-output'),
      why: 'success-null-error names the one value null, for the one exit code 0: there is no other value to tell it from (the exit-1 and exit-42 cases tell error codes apart)',
    },
    {
      cases: [...perFunction(EXEC, 'promisified-resolves-stdout-stderr'), ...perFunction(EXEC, 'promisified-has-child'), ...perFunction(EXEC, 'promisified-rejects-with-output'), 'child_process.exec.promisified-rejects-like-callback'],
      why: "the promisified form's rules name properties of the result, not options; the hand-written mutants of child_process-mutants.test.ts remove each of them",
    },
    {
      cases: [
        'child_process.windows.env-names-case-insensitive',
        'child_process.windows.env-first-of-case-variants-wins',
        'child_process.windows.exec-file-cannot-run-bat',
        'child_process.windows.exec-runs-bat',
        'child_process.windows.spawn-shell-runs-bat',
        'child_process.windows.cmd-exe-runs-bat',
        'child_process.windows.bat-name-with-spaces-quoted',
        'child_process.windows.lookup-without-env-path-uses-process-path',
        'child_process.windows.exec-default-shell-is-comspec',
        'child_process.windows.exec-file-shell-true-is-comspec',
        'child_process.windows.spawn-shell-true-is-comspec',
        'child_process.windows.exec-windows-hide',
        'child_process.windows.execFile-windows-hide',
        'child_process.windows.exec-file-verbatim-arguments',
        'child_process.windows.fork-verbatim-arguments',
      ],
      why: 'Windows-only rules: na off Windows, so no candidate can make them fail here; not audited',
    },
  ],
};
