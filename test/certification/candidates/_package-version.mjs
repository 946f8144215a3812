// Where a dev dependency is installed and which version it is, so an adapter names what it certifies and can reach
// a file its package's `exports` map hides.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The folder the package `name` is installed in (found as Node finds it, whatever its `exports` allow). */
export function packageDir(name) {
  const dir = (require.resolve.paths(name) ?? []).map((base) => join(base, name)).find((candidate) => existsSync(join(candidate, 'package.json')));
  if (dir === undefined) throw new Error(`package ${name} is not installed`);
  return dir;
}

/** The `version` field of the package installed under `name` (an npm alias gives the aliased package's). */
export function packageVersion(name) {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;
}

/** The `file:` URL of a file inside an installed package. */
export function packageFileUrl(name, file) {
  return pathToFileURL(join(packageDir(name), file)).href;
}
