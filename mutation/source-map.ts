// Reads a version 3 source map (as esbuild writes them) into a flat list of mapping points: a generated position and
// the original file, line and column it came from.
import { decodeVlq } from './vlq.js';

export interface MappingPoint {
  /** 0-based line and column in the generated file. */
  readonly generatedLine: number;
  readonly generatedColumn: number;
  /** Index into the map's `sources`. */
  readonly source: number;
  /** 0-based line and column in the original file. */
  readonly originalLine: number;
  readonly originalColumn: number;
}

export interface SourceMapV3 {
  readonly version: number;
  readonly sources: readonly string[];
  readonly mappings: string;
  readonly sourceRoot?: string;
}

/**
 * Every point of the map that names an original position, in generated order.
 * @example
 * mappingPoints({ version: 3, sources: ['a.ts'], mappings: 'AAAA' }); // [{ generatedLine: 0, generatedColumn: 0, source: 0, originalLine: 0, originalColumn: 0 }]
 */
export function mappingPoints(map: SourceMapV3): MappingPoint[] {
  const points: MappingPoint[] = [];
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  const lines = map.mappings.split(';');
  for (let generatedLine = 0; generatedLine < lines.length; generatedLine++) {
    let generatedColumn = 0;
    const line = lines[generatedLine] ?? '';
    if (line === '') continue;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      generatedColumn += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      originalLine += fields[2] ?? 0;
      originalColumn += fields[3] ?? 0;
      points.push({ generatedLine, generatedColumn, source, originalLine, originalColumn });
    }
  }
  return points;
}

/** Offsets at which each line of `text` starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** The 0-based line holding `offset`, by the line starts of lineStarts (a binary search). */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The 0-based line and column of `offset`, by the line starts of lineStarts. */
export function lineAndColumn(starts: readonly number[], offset: number): { line: number; column: number } {
  const line = lineOf(starts, offset);
  return { line, column: offset - (starts[line] ?? 0) };
}
