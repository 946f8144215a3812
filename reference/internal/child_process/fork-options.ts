// What fork adds to spawn's options: the stdio layout with its IPC channel, and the runtime arguments inherited from
// the parent.
import { invalidArgValue, ipcOnePipe, ipcRequired } from '../errors.js';

/** The stdio shorthands a string `stdio` may be. */
const STDIO_STRINGS: readonly string[] = ['pipe', 'ignore', 'inherit', 'overlapped'];

/** Flags of the parent that evaluate inline code; forwarding them would make every fork run that code again. */
// beyond-spec: fork-exec-argv-without-eval
const EVAL_FLAGS: ReadonlySet<string> = new Set(['-e', '--eval', '-p', '--print', '-pe']);

/**
 * The stdio of a fork: a string or `silent` expand to three streams plus the channel; an array must hold one `'ipc'`.
 *
 * @param stdio The `stdio` option.
 * @param silent The `silent` option, used when `stdio` is neither a string nor an array.
 * @returns The stdio array to spawn with.
 * @throws `ERR_INVALID_ARG_VALUE` for an unknown string, `ERR_CHILD_PROCESS_IPC_REQUIRED` / `ERR_IPC_ONE_PIPE` for an
 *   array without or with several channels.
 * @example
 * ```ts
 * forkStdio(undefined, true); // ['pipe', 'pipe', 'pipe', 'ipc']
 * ```
 * @rules child_process.fork.ipc-channel, child_process.fork.silent-default-inherit, child_process.fork.silent-pipes, child_process.fork.stdio-overrides-silent, child_process.fork.stdio-exactly-one-ipc, child_process.fork.stdio-string
 */
export function forkStdio(stdio: unknown, silent: unknown): unknown[] {
  if (typeof stdio === 'string') return stdioWithChannel(stdio);
  if (!Array.isArray(stdio)) return stdioWithChannel(silent ? 'pipe' : 'inherit');
  const channels = stdio.filter((entry) => entry === 'ipc').length;
  if (channels === 0) throw ipcRequired('options.stdio');
  if (channels > 1) throw ipcOnePipe();
  return stdio;
}

function stdioWithChannel(stdio: string): unknown[] {
  if (!STDIO_STRINGS.includes(stdio)) {
    // beyond-spec: arg-value
    throw invalidArgValue('stdio', stdio);
  }
  return [stdio, stdio, stdio, 'ipc'];
}

/**
 * The parent's runtime arguments as a fork inherits them: without the flags that evaluate inline code.
 *
 * @param execArgv The parent's `process.execArgv`.
 * @returns The arguments to pass on.
 * @example
 * ```ts
 * withoutEval(['--inspect', '-e', 'code']); // ['--inspect']
 * ```
 * @rules child_process.fork.exec-argv-default
 */
export function withoutEval(execArgv: readonly string[]): string[] {
  // beyond-spec: fork-exec-argv-without-eval
  const dropped = evalArguments(execArgv);
  return execArgv.filter((_, index) => !dropped.has(index));
}

/**
 * The indices of the flags that evaluate inline code, and of the code after a flag that takes it as the next argument.
 * Only the dropping is marked: the tests that pick the eval flags out are run, since one that picked every argument
 * would lose the parent's other runtime arguments, which the spec's default (process.execArgv) passes on.
 */
function evalArguments(execArgv: readonly string[]): Set<number> {
  const dropped = new Set<number>();
  execArgv.forEach((arg, index) => {
    if (EVAL_FLAGS.has(arg)) {
      // beyond-spec: fork-exec-argv-without-eval
      dropped.add(index).add(index + 1);
    }
    // An eval flag in EVAL_FLAGS never starts with '--eval=' or '--print=': the two tests pick out different arguments.
    if (arg.startsWith('--eval=') || arg.startsWith('--print=')) {
      // beyond-spec: fork-exec-argv-without-eval
      dropped.add(index);
    }
  });
  return dropped;
}
