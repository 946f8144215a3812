// Deliberately broken child_process candidates. Each is the reference with one behaviour of the spec broken, and each
// must make the named cases fail — proof that those cases really check what they claim. The reference itself must
// pass every case. The leak mutants, which must change exactly their rule's cases, are child_process-leak-mutants.test.ts.
import { expect } from 'chai';
import * as host from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import { cases } from '../../conformance/child_process/index.js';
import type { CaseDefinition } from '../../conformance/case.js';
import type { ChildProcessModule } from '../../conformance/modules.js';
import reference from '../../reference/child_process.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { CandidateKind } from '../../results/results-file.js';
import { editCallbackError, editExecOptions, mutant, ref, run, withOptions, type Fn, type Module } from './child_process-mutant-kit.js';
import { misdeclaredApis } from './case-apis.js';
import { recordedRun } from './leak-mutants.js';

/** exec and execFile with a replaced promisified form. */
function replacePromisified(make: (original: Fn) => Fn | undefined): Module {
  const wrap = (original: Fn): Fn => {
    const wrapped = (...args: unknown[]): unknown => original(...args);
    const custom = make(original);
    if (custom) Object.defineProperty(wrapped, promisify.custom, { value: custom });
    return wrapped;
  };
  return { exec: wrap(ref.exec), execFile: wrap(ref.execFile) };
}

/** fork with its (modulePath, args, options) rewritten. */
function editFork(edit: (modulePath: unknown, args: unknown[], options: Record<string, unknown>) => unknown[]): Module {
  return {
    fork: (modulePath: unknown, args?: unknown, options?: unknown) => {
      const list = Array.isArray(args) ? args : [];
      const bag = (Array.isArray(args) ? options : args) as Record<string, unknown> | undefined;
      return ref.fork(...edit(modulePath, list, { ...bag }));
    },
  };
}

/** spawn with its options rewritten. */
function editSpawn(edit: (options: Record<string, unknown>) => Record<string, unknown>): Module {
  return {
    spawn: (command: unknown, args?: unknown, options?: unknown) => {
      const list = Array.isArray(args) ? args : [];
      const bag = (Array.isArray(args) ? options : args) as Record<string, unknown> | undefined;
      return ref.spawn(command, list, edit({ ...bag }));
    },
  };
}

/** Options whose env, when one is given, gains a variable nobody asked for. */
function addVariable(options: Record<string, unknown>): Record<string, unknown> {
  return options['env'] ? { ...options, env: { ...(options['env'] as object), RTCONF_EXTRA: '1' } } : options;
}

/** exec/execFile arguments whose callback sees stdout lose its last byte when it is 10k + 1 bytes long. */
function dropByteAt10kPlus1(args: unknown[]): unknown[] {
  const callback = args[args.length - 1] as Fn;
  const cut = (stdout: string | Buffer): string | Buffer => (stdout.length % 10 === 1 ? stdout.slice(0, -1) : stdout);
  return [...args.slice(0, -1), (error: unknown, stdout: string | Buffer, stderr: unknown) => callback(error, cut(stdout), stderr)];
}

/**
 * exec and execFile whose callback reports the maxBuffer overflow only when the child's exit shows a failure: a child
 * that ends with code 0 after the kill (it shuts down cleanly on SIGTERM) gets no error.
 */
function overflowSeenOnlyInExit(): Module {
  const wrap = (original: Fn): Fn => (...args: unknown[]) => {
    const callback = args.pop() as Fn;
    const child = original(...args, (error: (Error & Record<string, unknown>) | null, stdout: unknown, stderr: unknown) => {
      const exitedCleanly = child.exitCode === 0 && child.signalCode === null;
      callback(error?.['code'] === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' && exitedCleanly ? null : error, stdout, stderr);
    }) as ChildProcess;
    return child;
  };
  return { exec: wrap(ref.exec), execFile: wrap(ref.execFile) };
}

/** Options whose env keeps only the first (in sorted order) of names that differ only in letter case, as on Windows. */
function foldEnvCase(options: Record<string, unknown>): Record<string, unknown> {
  if (!options['env']) return options;
  const seen = new Set<string>();
  const kept = Object.entries(options['env'] as Record<string, unknown>)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .filter(([name]) => !seen.has(name.toUpperCase()) && seen.add(name.toUpperCase()));
  return { ...options, env: Object.fromEntries(kept) };
}

interface Mutant {
  readonly name: string;
  readonly module: ChildProcessModule;
  /** Cases that must not pass against this mutant. */
  readonly caught: readonly string[];
  /** Candidate kind the cases see (the reference's own kind unless the mutant stands for another implementation). */
  readonly kind?: CandidateKind;
}

const MUTANTS: readonly Mutant[] = [
  {
    name: 'exec/execFile ignore maxBuffer',
    module: mutant(editExecOptions((options) => ({ ...options, maxBuffer: Infinity }))),
    caught: [
      'child_process.execFile.max-buffer-stdout-truncated-exactly',
      'child_process.execFile.max-buffer-stderr-truncated-exactly',
      'child_process.exec.max-buffer-kills-child',
      'child_process.execFile.max-buffer-default-is-1mib',
      'child_process.execFile.max-buffer-kills-child',
    ],
  },
  {
    name: 'maxBuffer passed, but the callback reports only how the child exited',
    module: mutant(overflowSeenOnlyInExit()),
    caught: ['child_process.exec.max-buffer-default-is-1mib', 'child_process.execFile.max-buffer-default-is-1mib'],
  },
  {
    name: "env names folded by letter case off Windows (general rule 3's Windows behaviour everywhere)",
    module: mutant({
      ...editExecOptions(foldEnvCase),
      spawn: (command: unknown, args: unknown, options?: unknown) =>
        Array.isArray(args) ? ref.spawn(command, args, foldEnvCase({ ...(options as object) })) : ref.spawn(command, foldEnvCase({ ...(args as object) })),
    }),
    caught: ['child_process.execFile.env-names-differing-in-case-are-distinct', 'child_process.spawn.env-names-differing-in-case-are-distinct'],
  },
  {
    name: 'maxBuffer 0 read as unset (`maxBuffer || 1024 * 1024`)',
    module: mutant(editExecOptions((options) => (options['maxBuffer'] === 0 ? { ...options, maxBuffer: 1024 * 1024 } : options))),
    caught: ['child_process.exec.max-buffer-zero-keeps-no-output', 'child_process.execFile.max-buffer-zero-keeps-no-output'],
  },
  {
    name: 'maxBuffer counts the two streams together',
    module: mutant(editExecOptions((options) => ({ ...options, maxBuffer: Math.floor(Number(options['maxBuffer'] ?? 1024 * 1024) / 2) }))),
    caught: ['child_process.execFile.max-buffer-default-allows-1mib-per-stream', 'child_process.exec.max-buffer-default-allows-1mib-per-stream', 'child_process.exec.max-buffer-stdout-truncated-exactly'],
  },
  {
    name: 'callback error without code',
    module: mutant(editCallbackError((error) => delete error['code'])),
    caught: ['child_process.exec.exit-1-is-error-with-code-1', 'child_process.execFile.exit-42-is-error-with-code-42', 'child_process.exec.promisified-rejects-with-output'],
  },
  {
    name: 'callback error without signal',
    module: mutant(editCallbackError((error) => delete error['signal'])),
    caught: ['child_process.exec.death-by-sigterm-sets-signal', 'child_process.execFile.death-by-sigkill-sets-signal', 'child_process.execFile.timeout-sends-sigterm-by-default'],
  },
  {
    name: 'promisified form without .child',
    module: mutant(replacePromisified((original) => (...args: unknown[]) => ((original as unknown as Record<symbol, Fn>)[promisify.custom]?.(...args) as Promise<unknown>).then((value) => value))),
    caught: ['child_process.exec.promisified-has-child', 'child_process.execFile.promisified-has-child'],
  },
  {
    name: 'no custom promisified form (util.promisify resolves stdout only)',
    module: mutant(replacePromisified(() => undefined)),
    caught: ['child_process.exec.promisified-resolves-stdout-stderr', 'child_process.execFile.promisified-has-child', 'child_process.exec.promisified-rejects-with-output'],
  },
  {
    name: 'promisified rejection without stdout/stderr',
    module: mutant(
      replacePromisified((original) => (...args: unknown[]) => {
        const promise = (original as unknown as Record<symbol, Fn>)[promisify.custom]?.(...args) as Promise<unknown> & { child: ChildProcess };
        return Object.assign(
          promise.catch((error: Error & Record<string, unknown>) => {
            delete error['stdout'];
            delete error['stderr'];
            throw error;
          }),
          { child: promise.child },
        );
      }),
    ),
    caught: ['child_process.exec.promisified-rejects-with-output', 'child_process.execFile.promisified-abort-rejects-with-output'],
  },
  {
    name: 'encoding ignored (always UTF-8 text)',
    module: mutant(editExecOptions((options) => ({ ...options, encoding: 'utf8' }))),
    caught: ['child_process.exec.encoding-buffer-gives-buffers', 'child_process.exec.encoding-unknown-gives-buffers', 'child_process.exec.encoding-named-decodes'],
  },
  {
    name: 'abort signal ignored by exec/execFile',
    module: mutant(editExecOptions((options) => ({ ...options, signal: undefined }))),
    caught: ['child_process.exec.abort-before-start-gives-abort-error', 'child_process.execFile.abort-after-start-gives-abort-error'],
  },
  {
    name: 'timeout ignored',
    module: mutant(editExecOptions((options) => ({ ...options, timeout: 0 }))),
    caught: ['child_process.execFile.timeout-sends-sigterm-by-default'],
  },
  {
    name: 'killSignal ignored (always SIGTERM)',
    module: mutant(editExecOptions((options) => ({ ...options, killSignal: 'SIGTERM' }))),
    caught: ['child_process.exec.timeout-sends-kill-signal-by-name', 'child_process.execFile.timeout-sends-kill-signal-by-number'],
  },
  {
    name: 'exec without a shell',
    module: mutant({ exec: (command: unknown, ...rest: unknown[]) => ref.execFile(command, ...withOptions(rest, (options) => ({ ...options, shell: false }))) }),
    caught: ['child_process.exec.shell-interprets-metacharacters', 'child_process.exec.default-shell-is-bin-sh'],
  },
  {
    name: 'command lookup in the parent PATH even when env is given',
    module: mutant(editExecOptions((options) => ({ ...options, env: options['env'] ? { ...(options['env'] as object), PATH: process.env['PATH'] } : undefined }))),
    caught: ['child_process.lookup.uses-env-path', 'child_process.lookup.env-without-path-ignores-process-path'],
  },
  {
    name: 'fork accepts two ipc entries',
    module: mutant(
      editFork((modulePath, args, options) => {
        const stdio = options['stdio'];
        if (Array.isArray(stdio) && stdio.filter((entry) => entry === 'ipc').length > 1) {
          options['stdio'] = stdio.filter((entry, index) => entry !== 'ipc' || index === stdio.indexOf('ipc'));
        }
        return [modulePath, args, options];
      }),
    ),
    caught: ['child_process.fork.stdio-array-with-two-ipc-throws'],
  },
  {
    name: 'fork accepts a stdio array without ipc',
    module: mutant(
      editFork((modulePath, args, options) => {
        const stdio = options['stdio'];
        if (Array.isArray(stdio) && !stdio.includes('ipc')) options['stdio'] = [...stdio, 'ipc'];
        return [modulePath, args, options];
      }),
    ),
    caught: ['child_process.fork.stdio-array-without-ipc-throws'],
  },
  {
    name: 'fork ignores serialization',
    module: mutant(editFork((modulePath, args, options) => [modulePath, args, { ...options, serialization: 'json' }])),
    caught: ['child_process.fork.ipc-advanced-round-trip'],
  },
  {
    name: 'fork ignores silent',
    module: mutant(editFork((modulePath, args, options) => [modulePath, args, { ...options, silent: false }])),
    caught: ['child_process.fork.silent-pipes-stdio'],
  },
  {
    name: 'fork runs the command through a shell',
    module: mutant({
      fork: (modulePath: string, args: string[], options: Record<string, unknown>) =>
        ref.spawn(process.execPath, [...((options['execArgv'] as string[]) ?? []), modulePath, ...args], { ...options, shell: true, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }),
    }),
    caught: ['child_process.fork.shell-ignored'],
  },
  {
    name: 'fork without the spec channel variable (the host fork, seen as the reference)',
    module: mutant({ fork: host.fork }),
    caught: ['child_process.fork.custom-exec-path-gets-channel-fd'],
  },
  {
    name: 'fork abort kills without an AbortError',
    module: mutant({
      fork: (modulePath: unknown, args: unknown[], options: Record<string, unknown>) => {
        const signal = options['signal'] as AbortSignal | undefined;
        const child = ref.fork(modulePath, args, { ...options, signal: undefined }) as ChildProcess;
        signal?.addEventListener('abort', () => child.kill(), { once: true });
        return child;
      },
    }),
    caught: ['child_process.fork.abort-after-start-emits-abort-error'],
  },
  {
    name: 'spawn ignores argv0',
    module: mutant(editSpawn((options) => ({ ...options, argv0: undefined }))),
    caught: ['child_process.spawn.argv0-sets-argv0'],
  },
  {
    name: 'spawn takes cwd URLs as text',
    module: mutant(editSpawn((options) => ({ ...options, cwd: options['cwd'] instanceof URL ? options['cwd'].href : options['cwd'] }))),
    caught: ['child_process.spawn.cwd-file-url'],
  },
  {
    name: 'exec runs sh found in PATH instead of /bin/sh',
    module: mutant({ exec: (command: unknown, ...rest: unknown[]) => ref.exec(command, ...withOptions(rest, (options) => ({ shell: 'sh', ...options }))) }),
    caught: ['child_process.exec.default-shell-is-bin-sh'],
  },
  {
    name: 'spawn ignores detached',
    module: mutant(editSpawn((options) => ({ ...options, detached: false }))),
    caught: ['child_process.spawn.detached-leaves-process-group'],
  },
  {
    name: 'spawn ignores uid and gid',
    module: mutant(editSpawn((options) => ({ ...options, uid: undefined, gid: undefined }))),
    caught: ['child_process.spawn.uid-sets-child-identity', 'child_process.spawn.gid-sets-child-identity'],
  },
  {
    name: 'spawn gives the child an empty environment by default',
    module: mutant(editSpawn((options) => ({ env: { PATH: process.env['PATH'] }, ...options }))),
    caught: ['child_process.spawn.env-defaults-to-process-env'],
  },
  {
    name: 'exec/execFile pass the parent environment whatever env says',
    module: mutant(editExecOptions((options) => ({ ...options, env: { ...process.env, ...(options['env'] as object | undefined) } }))),
    caught: ['child_process.exec.env-replaces-environment', 'child_process.execFile.env-replaces-environment', 'child_process.lookup.env-without-path-ignores-process-path'],
  },
  {
    name: 'a timeout of 1 ms is taken as none',
    module: mutant({
      ...editExecOptions((options) => (options['timeout'] === 1 ? { ...options, timeout: 0 } : options)),
      ...editSpawn((options) => (options['timeout'] === 1 ? { ...options, timeout: 0 } : options)),
    }),
    caught: ['child_process.exec.timeout-of-one-millisecond-kills', 'child_process.execFile.timeout-of-one-millisecond-kills', 'child_process.spawn.timeout-of-one-millisecond-kills'],
  },
  {
    name: 'the chunk that reaches maxBuffer with room for one byte is dropped',
    // Simulated on what the callback gets: an output cut at 10k + 1 bytes (the paced case's limit of 31) loses its last byte.
    module: mutant({
      exec: (...args: unknown[]) => ref.exec(...dropByteAt10kPlus1(args)),
      execFile: (...args: unknown[]) => ref.execFile(...dropByteAt10kPlus1(args)),
    }),
    caught: ['child_process.exec.max-buffer-keeps-the-byte-that-reaches-it', 'child_process.execFile.max-buffer-keeps-the-byte-that-reaches-it'],
  },
  {
    name: 'execFile reads options in the second place as arguments, and a callback there as nothing',
    module: mutant({
      execFile: (file: unknown, ...rest: unknown[]) => (Array.isArray(rest[0]) ? ref.execFile(file, ...rest) : ref.execFile(file, [], {}, rest[rest.length - 1])),
    }),
    caught: ['child_process.execFile.options-or-callback-in-place-of-args'],
  },
  {
    name: 'fork ignores options given in place of args',
    module: mutant({ fork: (modulePath: unknown, args?: unknown, options?: unknown) => (Array.isArray(args) ? ref.fork(modulePath, args, options) : ref.fork(modulePath, [], { execArgv: [] })) }),
    caught: ['child_process.fork.options-in-place-of-args'],
  },
  {
    name: 'spawn without an args array refuses to start',
    module: mutant({
      spawn: (command: unknown, args?: unknown, options?: unknown) => {
        if (!Array.isArray(args)) throw new TypeError('The "args" argument must be an array');
        return ref.spawn(command, args, options);
      },
    }),
    caught: ['child_process.spawn.options-in-place-of-args'],
  },
  {
    name: 'execFile reads undefined in the place of args as the callback',
    module: mutant({
      execFile: (file: unknown, ...rest: unknown[]) => (rest.length === 3 && rest[0] === undefined ? ref.execFile(file, undefined, {}, undefined) : ref.execFile(file, ...rest)),
    }),
    caught: ['child_process.execFile.options-or-callback-in-place-of-args'],
  },
  {
    name: 'exec/execFile call back a second time when the child closes after a failed start',
    module: mutant({
      ...Object.fromEntries(
        (['exec', 'execFile'] as const).map((via) => [
          via,
          (...args: unknown[]) => {
            const callback = args.pop() as Fn;
            let failed: unknown;
            const child = ref[via](...args, (error: unknown, ...output: unknown[]) => {
              failed = error;
              callback(error, ...output);
            }) as EventEmitter;
            child.once('close', () => {
              if (failed) callback(failed, '', '');
            });
            return child;
          },
        ]),
      ),
    }),
    caught: ['child_process.exec.calls-back-once-when-the-command-cannot-start', 'child_process.execFile.calls-back-once-when-the-command-cannot-start'],
  },
  {
    name: 'exec calls back when the output pipes close, not when the shell ends',
    // Its timeout signals the child without letting go of the pipes, so the callback waits for whoever still holds them.
    module: mutant({
      exec: (...args: unknown[]) => {
        let timeout = 0;
        const edited = withOptions(args, (options) => {
          timeout = Number(options['timeout'] ?? 0);
          return { ...options, timeout: 0 };
        });
        const child = ref.exec(...edited) as EventEmitter & { kill(signal?: string): boolean };
        if (timeout > 0) {
          const timer = setTimeout(() => child.kill('SIGTERM'), timeout);
          child.once('exit', () => clearTimeout(timer));
        }
        return child;
      },
    }),
    caught: ['child_process.exec.timeout-calls-back-when-the-shell-ends'],
  },
  {
    name: 'exec/execFile drop an incomplete character at the end of text output',
    module: mutant(
      Object.fromEntries(
        (['exec', 'execFile'] as const).map((via) => [
          via,
          (...args: unknown[]) => {
            const callback = args.pop() as Fn;
            return ref[via](...args, (error: unknown, stdout: unknown, stderr: unknown) => callback(error, typeof stdout === 'string' ? stdout.replace(/\ufffd$/, '') : stdout, stderr));
          },
        ]),
      ),
    ),
    caught: ['child_process.exec.utf8-output-cut-inside-a-character-ends-in-a-replacement', 'child_process.execFile.utf8-output-cut-inside-a-character-ends-in-a-replacement'],
  },
  {
    name: "exec gives a shell named cmd Windows' command line",
    module: mutant({
      exec: (command: unknown, ...rest: unknown[]) => {
        const options = rest.find((item) => item !== null && typeof item === 'object') as Record<string, unknown> | undefined;
        const shell = options?.['shell'];
        return ref.exec(typeof shell === 'string' && /cmd(?:\.exe)?$/i.test(shell) ? `/d /s /c "${String(command)}"` : command, ...rest);
      },
    }),
    caught: ['child_process.exec.named-shell-gets-command-line'],
  },
  {
    name: 'exec drops the last incomplete group of base64 output',
    module: mutant({
      exec: (...args: unknown[]) => {
        const callback = args.pop() as Fn;
        return ref.exec(...args, (error: unknown, stdout: unknown, stderr: unknown) => callback(error, typeof stdout === 'string' && stdout.endsWith('=') ? stdout.slice(0, -4) : stdout, stderr));
      },
    }),
    caught: ['child_process.exec.encoding-named-decodes'],
  },
  {
    name: 'spawn and execFile add a variable of their own to the environment given',
    module: mutant({
      ...editSpawn(addVariable),
      ...editExecOptions(addVariable),
    }),
    caught: ['child_process.spawn.env-is-all-the-child-gets', 'child_process.execFile.env-is-all-the-child-gets'],
  },
];

/** A module whose functions each throw as unenv's stubs do. */
function throwingStub(): ChildProcessModule {
  const names = ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync', 'ChildProcess'];
  return Object.fromEntries(
    names.map((name) => [
      name,
      () => {
        throw new Error(`[unenv] child_process.${name} is not implemented yet!`);
      },
    ]),
  ) as unknown as ChildProcessModule;
}

/**
 * The reference's fork, but a child with a custom execPath is started through a shell that first removes
 * NODE_CHANNEL_FD from its environment: it sees only the spec's RT_CHANNEL_FD, as a runtime following the spec
 * literally would give it.
 */
const forkWithOnlySpecChannelVariable = mutant({
  fork: (modulePath: unknown, args: unknown[], options: Record<string, unknown>) => {
    if (typeof options?.['execPath'] !== 'string') return ref.fork(modulePath, args, options);
    const execArgv = ['-c', 'unset NODE_CHANNEL_FD NODE_CHANNEL_SERIALIZATION_MODE; exec "$0" "$@"', options['execPath'], ...((options['execArgv'] as string[]) ?? [])];
    return ref.fork(modulePath, args, { ...options, execPath: '/bin/sh', execArgv });
  },
});

describe('child_process cases', function () {
  this.timeout(120000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  // The reference run, with the exports each case reads (see leak-mutants.ts), made once for the suite.
  let referenceRun: ReturnType<typeof recordedRun<ChildProcessModule>> | undefined;
  const recorded = (): ReturnType<typeof recordedRun<ChildProcessModule>> =>
    (referenceRun ??= recordedRun(cases, reference as unknown as ChildProcessModule, (definition, module) => run(definition, module, fixtures)));

  it('all pass (or are na, off their platform) against the reference', async function () {
    // Every case of the module, one after another: a minute on an idle machine, several beside other test files.
    this.timeout(600_000);
    const failures: string[] = [];
    for (const [id, result] of (await recorded()).results) {
      // Windows-only cases are `na` here, which is what the runner must report for them.
      if (result.status !== 'pass' && result.status !== 'na') failures.push(`${id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(failures).to.deep.equal([]);
  });

  it('judge exactly the exports they call among those their rules speak of (their `apis`)', async () => {
    expect(misdeclaredApis(cases, await recorded())).to.deep.equal([]);
  });

  const byId = (id: string): CaseDefinition => {
    const definition = cases.find((candidate) => candidate.id === id);
    if (!definition) throw new Error(`no case ${id}`);
    return definition;
  };

  it('fail every case, saying "not implemented", for a module whose functions are all missing', async () => {
    const wrong: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, {} as ChildProcessModule, fixtures, 'adapter');
      if (result.status === 'na') continue;
      if (result.status !== 'fail' || !/not implemented: child_process\./.test(result.message ?? '')) wrong.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('fail every case, naming the candidate\'s own error, for a module whose functions all throw "not implemented"', async () => {
    const wrong: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, throwingStub(), fixtures, 'adapter');
      if (result.status === 'na') continue;
      // The export list too: an export that answers an ordinary call with "not implemented" is not implemented.
      if (result.status !== 'fail' || !/is not implemented yet/.test(`${result.message ?? ''} ${JSON.stringify(result.actual) ?? ''}`)) {
        wrong.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('pass nothing of exec, fork or spawn for a module without exec and fork whose spawn always throws', async () => {
    const module = mutant({
      exec: undefined,
      fork: undefined,
      spawn: () => {
        throw new Error('spawn is not allowed here');
      },
    });
    const passed: string[] = [];
    for (const definition of cases.filter((candidate) => /^child_process\.(exec|fork|spawn)\./.test(candidate.id))) {
      const result = await run(definition, module, fixtures, 'adapter');
      if (result.status === 'pass') passed.push(definition.id);
      // What the candidate threw is what the report shows, not a later symptom.
      if (definition.id === 'child_process.spawn.returns-child-process') expect(result.message).to.equal('child_process.spawn threw Error: spawn is not allowed here');
    }
    expect(passed).to.deep.equal([]);
  });

  it('judge a ChildProcess by its behaviour: a module without a ChildProcess export passes the returns-a-ChildProcess cases', async () => {
    const module = mutant({ ChildProcess: undefined });
    const ids = [
      'child_process.spawn.returns-child-process',
      'child_process.exec.returns-child-process',
      'child_process.execFile.returns-child-process',
      'child_process.fork.returns-child-process',
      'child_process.exec.promisified-has-child',
      'child_process.execFile.promisified-has-child',
    ];
    const failed: string[] = [];
    for (const id of ids) {
      const result = await run(byId(id), module, fixtures, 'adapter');
      if (result.status !== 'pass') failed.push(`${id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(failed).to.deep.equal([]);
  });

  it('take the channel variable a forked child reads from the declaration, RT_CHANNEL_FD by default', async () => {
    const definition = byId('child_process.fork.custom-exec-path-gets-channel-fd');
    const spec = await run(definition, forkWithOnlySpecChannelVariable, fixtures, 'adapter');
    expect(spec.status, `undeclared, a child seeing only RT_CHANNEL_FD: ${spec.message ?? ''}`).to.equal('pass');
    const declaredNode = await run(definition, forkWithOnlySpecChannelVariable, fixtures, 'adapter', { ipcChannelVariable: 'NODE_CHANNEL_FD' });
    expect(declaredNode.status, 'declared NODE_CHANNEL_FD, a child seeing only RT_CHANNEL_FD').to.equal('fail');
    const hostDeclared = await run(definition, host as unknown as ChildProcessModule, fixtures, 'host', { ipcChannelVariable: 'NODE_CHANNEL_FD' });
    expect(hostDeclared.status, `the host's fork, declared NODE_CHANNEL_FD: ${hostDeclared.message ?? ''}`).to.equal('pass');
  });

  it('fail the refusal cases when the control call is refused too (a fork that throws whatever it is given)', async () => {
    const module = mutant({
      fork: () => {
        throw Object.assign(new TypeError('The "options" argument is invalid'), { code: 'ERR_INVALID_ARG_TYPE' });
      },
    });
    for (const id of ['child_process.fork.serialization-rejects-unknown', 'child_process.fork.stdio-array-without-ipc-throws', 'child_process.fork.stdio-array-with-two-ipc-throws', 'child_process.fork.module-path-other-url-throws']) {
      const result = await run(byId(id), module, fixtures, 'adapter');
      expect(result.status, id).to.equal('fail');
      expect(result.message, id).to.match(/^child_process\.fork with valid arguments \(the control for .*\) threw TypeError \[ERR_INVALID_ARG_TYPE\]/);
    }
  });

  it('fail a refusal case when the candidate throws that the API is missing', async () => {
    const module = mutant({
      exec: (command: unknown, options: Record<string, unknown> | undefined, ...rest: unknown[]) => {
        if (options?.['cwd'] instanceof URL) throw Object.assign(new Error('URL cwd is not implemented'), { code: 'ERR_NOT_IMPLEMENTED' });
        return ref.exec(command, options, ...rest);
      },
    });
    const result = await run(byId('child_process.exec.cwd-other-url-throws'), module, fixtures, 'adapter');
    expect(result.status).to.equal('fail');
    expect(result.message).to.contain('which says the API is missing');
  });

  it('fail the unprivileged uid/gid branch for a spawn that refuses every identity, the own one too', async () => {
    const realGetuid = process.getuid;
    // Run as root, the case is made to take its unprivileged branch; the control (the own identity) is refused too.
    process.getuid = () => 1000;
    try {
      const module = mutant(
        editSpawn((options) => {
          if (options['uid'] !== undefined) throw Object.assign(new Error('spawn EPERM'), { code: 'EPERM' });
          return options;
        }),
      );
      const result = await run(byId('child_process.spawn.uid-sets-child-identity'), module, fixtures, 'adapter');
      expect(result.status).to.equal('fail');
      expect(result.message).to.contain('refused even the own uid and gid');
    } finally {
      process.getuid = realGetuid;
    }
  });

  it('fail env-without-path-ignores-process-path for an execFile that errors whatever it runs', async () => {
    const module = mutant({
      execFile: (...args: unknown[]) => {
        const callback = args.pop() as Fn;
        const child = ref.spawn('/bin/sh', ['-c', 'exit 1'], { stdio: 'ignore' }) as ChildProcess;
        child.on('close', () => callback(Object.assign(new Error('failed'), { code: 1 }), '', ''));
        return child;
      },
    });
    const result = await run(byId('child_process.lookup.env-without-path-ignores-process-path'), module, fixtures, 'adapter');
    expect(result.status).to.equal('fail');
    expect(result.message).to.contain('the control');
  });

  for (const broken of MUTANTS) {
    it(`catch the mutant "${broken.name}"`, async () => {
      const byId = new Map(cases.map((definition) => [definition.id, definition]));
      const passed: string[] = [];
      for (const id of broken.caught) {
        const definition = byId.get(id);
        expect(definition, `case ${id} exists`).to.not.equal(undefined);
        const result = await run(definition as CaseDefinition, broken.module, fixtures, broken.kind);
        if (result.status === 'pass') passed.push(id);
        else expect(result.status, `${id}: ${result.message ?? ''}`).to.equal('fail');
      }
      expect(passed, 'cases the mutant passed').to.deep.equal([]);
    });
  }
});
