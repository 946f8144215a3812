// The case ↔ code map brought up to date from an earlier one, for `rtconf mutate --incremental`: only the cases that
// can have run differently are measured again — new or changed cases, and cases that executed code which changed since
// (by the earlier map) — and every other case keeps its coverage, its points moved to where their lines now are. A
// case that executed none of the changed code ran the very same code, so its coverage is the same. Code that runs at
// load is measured again whenever anything changed.
import ts from 'typescript5';
import type { CaseMeta } from '../conformance/case.js';
import type { ModuleName } from '../spec/rule.js';
import { changedLines, type LineChange } from './changed-block.js';
import { casesCoveringSpan, compactPoints, type CoverageMap, type CoveredCase, type FileCoverage } from './file-coverage.js';
import { lineAndColumn, lineStarts } from './source-map.js';

/** An earlier map with what it was measured on. */
export interface EarlierCoverage {
  readonly map: CoverageMap;
  /** The reference's texts it was measured on, by file. */
  readonly texts: ReadonlyMap<string, string>;
  /** The code hash of each case it measured (mutation/case-hashes.ts). */
  readonly caseHashes: ReadonlyMap<string, string>;
}

/**
 * The ids of the cases whose coverage must be measured again: new and changed cases, and the cases that executed
 * changed code of the reference by the earlier map (every case of a file's modules where the change lies in code that
 * runs at load).
 */
export function casesToRemeasure(
  earlier: EarlierCoverage,
  texts: ReadonlyMap<string, string>,
  owners: ReadonlyMap<string, readonly ModuleName[]>,
  cases: readonly CaseMeta[],
  caseHashes: ReadonlyMap<string, string>,
): Set<string> {
  const measured = new Set(earlier.map.cases.map((meta) => meta.id));
  const again = new Set<string>();
  for (const meta of cases) {
    if (!measured.has(meta.id) || earlier.caseHashes.get(meta.id) !== caseHashes.get(meta.id)) again.add(meta.id);
  }
  for (const [file, text] of texts) {
    const before = earlier.texts.get(file);
    // A new file is reached only through code that changed elsewhere; its load-time code is measured anew anyway.
    if (before === undefined || before === text) continue;
    const change = changedLines(before, text);
    const starts = lineStarts(before);
    const offset = (line: number): number => starts[Math.min(line, starts.length - 1)] ?? before.length;
    const scope = enclosingFunction(before, offset(change.from), offset(change.oldTo));
    const at = (position: number): { line: number; column: number } => lineAndColumn(starts, position);
    const indices = casesCoveringSpan(earlier.map.files[file], { line: change.from, column: 0 }, { line: change.oldTo, column: 0 }, scope ? { from: at(scope.start), to: at(scope.end) } : undefined);
    for (const index of indices) {
      if (index === -1) {
        const modules = owners.get(file) ?? [];
        for (const meta of cases) if (modules.includes(meta.module)) again.add(meta.id);
      }
      const meta = earlier.map.cases[index];
      if (meta) again.add(meta.id);
    }
  }
  return again;
}

/**
 * The map of `cases` on the current texts: the earlier coverage of every case not measured again, moved to the
 * current lines, with the fresh measurement of the others (`fresh`, which also holds the code run at load).
 */
export function mergeCoverage(earlier: EarlierCoverage, fresh: CoverageMap, texts: ReadonlyMap<string, string>, cases: readonly CaseMeta[], key: string): CoverageMap {
  const position = new Map(cases.map((meta, index) => [meta.id, index]));
  const remeasured = new Set(fresh.cases.map((meta) => meta.id));
  // earlier index → current index, for the cases whose coverage is kept
  const kept = new Map<number, number>();
  earlier.map.cases.forEach((meta, index) => {
    const now = position.get(meta.id);
    if (now !== undefined && !remeasured.has(meta.id)) kept.set(index, now);
  });
  const freshIndex = fresh.cases.map((meta) => position.get(meta.id));
  const files: Record<string, FileCoverage> = {};
  for (const [file, text] of texts) {
    const points = new Map<string, Set<number>>();
    const add = (line: number, column: number, indices: Iterable<number>): void => {
      const key = `${line}:${column}`;
      let set = points.get(key);
      if (!set) points.set(key, (set = new Set()));
      for (const index of indices) set.add(index);
    };
    const before = earlier.texts.get(file);
    const old = earlier.map.files[file];
    if (old && before !== undefined) {
      const change = before === text ? undefined : changedLines(before, text);
      for (let at = 0; at < old.points.length; at += 3) {
        const line = movedLine(old.points[at] as number, change);
        if (line === undefined) continue;
        const indices = (old.sets[old.points[at + 2] as number] ?? []).flatMap((index) => {
          const now = kept.get(index);
          return now === undefined ? [] : [now];
        });
        // A point no kept case ran stays, with none: the fresh measurement adds the cases that ran it now.
        add(line, old.points[at + 1] as number, indices);
      }
    }
    const measured = fresh.files[file];
    if (measured) {
      for (let at = 0; at < measured.points.length; at += 3) {
        const indices = (measured.sets[measured.points[at + 2] as number] ?? []).flatMap((index) => {
          if (index === -1) return [-1];
          const now = freshIndex[index];
          return now === undefined ? [] : [now];
        });
        add(measured.points[at] as number, measured.points[at + 1] as number, indices);
      }
    }
    if (points.size > 0) files[file] = compactPoints(points);
  }
  const earlierCase = new Map(earlier.map.cases.map((meta) => [meta.id, meta]));
  const freshCase = new Map(fresh.cases.map((meta) => [meta.id, meta]));
  const covered: CoveredCase[] = cases.map(
    (meta) => freshCase.get(meta.id) ?? earlierCase.get(meta.id) ?? { id: meta.id, module: meta.module, rules: meta.rules, status: 'error', durationMs: 0 },
  );
  return { format: fresh.format, key, seed: fresh.seed, cases: covered, files, durationMs: fresh.durationMs };
}

/** Where an old 0-based line is now: unchanged lines before and after the change move, changed ones are gone. */
function movedLine(line: number, change: LineChange | undefined): number | undefined {
  if (!change || line < change.from) return line;
  if (line < change.oldTo) return undefined;
  return line + change.newTo - change.oldTo;
}

/** The innermost function with a body that holds all of [start, end) of `text`, if any. */
function enclosingFunction(text: string, start: number, end: number): { start: number; end: number } | undefined {
  const sourceFile = ts.createSourceFile('changed.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let found: { start: number; end: number } | undefined;
  const visit = (node: ts.Node): void => {
    if (start < node.getStart(sourceFile) || end > node.getEnd()) return;
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) found = { start: node.getStart(sourceFile), end: node.getEnd() };
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
