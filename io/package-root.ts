// Finds the installed package's root, so files that ship beside the code (the results schema, the conformance
// fixtures, the report's assets) are found the same way from the TypeScript sources and from compiled `dist/`.
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
