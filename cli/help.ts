// The help texts, generated from the verbs' table (cli/verbs.ts), the same table their parsers are generated from:
// `rtconf --help` lists every verb; `rtconf help VERB`, `rtconf VERB --help` and `rtconf VERB -h` print the verb's own
// usage, each flag with its default, and examples.
import { VERBS, type Flag, type VerbName } from './verbs.js';

/** The column where a flag's description starts, and the width the help wraps at. */
const DESCRIPTION_COLUMN = 24;
const WIDTH = 118;

const EXIT_CODES = `Exit codes: 0 no result unexpected; 1 some result unexpected (without --expect/--baseline: some normative case
failed), a verdict on the candidates by the one gate that run, report, dashboard and diff share, not an error of
rtconf; 2 bad usage or bad input, or results that could not be written where asked (they are then saved in a temp
folder named on stderr); 130 interrupted; 70 an internal error of rtconf (a bug; the stack is printed).
`;

/** Words of `text` in lines of at most `width` characters, each after `indent` (the first after `first`). */
function wrap(text: string, width: number, indent: string, first = indent): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter((item) => item !== '')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

function flagLines(name: string, flag: Flag): string[] {
  const head = `  --${name}${flag.value ? ` ${flag.value}` : ''}`;
  const byDefault = flag.byDefault === 'required' ? '(required)' : `(default: ${flag.byDefault})`;
  const text = `${flag.help} ${byDefault}`;
  const pad = ' '.repeat(DESCRIPTION_COLUMN);
  if (head.length + 2 > DESCRIPTION_COLUMN) return [head, ...wrap(text, WIDTH, pad)];
  return wrap(text, WIDTH, pad, head.padEnd(DESCRIPTION_COLUMN));
}

/**
 * The help of one verb: usage, what it does, each flag with its default, notes, examples.
 * @example
 * process.stdout.write(verbHelp('diff')); // 'Usage: rtconf diff A.json B.json [options]\n…'
 */
export function verbHelp(name: VerbName): string {
  const verb = VERBS[name];
  const [first, ...more] = verb.usage;
  const lines = [`Usage: rtconf ${first}`, ...more.map((usage) => `       rtconf ${usage}`), ''];
  lines.push(...wrap('description' in verb ? verb.description : `${verb.summary[0]?.toUpperCase() ?? ''}${verb.summary.slice(1)}.`, WIDTH, ''), '');
  lines.push('Options:');
  for (const [flag, spec] of Object.entries(verb.flags) as [string, Flag][]) lines.push(...flagLines(flag, spec));
  lines.push(...wrap('print this help', WIDTH, ' '.repeat(DESCRIPTION_COLUMN), '  -h, --help'.padEnd(DESCRIPTION_COLUMN)));
  if ('notes' in verb) lines.push('', ...verb.notes);
  lines.push('', verb.examples.length === 1 ? 'Example:' : 'Examples:', ...verb.examples.map((example) => `  ${example}`), '');
  return `${lines.join('\n')}\n${EXIT_CODES}`;
}

/** `rtconf --help`: every verb with its usage and what it does, and how to get a verb's own help. */
export function generalHelp(): string {
  const lines = ['rtconf — conformance suite for rt:https, rt:querystring and rt:child_process', '', 'Usage:'];
  for (const verb of Object.values(VERBS)) {
    for (const usage of verb.usage) lines.push(`  rtconf ${usage}`);
    lines.push(...wrap(verb.summary, WIDTH, '      '));
  }
  lines.push('  rtconf help VERB | rtconf VERB --help | rtconf VERB -h', "      a verb's own usage, every flag with its default, and examples", '  rtconf --help | --version', '');
  return `${lines.join('\n')}\n${EXIT_CODES}`;
}
