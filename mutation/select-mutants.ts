// Which mutants a run makes: every operator's mutants of every file the selected modules reach, narrowed to the lines
// changed since a git ref (`--since`), to files matching globs (`--file`) and to a seeded sample (`--max`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { changedLinesSince, touches } from './changed-lines.js';
import { generateMutants, markerProblems, type Mutant } from './generate-mutants.js';
import type { OperatorName } from './operators.js';
import type { ReferenceSources } from './reference-sources.js';
import { sample } from './seeded-random.js';

export interface MutantSelection {
  readonly operators: ReadonlySet<OperatorName>;
  /** Only lines changed since this git ref. */
  readonly since?: string;
  /** Only mutants in files matching one of these globs (paths relative to the root, `/`-separated). */
  readonly fileGlobs?: readonly string[];
  /** At most this many mutants, drawn with the seed. */
  readonly max?: number;
  readonly seed: number;
}

export interface SelectedMutants {
  /** The selected mutants, in file order. */
  readonly mutants: readonly Mutant[];
  /** How many were generated before the selection narrowed them. */
  readonly generated: number;
  /** Every mutant generated, selected or not (where earlier runs' mutants lie now: mutation/kill-order.ts). */
  readonly all: readonly Mutant[];
  /** Every source file's text, by file (relative to the root). */
  readonly texts: ReadonlyMap<string, string>;
  /** Markers that mark nothing or give no reason: their code is mutated as unmarked. */
  readonly warnings: readonly string[];
}

/** The mutants of `sources` that `selection` keeps. */
export async function selectMutants(sources: ReferenceSources, selection: MutantSelection): Promise<SelectedMutants> {
  const texts = new Map<string, string>();
  const warnings: string[] = [];
  let mutants: Mutant[] = [];
  for (const file of sources.files.keys()) {
    const text = await readFile(join(sources.root, file), 'utf8');
    texts.set(file, text);
    mutants.push(...generateMutants(file, text, selection.operators));
    for (const problem of markerProblems(file, text)) warnings.push(`${file}:${problem.line}: ${problem.message}; its code is mutated as unmarked`);
  }
  const generated = mutants.length;
  const all = mutants;
  if (selection.since !== undefined) {
    const changed = await changedLinesSince(sources.root, selection.since);
    mutants = mutants.filter((mutant) => touches(changed, mutant.file, mutant.line, mutant.endLine));
  }
  if (selection.fileGlobs && selection.fileGlobs.length > 0) {
    const matches = picomatch([...selection.fileGlobs]);
    mutants = mutants.filter((mutant) => matches(mutant.file));
  }
  if (selection.max !== undefined && mutants.length > selection.max) mutants = sample(mutants, selection.max, selection.seed);
  return { mutants, generated, all, texts, warnings };
}
