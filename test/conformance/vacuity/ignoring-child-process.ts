// "Ignores it" candidates of rt:child_process for the vacuity audit: the reference with one option dropped, its default
// replaced by another value, or a value it is given swapped for the default, at the call (the option bag an application
// passes), so that the rest of the reference is untouched. What each one must fail is listed in vacuity-audit.ts.
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { promisify } from 'node:util';
import type { ChildProcessModule } from '../../../conformance/modules.js';
import reference from '../../../reference/child_process.js';
import { editCallbackError } from '../child_process-mutant-kit.js';

type Fn = (...args: unknown[]) => unknown;
export type Options = Record<string, unknown>;
/** An edit of the option bag a call carries (a copy: the caller's object is never changed). */
export type OptionsEdit = (options: Options) => Options;
export type Launcher = 'exec' | 'execFile' | 'spawn' | 'fork';

const ref = reference as unknown as Record<Launcher, Fn> & Record<string, unknown>;

/** The launchers that take an args array after their first argument. */
const TAKES_ARGS: ReadonlySet<Launcher> = new Set(['execFile', 'spawn', 'fork']);

function isBag(value: unknown): value is Options {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof URL);
}

/**
 * The arguments of a call of `via` with its option bag edited: the bag after the first argument (and after the args
 * array, for the launchers that take one), given or not (an absent bag is edited from `{}`), the callback kept last.
 */
export function withEditedOptions(via: Launcher, args: readonly unknown[], edit: OptionsEdit): unknown[] {
  const copy = [...args];
  const callback = typeof copy[copy.length - 1] === 'function' && copy.length > 1 ? copy.pop() : undefined;
  let at = 1;
  if (TAKES_ARGS.has(via) && (Array.isArray(copy[1]) || (copy.length > 2 && copy[1] == null))) at = 2;
  const given = copy[at];
  if (isBag(given)) copy[at] = edit({ ...given });
  else if (given === undefined) {
    if (at === 2 && copy.length < 2) copy[1] = [];
    copy[at] = edit({});
  }
  return callback === undefined ? copy : [...copy, callback];
}

/** `original` called with edited options, its promisified form (exec, execFile) too. */
function wrapLauncher(via: Launcher, original: Fn, edit: OptionsEdit): Fn {
  const wrapped = (...args: unknown[]): unknown => original(...withEditedOptions(via, args, edit));
  const custom = (original as unknown as Record<symbol, Fn | undefined>)[promisify.custom];
  if (custom) Object.defineProperty(wrapped, promisify.custom, { value: (...args: unknown[]) => custom(...withEditedOptions(via, args, edit)) });
  return wrapped;
}

/** The reference with some exports replaced. */
export function childProcessWith(overrides: Record<string, unknown>): ChildProcessModule {
  return { ...ref, ...overrides } as unknown as ChildProcessModule;
}

/** The reference whose `launchers` see their option bags through `edit`. */
export function editedOptions(launchers: readonly Launcher[], edit: OptionsEdit): ChildProcessModule {
  return childProcessWith(Object.fromEntries(launchers.map((via) => [via, wrapLauncher(via, ref[via], edit)])));
}

/** Drops the option `name`: the function behaves as if it had not been given. */
export function dropOption(launchers: readonly Launcher[], name: string): ChildProcessModule {
  return editedOptions(launchers, (options) => {
    const { [name]: _dropped, ...rest } = options;
    return rest;
  });
}

/** Gives the option `name` another default: `value` when the call does not give it. */
export function otherDefault(launchers: readonly Launcher[], name: string, value: unknown): ChildProcessModule {
  return editedOptions(launchers, (options) => (options[name] === undefined ? { ...options, [name]: value } : options));
}

/** Swaps the value given as `name` for what `swap` makes of it (the default, the value read another way). */
export function swappedOption(launchers: readonly Launcher[], name: string, swap: (value: unknown) => unknown): ChildProcessModule {
  return editedOptions(launchers, (options) => (options[name] === undefined ? options : { ...options, [name]: swap(options[name]) }));
}

/** The reference whose `launchers`' children go through `edit` before the caller gets them. */
export function editedChildren(launchers: readonly Launcher[], edit: (child: ChildProcess) => void): ChildProcessModule {
  return childProcessWith(
    Object.fromEntries(
      launchers.map((via) => {
        const original = ref[via];
        const wrapped = (...args: unknown[]): unknown => {
          const child = original(...args) as ChildProcess;
          edit(child);
          return child;
        };
        const custom = (original as unknown as Record<symbol, Fn | undefined>)[promisify.custom];
        if (custom) Object.defineProperty(wrapped, promisify.custom, { value: custom });
        return [via, wrapped];
      }),
    ),
  );
}

/** exec and execFile whose callbacks (and promisified rejections) see the error through `edit`: the mutant kit's edit. */
export function editedCallbackError(edit: (error: Error & Record<string, unknown>) => void): ChildProcessModule {
  return childProcessWith(editCallbackError(edit));
}

/** A signal given by number, by its name (the reference's callbacks and events name signals). */
export function signalName(value: unknown): unknown {
  if (typeof value !== 'number') return value;
  return Object.entries(constants.signals).find(([, number]) => number === value)?.[0] ?? value;
}

/** The reference's launcher, unwrapped, for candidates that call it in their own way. */
export function referenceLauncher(via: Launcher): Fn {
  return ref[via];
}
