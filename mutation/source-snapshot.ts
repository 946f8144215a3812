// The reference's texts as a run measured them, kept beside its case ↔ code map in the cache, so that a later
// `rtconf mutate --incremental` can tell which lines changed since and move the earlier coverage to where they are now.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../io/atomic-write.js';
import type { ReferenceSources } from './reference-sources.js';

/** Writes the texts of `sources` under their hash; `ifMissing`: only when the cache holds none for that hash yet. */
export async function writeSourceSnapshot(cacheDir: string, sources: ReferenceSources, ifMissing = false): Promise<void> {
  const file = join(cacheDir, `sources-${sources.hash}.json`);
  if (ifMissing && existsSync(file)) return;
  const files: Record<string, string> = {};
  for (const file of [...sources.files.keys()].sort()) files[file] = readFileSync(join(sources.root, file), 'utf8');
  await writeFileAtomically(file, JSON.stringify({ hash: sources.hash, files }));
}

/** The texts of the sources whose hash is `hash`, or undefined when the cache no longer holds them. */
export async function readSourceSnapshot(cacheDir: string, hash: string): Promise<Map<string, string> | undefined> {
  try {
    const snapshot = JSON.parse(await readFile(join(cacheDir, `sources-${hash}.json`), 'utf8')) as { hash?: unknown; files?: unknown };
    if (snapshot.hash !== hash || typeof snapshot.files !== 'object' || snapshot.files === null) return undefined;
    return new Map(Object.entries(snapshot.files as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return undefined;
  }
}
