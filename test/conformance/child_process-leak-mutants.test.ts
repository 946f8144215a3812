// Leak mutants of child_process (see leak-mutants.ts): each differs from the reference in one thing a case could pin
// beyond its rules (an event order, how an absent stream reads, an error's class and words, another option's default)
// and must change the verdict of exactly the cases of the rule it breaks, or of none. Every case that reads a replaced
// export runs again against each: minutes, so this is in `npm run test:mutants`, not `npm test`.
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { cases } from '../../conformance/child_process/index.js';
import type { ChildProcessModule } from '../../conformance/modules.js';
import reference from '../../reference/child_process.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { editCallbackError, editExecOptions, mutant, ref, run, type Fn, type Module } from './child_process-mutant-kit.js';
import { changedCases, recordedRun, replacedExports } from './leak-mutants.js';

/**
 * A mutant that differs from the reference in one thing a case could pin beyond its rules (see leak-mutants.ts): it
 * must change the verdict of exactly the cases in `fails` (the cases of the rule it breaks; none when it breaks none).
 */
interface LeakMutant {
  readonly name: string;
  readonly module: ChildProcessModule;
  readonly fails: readonly string[];
}

/** spawn and fork whose children go through `edit` before the caller gets them. */
function editChildren(edit: (child: ChildProcess) => void): Module {
  const wrap = (original: Fn): Fn => (...args: unknown[]) => {
    const child = original(...args) as ChildProcess;
    edit(child);
    return child;
  };
  return { spawn: wrap(ref.spawn), fork: wrap(ref.fork) };
}

/**
 * A child that emits 'exit' only after 'close', on a later turn of the event loop (the spec shows 'close', after the
 * child has exited, and no 'exit' event).
 */
function exitAfterClose(child: ChildProcess): void {
  const emit = child.emit.bind(child) as (event: string | symbol, ...args: unknown[]) => boolean;
  let held: unknown[] | undefined;
  child.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'exit') {
      held = args;
      return true;
    }
    if (event !== 'close') return emit(event, ...args);
    const heard = emit('close', ...args);
    const exit = held;
    if (exit) setImmediate(() => emit('exit', ...exit));
    return heard;
  }) as ChildProcess['emit'];
}

/** A child whose absent stdio streams read undefined rather than null. */
function undefinedStreams(child: ChildProcess): void {
  const streams = child as unknown as Record<'stdin' | 'stdout' | 'stderr', unknown>;
  for (const name of ['stdin', 'stdout', 'stderr'] as const) if (streams[name] === null) streams[name] = undefined;
}

/** An error turned into a RangeError with other words (its name, which AbortError is known by, kept). */
function otherClassAndText(error: Error & Record<string, unknown>): void {
  Object.defineProperty(error, 'name', { value: error.name, enumerable: false, writable: true, configurable: true });
  Object.setPrototypeOf(error, RangeError.prototype);
  error.message = `refused in other words (${error.message.length} characters before)`;
}

/** A function whose throws come out as RangeErrors with other words. */
function throwsOtherClass(original: Fn): Fn {
  return (...args: unknown[]) => {
    try {
      return original(...args);
    } catch (error) {
      if (error instanceof Error) otherClassAndText(error as Error & Record<string, unknown>);
      throw error;
    }
  };
}

/** The cases of the kill-signal-default rule of exec and execFile. */
const KILL_SIGNAL_DEFAULT_CASES = ['child_process.exec.timeout-sends-sigterm-by-default', 'child_process.execFile.timeout-sends-sigterm-by-default'];

const LEAK_MUTANTS: readonly LeakMutant[] = [
  {
    name: "ChildProcess emits 'exit' only after 'close' (the order of the two is no rule)",
    module: mutant(editChildren(exitAfterClose)),
    fails: [],
  },
  {
    name: 'ChildProcess without a stdio stream has it undefined rather than null',
    module: mutant(editChildren(undefinedStreams)),
    fails: [],
  },
  {
    name: 'errors of another class with other words: callback errors of exec/execFile and what fork and exec throw',
    module: mutant({ ...editCallbackError(otherClassAndText), fork: throwsOtherClass(ref.fork) }),
    fails: [],
  },
  {
    name: 'exec and execFile kill with SIGKILL unless told otherwise (another default of killSignal)',
    module: mutant(editExecOptions((options) => ({ killSignal: 'SIGKILL', ...options }))),
    fails: KILL_SIGNAL_DEFAULT_CASES,
  },
  {
    name: 'the abort error of exec and execFile is named Error, not AbortError',
    module: mutant(
      editCallbackError((error) => {
        if (error.name === 'AbortError') Object.defineProperty(error, 'name', { value: 'Error', enumerable: false, writable: true, configurable: true });
      }),
    ),
    fails: [
      'child_process.exec.abort-before-start-gives-abort-error',
      'child_process.exec.abort-after-start-gives-abort-error',
      'child_process.execFile.abort-before-start-gives-abort-error',
      'child_process.execFile.abort-after-start-gives-abort-error',
    ],
  },
];

describe('child_process cases charge only their own rule', function () {
  // Each mutant reruns up to every case of the module: minutes on a loaded machine.
  this.timeout(600_000);
  let fixtures: RunFixtures;
  // The reference run, with the exports each case reads (see leak-mutants.ts), made once for the suite.
  let recorded: Awaited<ReturnType<typeof recordedRun<ChildProcessModule>>>;
  before(async () => {
    fixtures = createRunFixtures();
    recorded = await recordedRun(cases, reference as unknown as ChildProcessModule, (definition, module) => run(definition, module, fixtures));
  });
  after(() => fixtures.close());

  for (const leak of LEAK_MUTANTS) {
    it(`change the verdict of exactly the cases of the rule the mutant "${leak.name}" breaks`, async () => {
      const replaced = replacedExports(reference, leak.module);
      const changed = await changedCases(cases, recorded, replaced, leak.module, (definition, module) => run(definition, module, fixtures, 'adapter'));
      expect(changed, 'the cases whose verdict differs from the reference\'s').to.have.members([...leak.fails]);
    });
  }
});
