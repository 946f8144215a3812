// The layer rules of docs/architecture.md hold over the real sources (no import goes backwards or sideways), and the
// checker catches each forbidden kind of import while allowing imports within a layer and downwards.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { forbiddenImports, importEdges } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('layers (docs/architecture.md)', () => {
  it('has no import that goes backwards or sideways between layers', () => {
    const edges = importEdges(ROOT);
    expect(edges.length, 'the import scan found nothing: is it reading the sources?').to.be.greaterThan(200);
    expect(forbiddenImports(edges)).to.deep.equal([]);
  });

  it('catches each forbidden kind of import', () => {
    const edges = [
      { from: 'conformance/querystring/parse.ts', to: 'reference/querystring.ts' },
      { from: 'reports/badge.ts', to: 'runners/runner.ts' },
      { from: 'runners/agent-runner.ts', to: 'reports/html-report.ts' },
      { from: 'spec/querystring.ts', to: 'results/status.ts' },
      { from: 'reference/https.ts', to: 'conformance/case.ts' },
      { from: 'results/diff.ts', to: 'cli/summary.ts' },
      { from: 'spec/querystring.ts', to: 'package.json' },
    ];
    expect(forbiddenImports(edges)).to.have.length(edges.length);
  });

  it('allows imports within a layer and downwards', () => {
    const edges = [
      { from: 'runners/run-suite.ts', to: 'results/results-file.ts' },
      { from: 'reports/junit-xml.ts', to: 'results/verdict.ts' },
      { from: 'conformance/case.ts', to: 'spec/rule.ts' },
      { from: 'cli/commands/run.ts', to: 'runners/run-suite.ts' },
      { from: 'reference/https.ts', to: 'reference/internal/https/agent.ts' },
    ];
    expect(forbiddenImports(edges)).to.deep.equal([]);
  });
});
