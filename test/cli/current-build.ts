// Whether dist/ holds the current code. Tests run the compiled CLI only when it does (npm test builds it first), so no
// test can see a stale build: every source the build compiles must be no newer than its compiled file, and the files
// the build bundles from the sources (the CommonJS reference, the report's page scripts) no older than any source.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';

/** What `npm run build` writes besides tsc's output, each bundled from several sources (scripts/build-*.mjs). */
export const BUNDLES: readonly string[] = ['dist/reference/https.cjs', 'dist/reports/html/page.js', 'dist/reports/html/dashboard.js'];

/** The compiled file tsc writes for a source file, relative to the root, or undefined for one it does not compile. */
function compiledPath(source: string): string | undefined {
  if (source.endsWith('.d.ts')) return undefined;
  if (source.endsWith('.ts')) return `dist/${source.slice(0, -'.ts'.length)}.js`;
  if (source.endsWith('.mts')) return `dist/${source.slice(0, -'.mts'.length)}.mjs`;
  return undefined;
}

/** Every file under `dir`, relative to `root` with forward slashes. */
function filesUnder(root: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(relative(root, child).split(sep).join('/'));
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return found;
}

/**
 * Why `root`'s dist/ does not hold the code of its sources, or undefined when it does. The folders and exclusions are
 * tsconfig.build.json's, the build's own.
 * @example
 * staleBuild(ROOT); // 'cli/commands/run.ts is newer than dist/cli/commands/run.js' right after an edit
 */
export function staleBuild(root: string): string | undefined {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include?: string[]; exclude?: string[] };
  const excluded = picomatch((config.exclude ?? []).flatMap((pattern) => [pattern, `${pattern}/**`]));
  const mtime = (file: string): number | undefined => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : undefined);
  let newest = { file: '', mtimeMs: 0 };
  for (const source of (config.include ?? []).flatMap((dir) => filesUnder(root, dir))) {
    const compiled = compiledPath(source);
    if (compiled === undefined) continue;
    const sourceTime = mtime(source) ?? 0;
    // Excluded sources (the page scripts) are not compiled on their own, but the bundles are made of them.
    if (sourceTime > newest.mtimeMs) newest = { file: source, mtimeMs: sourceTime };
    if (excluded(source)) continue;
    const compiledTime = mtime(compiled);
    if (compiledTime === undefined) return `${compiled} is missing`;
    if (compiledTime < sourceTime) return `${source} is newer than ${compiled}`;
  }
  for (const bundle of BUNDLES) {
    const bundleTime = mtime(bundle);
    if (bundleTime === undefined) return `${bundle} is missing`;
    if (bundleTime < newest.mtimeMs) return `${newest.file} is newer than ${bundle}`;
  }
  return undefined;
}
