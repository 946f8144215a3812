// The dashboard's data: columns grouped by runtime and sorted by version, each naming what produced it; pass rates
// from the one verdict; rules and cases united over the files; replay commands pinned to the column's version.
import { replayFor } from '../../results/replay.js';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { passRate } from '../../results/verdict.js';
import { buildDashboardData, compareVersions, groupOf, type DashboardInput } from '../../reports/dashboard-data.js';
import type { CandidateInfo, CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import { apis } from '../../spec/apis.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import { apiTableMarkdown } from '../../reports/dashboard-markdown.js';
import { candidateLabel } from '../../results/candidate-label.js';
import { DASHBOARD_BASE, HOSTILE_RUN, RUNTIME_RUNS, sampleRunFile } from './dashboard-samples.js';
import { PAYLOAD_FLAG, resultsOf } from './sample-results.js';

const inputs = RUNTIME_RUNS.map((spec) => ({ file: spec.file, results: sampleRunFile(spec) }));

describe('buildDashboardData', () => {
  const data = buildDashboardData(inputs);
  const label = (c: number): string => {
    const column = data.columns[c];
    return `${data.groups.find((group) => group.key === column?.group)?.label} ${column?.version}`;
  };

  it('makes one column per run, grouped by runtime (host and runtime:node together) and sorted by version', () => {
    expect(data.groups.map((group) => group.label)).to.deep.equal(['bun', 'deno', 'node']);
    expect(data.columns.map((_, c) => label(c))).to.deep.equal(['bun 1.4.5', 'deno 2.9.6', 'node 18.20.8', 'node 20.20.2', 'node 22.23.3', 'node 24.21.0']);
    expect(data.groups.map((group) => group.columns)).to.deep.equal([[0], [1], [2, 3, 4, 5]]);
  });

  it('keeps the suite version, seed and file of each column, and lists the distinct ones', () => {
    const deno = data.columns[1];
    expect(data.sources[deno?.source ?? -1]).to.deep.include({ file: 'runs/deno-2.json', seed: 42, tool: { name: 'rt-conformance', version: '0.2.0' } });
    expect(data.distinct).to.deep.equal({ suiteVersions: ['0.1.0', '0.2.0'], seeds: [42, 20261123], interfaces: [''] });
  });

  it('computes each column’s pass rates with passRate over its own file’s rules', () => {
    for (const column of data.columns) {
      const input = inputs[column.source];
      const run = input?.results.runs[0];
      if (!input || !run) throw new Error('no input');
      expect(column.rates.all).to.deep.equal(passRate(run, input.results.rules));
      for (const module of data.modules) expect(column.rates[module]).to.deep.equal(passRate(run, input.results.rules, module));
    }
  });

  it('aligns statuses with one rule list and one case list for every column', () => {
    expect(data.rules.map((rule) => rule.id)).to.have.members(DASHBOARD_BASE.rules.map((rule) => rule.id));
    expect(data.cases).to.have.length(72);
    for (const column of data.columns) {
      expect(column.ruleStatus).to.have.length(data.rules.length);
      expect(column.results).to.have.length(data.cases.length);
    }
  });

  it('makes two compatibility dates of one workerd release two columns, oldest date first, each labelled with its date', () => {
    const workerd = (date: string, flags: string[]): CandidateInfo => ({
      id: `runtime:workerd@1${date === '2026-11-17' ? '' : `,date=${date}`}`,
      name: 'workerd',
      kind: 'runtime',
      version: '1.20261117.1',
      compatibility: { date, flags },
    });
    const runs = [workerd('2026-11-17', []), workerd('2025-08-14', ['nodejs_compat'])].map((candidate, index) => ({
      file: `runs/workerd-${index}.json`,
      results: sampleRunFile({ file: '', candidate, broken: () => undefined }),
    }));
    const both = buildDashboardData(runs);
    expect(both.groups.map((group) => group.label)).to.deep.equal(['workerd']);
    expect(both.columns.map((column) => column.candidate.compatibility?.date)).to.deep.equal(['2025-08-14', '2026-11-17']);
    expect(both.columns.map((column) => candidateLabel(column.candidate))).to.deep.equal([
      'workerd 1.20261117.1 (compat 2025-08-14 +nodejs_compat)',
      'workerd 1.20261117.1 (compat 2026-11-17)',
    ]);
    // The Markdown table's heads tell the two apart too.
    expect(apiTableMarkdown(both).split('\n')[0]).to.equal('| export | workerd 1.20261117.1 (compat 2025-08-14 +nodejs\\_compat) | workerd 1.20261117.1 (compat 2026-11-17) |');
    expect(both.columns.map((column) => /--candidate (\S+)/.exec(replayFor(column.candidate, 'q.x', {}, 1))?.[1])).to.deep.equal(['runtime:workerd@1.20261117.1,date=2025-08-14', 'runtime:workerd@1.20261117.1']);
  });

  it('puts local builds in a group of their own, in the order given, each named by its digest, apart from the release', () => {
    const build = (path: string, digit: string): CandidateInfo => ({ id: `runtime:${path}`, name: 'node', kind: 'runtime', version: '20.20.2', build: { path, sha256: digit.repeat(64) } });
    const released: CandidateInfo = { id: 'runtime:node@20', name: 'node', kind: 'runtime', version: '20.20.2' };
    // Given newest build first on purpose: the order given is the order shown, whatever the paths or digests.
    const given = [build('/builds/c/node', 'c'), build('/builds/a/node', 'a'), released, build('/builds/b/node', 'b')];
    const broken = [(index: number) => (index === 0 ? 'fail' : undefined), () => undefined, () => undefined, (index: number) => (index === 0 ? 'fail' : undefined)] as const;
    const runs = given.map((candidate, index) => ({ file: `runs/${index}.json`, results: sampleRunFile({ file: '', candidate, broken: broken[index] ?? (() => undefined) }) }));
    const data = buildDashboardData(runs);
    expect(data.groups.map((group) => [group.label, group.columns.map((c) => data.columns[c]?.version)])).to.deep.equal([
      ['node', ['20.20.2']],
      ['node (local builds)', ['20.20.2 build cccccccccccc', '20.20.2 build aaaaaaaaaaaa', '20.20.2 build bbbbbbbbbbbb']],
    ]);
    expect(candidateLabel(data.columns[1]?.candidate ?? released)).to.equal('node 20.20.2 (local build cccccccccccc, /builds/c/node)');
    // The first case's rules fail, pass, then fail again over the builds: the history names the builds, not one version thrice.
    const local = data.groups[1];
    const entry = local?.history?.rules[0];
    expect([entry?.firstPass, entry?.failsAgain].map((c) => (c === undefined ? undefined : data.columns[c]?.version))).to.deep.equal(['20.20.2 build aaaaaaaaaaaa', '20.20.2 build bbbbbbbbbbbb']);
  });

  it('orders versions by semver, with or without a v, and puts what is not a version last', () => {
    expect(['22.23.3', 'v20.20.2', '18.20.8', 'nightly', '1.10.0', '1.9.0'].sort(compareVersions)).to.deep.equal(['1.9.0', '1.10.0', '18.20.8', 'v20.20.2', '22.23.3', 'nightly']);
    expect(groupOf({ kind: 'npm', name: 'querystring-es3' })).to.deep.include({ key: 'npm:querystring-es3', label: 'querystring-es3 (npm)' });
    // The same polyfill run in a page is its own column, not another version of the Node-run one.
    const inPage = groupOf({ kind: 'npm', name: 'querystring-es3', page: { url: 'http://127.0.0.1:1/agent.html', browser: 'Chromium 156.0.8078.108' } });
    expect(inPage).to.deep.include({ key: 'npm:querystring-es3:page', label: 'querystring-es3 (npm, in Chromium)' });
  });

  it('marks results expected or unexpected against expectations files, per column', () => {
    const node22 = inputs[0]?.results.runs[0];
    const failing = node22?.results.filter((result) => result.status === 'fail') ?? [];
    const expectations = validateExpectations({ 'runtime:node@22': Object.fromEntries(failing.map((result) => [result.case, { status: 'fail', reason: 'known' }])) }, 'node-22.json');
    const sources = gateSources([{ file: 'node-22.json', expectations }]);
    const marked = buildDashboardData(inputs.map((input) => ({ ...input, judgement: markExpectations(input.results, sources) })));
    const column = marked.columns[4];
    expect(column?.candidate.id).to.equal('runtime:node@22');
    expect(column?.expectations).to.include({ unexpected: 0, expected: failing.length });
    // Node 24 fails the same cases, but the file names Node 22 only: for Node 24 they are unexpected.
    expect(marked.columns[5]?.expectations?.unexpected).to.be.greaterThan(0);
    expect(marked.gate?.sources).to.deep.equal(['expectations node-22.json']);
  });
});

describe('renderDashboard', () => {
  const html = renderDashboard([...inputs, { file: HOSTILE_RUN.file, results: sampleRunFile(HOSTILE_RUN) }]);
  const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('has the report’s CSP: its own inline script and style by hash, and nothing else', () => {
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    const style = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(script).to.have.length(1);
    expect(style).to.have.length(1);
    expect(policy).to.equal(`default-src 'none'; script-src ${hash(script[0] ?? '')}; style-src ${hash(style[0] ?? '')}; base-uri 'none'; form-action 'none'`);
  });

  it('embeds candidate strings only as escaped JSON', () => {
    const markup = html.replace(/(<script type="application\/json" id="data">)[\s\S]*?(<\/script>)/, '$1$2');
    expect(markup).to.not.contain(PAYLOAD_FLAG);
    expect(markup).to.not.match(/\s(src|href)=/i);
    const data = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).to.not.match(/[<>]/);
    expect((JSON.parse(data) as { sources: { file: string }[] }).sources.map((source) => source.file)).to.include(HOSTILE_RUN.file);
  });
});

describe('the dashboard’s API table, history and spec feedback', () => {
  const RULES: RuleSummary[] = [
    { id: 'https.server.default-max-headers-count', module: 'https', level: 'normative', title: 'maxHeadersCount 2000' },
    { id: 'querystring.parse.sep-default', module: 'querystring', level: 'normative', title: 'sep &' },
    { id: 'querystring.escape.percent-encodes', module: 'querystring', level: 'normative', title: 'escape' },
    { id: 'querystring.escape.replaceable', module: 'querystring', level: 'normative', title: 'escape replaceable' },
    // Passed by every run: the Server works, so failing maxHeadersCount makes it partial, not a stub.
    { id: 'https.server.close-returns-server', module: 'https', level: 'normative', title: 'close returns the server' },
  ];
  type Row = readonly [rule: string, status: Status, extra?: Partial<CaseResult>];
  const run = (candidate: CandidateInfo, rows: readonly Row[]): DashboardInput => ({
    file: `${candidate.id}.json`,
    results: resultsOf(RULES, [
      {
        candidate,
        results: rows.map(([rule, status, extra], index) => ({
          case: `${rule}.case-${index}`,
          module: rule.startsWith('https') ? 'https' : 'querystring',
          rules: [rule],
          status,
          durationMs: 1,
          ...(status === 'pass' ? {} : { message: `${status}` }),
          ...extra,
        })),
      },
    ]),
  });
  const node = (major: number, minor: string): CandidateInfo => ({ id: `runtime:node@${major}`, name: 'node', kind: 'runtime', version: `${major}.${minor}` });
  const missingEscape = { unimplemented: [{ api: 'querystring.escape', observed: 'missing' as const }] };
  const [headers, sep, escape, replaceable, close] = RULES.map((rule) => rule.id) as [string, string, string, string, string];
  const data = buildDashboardData([
    run(node(22, '1.0'), [[headers, 'fail'], [sep, 'fail'], [escape, 'fail'], [replaceable, 'pass'], [close, 'pass']]),
    run(node(18, '0.0'), [[headers, 'fail'], [sep, 'fail'], [escape, 'fail'], [replaceable, 'pass'], [close, 'pass']]),
    run(node(20, '0.0'), [[headers, 'fail'], [sep, 'pass'], [escape, 'fail'], [replaceable, 'pass'], [close, 'pass']]),
    run({ id: 'runtime:bun@1', name: 'bun', kind: 'runtime', version: '1.0.0' }, [[headers, 'timeout'], [sep, 'fail'], [escape, 'fail', missingEscape], [replaceable, 'fail', missingEscape], [close, 'pass']]),
    run({ id: 'runtime:deno@2', name: 'deno', kind: 'runtime', version: '2.0.0' }, [[headers, 'fail'], [sep, 'fail'], [escape, 'fail'], [replaceable, 'pass'], [close, 'pass']]),
    run({ id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: '0.1.0' }, [[headers, 'pass'], [sep, 'pass'], [escape, 'pass'], [replaceable, 'pass'], [close, 'pass']]),
  ]);
  const ruleAt = (id: string): number => data.rules.findIndex((rule) => rule.id === id);
  const apiAt = (id: string): number => data.apis.findIndex((api) => api.id === id);
  const version = (c: number | undefined): string | undefined => (c === undefined ? undefined : data.columns[c]?.version);

  it('lists the APIs of the page’s modules with their normative rules, and each column’s state of each', () => {
    expect(data.apis.map((api) => api.id)).to.deep.equal(apis.filter((api) => api.module !== 'child_process').map((api) => api.id));
    expect(data.apis[apiAt('querystring.escape')]?.rules).to.deep.equal([ruleAt(escape), ruleAt(replaceable)]);
    const bun = data.columns.findIndex((column) => column.candidate.id === 'runtime:bun@1');
    expect(data.columns[bun]?.apis[apiAt('querystring.escape')]).to.deep.include({ state: 'absent' });
    // Its one rule here fails and none passes, and no call said "not implemented": failing (partial needs an observed pass).
    expect(data.columns[bun]?.apis[apiAt('querystring.parse')]).to.deep.include({ state: 'failing', failing: [ruleAt(sep)] });
    const deno = data.columns.findIndex((column) => column.candidate.id === 'runtime:deno@2');
    expect(data.columns[deno]?.apis[apiAt('querystring.escape')]).to.deep.include({ state: 'partial', failing: [ruleAt(escape)] });
  });

  it('lists the rules every implementation judging them fails, leaving out the reference and runs where the export is absent', () => {
    expect(data.everyImplementationDiffers.map((entry) => [data.rules[entry.rule]?.id, entry.implementations, entry.runs])).to.deep.equal([
      // Bun's escape is missing: its failures say nothing of the rule, so it does not count as judging it.
      [escape, ['deno', 'node'], 4],
      [headers, ['bun', 'deno', 'node'], 5],
    ]);
  });

  it('gives a runtime run at several versions the first version where a rule or API passes and where it fails again', () => {
    const nodeGroup = data.groups.find((group) => group.label === 'node');
    expect(nodeGroup?.columns.map(version)).to.deep.equal(['18.0.0', '20.0.0', '22.1.0']);
    const sepHistory = nodeGroup?.history?.rules.find((entry) => entry.row === ruleAt(sep));
    expect([version(sepHistory?.firstPass), version(sepHistory?.failsAgain), sepHistory?.changes]).to.deep.equal(['20.0.0', '22.1.0', 2]);
    // A rule that fails in every version has no history: it never changes.
    expect(nodeGroup?.history?.rules.map((entry) => data.rules[entry.row]?.id)).to.deep.equal([sep]);
    const parse = nodeGroup?.history?.apis.find((entry) => entry.row === apiAt('querystring.parse'));
    expect([version(parse?.firstPass), version(parse?.failsAgain)]).to.deep.equal(['20.0.0', '22.1.0']);
    const server = nodeGroup?.history?.apis.find((entry) => entry.row === apiAt('https.Server'));
    expect(server).to.deep.equal({ row: apiAt('https.Server'), changes: 0 });
    // A runtime run once has no history to tell.
    expect(data.groups.find((group) => group.label === 'bun')?.history).to.equal(undefined);
  });
});
