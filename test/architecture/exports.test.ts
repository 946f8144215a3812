// Every export of the shipped sources is part of the library API (reachable from lib/index.ts) or imported by another
// source file, tests aside; and the CLI takes what the library exports through the library entry, except the files
// `rtconf --help` loads, which stay free of it so the help is instant.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { cliImportsPastLibrary, exportGraph, LIBRARY_ENTRY, staticClosure, unusedExports, type ExportGraph } from './export-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What `rtconf --help` loads: the dispatcher, the help and the verb tables. */
const HELP_ENTRIES = ['cli/rtconf.ts', 'cli/main.ts', 'cli/help.ts', 'cli/verbs.ts'];

describe('exports (docs/architecture.md, "The library")', () => {
  const graph = exportGraph(ROOT);

  it('reads the exports and named imports of every layer, the library included', () => {
    expect(graph.exports.get(LIBRARY_ENTRY)?.has('run')).to.equal(true);
    expect(graph.imports.some((item) => item.file === 'cli/commands/run.ts' && item.target === LIBRARY_ENTRY && item.name === 'run')).to.equal(true);
    expect(graph.exports.size).to.be.greaterThan(300);
  });

  it('has no export that only its own file or the tests use: each is in the library API or imported by another source', () => {
    expect(unusedExports(graph)).to.deep.equal([]);
  });

  it('has the CLI take what the library exports from the library entry, and keeps the help free of it', () => {
    const help = staticClosure(graph, HELP_ENTRIES);
    expect([...help].filter((file) => file.startsWith('lib/'))).to.deep.equal([]);
    expect(cliImportsPastLibrary(graph, help)).to.deep.equal([]);
  });

  it('names the export and its file when one is unused, and the import when the CLI goes past the library', () => {
    const sample: ExportGraph = {
      exports: new Map([
        ['lib/index.ts', new Set(['readResults'])],
        ['results/read-results.ts', new Set(['readResults', 'helper'])],
        ['results/other.ts', new Set(['used', 'everything'])],
        ['results/whole.ts', new Set(['a'])],
      ]),
      imports: [
        { from: 'static', file: 'lib/index.ts', target: 'results/read-results.ts', name: 'readResults', reExport: true },
        { from: 'static', file: 'cli/commands/report.ts', target: 'results/read-results.ts', name: 'readResults', reExport: false },
        { from: 'static', file: 'results/read-results.ts', target: 'results/other.ts', name: 'used', reExport: false },
        { from: 'dynamic', file: 'cli/commands/x.ts', target: 'results/whole.ts', name: '*', reExport: false },
      ],
    };
    expect(unusedExports(sample)).to.deep.equal([
      'results/other.ts: export everything is imported by no other source file and is not in the library API (lib/index.ts): stop exporting it, or use it',
      'results/read-results.ts: export helper is imported by no other source file and is not in the library API (lib/index.ts): stop exporting it, or use it',
    ]);
    expect(cliImportsPastLibrary(sample, new Set())).to.deep.equal([
      'cli/commands/report.ts: imports readResults from results/read-results.ts, which the library entry exports: import it from lib/index.ts',
    ]);
  });
});
