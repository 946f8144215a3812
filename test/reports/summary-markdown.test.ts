// The Markdown summary of a run (`rtconf run --summary FILE`, GitHub's job summary): the verdict of the judgement it is
// handed, a row per candidate, the per-API table, the unexpected results, and candidate text that cannot break a table.
import { expect } from 'chai';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { summaryMarkdown } from '../../reports/summary-markdown.js';
import { apis } from '../../spec/apis.js';
import { buildSampleResults, HOSTILE_NAME } from './sample-results.js';

describe('summaryMarkdown', () => {
  const results = buildSampleResults({ candidates: 3, cases: 60, seed: 5 });
  const failing = markExpectations(results, []);
  const all = validateExpectations(JSON.parse(JSON.stringify(expectationsFromResults(results)).replaceAll('TODO: why', 'known')), 'all.json');
  const passing = markExpectations(results, gateSources([{ file: 'expectations/all.json', expectations: all }]));

  it('says the gate failed, with as many unexpected results as the judgement has, and lists them', () => {
    expect(failing.passed).to.equal(false);
    const text = summaryMarkdown(results, failing, 'out/results.json');
    expect(text.split('\n')[0]).to.equal(`### rt-conformance: ❌ ${failing.report.unexpected.length} failing normative cases`);
    expect(text).to.contain('No expectations or baseline: every failing normative case counts.');
    const listed = text.slice(text.indexOf('#### Unexpected results')).split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| candidate'));
    expect(listed).to.have.length(Math.min(25, failing.report.unexpected.length));
    expect(listed[0]).to.contain(`\`${failing.report.unexpected[0]?.case}\``);
  });

  it('says the gate passed against the sources it judged by, and lists nothing unexpected', () => {
    expect(passing.passed).to.equal(true);
    const text = summaryMarkdown(results, passing, 'out/results.json');
    expect(text.split('\n')[0]).to.equal('### rt-conformance: ✅ gate passed: only expected results');
    expect(text).to.contain('Judged against expectations expectations/all.json.');
    expect(text).to.not.contain('#### Unexpected results');
  });

  it('has a row per candidate with its verdict and counts, and a row per export of the interface', () => {
    const text = summaryMarkdown(results, failing, 'out/results.json');
    const rows = text.split('\n');
    const head = rows.indexOf('| candidate | verdict | normative rules passed | failing results | unexpected |');
    expect(head).to.be.greaterThan(0);
    expect(rows.slice(head + 2, head + 2 + results.runs.length).every((row) => /^\| .+ \| (conformant|not-conformant|not-provided|not-applicable|untested) \| \d+\/\d+ \| \d+ \| \d+ \|$/.test(row))).to.equal(true);
    for (const api of apis) expect(text, api.id).to.contain(`| \`${api.id}\` |`);
  });

  it('keeps a hostile candidate’s name from breaking the tables or adding markup', () => {
    const hostile = buildSampleResults({ candidates: 2, cases: 30, hostile: true });
    const text = summaryMarkdown(hostile, markExpectations(hostile, []), 'out/results.json');
    const row = text.split('\n').find((line) => line.includes('evil'));
    expect(row).to.not.equal(undefined);
    expect(row?.split(/(?<!\\)\|/).length, 'as many cells as the header').to.equal(7);
    expect(text).to.not.contain(HOSTILE_NAME);
    expect(text, 'every < escaped, as an entity or by a backslash').to.not.match(/(?<!\\)</);
  });
});
