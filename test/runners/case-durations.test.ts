// runners/case-durations.ts: the durations a run records per candidate, read back by the next run to start its
// longest cases first; a missing or broken file is no history, and only the order of cases depends on it.
import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseMeta } from '../../conformance/case.js';
import type { CandidateRun, CaseResult } from '../../results/results-file.js';
import { longestFirst, readCaseDurations, recordCaseDurations } from '../../runners/case-durations.js';
import { runSuite } from '../../runners/run-suite.js';
import type { Runner } from '../../runners/runner.js';

const meta = (id: string, timeoutMs?: number): CaseMeta => ({ id, module: 'querystring', rules: [], ...(timeoutMs === undefined ? {} : { timeoutMs }) });

function run(candidate: string, durations: Record<string, number>): CandidateRun {
  const results: CaseResult[] = Object.entries(durations).map(([id, durationMs]) => ({ case: id, module: 'querystring', rules: [], status: 'pass', durationMs }));
  return { candidate: { id: candidate, name: candidate, kind: 'adapter' }, summary: { total: results.length } as CandidateRun['summary'], results };
}

describe('case durations: the longest cases first', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-durations-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('records what each case took per candidate, keeping what earlier runs recorded, and reads it back', async () => {
    const file = join(dir, 'case-durations.json');
    await recordCaseDurations([run('a', { x: 10, y: 2000 }), run('b', { x: 30 })], file);
    await recordCaseDurations([run('a', { x: 15, z: 0 })], file);
    const history = await readCaseDurations(file);
    expect(Object.fromEntries(history.get('a') ?? [])).to.deep.equal({ x: 15, y: 2000 });
    expect(Object.fromEntries(history.get('b') ?? [])).to.deep.equal({ x: 30 });
  });

  it('reads a missing, malformed or foreign file as no history, and overwrites it on the next record', async () => {
    const file = join(dir, 'case-durations.json');
    expect((await readCaseDurations(file)).size).to.equal(0);
    for (const text of ['{ not json', '[]', '{"version": 99, "candidates": {"a": {"x": 1}}}', '{"version": 1, "candidates": {"a": {"x": "long", "y": -1}}}']) {
      await writeFile(file, text);
      expect([...((await readCaseDurations(file)).get('a') ?? [])], text).to.deep.equal([]);
    }
    await recordCaseDurations([run('a', { x: 5 })], file);
    expect(JSON.parse(await readFile(file, 'utf8'))).to.deep.equal({ version: 1, candidates: { a: { x: 5 } } });
  });

  it('orders by the candidate\'s durations, then cases that declare a longer limit than the run\'s, then the rest as selected', () => {
    const cases = [meta('quick'), meta('unknown-1'), meta('slow'), meta('declared-long', 40_000), meta('unknown-2'), meta('declared-short', 500)];
    const history = new Map([
      ['a', new Map([['quick', 3], ['slow', 5000]])],
      ['b', new Map([['quick', 9000]])],
    ]);
    expect(longestFirst(cases, 'a', history, 10_000).map((item) => item.id)).to.deep.equal(['declared-long', 'slow', 'quick', 'unknown-1', 'unknown-2', 'declared-short']);
    expect(longestFirst(cases, 'b', history, 10_000).map((item) => item.id)).to.deep.equal(['declared-long', 'quick', 'unknown-1', 'slow', 'unknown-2', 'declared-short']);
    expect(longestFirst(cases, 'none', new Map(), 10_000).map((item) => item.id)).to.deep.equal(['declared-long', 'quick', 'unknown-1', 'slow', 'unknown-2', 'declared-short']);
  });

  it('makes a run start each candidate\'s longest cases first, and list its results in the selection\'s order', async () => {
    const started: string[] = [];
    const runner: Runner = {
      candidate: { id: 'a', name: 'a', kind: 'adapter' },
      async *run(cases) {
        for (const item of cases) {
          started.push(item.id);
          yield { case: item.id, module: item.module, rules: item.rules, status: 'pass', durationMs: 1 };
        }
      },
      close: () => Promise.resolve(),
    };
    const selection = [meta('one'), meta('two'), meta('three')];
    const results = await runSuite([runner], selection, [], { seed: 1, timeoutMs: 1000, durations: new Map([['a', new Map([['three', 900], ['two', 50]])]]) });
    expect(started).to.deep.equal(['three', 'two', 'one']);
    expect(results.runs[0]?.results.map((result) => result.case)).to.deep.equal(['one', 'two', 'three']);
  });
});
