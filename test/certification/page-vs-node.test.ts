// Each querystring polyfill certified in a page (docs/conformance/runs/chromium-*) has the verdicts it has under Node
// (its audited corpus verdicts, test/certification/verdicts/), case by case, except cases whose page result names a
// Node global the page lacks. Reads committed files only: no browser needed.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResultsFile } from '../../results/results-file.js';
import { ROOT } from '../cli/run-cli.js';
import type { VerdictFile } from './corpus.js';
import { missingGlobalOf, pageVersusNode } from './page-vs-node.js';

/** Each page run certified, and the corpus member that is the same polyfill run under Node. */
const PAIRS = [
  { page: 'chromium-querystring-es3', node: 'querystring-es3' },
  { page: 'chromium-node-stdlib-browser', node: 'node-stdlib-browser' },
  { page: 'chromium-jspm-core', node: 'jspm-core' },
] as const;

async function json<T>(...path: string[]): Promise<T> {
  return JSON.parse(await readFile(join(ROOT, ...path), 'utf8')) as T;
}

describe('polyfills in a page against the same polyfills under Node', () => {
  for (const pair of PAIRS) {
    it(`${pair.page}: every querystring verdict in the page is the one under Node, or names a missing Node global`, async () => {
      const page = await json<ResultsFile>('docs', 'conformance', 'runs', pair.page, 'results.json');
      const node = await json<VerdictFile>('test', 'certification', 'verdicts', `${pair.node}.json`);
      expect(page.seed, 'run with the corpus seed, so properties draw the same inputs').to.equal(node.seed);
      const run = page.runs[0];
      expect(run?.candidate.page, 'run in a page').to.not.equal(undefined);
      expect(run?.results.filter((result) => result.module === 'querystring').length).to.be.greaterThan(80);
      const unexplained = pageVersusNode(page, node).filter((difference) => difference.missingGlobal === undefined);
      expect(unexplained).to.deep.equal([]);
    });
  }

  it('tells a missing Node global from any other message', () => {
    expect(missingGlobalOf({ message: "querystring.unescape('%41') threw ReferenceError: Buffer is not defined" })).to.equal('Buffer');
    expect(missingGlobalOf({ message: 'threw ReferenceError: process is not defined' })).to.equal('process');
    expect(missingGlobalOf({ message: 'threw Error: Dynamic require of "buffer" is not supported' })).to.equal('require');
    expect(missingGlobalOf({ message: 'threw ReferenceError: bufferish is not defined' })).to.equal(undefined);
    expect(missingGlobalOf({ message: 'expected { a: 1 } to deeply equal { a: 2 }' })).to.equal(undefined);
  });

  it('lets a difference through only when the page names the global it lacks', () => {
    const page: ResultsFile = {
      schemaVersion: 1,
      tool: { name: 'rt-conformance', version: '0' },
      seed: 1,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 3,
      rules: [],
      runs: [
        {
          candidate: { id: 'chromium:npm:x', name: 'x', kind: 'npm', page: { url: 'http://127.0.0.1:1/agent.html', browser: 'Chromium 1' } },
          summary: { total: 3, pass: 1, fail: 2, error: 0, timeout: 0, crash: 0, flaky: 0, skip: 0, na: 0 },
          results: [
            { case: 'a', module: 'querystring', rules: [], status: 'fail', durationMs: 1, message: 'threw ReferenceError: Buffer is not defined' },
            { case: 'b', module: 'querystring', rules: [], status: 'fail', durationMs: 1, message: 'expected 1 to equal 2' },
            { case: 'c', module: 'querystring', rules: [], status: 'pass', durationMs: 1 },
          ],
        },
      ],
    };
    const node: VerdictFile = { candidate: 'x', seed: 1, modules: ['querystring'], verdicts: { a: { status: 'pass' }, b: { status: 'pass' }, c: { status: 'pass' } } };
    const differences = pageVersusNode(page, node);
    expect(differences.map((difference) => [difference.case, difference.missingGlobal ?? null])).to.deep.equal([
      ['a', 'Buffer'],
      ['b', null],
    ]);
  });
});
