// A committed list of mutants of the reference, by stable id, each with a written reason: the shape shared by
// `mutation/equivalent-mutants.json` and `mutation/unobservable-mutants.json`.
//
//   { "mutants": { "<id>": { "file": "reference/x.ts", "diff": "…", "reason": "…", "platforms": ["win32"] } } }
//
// `file` and `diff` show a reader what is claimed (test/mutation/mutant-lists-current.test.ts keeps them current);
// `platforms` (process.platform values) is where an unobservable mutant can be observed.
import { readFile } from 'node:fs/promises';

export interface ListedMutant {
  readonly reason: string;
  readonly file?: string;
  readonly diff?: string;
  readonly platforms?: readonly string[];
}

export type MutantList = ReadonlyMap<string, ListedMutant>;

/** A malformed list: bad input, exit 2. */
class MutantListError extends Error {
  override readonly name = 'MutantListError';
  readonly code = 'ERR_RTCONF_MUTANT_LIST';
}

/**
 * Validates a parsed list; `source` names the file in messages.
 * @param options.platforms each entry must name the platforms that can observe it (the unobservable list)
 */
function parseMutantList(data: unknown, source: string, options: { platforms?: boolean } = {}): MutantList {
  const mutants = (data as { mutants?: unknown } | null)?.mutants;
  if (typeof mutants !== 'object' || mutants === null || Array.isArray(mutants)) {
    throw new MutantListError(`${source}: must be { "mutants": { "<mutant id>": { "reason": "…" } } }`);
  }
  const list = new Map<string, ListedMutant>();
  for (const [id, entry] of Object.entries(mutants as Record<string, unknown>)) {
    if (id.startsWith('$')) continue;
    const reason = (entry as { reason?: unknown } | null)?.reason;
    if (typeof reason !== 'string' || reason.trim() === '') throw new MutantListError(`${source}: mutant ${id} needs a written "reason"`);
    const { file, diff, platforms } = entry as { file?: unknown; diff?: unknown; platforms?: unknown };
    const named = Array.isArray(platforms) && platforms.length > 0 && platforms.every((platform) => typeof platform === 'string' && platform !== '');
    if (options.platforms && !named) throw new MutantListError(`${source}: mutant ${id} needs "platforms", the process.platform values where it can be observed`);
    list.set(id, {
      reason,
      ...(typeof file === 'string' ? { file } : {}),
      ...(typeof diff === 'string' ? { diff } : {}),
      ...(named ? { platforms: platforms as string[] } : {}),
    });
  }
  return list;
}

/** Reads a list; a missing file is an empty list. */
export async function readMutantList(file: string, options: { platforms?: boolean } = {}): Promise<MutantList> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return new Map();
    throw new MutantListError(`${file}: cannot read (${(error as { code?: string }).code ?? String(error)})`);
  }
  try {
    return parseMutantList(JSON.parse(text), file, options);
  } catch (error) {
    if (error instanceof MutantListError) throw error;
    throw new MutantListError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
