// Reads a version 3 source map (as esbuild writes them) into a flat list of mapping points: a generated position and
// the original file, line and column it came from.

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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes the base64 VLQ fields of one segment (`AAgBC` → [0, 0, 16, 1]). */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`invalid base64 VLQ character ${JSON.stringify(char)} in source map`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -Math.floor(value / 2) : Math.floor(value / 2));
    value = 0;
    shift = 0;
  }
  return values;
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
