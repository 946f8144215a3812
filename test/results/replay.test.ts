// Replays must reproduce: a flaky result is replayed with the seed of the repetition that failed, and a runtime run
// is replayed on the release it ran (not the range it was asked for), in the console summary, the report page,
// JUnit XML and the dashboard alike.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { printSummary } from '../../cli/summary.js';
import { buildDashboardData } from '../../reports/dashboard-data.js';
import { replayFor as pageReplay } from '../../reports/html/page/shared/replay-block.js';
import { renderJunitXml } from '../../reports/junit-xml.js';
import { buildReportData } from '../../reports/report-data.js';
import { mergeRepetitions } from '../../results/repetitions.js';
import { replayCommand, replayFor } from '../../results/replay.js';
import { summarize, type CandidateInfo, type CaseResult, type ResultsFile, type Status } from '../../results/results-file.js';

const RUN_SEED = 1000;

function result(id: string, status: Status): CaseResult {
  return { case: id, module: 'querystring', rules: ['querystring.r.norm'], status, durationMs: 2, ...(status === 'pass' ? {} : { message: `${id} ${status}` }) };
}

function file(candidate: CandidateInfo, results: CaseResult[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: RUN_SEED,
    startedAt: new Date(0).toISOString(),
    durationMs: 10,
    rules: [{ id: 'querystring.r.norm', module: 'querystring', level: 'normative', title: 'n' }],
    runs: [{ candidate, summary: summarize(results), results }],
  };
}

function summaryOf(results: ResultsFile): string {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  printSummary(sink, results);
  return text;
}

/** Every replay command a report page of `results` would show, as the page's own code derives it. */
function pageReplays(results: ResultsFile): string[] {
  const data = buildReportData(results);
  return data.candidates.flatMap((candidate) =>
    data.cases.flatMap((item, k) => {
      const shown = candidate.results[k];
      const command = shown && shown.status !== 'pass' ? pageReplay(candidate, item.id, shown, data.seed) : undefined;
      return command ? [command] : [];
    }),
  );
}


/** The candidate a replay of `candidate`'s result runs, as the replay command names it (what --candidate gets, quoted for the shell where it must be). */
function replayedAs(candidate: CandidateInfo): string {
  return /--candidate ('[^']*'|\S+) --case /.exec(replayFor(candidate, 'querystring.parse.x', {}, 1))?.[1] ?? '';
}

describe('replays that reproduce', () => {
  // --repeat 3: the run seed passes, the second repetition's seed fails.
  const flaky = mergeRepetitions([
    { seed: RUN_SEED, results: [result('q.wobbly', 'pass')] },
    { seed: 373487273, results: [result('q.wobbly', 'fail')] },
    { seed: 55, results: [result('q.wobbly', 'pass')] },
  ]);
  const host: CandidateInfo = { id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' };
  const flakyRun = file(host, flaky);
  const wanted = replayCommand('host', 'q.wobbly', 373487273);

  it('replays a flaky result with the seed of its first failing repetition, the one its message names', () => {
    expect(flaky[0]?.message).to.contain('first fail (seed 373487273)');
    expect(summaryOf(flakyRun)).to.contain(wanted);
    expect(renderJunitXml(flakyRun)).to.contain(`replay: ${wanted}`);
    expect(pageReplays(flakyRun)).to.deep.equal([wanted]);
  });

  it('replays a runtime run on the release it ran, in the summary, the page, JUnit and the dashboard', () => {
    const deno: CandidateInfo = { id: 'runtime:deno@2', name: 'deno', kind: 'runtime', version: '2.9.6' };
    const results = file(deno, [result('q.broken', 'fail')]);
    const pinned = replayCommand('runtime:deno@2.9.6', 'q.broken', RUN_SEED);
    expect(summaryOf(results)).to.contain(pinned);
    expect(renderJunitXml(results)).to.contain(`replay: ${pinned}`);
    expect(pageReplays(results)).to.deep.equal([pinned]);
    const dashboard = buildDashboardData([{ file: 'deno/results.json', results }]);
    const column = dashboard.columns[0];
    const shown = column?.results[0];
    if (!column || !shown) throw new Error('no column');
    expect(pageReplay(column.candidate, 'q.broken', shown, results.seed)).to.equal(pinned);
  });

  it('pins only runtimes named by range whose version was recorded; others replay by id, an adapter by its path', () => {
    expect(replayedAs({ id: 'runtime:node@22', name: 'node', kind: 'runtime', version: '22.23.3' })).to.equal('runtime:node@22.23.3');
    expect(replayedAs({ id: 'runtime:node@>=18 <20', name: 'node', kind: 'runtime', version: 'v18.20.8' })).to.equal('runtime:node@18.20.8');
    expect(replayedAs({ id: 'runtime:/opt/node', name: 'node', kind: 'runtime', version: '25.0.0' })).to.equal('runtime:/opt/node');
    expect(replayedAs({ id: 'runtime:bun@1', name: 'bun', kind: 'runtime' })).to.equal('runtime:bun@1');
    expect(replayedAs({ id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' })).to.equal('host');
    expect(replayedAs({ id: 'adapter:qs', name: 'qs', kind: 'adapter', path: './qs.mjs' })).to.equal('./qs.mjs');
  });
  it('pins a runtime to the version it ran by the grammar (a range, no range, workerd with its date and flags), and replays everything else by its id or path', () => {
    expect(replayedAs({ id: 'runtime:node@22', name: 'node', kind: 'runtime', version: '22.23.3' })).to.equal('runtime:node@22.23.3');
    expect(replayedAs({ id: 'runtime:/opt/node', name: 'node', kind: 'runtime', version: '25.0.0' })).to.equal('runtime:/opt/node');
    expect(replayedAs({ id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' })).to.equal('host');
    expect(replayedAs({ id: 'adapter:qs', name: 'qs', kind: 'adapter', path: './qs.mjs' })).to.equal('./qs.mjs');
    // A runtime named without a range ran its newest release; a workerd column keeps its compatibility date and flags.
    expect(replayedAs({ id: 'runtime:bun', name: 'bun', kind: 'runtime', version: '1.4.5' })).to.equal('runtime:bun@1.4.5');
    expect(replayedAs({ id: 'runtime:workerd@1,date=2025-04-01,flags=x', name: 'workerd', kind: 'runtime', version: '1.20261117.1' })).to.equal('runtime:workerd@1.20261117.1,date=2025-04-01,flags=x');
    expect(replayedAs({ id: 'runtime:no such thing', name: 'x', kind: 'runtime', version: '1.0.0' }), 'an id this suite cannot parse is replayed as recorded').to.equal("'runtime:no such thing'");
  });
});
