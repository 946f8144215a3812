// `rtconf run --interface vX` on two (three) interface versions of the spec's Versioning table, against the
// reference: the rules introduced later are na with the reason, and results.json, the summary, the badge, JUnit and
// the report say which version was certified.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { readResults } from '../../results/read-results.js';
import { mergeResults } from '../../results/merge-results.js';
import type { ResultsFile } from '../../results/results-file.js';
import { runCli } from './run-cli.js';

const CASES = [
  '--case', 'https.global-agent.keeps-connection-alive',
  '--case', 'https.global-agent.socket-timeout-5000',
  '--case', 'https.server.async-dispose-calls-close',
  '--case', 'https.server.request-timeout-default-300000',
  '--case', 'querystring.parse.result-lacks-object-prototype',
];

describe('rtconf run --interface', function () {
  this.timeout(120_000);
  let dir = '';
  const runs = new Map<string, { results: ResultsFile; stdout: string; out: string }>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-interface-'));
    for (const version of ['v18.0.0', 'v19', 'v20.4.0']) {
      const out = join(dir, version);
      const outcome = await runCli(['run', '--candidate', 'reference', ...CASES, '--seed', '7', '--interface', version, '--out', out]);
      expect(outcome.code, outcome.stderr).to.equal(0);
      runs.set(version, { results: await readResults(join(out, 'results.json')), stdout: outcome.stdout, out });
    }
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const statuses = (version: string): Record<string, string> =>
    Object.fromEntries((runs.get(version)?.results.runs[0]?.results ?? []).map((result) => [result.case, result.status]));

  it('makes the cases of rules introduced after v18.0.0 na, with the release and the reason, and runs the others', () => {
    expect(statuses('v18.0.0')).to.deep.equal({
      'https.global-agent.keeps-connection-alive': 'na',
      'https.global-agent.socket-timeout-5000': 'na',
      'https.server.async-dispose-calls-close': 'na',
      'https.server.request-timeout-default-300000': 'pass',
      'querystring.parse.result-lacks-object-prototype': 'pass',
    });
    const keepAlive = runs.get('v18.0.0')?.results.runs[0]?.results.find((result) => result.case === 'https.global-agent.keeps-connection-alive');
    expect(keepAlive?.message).to.equal('introduced in v19.0.0 (https.global-agent.keep-alive), after the certified interface v18.0.0');
    expect(keepAlive?.durationMs).to.equal(0);
  });

  it('runs the v19.0.0 global-agent cases from v19 on, and the v20.4.0 asyncDispose case from v20.4.0 on', () => {
    expect(statuses('v19')).to.include({ 'https.global-agent.keeps-connection-alive': 'pass', 'https.global-agent.socket-timeout-5000': 'pass', 'https.server.async-dispose-calls-close': 'na' });
    expect(Object.values(statuses('v20.4.0'))).to.deep.equal(['pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('records the certified version in results.json (valid against the schema) and names it in the summary', () => {
    expect(runs.get('v18.0.0')?.results.interface).to.deep.equal({ version: 'v18.0.0' });
    expect(runs.get('v19')?.results.interface).to.deep.equal({ version: 'v19.0.0' });
    expect(runs.get('v18.0.0')?.stdout).to.contain('conformant to interface v18.0.0: 2/2 normative rules');
    expect(runs.get('v18.0.0')?.stdout).to.contain('interface v18.0.0 (cases citing a rule introduced later are n/a)');
  });

  it('names the version on the badge, in the JUnit properties and in the report', async () => {
    const out = runs.get('v18.0.0')?.out ?? '';
    const badge = await readFile(join(out, 'badge-reference.svg'), 'utf8');
    expect(badge).to.contain('>rt conformance v18.0.0</text>').and.contain('to interface v18.0.0');
    const junit = new XMLParser({ ignoreAttributes: false }).parse(await readFile(join(out, 'junit.xml'), 'utf8')) as {
      testsuites: { testsuite: { properties: { property: { '@_name': string; '@_value': string }[] } }[] };
    };
    for (const suite of [junit.testsuites.testsuite].flat()) {
      expect(suite.properties.property.find((property) => property['@_name'] === 'interface')?.['@_value']).to.equal('v18.0.0');
    }
    expect(await readFile(join(out, 'index.html'), 'utf8')).to.contain('"interface":"v18.0.0"');
  });

  it('refuses a malformed version with exit 2 and one line, before running anything', async () => {
    const outcome = await runCli(['run', '--candidate', 'reference', '--interface', 'latest', '--out', join(dir, 'bad')]);
    expect(outcome.code).to.equal(2);
    expect(outcome.stderr.trimEnd().split('\n')).to.have.length(1);
    expect(outcome.stderr).to.contain('--interface must be a release such as v18.0.0');
  });

  it('refuses to merge shards certified against different versions', () => {
    const a = runs.get('v18.0.0')?.results;
    const b = runs.get('v19')?.results;
    if (!a || !b) throw new Error('runs missing');
    expect(() => mergeResults([{ file: 'a.json', results: a }, { file: 'b.json', results: { ...b, seed: a.seed } }])).to.throw(/certified interface v19\.0\.0, a\.json interface v18\.0\.0/);
    expect(mergeResults([{ file: 'a.json', results: a }]).interface).to.deep.equal({ version: 'v18.0.0' });
  });
});
