// `--since GIT_REF`: the lines of the reference that changed since a commit (committed or not), from
// `git diff -U0 REF -- reference/`, so a pull-request check mutates only what the pull request touched.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** File (relative to the repository root, `/`-separated) → changed line numbers (1-based) in the current version. */
export type ChangedLines = ReadonlyMap<string, ReadonlySet<number>>;

/** A ref git does not know, or no git at all: bad input, exit 2. */
export class ChangedLinesError extends Error {
  override readonly name = 'ChangedLinesError';
  readonly code = 'ERR_RTCONF_SINCE';
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

/** The changed lines of `paths` between `ref` and the working tree of the repository at `root`. */
export async function changedLinesSince(root: string, ref: string, paths: readonly string[] = ['reference/']): Promise<ChangedLines> {
  if (ref.startsWith('-')) throw new ChangedLinesError(`--since must name a git ref, got "${ref}"`);
  const git = promisify(execFile);
  try {
    await git('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root });
  } catch {
    throw new ChangedLinesError(`--since: "${ref}" is not a commit git knows in ${root}`);
  }
  const { stdout } = await git('git', ['diff', '-U0', '--no-color', '--no-ext-diff', '--relative', ref, '--', ...paths], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return parseUnifiedDiff(stdout);
}

/** Whether any line from `first` to `last` (1-based, inclusive) of `file` changed. */
export function touches(changed: ChangedLines, file: string, first: number, last: number): boolean {
  const lines = changed.get(file);
  if (!lines) return false;
  for (let line = first; line <= last; line++) if (lines.has(line)) return true;
  return false;
}
