// Reads the project's own import graph from the sources (static imports, re-exports and dynamic `import()` of
// relative paths) and judges it against the layer rules of docs/architecture.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** The top-level folders that are layers, and the layers each may import (besides itself and node builtins). */
export const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  io: [],
  spec: [],
  reference: [],
  results: ['io', 'spec'],
  conformance: ['io', 'spec', 'results'],
  runners: ['io', 'spec', 'conformance', 'results', 'reference'],
  reports: ['io', 'spec', 'results'],
  mutation: ['io', 'spec', 'conformance', 'results', 'runners'],
  cli: ['io', 'spec', 'conformance', 'results', 'runners', 'reports', 'mutation'],
};

export interface ImportEdge {
  /** Importing file, relative to the project root, `/`-separated. */
  readonly from: string;
  /** Imported file, relative to the project root, `/`-separated. */
  readonly to: string;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every relative import in the `.ts` files under the layer folders of `root`. */
export function importEdges(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const layer of Object.keys(ALLOWED_IMPORTS)) {
    for (const file of sourceFiles(join(root, layer))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const target = normalize(join(dirname(file), match[1] ?? ''));
        edges.push({ from: toPosix(relative(root, file)), to: toPosix(relative(root, target)) });
      }
    }
  }
  return edges;
}

/** The edges that break a layer rule, each as `from → to`. */
export function forbiddenImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const source = layerOf(from);
      const target = layerOf(to);
      if (source === undefined || source === target) return false;
      return target === undefined || !(ALLOWED_IMPORTS[source] ?? []).includes(target);
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

function layerOf(path: string): string | undefined {
  const top = path.split('/')[0] ?? '';
  return top in ALLOWED_IMPORTS ? top : undefined;
}

function sourceFiles(dir: string): string[] {
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
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (/\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
