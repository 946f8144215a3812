// Reads the project's own import graph from the sources (static imports, re-exports and dynamic `import()`) and judges
// it against docs/architecture.md: which layer may import which, the few files a layer may reach another through,
// and what the report page's bundle may contain.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** The top-level folders that are layers, and the layers each may import (besides itself and node builtins). */
export const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  io: [],
  spec: [],
  reference: [],
  results: ['io', 'spec'],
  conformance: ['io', 'spec'],
  runners: ['io', 'spec', 'conformance', 'results', 'reference'],
  reports: ['io', 'spec', 'results'],
  mutation: ['io', 'spec', 'conformance', 'results', 'runners'],
  // The library entry is the top of the package: it may import what the CLI may, and the CLI is built on it.
  lib: ['io', 'spec', 'conformance', 'results', 'runners', 'reports', 'mutation'],
  cli: ['io', 'spec', 'conformance', 'results', 'runners', 'reports', 'mutation', 'lib'],
  // The benchmarks measure the reference beside its peers, through the same agents and fixtures as the runs.
  bench: ['io', 'spec', 'conformance', 'results', 'runners', 'reference'],
  // The project's own tools (certify's figures, the survivor probe): any layer, like the CLI, but never the tests.
  scripts: ['io', 'spec', 'conformance', 'results', 'runners', 'reports', 'mutation', 'lib', 'cli'],
};

/**
 * Layer pairs allowed only through named files: `target` may be imported from layer `from` only by these files. The
 * reference is one candidate among others, loaded in one place (docs/architecture.md, "Layers").
 */
export const ONLY_THROUGH: readonly { readonly from: string; readonly target: string; readonly files: readonly string[] }[] = [
  { from: 'runners', target: 'reference', files: ['runners/reference-modules.ts'] },
];

/** The report page's and the dashboard's entry modules, bundled for the browser (reports/html/bundle-page.ts). */
export const PAGE_ENTRIES = ['reports/html/page/report/main.ts', 'reports/html/page/dashboard/main.ts'] as const;

/** What the page bundle may contain: its own modules and the browser-safe parts of these layers. */
export const PAGE_LAYERS = ['reports/html/page/', 'results/', 'io/', 'spec/'] as const;

export interface ImportEdge {
  /** Importing file, relative to the project root, `/`-separated. */
  readonly from: string;
  /** Imported file (relative path resolved), or the bare specifier (`node:fs`, `semver`). */
  readonly to: string;
  /** `import type` / `export type`: erased at build time, never bundled. */
  readonly typeOnly?: boolean;
  /** A package or builtin (`node:fs`, `semver`), not a file of ours. */
  readonly bare?: boolean;
}

// from '…' | import('…') | import '…', each with whether the statement is type-only.
const IMPORT = /(?:^|\n)\s*(?:(import|export)\s+(type\s+)?[^'";]*?\bfrom\s*|import\s*)['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import in the `.ts`/`.mts`/`.cts`/`.mjs` files under the folders of ALLOWED_IMPORTS in `root`. */
export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const layer of Object.keys(ALLOWED_IMPORTS)) {
    for (const file of sourceFiles(join(root, layer))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[3] ?? match[4] ?? '';
        const bare = !specifier.startsWith('.');
        const to = bare ? specifier : toPosix(relative(root, normalize(join(dirname(file), specifier)))).replace(/\.js$/, '.ts');
        edges.push({ from: toPosix(relative(root, file)), to, ...(match[2] ? { typeOnly: true } : {}), ...(bare ? { bare: true } : {}) });
      }
    }
  }
  return edges;
}

/** The edges that break a layer rule, each as `from → to`. */
export function forbiddenImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to, bare }) => {
      if (bare) return false;
      const source = layerOf(from);
      const target = layerOf(to);
      if (source === undefined || source === target) return false;
      if (target === undefined || !(ALLOWED_IMPORTS[source] ?? []).includes(target)) return true;
      const narrowed = ONLY_THROUGH.find((rule) => rule.from === source && rule.target === target);
      return narrowed !== undefined && !narrowed.files.includes(from);
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

/**
 * What the page bundle would hold that a browser page cannot: a module outside PAGE_LAYERS, or one importing a Node
 * builtin, reached by a value import (type imports are erased) from a page entry.
 */
export function pageBundleProblems(edges: readonly ImportEdge[], entries: readonly string[] = PAGE_ENTRIES): string[] {
  const byFile = new Map<string, ImportEdge[]>();
  for (const edge of edges) if (!edge.typeOnly) byFile.set(edge.from, [...(byFile.get(edge.from) ?? []), edge]);
  const problems: string[] = [];
  for (const file of reachable(entries, (from) => (byFile.get(from) ?? []).filter((edge) => !edge.bare).map((edge) => edge.to))) {
    if (!PAGE_LAYERS.some((prefix) => file.startsWith(prefix))) problems.push(`${file}: outside what the page may bundle (${PAGE_LAYERS.join(', ')})`);
    for (const edge of byFile.get(file) ?? []) if (edge.bare && isNodeBuiltin(edge.to)) problems.push(`${file} → ${edge.to}: a Node builtin, which a page does not have`);
  }
  return problems;
}

/** Every file reached from `entries` (them included) by following `next`, in the order first reached. */
export function reachable(entries: readonly string[], next: (file: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...next(file));
  }
  return seen;
}

/** Imports of the tests from anything that is not a test. */
export function importsOfTests(edges: readonly ImportEdge[]): string[] {
  return edges.filter(({ from, to }) => !from.startsWith('test/') && to.startsWith('test/')).map(({ from, to }) => `${from} → ${to}`);
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

function layerOf(path: string): string | undefined {
  const top = path.split('/')[0] ?? '';
  return top in ALLOWED_IMPORTS ? top : undefined;
}

/** The `.ts`, `.mts`, `.cts` and `.mjs` files under `dir` (not declarations, node_modules or conformance/fixtures/). */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // conformance/fixtures/ holds the scripts cases start in children, not code of the layer.
      if (!path.endsWith(join('conformance', 'fixtures')) && entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (/\.(ts|mts|cts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
