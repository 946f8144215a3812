// Argument parsing shared by the commands: node's own `parseArgs` in strict mode, with its errors turned into
// one-line usage errors. Each verb's options come from its table in cli/verbs.ts (`parseVerb`), the table its help
// is generated from too.
import { type ModuleName, MODULES } from '../lib/index.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';
import { VERBS, type Flag, type VerbName } from './verbs.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs' options for a verb's flags: only what parseArgs reads (the type, and `multiple` for a repeatable one). */
type OptionsOf<F> = {
  -readonly [K in keyof F]: F[K] extends { readonly type: infer T extends Flag['type']; readonly multiple: true } ? { type: T; multiple: true } : F[K] extends { readonly type: infer T extends Flag['type'] } ? { type: T } : never;
};

/** What parseArgs returns for `options`, named so that the declarations the build emits can spell it. */
type ParsedCommandLine<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: boolean }>>;

/**
 * Parses a verb's arguments by its table in cli/verbs.ts.
 * @throws UsageError (exit 2) naming the verb, for an unknown flag or a flag without its value
 * @example
 * const { values } = parseVerb('diff', ['a.json', 'b.json', '--json']); // values.json === true
 */
export function parseVerb<N extends VerbName>(name: N, argv: readonly string[]): ParsedCommandLine<OptionsOf<(typeof VERBS)[N]['flags']>> {
  const verb = VERBS[name];
  const options: Record<string, { type: Flag['type']; multiple?: true }> = {};
  for (const [flag, spec] of Object.entries(verb.flags) as [string, Flag][]) options[flag] = spec.multiple ? { type: spec.type, multiple: true } : { type: spec.type };
  return parseCommandLine(name, argv, options as OptionsOf<(typeof VERBS)[N]['flags']>, verb.positionals);
}

function parseCommandLine<O extends Options>(verb: string, argv: readonly string[], options: O, allowPositionals = false): ParsedCommandLine<O> {
  try {
    return parseArgs({ args: joinNegativeNumbers(argv, options), options, strict: true, allowPositionals });
  } catch (error) {
    // parseArgs spreads one reason over several lines (the hint last): keep all of it, on one line.
    const message = error instanceof Error ? error.message.split('\n').join(' ') : String(error);
    throw new UsageError(`${verb}: ${message}`);
  }
}

/**
 * `--jobs -1` reads to parseArgs as an option without its value followed by an unknown option `-1`; it is turned
 * into `--jobs=-1`, so the flag's own check can say what is wrong with the number.
 */
function joinNegativeNumbers(argv: readonly string[], options: Options): string[] {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const next = argv[index + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && Object.hasOwn(options, name) && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      index++;
      continue;
    }
    if (arg === '--') {
      args.push(...argv.slice(index));
      break;
    }
    args.push(arg);
  }
  return args;
}

/** Parses a whole number within [min, max] given for `flag`, or throws a UsageError naming the flag and value. */
export function parseInteger(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** Checks a `--module` value, or throws a UsageError listing the modules. */
export function parseModule(name: string): ModuleName {
  if ((MODULES as readonly string[]).includes(name)) return name as ModuleName;
  throw new UsageError(`--module must be one of ${MODULES.join(', ')}, got "${name}"`);
}
