// `chromium:` candidates, end to end through the CLI: a polyfill bundled for the browser and judged in a page of
// headless Chromium (the machine's own), the page and the browser recorded in results.json; the modules a page cannot
// have not provided; a polyfill that reaches for a Node global failing naming it; a page stuck in a loop a timeout of
// its own case; and what cannot run in a page refused with one line and exit 2 before anything runs.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult, ResultsFile } from '../../../results/results-file.js';
import { runCli } from '../../cli/run-cli.js';
import { skipWithoutChromium } from '../../reports/browser.js';

const FIXTURES = 'test/fixtures/page';

async function results(out: string): Promise<ResultsFile> {
  return JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as ResultsFile;
}

function byCase(file: ResultsFile): Map<string, CaseResult> {
  return new Map((file.runs[0]?.results ?? []).map((result) => [result.case, result]));
}

describe('chromium: candidates', function () {
  this.timeout(180_000);
  let out: string;

  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'rtconf-chromium-'));
  });

  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  describe('in Chromium', function () {
    before(function () {
      skipWithoutChromium(this);
    });

    it('judges the example adapter in a page, and records the page and the Chromium it ran in', async () => {
      const outcome = await runCli([
        'run',
        '--candidate',
        'chromium:examples/adapter.mjs',
        '--module',
        'querystring',
        '--case',
        'querystring.parse.splits-pairs-on-ampersand-by-default',
        '--case',
        'querystring.stringify.writes-bigints-as-digits',
        '--case',
        'querystring.parse.agrees-with-reference.eq-multi-char',
        '--out',
        out,
      ]);
      // querystring-es3 writes bigints as '' and reads '=>' as '=' then '>': a failing candidate exits 1.
      expect(outcome.code, outcome.stderr).to.equal(1);
      const file = await results(out);
      const candidate = file.runs[0]?.candidate;
      expect(candidate?.id).to.equal('chromium:adapter:querystring-es3 (example adapter)');
      expect(candidate?.path, 'what --candidate needs to run it again').to.equal('chromium:examples/adapter.mjs');
      expect(candidate?.page?.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/agent\.html$/);
      expect(candidate?.page?.browser).to.match(/^Chromium \d+\.\d+/);
      expect(outcome.stdout, 'the verdict line says where it ran').to.contain(`in ${candidate?.page?.browser} at ${candidate?.page?.url}:`);
      const found = byCase(file);
      expect(found.get('querystring.parse.splits-pairs-on-ampersand-by-default')?.status).to.equal('pass');
      expect(found.get('querystring.stringify.writes-bigints-as-digits')?.status).to.equal('fail');
      // The differential case ran against the reference, bundled into the page as its oracle.
      expect(found.get('querystring.parse.agrees-with-reference.eq-multi-char')?.message).to.match(/the candidate gives .* the reference/);
    });

    it('reports the modules a page cannot have as not provided, without running them', async () => {
      const outcome = await runCli(['run', '--candidate', 'chromium:npm:querystring-es3', '--case', 'child_process.spawn.*', '--case', 'https.request.*', '--out', out]);
      expect(outcome.code, outcome.stderr).to.equal(0);
      const run = (await results(out)).runs[0];
      expect(run?.results.length).to.be.greaterThan(2);
      for (const result of run?.results ?? []) {
        expect(result.status, result.case).to.equal('skip');
        expect(result.message, result.case).to.match(/does not provide (child_process|https): a page has no processes or sockets/);
      }
    });

    it('fails the cases of a polyfill that reaches for Buffer, naming the missing global, and passes the others', async () => {
      const outcome = await runCli([
        'run',
        '--candidate',
        `chromium:${FIXTURES}/reaches-for-buffer.mjs`,
        '--case',
        'querystring.unescape.decodes-percent-encoded-utf8',
        '--case',
        'querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does',
        '--out',
        out,
      ]);
      expect(outcome.code, outcome.stderr).to.equal(1);
      const found = byCase(await results(out));
      const unescape = found.get('querystring.unescape.decodes-percent-encoded-utf8');
      expect(unescape?.status).to.equal('fail');
      expect(unescape?.message).to.contain('ReferenceError: Buffer is not defined');
      expect(found.get('querystring.escape.encodes-each-ascii-character-as-encodeURIComponent-does')?.status).to.equal('pass');
    });

    it('ends a page stuck in a loop as a timeout of that case only, and runs the next case in a fresh page', async () => {
      const outcome = await runCli([
        'run',
        '--candidate',
        `chromium:${FIXTURES}/hangs-on-parse.mjs`,
        '--case',
        'querystring.parse.splits-pairs-on-ampersand-by-default',
        '--case',
        'querystring.stringify.writes-string-values',
        '--timeout',
        '2000',
        '--jobs',
        '1',
        '--out',
        out,
      ]);
      expect(outcome.code, outcome.stderr).to.equal(1);
      const found = byCase(await results(out));
      const hung = found.get('querystring.parse.splits-pairs-on-ampersand-by-default');
      expect(hung?.status).to.equal('timeout');
      expect(hung?.message).to.contain('the agent was killed');
      expect(found.get('querystring.stringify.writes-string-values')?.status).to.equal('pass');
    });

    it('refuses an adapter that imports a Node builtin, with one line and exit 2', async () => {
      const outcome = await runCli(['run', '--candidate', `chromium:${FIXTURES}/imports-node-builtin.mjs`, '--module', 'querystring', '--out', out]);
      expect(outcome.code).to.equal(2);
      expect(outcome.stderr.trim().split('\n')).to.have.length(1);
      expect(outcome.stderr).to.contain('it imports the Node builtin "node:fs", which a page does not have');
    });
  });

  it('says in one line, exit 2, when no Chromium can be found', async () => {
    const outcome = await runCli(['run', '--candidate', 'chromium:examples/adapter.mjs', '--out', out], { env: { RTCONF_CHROMIUM: join(out, 'no-chromium-here') } });
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr.trim().split('\n')).to.have.length(1);
    expect(outcome.stderr).to.contain('no-chromium-here is not an executable file');
  });
});
