// `rtconf mutate` refuses bad usage with exit 2 and one line before mutating anything; `rtconf report` draws the
// mutation section from a mutation.json beside the results or named by --mutation, and refuses a malformed one.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.js';
import { formatSummary } from '../../cli/commands/mutate.js';
import { usablePrevious } from '../../mutation/previous-run.js';
import { sampleMutation } from '../reports/sample-mutation.js';
import { buildSampleResults } from '../reports/sample-results.js';

describe('rtconf mutate and report --mutation on the command line', function () {
  this.timeout(120_000);

  it('refuses bad usage with exit 2 and one line, before mutating anything', async () => {
    for (const [args, reason] of [
      [['--module', 'nope'], /--module must be one of/],
      [['--since', 'no-such-ref-anywhere'], /--since: "no-such-ref-anywhere" is not a commit/],
      [['--bogus'], /mutate: Unknown option '--bogus'/],
    ] as const) {
      const outcome = await runCli(['mutate', ...args]);
      expect(outcome.code, args.join(' ')).to.equal(2);
      expect(outcome.stderr.trim().split('\n'), args.join(' ')).to.have.length(1);
      expect(outcome.stderr).to.match(reason);
    }
  });

  it('--incremental refuses a malformed previous mutation.json with exit 2 and one line, before mutating anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rtconf-mutate-incremental-'));
    try {
      for (const [text, reason] of [
        ['{"schemaVersion": 4', /mutation\.json: not valid JSON/],
        ['{"schemaVersion": 4}', /mutation\.json: .*must have required property/],
      ] as const) {
        await writeFile(join(dir, 'mutation.json'), text);
        const outcome = await runCli(['mutate', '--incremental', '--out', dir]);
        expect(outcome.code, text).to.equal(2);
        expect(outcome.stderr.trim().split('\n'), text).to.have.length(1);
        expect(outcome.stderr).to.match(reason);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--incremental says in one line why a previous run cannot seed this one: another seed, or no fingerprints', () => {
    const previous = sampleMutation();
    expect(usablePrevious(previous, previous.seed + 1)).to.deep.equal({ reason: `the previous mutation.json drew its cases with seed ${previous.seed}, this run with ${previous.seed + 1}, so no verdict carries over` });
    expect(usablePrevious(previous, previous.seed)).to.have.property('reason').that.matches(/holds no fingerprints/);
    const fingerprinted = { ...previous, cases: [], mutants: previous.mutants.map((mutant) => ({ ...mutant, fingerprint: 'f' })) };
    expect(usablePrevious(fingerprinted, previous.seed)).to.deep.equal({ file: fingerprinted });
  });

  it('prints the unobservable mutants in their own column, left out of the score and counted as not killed in the score of all mutants', () => {
    const lines = formatSummary(sampleMutation()).split('\n');
    const header = (lines[1] ?? '').split(/\s{2,}/).map((cell) => cell.trim());
    const all = (lines.find((line) => line.startsWith('all ')) ?? '').split(/\s{2,}/).map((cell) => cell.trim());
    expect(header).to.deep.equal(['module', 'mutants', 'killed', 'timeout', 'survived', 'no-coverage', 'equivalent', 'beyond-spec', 'unobservable', 'error', 'score', 'all mutants']);
    expect(all).to.deep.equal(['all', '6', '1', '1', '1', '1', '0', '1', '1', '0', '50.0%', '33.3%']);
  });

  it('rtconf report draws the mutation section from a mutation.json beside the results, or one named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rtconf-report-mutation-'));
    try {
      await writeFile(join(dir, 'results.json'), JSON.stringify(buildSampleResults()));
      const plain = await runCli(['report', join(dir, 'results.json')]);
      // Exit 1 is the sample host's verdict (it fails normative cases); 2 would be a report that could not be made.
      expect(plain.code).to.equal(1);
      const { readFile } = await import('node:fs/promises');
      expect(await readFile(join(dir, 'index.html'), 'utf8')).to.not.contain('"mutation"');
      await writeFile(join(dir, 'other.json'), JSON.stringify(sampleMutation()));
      const named = await runCli(['report', join(dir, 'results.json'), '--mutation', join(dir, 'other.json')]);
      expect(named.code, named.stderr).to.equal(1);
      expect(await readFile(join(dir, 'index.html'), 'utf8')).to.contain('"mutation"');
      await copyFile(join(dir, 'other.json'), join(dir, 'mutation.json'));
      await rm(join(dir, 'index.html'));
      const beside = await runCli(['report', join(dir, 'results.json')]);
      expect(beside.code, beside.stderr).to.equal(1);
      expect(await readFile(join(dir, 'index.html'), 'utf8')).to.contain('aaaaaaaaaaaaaaa2');
      await writeFile(join(dir, 'mutation.json'), '{"schemaVersion": 1}');
      const broken = await runCli(['report', join(dir, 'results.json')]);
      expect(broken.code).to.equal(2);
      expect(broken.stderr).to.match(/mutation\.json: .*must have required property/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
