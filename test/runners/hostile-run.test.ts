import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectCases } from '../../conformance/registry.js';
import { hungFunctions } from '../../results/hung-functions.js';
import { readResults } from '../../results/read-results.js';
import { runCli } from '../cli/run-cli.js';
import { AGENT_FIXTURES, eventually, processesWith } from './agent-helpers.js';

// A small version of the hostile run of issue 14 (seven hostile adapters and the reference, querystring only,
// --timeout 5000, in at most 3 minutes on 2 cores): a sync hang, an async hang and poisoned globals at load, next to
// the reference, on a few parse cases (six when this was written) with a 1 s limit.
const GLOBS = ['querystring.parse.splits-*', 'querystring.parse.reads-pairs-of-a-string'];
const CASES = GLOBS.flatMap((glob) => ['--case', glob]);
const CASE_COUNT = selectCases({ modules: [], ruleGlobs: [], caseGlobs: GLOBS }).length;
const HOSTILE = ['mutant-hang.mjs', 'mutant-async-hang.mjs', 'mutant-poison-load.mjs'];

describe('a run with hostile candidates (end to end)', function () {
  this.timeout(120_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-hostile-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('gives every case a status well within the sum of its time limits, and leaves no process behind', async () => {
    const marker = `RTCONF_TEST_MARK=${randomBytes(6).toString('hex')}`;
    const candidates = ['reference', ...HOSTILE.map((file) => join(AGENT_FIXTURES, file))].flatMap((spec) => ['--candidate', spec]);
    const started = performance.now();
    expect(CASE_COUNT).to.be.within(4, 12);
    const outcome = await runCli(['run', ...candidates, ...CASES, '--timeout', '1000', '--jobs', '2', '--seed', '14', '--out', join(dir, 'out')], {
      env: { RTCONF_TEST_MARK: marker.split('=')[1] },
      timeoutMs: 110_000,
    });
    const elapsed = performance.now() - started;
    expect(outcome.code, outcome.stderr).to.equal(1);
    // One after another and waiting out every limit plus the 8 s cleanup allowance, the two hanging adapters alone
    // took 2 × 6 × 9 s = 108 s (six cases); now they run side by side, a stuck agent is ended 1.5 s after the limit, and after
    // three timeouts in a row the other parse cases are not run. Typically 15 s here, 25 s on a busy machine.
    expect(elapsed).to.be.below(45_000);

    const results = await readResults(join(dir, 'out', 'results.json'));
    expect(results.runs.map((run) => [run.candidate.id, run.results.length])).to.deep.equal([
      ['reference', CASE_COUNT],
      ['adapter:mutant hang', CASE_COUNT],
      ['adapter:mutant async hang', CASE_COUNT],
      ['adapter:mutant poison at load', CASE_COUNT],
    ]);
    const [reference, hang, asyncHang, poison] = results.runs;
    expect(reference?.summary.pass).to.equal(CASE_COUNT);
    for (const run of [hang, asyncHang]) {
      expect(run?.summary.timeout, run?.candidate.id).to.equal(CASE_COUNT);
      expect(hungFunctions(run?.results ?? [])).to.have.length(1);
      expect(hungFunctions(run?.results ?? [])[0]).to.include({ function: 'querystring.parse', timeouts: 3 });
    }
    expect(poison?.summary.error).to.equal(CASE_COUNT);
    expect(poison?.results[0]?.message).to.contain('replaced Promise.prototype.then');
    expect(await eventually(() => processesWith(marker).length === 0, 5000), `left alive: ${processesWith(marker).join(' ')}`).to.equal(true);
  });
});
