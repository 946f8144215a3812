// The manifest of the files rtconf generated in an output folder (`.rtconf-manifest.json`). Each write replaces it,
// and removes what the previous write generated and this one did not (the badge of a candidate no longer in the
// run), so a reused folder never shows stale outputs. Files not listed (a user's notes, anything else) are never
// touched, and neither are results.json, the manifest and the lock, whatever a manifest says.
import { lstat, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeFileAtomically } from './atomic-write.js';
import { LOCK_FILE } from './out-dir-lock.js';

/** The manifest's file name inside the output folder. */
const MANIFEST_FILE = '.rtconf-manifest.json';

/** Names a manifest may never cause to be removed. */
const PROTECTED: ReadonlySet<string> = new Set([MANIFEST_FILE, LOCK_FILE, 'results.json']);

interface Manifest {
  readonly generator: string;
  /** File names relative to the folder, no directories. */
  readonly files: readonly string[];
}

/**
 * Records `files` as the folder's generated files and removes the ones the previous manifest listed that are not
 * among them.
 * @param dir the output folder
 * @param files names (relative to `dir`, no separators) of the files this write produced
 * @param options `keepPrevious`: a partial write; remove nothing and keep listing the previous files
 * @returns the names removed
 * @example
 * await recordGeneratedFiles('rtconf-report', ['index.html', 'junit.xml', 'badge-reference.svg']);
 */
export async function recordGeneratedFiles(dir: string, files: readonly string[], options: { keepPrevious?: boolean } = {}): Promise<string[]> {
  const previous = await readGeneratedFiles(dir);
  const current = new Set(files.filter(isPlainName));
  const removed: string[] = [];
  if (options.keepPrevious) {
    for (const name of previous) current.add(name);
  } else {
    for (const name of previous) {
      if (current.has(name) || PROTECTED.has(name)) continue;
      if (await removeFile(join(dir, name))) removed.push(name);
    }
  }
  const manifest: Manifest = { generator: 'rt-conformance', files: [...current].sort() };
  await writeFileAtomically(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return removed;
}

/**
 * The file names the folder's manifest lists; none when there is no manifest or it is not one of ours.
 * @example
 * await readGeneratedFiles('rtconf-report'); // ['badge-host.svg', 'index.html', 'junit.xml']
 */
async function readGeneratedFiles(dir: string): Promise<string[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    return [];
  }
  const files = (data as Partial<Manifest> | null)?.files;
  if (!Array.isArray(files)) return [];
  return files.filter((name): name is string => typeof name === 'string' && isPlainName(name));
}

/** Only a plain name inside the folder: a manifest (a file anyone can edit) must never reach outside it. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && basename(name) === name && !name.includes('\\') && !name.includes('\0');
}

/** Removes a regular file (or a link); a folder of that name is left alone. Returns whether something was removed. */
async function removeFile(file: string): Promise<boolean> {
  try {
    const info = await lstat(file);
    if (info.isDirectory()) return false;
    await rm(file, { force: true });
    return true;
  } catch {
    return false;
  }
}
