// The layering of docs/architecture.md, read from the sources' own imports: no import goes backwards or sideways, the
// reference is reached through one file, the report page bundles nothing a browser lacks, and nothing imports the tests.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_ENTRY, PAGE_ENTRY } from '../../reports/html/bundle-page.js';
import { forbiddenImports, importEdges, importsOfTests, pageBundleProblems, PAGE_ENTRIES } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('layers (docs/architecture.md)', () => {
  const edges = importEdges(ROOT);

  it('reads the imports of every layer, the benchmarks and the scripts', () => {
    expect(edges.length, 'the import scan found nothing: is it reading the sources?').to.be.greaterThan(500);
    for (const folder of ['io/', 'runners/fixtures/', 'bench/', 'scripts/']) expect(edges.some((edge) => edge.from.startsWith(folder)), folder).to.equal(true);
  });

  it('has no import that goes backwards or sideways between layers, and reaches the reference only through runners/reference-modules.ts', () => {
    expect(forbiddenImports(edges)).to.deep.equal([]);
  });

  it('bundles into the report page only its own modules and browser-safe results, io and spec modules, with no Node builtin', () => {
    expect([...PAGE_ENTRIES]).to.deep.equal([PAGE_ENTRY, DASHBOARD_ENTRY]);
    expect(pageBundleProblems(edges)).to.deep.equal([]);
  });

  it('has no source, benchmark or script importing the tests', () => {
    expect(importsOfTests(edges)).to.deep.equal([]);
  });

  it('catches each forbidden kind of import, the two the doc names first', () => {
    const forbidden = [
      // The agent loading the reference itself, beside the one file that may.
      { from: 'runners/agent/agent-main.ts', to: 'reference/querystring.ts' },
      // A case reaching into the results model (the replay's shell quoting lives in io/).
      { from: 'conformance/child_process/_util.ts', to: 'results/replay.ts' },
      { from: 'conformance/querystring/parse.ts', to: 'reference/querystring.ts' },
      { from: 'reports/badge.ts', to: 'runners/runner.ts' },
      { from: 'runners/agent/agent-runner.ts', to: 'reports/html-report.ts' },
      { from: 'spec/querystring.ts', to: 'results/status.ts' },
      { from: 'reference/https.ts', to: 'conformance/case.ts' },
      { from: 'results/diff.ts', to: 'cli/summary.ts' },
      { from: 'io/atomic-write.ts', to: 'results/status.ts' },
      { from: 'bench/querystring.ts', to: 'cli/summary.ts' },
      { from: 'scripts/docs-figures.mts', to: 'reference/https.ts' },
      { from: 'spec/querystring.ts', to: 'package.json' },
    ];
    expect(forbiddenImports(forbidden)).to.have.length(forbidden.length);
    expect(importsOfTests([{ from: 'scripts/docs-figures.mts', to: 'test/reports/browser.ts' }])).to.have.length(1);
  });

  it('catches a page module that would bundle a Node builtin or harness code, but not a type import', () => {
    const page = 'reports/html/page/report/main.ts';
    expect(pageBundleProblems([{ from: page, to: 'node:fs', bare: true }], [page])).to.have.length(1);
    expect(pageBundleProblems([{ from: page, to: 'results/x.ts' }, { from: 'results/x.ts', to: 'node:crypto', bare: true }], [page])).to.have.length(1);
    expect(pageBundleProblems([{ from: page, to: 'runners/run-suite.ts' }], [page])).to.have.length(1);
    expect(pageBundleProblems([{ from: page, to: 'reports/report-data.ts', typeOnly: true }], [page])).to.deep.equal([]);
  });

  it('allows imports within a layer, downwards, and the reference through its one file', () => {
    const edges = [
      { from: 'runners/run-suite.ts', to: 'results/results-file.ts' },
      { from: 'reports/junit-xml.ts', to: 'results/verdict.ts' },
      { from: 'conformance/case.ts', to: 'spec/rule.ts' },
      { from: 'conformance/kit.ts', to: 'io/message-text.ts' },
      { from: 'cli/commands/run.ts', to: 'runners/run-suite.ts' },
      { from: 'reference/https.ts', to: 'reference/internal/https/agent.ts' },
      { from: 'runners/reference-modules.ts', to: 'reference/https.ts' },
      { from: 'bench/querystring.ts', to: 'reference/querystring.ts' },
    ];
    expect(forbiddenImports(edges)).to.deep.equal([]);
  });
});
