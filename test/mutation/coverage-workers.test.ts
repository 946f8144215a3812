// The case ↔ code map's workers (mutation/coverage-map.ts), when things go wrong: a worker that fails fails the
// measurement with its own error, once the workers beside it are killed and gone; an interrupted run starts no worker.
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseMeta } from '../../conformance/case.js';
import { selectCases } from '../../conformance/registry.js';
import { coverageMap } from '../../mutation/coverage-map.js';
import { readReferenceSources } from '../../mutation/reference-sources.js';
import { mark, processesWith } from '../runners/agent-helpers.js';
import { rejection } from '../tools/rejection.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));


describe('the coverage workers', function () {
  this.timeout(120_000);
  let work: string;
  const sources = readReferenceSources(ROOT, ['querystring', 'https', 'child_process']);
  // Cases the workers can run (https's waits 5 s for an idle socket to time out, so its worker is still at it when the
  // other fails), and a case of another module that no build of the suite holds: its worker fails as it starts.
  const runnable = selectCases({
    caseGlobs: ['querystring.parse.single-occurrence-is-a-string', 'https.global-agent.socket-timeout-5000'],
  });
  const missing: CaseMeta = { id: 'child_process.missing.case', module: 'child_process', rules: ['child_process.x'] };
  const cases: CaseMeta[] = [...runnable, missing];

  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'rtconf-coverage-workers-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it("fails with the failing worker's own exit once the workers beside it are killed and gone", async function () {
    // Leftovers are found through /proc.
    if (process.platform !== 'linux') this.skip();
    expect(runnable.map((meta) => meta.module)).to.deep.equal(['querystring', 'https']);
    const tag = mark();
    try {
      const error = await rejection(coverageMap(sources, cases, { seed: 1, timeoutMs: 10_000, workDir: work }));
      const failure = /^the coverage run ended with exit code 1: .*coverage-worker/;
      expect(error.message, 'the failure, not a kill').to.match(failure);
      expect(processesWith(tag, 'coverage-worker'), 'workers still running').to.deep.equal([]);
    } finally {
      delete process.env.RTCONF_TEST_MARK;
    }
  });

  it('starts no worker once the run is interrupted', async () => {
    const stop = new AbortController();
    stop.abort();
    const options = { seed: 1, timeoutMs: 10_000, workDir: work, signal: stop.signal };
    const error = await rejection(coverageMap(sources, runnable, options));
    expect(error.name).to.equal('AbortError');
  });
});
