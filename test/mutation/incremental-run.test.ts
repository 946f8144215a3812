// rtconf mutate --incremental on a copy of the reference and the cases: after a change to one function it runs only
// that function's killed and timed-out mutants again (its survivors' statements are unchanged) and reports what a full
// run of the changed tree reports; after a change to one case it runs again only mutants that case covers; with
// nothing changed it runs nothing.
import { expect } from 'chai';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMutants } from '../../mutation/generate-mutants.js';
import type { OperatorName } from '../../mutation/operators.js';
import { runMutation, type MutationOptions } from '../../mutation/run-mutation.js';
import type { MutationFile } from '../../results/mutation-file.js';
import { validateMutation } from '../../results/read-mutation.js';

const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const FILE = 'reference/internal/querystring/decode.ts';
const OPERATORS: ReadonlySet<OperatorName> = new Set(['negation', 'early-return']);

/** Each mutant's status, by id, for comparing runs. */
function verdicts(mutation: MutationFile): Record<string, string> {
  return Object.fromEntries(mutation.mutants.map((mutant) => [mutant.id, mutant.status]));
}

/**
 * The statuses of two runs, each without the mutants either run saw time out: a timeout is judged against the
 * machine's speed at the time (a loaded machine can make one where a quiet one finds a survivor), so only the verdicts
 * a case reached are compared; there must be some.
 */
function comparable(a: MutationFile, b: MutationFile): [Record<string, string>, Record<string, string>] {
  const timedOut = new Set([...a.mutants, ...b.mutants].filter((mutant) => mutant.status === 'timeout').map((mutant) => mutant.id));
  const keep = (mutation: MutationFile): Record<string, string> => Object.fromEntries(Object.entries(verdicts(mutation)).filter(([id]) => !timedOut.has(id)));
  const kept = [keep(a), keep(b)] as [Record<string, string>, Record<string, string>];
  expect(Object.keys(kept[0]).length, 'mutants compared').to.be.greaterThan(a.mutants.length / 2);
  return kept;
}

describe('rtconf mutate --incremental against a full run, on a copy of the tree', function () {
  this.timeout(900_000);
  let root: string;
  let cache: string;
  let full: MutationFile;
  const options = (): MutationOptions => ({
    root,
    modules: ['querystring'],
    fileGlobs: [FILE],
    operators: OPERATORS,
    jobs: 4,
    seed: 5,
    timeoutMs: 10_000,
    equivalents: new Map(),
    cacheDir: cache,
  });

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'rtconf-incremental-'));
    cache = join(root, 'cache');
    await cp(join(PACKAGE, 'reference'), join(root, 'reference'), { recursive: true });
    await cp(join(PACKAGE, 'conformance'), join(root, 'conformance'), { recursive: true });
    full = await runMutation(options());
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('records what the next run decides by, and a run with nothing changed reuses every verdict', async () => {
    await validateMutation(JSON.parse(JSON.stringify(full)) as unknown, 'full');
    const run = full.mutants.filter((mutant) => mutant.casesRun > 0);
    expect(run.length, 'mutants run').to.be.greaterThan(3);
    for (const mutant of run) expect(mutant.fingerprint, mutant.id).to.be.a('string');
    expect(full.cases?.length, 'the cases used, with their code hashes').to.be.greaterThan(10);
    const again = await runMutation({ ...options(), previous: full });
    expect(again.incremental).to.include({ reused: run.length, rerun: 0 });
    expect(verdicts(again), 'reused verdicts are the same verdicts').to.deep.equal(verdicts(full));
  });

  it('after a change to one function runs only its kills and timeouts again, and gives a full run’s verdicts', async () => {
    const text = await readFile(join(root, FILE), 'utf8');
    const mutants = generateMutants(FILE, text, OPERATORS);
    const ran = new Set(full.mutants.filter((mutant) => mutant.casesRun > 0).map((mutant) => mutant.id));
    // The function of a survivor (else of the first mutant that ran), given a comment line at the top of its body:
    // every line below moves.
    const survivors = new Set(full.mutants.filter((mutant) => mutant.outcome?.status === 'survived').map((mutant) => mutant.id));
    const target = mutants.find((mutant) => survivors.has(mutant.id) && mutant.scope) ?? mutants.find((mutant) => ran.has(mutant.id) && mutant.scope);
    if (!target?.scope) throw new Error('no mutant in a function ran');
    const bodyStart = text.indexOf('{', target.scope.start) + 1;
    await writeFile(join(root, FILE), `${text.slice(0, bodyStart)}\n  // changed for the test${text.slice(bodyStart)}`);
    // A kill or timeout in the function is checked again; a survivor whose statement is unchanged keeps its verdict.
    const outcomes = new Map(full.mutants.map((mutant) => [mutant.id, mutant.outcome?.status]));
    const inFunction = mutants.filter((mutant) => ran.has(mutant.id) && mutant.scope?.start === target.scope?.start && outcomes.get(mutant.id) !== 'survived').length;
    expect(inFunction, 'mutants a case reached in the changed function').to.be.greaterThan(0);

    const incremental = await runMutation({ ...options(), previous: full });
    expect(incremental.incremental?.rerun, "the changed function's kills and timeouts run again").to.equal(inFunction);
    expect(incremental.incremental?.reused).to.equal(ran.size - inFunction);
    const survivorsThere = mutants.filter((mutant) => survivors.has(mutant.id) && mutant.scope?.start === target.scope?.start).map((mutant) => mutant.id);
    expect(survivorsThere.length, 'a survivor in the changed function (the equivalent mutant of decode.ts: no list is given)').to.be.greaterThan(0);
    for (const id of survivorsThere) expect(incremental.mutants.find((mutant) => mutant.id === id), id).to.include({ reused: true, status: 'survived' });
    const fresh = await runMutation({ ...options(), cacheDir: null });
    const [incrementalVerdicts, freshVerdicts] = comparable(incremental, fresh);
    expect(incrementalVerdicts).to.deep.equal(freshVerdicts);
    expect(incremental.total.score === null, 'both scored').to.equal(fresh.total.score === null);
    // Reused mutants below the change are reported where they are now.
    expect(incremental.mutants.map((mutant) => [mutant.id, mutant.line])).to.deep.equal(fresh.mutants.map((mutant) => [mutant.id, mutant.line]));
    // The same tree again: its map and every case's dry-run outcome are in the cache now, the latter although the
    // incremental run ran only the re-measured cases' dry run.
    const phases: string[] = [];
    const again = await runMutation({ ...options(), previous: incremental, onEvent: (event) => void (event.kind === 'phase' && phases.push(event.message)) });
    expect(again.incremental).to.include({ rerun: 0 });
    expect(phases.filter((message) => message.startsWith('dry run:')), phases.join('\n')).to.have.length(1).and.satisfy((lines: string[]) => lines.every((line) => line.includes('all known already')));
    full = incremental;
  });

  it('after a change to one case runs again only mutants that case covers', async function () {
    const killer = full.mutants.find((mutant) => mutant.status === 'killed' && mutant.killedBy?.[0])?.killedBy?.[0];
    if (!killer) throw new Error('no mutant was killed');
    const dir = join(root, 'conformance', 'querystring');
    let touched = false;
    for (const name of await readdir(dir)) {
      const text = await readFile(join(dir, name), 'utf8');
      const at = text.indexOf(`'${killer}'`);
      if (at < 0) continue;
      await writeFile(join(dir, name), `${text.slice(0, at)}/* changed for the test */ ${text.slice(at)}`);
      touched = true;
    }
    if (!touched) this.skip();
    const incremental = await runMutation({ ...options(), previous: full });
    const rerun = incremental.mutants.filter((mutant) => mutant.casesRun > 0 && mutant.reused !== true);
    expect(rerun.length, 'the mutants the case covers run again').to.be.greaterThan(0);
    expect(incremental.incremental?.casesRemeasured, 'only that case is measured again').to.equal(1);
    const [incrementalVerdicts, fullVerdicts] = comparable(incremental, full);
    expect(incrementalVerdicts).to.deep.equal(fullVerdicts);
  });
});
