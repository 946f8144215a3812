// The case ↔ code map of one module measured in chunks, a worker each (mutation/combine-coverage.ts): each chunk's
// case indices renumbered into the whole list, code run at load kept at -1, code no case ran kept with none, and
// lazily run code credited to the first case of each chunk that ran it.
import { expect } from 'chai';
import type { CaseMeta } from '../../conformance/case.js';
import { combineCoverage } from '../../mutation/combine-coverage.js';
import type { CoverageMap, FileCoverage } from '../../mutation/file-coverage.js';

const FILE = 'reference/internal/querystring/decode.ts';
const OTHER = 'reference/internal/querystring/key-caches.ts';
const cases: CaseMeta[] = ['parse.a', 'parse.b', 'stringify.c', 'stringify.d'].map((name) => ({
  id: `querystring.${name}`,
  module: 'querystring',
  rules: [`rule.${name}`],
}));
const HEADER = { format: 3, key: 'combined', seed: 7 };

/** A chunk's map over `chunk` (indices into it), with points as `line → case indices` in `file`. */
function chunkMap(chunk: readonly CaseMeta[], files: Record<string, Record<number, number[]>>): CoverageMap {
  const coverage: Record<string, FileCoverage> = {};
  for (const [file, lines] of Object.entries(files)) {
    const sets: number[][] = [];
    const points: number[] = [];
    for (const [line, set] of Object.entries(lines)) {
      points.push(Number(line), 0, sets.length);
      sets.push(set);
    }
    coverage[file] = { sets, points };
  }
  const covered = chunk.map((meta) => ({ ...meta, status: 'pass' as const, durationMs: 10 }));
  return { format: 3, key: 'chunk', seed: 7, cases: covered, files: coverage, durationMs: 1 };
}

/** A file's points as `line → sorted case indices`. */
function byLine(coverage: FileCoverage | undefined): Record<number, number[]> {
  const lines: Record<number, number[]> = {};
  if (!coverage) return lines;
  for (let at = 0; at < coverage.points.length; at += 3) {
    const set = coverage.sets[coverage.points[at + 2] as number] ?? [];
    lines[coverage.points[at] as number] = [...set].sort((a, b) => a - b);
  }
  return lines;
}

describe('combineCoverage', () => {
  // Line 0 runs at load, line 1 in every case, line 2 lazily on first use (each worker's first parse), line 3 never.
  const first = chunkMap(cases.slice(0, 2), { [FILE]: { 0: [-1], 1: [0, 1], 2: [0], 3: [] } });
  const second = chunkMap(cases.slice(2), { [FILE]: { 0: [-1], 1: [0, 1], 2: [1], 3: [] }, [OTHER]: { 5: [0] } });

  it("renumbers each chunk's cases into the whole list and keeps load-time code at -1", () => {
    const map = combineCoverage([first, second], cases, HEADER);
    expect(byLine(map.files[FILE])).to.deep.equal({ 0: [-1], 1: [0, 1, 2, 3], 2: [0, 3], 3: [] });
    expect(byLine(map.files[OTHER])).to.deep.equal({ 5: [2] });
    expect(map).to.include({ format: 3, key: 'combined', seed: 7 });
  });

  it('credits lazily run code to the first case of each chunk that ran it', () => {
    const map = combineCoverage([first, second], cases, HEADER);
    // In one process only parse.a would hold line 2; chunked, stringify.d (the first of its chunk to run it) does too.
    expect(byLine(map.files[FILE])[2]).to.deep.equal([0, 3]);
  });

  it('gives the same map whichever chunk finished first', () => {
    const reversed = combineCoverage([second, first], cases, HEADER);
    expect(reversed).to.deep.equal(combineCoverage([first, second], cases, HEADER));
  });

  it("keeps the cases in the whole list's order, and records one no chunk measured as an error", () => {
    const map = combineCoverage([second], cases, HEADER);
    expect(map.cases.map((meta) => [meta.id, meta.status])).to.deep.equal([
      ['querystring.parse.a', 'error'],
      ['querystring.parse.b', 'error'],
      ['querystring.stringify.c', 'pass'],
      ['querystring.stringify.d', 'pass'],
    ]);
    expect(byLine(map.files[FILE])[1]).to.deep.equal([2, 3]);
  });
});
