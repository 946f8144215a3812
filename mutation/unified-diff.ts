// Unified diffs, both ways: the one-hunk diff each mutant carries (what it changed, shown in the report), and the
// changed lines `git diff -U0` reports (what `--since` mutates).
import type { Edit } from './operators.js';

/** A one-hunk unified diff of the lines the edit touches (no context lines: the change is the point). */
export function unifiedDiff(file: string, text: string, site: Edit): string {
  const lineStart = text.lastIndexOf('\n', site.start - 1) + 1;
  const nextBreak = text.indexOf('\n', Math.max(site.end, site.start));
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const before = text.slice(lineStart, lineEnd).split('\n');
  const after = `${text.slice(lineStart, site.start)}${site.replacement}${text.slice(site.end, lineEnd)}`.split('\n');
  const first = text.slice(0, lineStart).split('\n').length;
  const range = (count: number): string => (count === 1 ? `${first}` : `${first},${count}`);
  return [
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${range(before.length)} +${range(after.length)} @@`,
    ...before.map((line) => `-${line}`),
    ...after.map((line) => `+${line}`),
  ].join('\n');
}

/**
 * Parses the output of `git diff -U0`: the `+++ b/FILE` headers and the new-side ranges of the `@@` hunks.
 * @example
 * parseUnifiedDiff('+++ b/reference/a.ts\n@@ -3 +3,2 @@\n').get('reference/a.ts'); // Set { 3, 4 }
 */
export function parseUnifiedDiff(diff: string): Map<string, Set<number>> {
  const changed = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const path = line.slice(4);
      current = path === '/dev/null' ? undefined : new Set();
      if (current) changed.set(path.replace(/^b\//, ''), current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !current) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    for (let at = start; at < start + count; at++) current.add(at);
  }
  return changed;
}
