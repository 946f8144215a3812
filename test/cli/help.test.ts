// Help where people look for it: every verb answers `--help`, `-h` and `rtconf help VERB` with its own usage, each
// flag with its default, and an example; the flags the help lists are exactly the ones the verb's parser accepts.
import { expect } from 'chai';
import { parseVerb } from '../../cli/parse.js';
import { VERBS } from '../../cli/verbs.js';
import { runCli } from './run-cli.js';

/** Every verb: cli/main.ts dispatches exactly these (its table of command modules is keyed by them). */
const NAMES = Object.keys(VERBS);

/** The flags a help text lists: `--name` at the start of an indented line (with its `-x, ` short form, if any). */
function listedFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-[a-z], )?--([a-z-]+)/gm)].map((match) => match[1] ?? '');
}

/** Each flag's description: its line and the more indented lines after it. */
function descriptions(help: string): Map<string, string> {
  const lines = help.split('\n');
  const out = new Map<string, string>();
  lines.forEach((line, index) => {
    const flag = /^ {2}(?:-[a-z], )?--([a-z-]+)/.exec(line)?.[1];
    if (!flag) return;
    const end = lines.findIndex((text, at) => at > index && !/^ {5,}\S/.test(text));
    out.set(flag, lines.slice(index, end === -1 ? undefined : end).join(' '));
  });
  return out;
}

describe('rtconf help, VERB --help and VERB -h', function () {
  this.timeout(120_000);

  it('has a table for every verb rtconf dispatches', () => {
    expect(Object.keys(VERBS).sort()).to.deep.equal([...NAMES].sort());
  });

  for (const name of NAMES) {
    it(`answers rtconf ${name} --help, -h and rtconf help ${name} alike: its usage, each flag's default, an example`, async () => {
      const [long, short, viaHelp] = await Promise.all([runCli([name, '--help']), runCli([name, '-h']), runCli(['help', name])]);
      for (const outcome of [long, short, viaHelp]) expect(outcome.code, outcome.stderr).to.equal(0);
      expect(short.stdout).to.equal(long.stdout);
      expect(viaHelp.stdout).to.equal(long.stdout);
      const help = long.stdout;
      expect(help).to.match(new RegExp(`^Usage: rtconf ${name}\\b`));
      expect(help).to.match(new RegExp(`\\nExamples?:\\n {2}npx rtconf ${name}\\b`));
      const flags = listedFlags(help).filter((flag) => flag !== 'help');
      for (const [flag, text] of descriptions(help)) if (flag !== 'help') expect(text, `${name} --${flag}`).to.match(/\(default: [^)]+\)|\(required\)/);
      // The help lists exactly the flags the parser takes: each one parses, and nothing else does.
      expect(flags.sort()).to.deep.equal(Object.keys(VERBS[name as keyof typeof VERBS].flags).sort());
      for (const flag of flags) {
        const spec = VERBS[name as keyof typeof VERBS].flags[flag as never] as { type: string };
        expect(() => parseVerb(name as keyof typeof VERBS, spec.type === 'boolean' ? [`--${flag}`] : [`--${flag}`, 'x']), `${name} --${flag}`).to.not.throw();
      }
      expect(() => parseVerb(name as keyof typeof VERBS, ['--no-such-flag'])).to.throw(/Unknown option/);
    });
  }

  it('still prints the general help for rtconf help, --help and -h, and refuses help for an unknown verb', async () => {
    const general = await runCli(['help']);
    expect(general.code).to.equal(0);
    for (const name of NAMES) expect(general.stdout, name).to.match(new RegExp(`^ {2}rtconf ${name}\\b`, 'm'));
    expect(general.stdout).to.contain('rtconf help VERB');
    expect((await runCli(['-h'])).stdout).to.equal(general.stdout);
    const unknown = await runCli(['help', 'frobnicate']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.match(/unknown command "frobnicate"/);
  });
});
