// The dashboard's data: columns grouped by runtime and sorted by version, each naming what produced it; pass rates
// from the one verdict; rules and cases united over the files; replay commands pinned to the column's version.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { validateExpectations } from '../../results/expectations.js';
import { passRate } from '../../results/verdict.js';
import { buildDashboardData, compareVersions, groupOf } from '../../reports/dashboard-data.js';
import { renderDashboard } from '../../reports/dashboard-html.js';
import { jsonForScript } from '../../reports/html/page-shell.js';
import { DASHBOARD_BASE, HOSTILE_RUN, RUNTIME_RUNS, sampleRunFile } from './dashboard-samples.js';
import { PAYLOAD_FLAG } from './sample-results.js';

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

  it('orders versions by semver, with or without a v, and puts what is not a version last', () => {
    expect(['22.23.3', 'v20.20.2', '18.20.8', 'nightly', '1.10.0', '1.9.0'].sort(compareVersions)).to.deep.equal(['1.9.0', '1.10.0', '18.20.8', 'v20.20.2', '22.23.3', 'nightly']);
    expect(groupOf({ kind: 'npm', name: 'querystring-es3' })).to.deep.include({ key: 'npm:querystring-es3', label: 'querystring-es3 (npm)' });
  });

  it('marks results expected or unexpected against expectations files, per column', () => {
    const node22 = inputs[0]?.results.runs[0];
    const failing = node22?.results.filter((result) => result.status === 'fail') ?? [];
    const expectations = validateExpectations({ 'runtime:node@22': Object.fromEntries(failing.map((result) => [result.case, { status: 'fail', reason: 'known' }])) }, 'node-22.json');
    const marked = buildDashboardData(inputs, { expectations: [{ file: 'node-22.json', expectations }] });
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
    expect(data).to.contain(jsonForScript(HOSTILE_RUN.file).slice(1, -1));
  });
});
