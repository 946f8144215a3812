// The committed list of equivalent mutants (`mutation/equivalent-mutants.json`): mutants no case can tell from the
// reference because they do not change what the spec lets anyone observe. A mutant is reported `equivalent` only when
// it is listed here by its stable id with a written reason; everything else that survives is a finding.
//
//   { "mutants": { "<id>": { "file": "reference/x.ts", "diff": "…", "reason": "why no case can notice" } } }
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface EquivalentMutant {
  readonly reason: string;
  readonly file?: string;
  readonly diff?: string;
}

export type EquivalentMutants = ReadonlyMap<string, EquivalentMutant>;

/** A malformed list: bad input, exit 2. */
export class EquivalentMutantsError extends Error {
  override readonly name = 'EquivalentMutantsError';
  readonly code = 'ERR_RTCONF_EQUIVALENT_MUTANTS';
}

/** Where the list lives in a checkout. */
export function equivalentMutantsPath(root: string): string {
  return join(root, 'mutation', 'equivalent-mutants.json');
}

/** Validates the parsed list; `source` names the file in messages. */
export function parseEquivalentMutants(data: unknown, source: string): EquivalentMutants {
  const mutants = (data as { mutants?: unknown } | null)?.mutants;
  if (typeof mutants !== 'object' || mutants === null || Array.isArray(mutants)) {
    throw new EquivalentMutantsError(`${source}: must be { "mutants": { "<mutant id>": { "reason": "…" } } }`);
  }
  const list = new Map<string, EquivalentMutant>();
  for (const [id, entry] of Object.entries(mutants as Record<string, unknown>)) {
    if (id.startsWith('$')) continue;
    const reason = (entry as { reason?: unknown } | null)?.reason;
    if (typeof reason !== 'string' || reason.trim() === '') throw new EquivalentMutantsError(`${source}: mutant ${id} needs a written "reason"`);
    const { file, diff } = entry as { file?: unknown; diff?: unknown };
    list.set(id, { reason, ...(typeof file === 'string' ? { file } : {}), ...(typeof diff === 'string' ? { diff } : {}) });
  }
  return list;
}

/** Reads the list; a missing file is an empty list. */
export async function readEquivalentMutants(file: string): Promise<EquivalentMutants> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return new Map();
    throw new EquivalentMutantsError(`${file}: cannot read (${(error as { code?: string }).code ?? String(error)})`);
  }
  try {
    return parseEquivalentMutants(JSON.parse(text), file);
  } catch (error) {
    if (error instanceof EquivalentMutantsError) throw error;
    throw new EquivalentMutantsError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
