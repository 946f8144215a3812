// One case ↔ code map from several measured side by side (coverage-map.ts): a worker per chunk of a module's cases,
// each map indexing only its own cases. Their case indices are renumbered into the combined case list.
import type { CaseMeta } from '../conformance/case.js';
import { compactPoints, type CoverageMap, type CoveredCase, type FileCoverage } from './file-coverage.js';

/**
 * The map of `cases` from maps that each measured some of them: a point's cases are the union of what every map says
 * ran it, renumbered to positions in `cases`; code run at load (-1) stays -1, whichever worker ran it; a point no case
 * ran in any map is kept, with no case. A case no map measured is recorded as an error.
 * @param maps the workers' maps, each over its own cases (disjoint), all of one bundle
 * @param cases every case measured, in the combined map's order
 * @param header what the combined map is (format, key, seed); its `durationMs` is the caller's to set
 * @returns the combined map, with `durationMs` 0
 * @example
 * combineCoverage([chunkA, chunkB], [...casesA, ...casesB], { format: 3, key, seed: 1 });
 */
export function combineCoverage(
  maps: readonly CoverageMap[],
  cases: readonly CaseMeta[],
  header: Pick<CoverageMap, 'format' | 'key' | 'seed'>,
): CoverageMap {
  const position = new Map(cases.map((meta, index) => [meta.id, index]));
  const points = new Map<string, Map<string, Set<number>>>();
  for (const map of maps) {
    const index = map.cases.map((meta) => position.get(meta.id));
    for (const [file, coverage] of Object.entries(map.files)) {
      let filePoints = points.get(file);
      if (!filePoints) points.set(file, (filePoints = new Map()));
      for (let at = 0; at < coverage.points.length; at += 3) {
        const pointKey = `${coverage.points[at] as number}:${coverage.points[at + 1] as number}`;
        let set = filePoints.get(pointKey);
        if (!set) filePoints.set(pointKey, (set = new Set()));
        for (const caseIndex of coverage.sets[coverage.points[at + 2] as number] ?? []) {
          const now = caseIndex === -1 ? -1 : index[caseIndex];
          if (now !== undefined) set.add(now);
        }
      }
    }
  }
  const files: Record<string, FileCoverage> = {};
  for (const [file, filePoints] of points) files[file] = compactPoints(filePoints);
  const measured = new Map(maps.flatMap((map) => map.cases.map((meta) => [meta.id, meta] as const)));
  const unmeasured = (meta: CaseMeta): CoveredCase => {
    return { id: meta.id, module: meta.module, rules: meta.rules, status: 'error', durationMs: 0 };
  };
  const covered = cases.map((meta) => measured.get(meta.id) ?? unmeasured(meta));
  return { format: header.format, key: header.key, seed: header.seed, cases: covered, files, durationMs: 0 };
}
