// The child_process mutant kit: the reference with some exports replaced, the wrappers that edit what exec, execFile
// and their promisified forms are given or call back with, and how one case runs against a mutant. Shared by the
// hand-written mutants (child_process-mutants.test.ts) and the leak mutants (child_process-leak-mutants.test.ts).
import { promisify } from 'node:util';
import type { CandidateDeclarations, CaseDefinition } from '../../conformance/case.js';
import type { ChildProcessModule } from '../../conformance/modules.js';
import reference from '../../reference/child_process.js';
import type { RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { CandidateKind, CaseResult } from '../../results/results-file.js';
import { runCase } from './run-case.js';

export type Fn = (...args: unknown[]) => unknown;
export type Module = Record<string, unknown>;

export const ref = reference as unknown as Module & { exec: Fn; execFile: Fn; fork: Fn; spawn: Fn };

/** The reference with some exports replaced. */
export function mutant(overrides: Module): ChildProcessModule {
  return { ...ref, ...overrides } as unknown as ChildProcessModule;
}

/** Splits exec/execFile-style arguments into [leading, options, callback] so a mutant can edit the options. */
export function withOptions(args: unknown[], edit: (options: Record<string, unknown>) => Record<string, unknown>): unknown[] {
  const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as Fn) : undefined;
  const last = args[args.length - 1];
  const hasOptions = last !== null && typeof last === 'object' && !Array.isArray(last) && !(last instanceof URL);
  const options = hasOptions ? (args.pop() as Record<string, unknown>) : {};
  return [...args, edit({ ...options }), ...(callback ? [callback] : [])];
}

/** exec and execFile with their options rewritten, keeping the promisified forms consistent. */
export function editExecOptions(edit: (options: Record<string, unknown>) => Record<string, unknown>): Module {
  const wrap = (original: Fn): Fn => {
    const wrapped = (...args: unknown[]): unknown => original(...withOptions(args, edit));
    Object.defineProperty(wrapped, promisify.custom, { value: (...args: unknown[]) => (original as unknown as Record<symbol, Fn>)[promisify.custom]?.(...withOptions(args, edit)) });
    return wrapped;
  };
  return { exec: wrap(ref.exec), execFile: wrap(ref.execFile) };
}

/** exec and execFile whose callbacks see an edited error. */
export function editCallbackError(edit: (error: Error & Record<string, unknown>) => void): Module {
  const wrap = (original: Fn): Fn => {
    const wrapped = (...args: unknown[]): unknown => {
      // A call without a callback has no error to edit.
      if (typeof args[args.length - 1] !== 'function') return original(...args);
      const callback = args.pop() as Fn;
      return original(...args, (error: (Error & Record<string, unknown>) | null, stdout: unknown, stderr: unknown) => {
        if (error) edit(error);
        callback(error, stdout, stderr);
      });
    };
    Object.defineProperty(wrapped, promisify.custom, {
      value: (...args: unknown[]) => {
        const promise = (original as unknown as Record<symbol, Fn>)[promisify.custom]?.(...args) as Promise<unknown> & { child?: unknown };
        const edited = promise.catch((error: Error & Record<string, unknown>) => {
          edit(error);
          throw error;
        });
        // The promise keeps its ChildProcess, as the one it stands for has it.
        return Object.assign(edited, { child: promise.child });
      },
    });
    return wrapped;
  };
  return { exec: wrap(ref.exec), execFile: wrap(ref.execFile) };
}

/** One case against `module`, as the in-process runner runs it (the reference is the oracle). */
export function run(definition: CaseDefinition, module: ChildProcessModule, fixtures: RunFixtures, kind: CandidateKind = 'reference', declared?: CandidateDeclarations): Promise<CaseResult> {
  return runCase(definition, { child_process: module }, fixtures, { kind, timeoutMs: 10000, ...(declared ? { declared } : {}) });
}
