// `--since GIT_REF`: the lines of the reference that changed since a commit (committed or not), from
// `git diff -U0 REF -- reference/`, so a pull-request check mutates only what the pull request touched.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseUnifiedDiff } from './unified-diff.js';

/** File (relative to the repository root, `/`-separated) → changed line numbers (1-based) in the current version. */
export type ChangedLines = ReadonlyMap<string, ReadonlySet<number>>;

/** A ref git does not know, or no git at all: bad input, exit 2. */
class ChangedLinesError extends Error {
  override readonly name = 'ChangedLinesError';
  readonly code = 'ERR_RTCONF_SINCE';
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
