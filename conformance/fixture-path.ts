// Locates fixture files. Fixtures are plain scripts (any runtime can run them) kept in the source tree, so their
// path is found from the package root whether this code runs from TypeScript sources or from compiled `dist/`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The directory holding the package's package.json, found by walking up from this file. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the rt-conformance package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  root = dir;
  return root;
}

export function fixturePath(name: string): string {
  return join(packageRoot(), 'conformance', 'fixtures', name);
}
