// Finds the reference's TypeScript sources from its layout on disk, not from a list of names: each module's public
// file (`reference/<module>.ts`, or `reference/<module>/index.ts`) and every file it reaches through relative imports.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript5';
import { MODULES, type ModuleName } from '../spec/rule.js';

export interface ReferenceSources {
  /** The package root all paths are relative to. */
  readonly root: string;
  /** Each module's public file, relative to the root (`reference/querystring.ts`). */
  readonly entries: Readonly<Partial<Record<ModuleName, string>>>;
  /** Every source file reached from an entry, relative to the root, with the modules whose entry reaches it. */
  readonly files: ReadonlyMap<string, readonly ModuleName[]>;
  /** sha256 over every file's path and text: the key of anything derived from these sources. */
  readonly hash: string;
}

/** The public file of `module` under `referenceDir`, or undefined when the reference does not provide it. */
function entryOf(referenceDir: string, module: ModuleName): string | undefined {
  return [join(referenceDir, `${module}.ts`), join(referenceDir, module, 'index.ts')].find((file) => existsSync(file));
}

/**
 * The reference's sources as they are on disk now.
 * @param root the package root (holding `reference/`)
 * @param modules the modules to include (default: all)
 */
export function readReferenceSources(root: string, modules: readonly ModuleName[] = MODULES): ReferenceSources {
  const entries: Partial<Record<ModuleName, string>> = {};
  const files = new Map<string, ModuleName[]>();
  for (const module of modules) {
    const entry = entryOf(join(root, 'reference'), module);
    if (!entry) continue;
    entries[module] = toPosix(relative(root, entry));
    for (const file of reachableFiles(entry)) {
      const key = toPosix(relative(root, file));
      const owners = files.get(key) ?? [];
      owners.push(module);
      files.set(key, owners);
    }
  }
  const hash = createHash('sha256');
  for (const file of [...files.keys()].sort()) hash.update(`${file}\0${readFileSync(join(root, file), 'utf8')}\0`);
  return { root, entries, files, hash: hash.digest('hex') };
}

/** `entry` and every `.ts` file it reaches by relative static imports, re-exports and `import()`. */
function reachableFiles(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolveSource(dirname(file), specifier);
      if (target && !seen.has(target)) pending.push(target);
    }
  }
  return [...seen].sort();
}

function relativeImports(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((ref) => ref.fileName).filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** `./x.js` names the TypeScript file `./x.ts` (NodeNext resolution); a folder names its `index.ts`. */
function resolveSource(dir: string, specifier: string): string | undefined {
  const base = resolve(dir, specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((file) => /\.(ts|mts)$/.test(file) && existsSync(file));
}

export function toPosix(path: string): string {
  return path.split(sep).join('/');
}
