// Paths given to child_process (`cwd`, fork's `modulePath`) may be strings, byte strings or `file:` URLs; anything
// else, and URLs of other schemes, is refused before a process starts.
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { invalidArgType, invalidArgValue, invalidUrlScheme } from '../errors.js';

/** A URL-like object: a WHATWG URL, or anything shaped like one (another realm's URL). */
interface UrlLike {
  readonly href: string;
  readonly protocol: string;
}

function isUrlLike(value: unknown): value is UrlLike {
  if (value instanceof URL) return true;
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<Record<'href' | 'protocol' | 'auth' | 'path', unknown>>;
  // Legacy `url.parse()` objects also have href and protocol; they carry `auth`/`path`, WHATWG URLs do not.
  // beyond-spec: url-like-paths
  return typeof candidate.href === 'string' && typeof candidate.protocol === 'string' && candidate.auth === undefined && candidate.path === undefined;
}

/**
 * Validates a path option and converts it to a string path.
 *
 * @param value A string, a Uint8Array of the path's bytes, or a `file:` URL.
 * @param name Argument or option path for error messages, e.g. `options.cwd`.
 * @returns The file-system path.
 * @example
 * ```ts
 * toPath(new URL('file:///tmp'), 'options.cwd'); // '/tmp'
 * ```
 * @rules child_process.spawn.cwd-file-url, child_process.exec.cwd-file-url, child_process.exec.cwd-url-must-be-file, child_process.exec-file.cwd-file-url, child_process.fork.cwd-file-url, child_process.fork.module-path-file-url, child_process.fork.module-path-url-must-be-file
 */
export function toPath(value: unknown, name: string): string {
  let path: string;
  if (typeof value === 'string') {
    path = value;
  } else if (value instanceof Uint8Array) {
    path = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString();
  } else if (isUrlLike(value)) {
    if (value.protocol !== 'file:') throw invalidUrlScheme();
    path = fileURLToPath(value.href);
  } else {
    // beyond-spec: arg-type
    throw invalidArgType(name, 'of type string or an instance of Buffer or URL', value);
  }
  if (path.includes('\u0000')) {
    // beyond-spec: nul-bytes
    throw invalidArgValue(name, value, 'must be a string, Uint8Array, or URL without null bytes');
  }
  return path;
}
