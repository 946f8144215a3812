// Command lookup: a bare command name is searched in the PATH the child will see — `options.env.PATH` when an env is
// given, the parent's PATH otherwise, and `/usr/bin:/bin` when that environment has no PATH at all.
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** The search path used when the child's environment has no PATH entry (Unix). */
export const DEFAULT_SEARCH_PATH = '/usr/bin:/bin';

/**
 * The PATH the child will see: the first `PATH=` entry of its environment block, as the exec family reads it.
 *
 * @param envPairs The child's environment as `KEY=value` strings, in order.
 * @returns The search path, or {@link DEFAULT_SEARCH_PATH} when there is no PATH entry.
 * @example
 * ```ts
 * searchPathOf(['HOME=/root', 'PATH=/opt/bin']); // '/opt/bin'
 * ```
 */
export function searchPathOf(envPairs: readonly string[]): string {
  for (const pair of envPairs) {
    if (pair.startsWith('PATH=')) return pair.slice('PATH='.length);
  }
  return DEFAULT_SEARCH_PATH;
}

function isExecutableFile(path: string): boolean {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile()) return false;
  // beyond-spec: skipping a PATH entry whose file is not executable follows execvp; the spec says only that a
  // command is looked up, not how
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds the executable a bare command name refers to. Entries are tried in order; an empty entry means the child's
 * working directory and relative entries are taken from it, because the lookup happens after the child changed into it.
 *
 * @param command The command as given; one containing `/` is a path and is not searched.
 * @param searchPath Colon-separated directories.
 * @param cwd The child's working directory (the parent's when absent).
 * @returns The path of the first executable regular file found, or `undefined` (not found, or not a bare name).
 * @example
 * ```ts
 * resolveCommand('sh', '/usr/bin:/bin', undefined); // '/usr/bin/sh'
 * ```
 */
export function resolveCommand(command: string, searchPath: string, cwd: string | undefined): string | undefined {
  if (command.includes('/')) return undefined;
  // The found path is handed to the child after it changed directory, so it must not be relative.
  const base = cwd === undefined ? process.cwd() : isAbsolute(cwd) ? cwd : resolve(cwd);
  for (const entry of searchPath.split(':')) {
    // Joined as text, not normalized: the kernel resolves `..` after symlinks, as it would for the exec call.
    const dir = entry === '' ? base : entry.startsWith('/') ? entry : `${base}/${entry}`;
    const candidate = `${dir}/${command}`;
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}
