// The rtconf command line: dispatches a verb to its command module, loaded on demand so `--help` stays instant.
import { UsageError } from './usage-error.js';
import type { VerbName } from './verbs.js';

type Command = { main(argv: readonly string[]): Promise<number> };

/** One command module per verb of cli/verbs.ts: a verb without its module, or a module without its verb, is a type error. */
const COMMANDS: Readonly<Record<VerbName, () => Promise<Command>>> = {
  run: () => import('./commands/run.js'),
  list: () => import('./commands/list.js'),
  report: () => import('./commands/report.js'),
  diff: () => import('./commands/diff.js'),
  merge: () => import('./commands/merge.js'),
  expect: () => import('./commands/expect.js'),
  mutate: () => import('./commands/mutate.js'),
  dashboard: () => import('./commands/dashboard.js'),
  export: () => import('./commands/export.js'),
  bisect: () => import('./commands/bisect.js'),
};

export async function main(argv: readonly string[]): Promise<number> {
  const [verb, ...rest] = argv;
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  try {
    if (verb === undefined || verb === '--help' || verb === '-h' || (verb === 'help' && rest.length === 0)) {
      const { generalHelp } = await import('./help.js');
      process.stdout.write(generalHelp());
      return verb === undefined ? 2 : 0;
    }
    // `rtconf help VERB`, `rtconf VERB --help`, `rtconf VERB -h` (anywhere before a `--`): the verb's own help.
    const helpOf = verb === 'help' ? rest[0] : wantsHelp(rest) ? verb : undefined;
    if (helpOf !== undefined) {
      const [{ verbHelp }, { isVerbName }] = await Promise.all([import('./help.js'), import('./verbs.js')]);
      if (!isVerbName(helpOf)) throw new UsageError(`unknown command "${helpOf}" (expected ${Object.keys(COMMANDS).join(', ')}; see rtconf --help)`);
      process.stdout.write(verbHelp(helpOf));
      return 0;
    }
    if (verb === '--version' || verb === '-v') {
      const { toolInfo } = await import('../io/tool-info.js');
      process.stdout.write(`${toolInfo().version}\n`);
      return 0;
    }
    const load = Object.hasOwn(COMMANDS, verb) ? COMMANDS[verb as VerbName] : undefined;
    if (!load) throw new UsageError(`unknown command "${verb}" (expected ${Object.keys(COMMANDS).join(', ')}; see rtconf --help)`);
    return await (await load()).main(rest);
  } catch (error) {
    return reportError(error);
  }
}

/** Whether a verb's arguments ask for its help: `--help` or `-h` before any `--`. */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * `rtconf list rules | head -1`: once the reader has gone, further output has nowhere to go, and that is not an
 * error. The command finishes (a run still writes its results) and exits with its own code, without a stack.
 */
const quieted = new WeakSet<NodeJS.WriteStream>();
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (quieted.has(stream)) return;
  quieted.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    throw error;
  });
}

/** Known input problems are one line and exit 2; anything else is a bug in rtconf: say so, with the stack. */
function reportError(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && code.startsWith('ERR_RTCONF_')) {
    process.stderr.write(`rtconf: ${error.message}\n`);
    return 2;
  }
  process.stderr.write(`rtconf: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 70;
}
