// Locates fixture files. Fixtures are plain scripts (any runtime can run them) kept in the source tree, so their
// path is found from the package root whether this code runs from TypeScript sources or from compiled `dist/`.
import { join } from 'node:path';
import { packageRoot } from '../io/package-root.js';

export function fixturePath(name: string): string {
  return join(packageRoot(), 'conformance', 'fixtures', name);
}
