// The case ↔ code map's data: which cases ran which points of each reference file, kept compact (identical sets of
// cases shared), and the one question a mutant asks of it (which cases ran the span it changes). Measuring it is
// coverage-map.ts's, bringing it up to date update-coverage.ts's; both build on this.
import type { Status } from '../results/status.js';
import type { ModuleName } from '../spec/rule.js';

export interface CoveredCase {
  readonly id: string;
  readonly module: ModuleName;
  readonly rules: readonly string[];
  /** The outcome against the unmutated reference in this process. */
  readonly status: Status;
  readonly durationMs: number;
}

/**
 * Per source file: distinct sets of case indices (-1: ran while loading) and the points `[line, column, set, …]`. A
 * point with an empty set is code no case ran (format 2 on; earlier maps held only the points some case ran).
 */
export interface FileCoverage {
  readonly sets: readonly (readonly number[])[];
  /** Flat triples: 0-based original line, 0-based column, index into `sets`; sorted by line, then column. */
  readonly points: readonly number[];
}

export interface CoverageMap {
  readonly format: number;
  readonly key: string;
  readonly seed: number;
  readonly cases: readonly CoveredCase[];
  readonly files: Readonly<Record<string, FileCoverage>>;
  readonly durationMs: number;
}

/** Points keyed `line:column`, each with its case indices, as a file's compact coverage (identical sets shared). */
export function compactPoints(points: ReadonlyMap<string, ReadonlySet<number>>): FileCoverage {
  const list = [...points].map(([key, set]) => {
    const [line = 0, column = 0] = key.split(':').map(Number);
    return { line, column, set: [...set].sort((a, b) => a - b).join(',') };
  });
  list.sort((a, b) => a.line - b.line || a.column - b.column);
  const setIndex = new Map<string, number>();
  const flat: number[] = [];
  for (const point of list) {
    if (!setIndex.has(point.set)) setIndex.set(point.set, setIndex.size);
    flat.push(point.line, point.column, setIndex.get(point.set) as number);
  }
  return { sets: [...setIndex.keys()].map((text) => (text === '' ? [] : text.split(',').map(Number))), points: flat };
}

/**
 * The indices of the cases that executed the code between two positions of a file (0-based lines and columns),
 * -1 included when it ran at load. A span whose points no case ran gets none: no case can notice a change there (a
 * refusal no case makes, say), and running the cases that ran the function around it only costs time. Where no mapping
 * point falls inside the span, the nearest point before it decides (its generated code extends to the next point): a
 * case too many costs time, a case too few a false survivor.
 */
export function casesCoveringSpan(
  coverage: FileCoverage | undefined,
  from: { line: number; column: number },
  to: { line: number; column: number },
  scope?: { from: { line: number; column: number }; to: { line: number; column: number } },
): Set<number> {
  const found = new Set<number>();
  if (!coverage) return found;
  const { points, sets } = coverage;
  const before = (line: number, column: number, other: { line: number; column: number }): boolean => line < other.line || (line === other.line && column < other.column);
  let previous = -1;
  let inside = false;
  for (let at = 0; at < points.length; at += 3) {
    const line = points[at] as number;
    const column = points[at + 1] as number;
    if (before(line, column, from)) {
      previous = at;
      continue;
    }
    if (line > to.line || (line === to.line && column >= to.column)) break;
    inside = true;
    for (const index of sets[points[at + 2] as number] ?? []) found.add(index);
  }
  if (inside) return found;
  // Inside a function, the cases that ran any of the function: none when no case called it (the point before the
  // span is then code outside the function, often code that ran at load, which says nothing about this one). At the
  // top level, the point before the span.
  if (scope) {
    for (let at = 0; at < points.length; at += 3) {
      const line = points[at] as number;
      const column = points[at + 1] as number;
      if (before(line, column, scope.from)) continue;
      if (!before(line, column, scope.to)) break;
      for (const index of sets[points[at + 2] as number] ?? []) found.add(index);
    }
    return found;
  }
  if (previous >= 0) for (const index of sets[points[previous + 2] as number] ?? []) found.add(index);
  return found;
}
