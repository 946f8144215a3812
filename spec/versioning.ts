// The spec's Versioning section as data: when each module was introduced and the table of recorded changes. The
// interface is versioned by runtime release; `rtconf run --interface vX` certifies against the interface as of vX,
// and results/interface-version.ts decides from this table (and each rule's `since`) which rules vX contains.
import type { ModuleName } from './rule.js';

/** Versioning, item 2: the release each module appeared in. A rule without `since` is as old as its module. */
export const MODULE_INTRODUCED: Readonly<Record<ModuleName, string>> = {
  querystring: 'v0.1.25',
  child_process: 'v0.10.0',
  https: 'v0.10.0',
};

export interface RecordedChange {
  /** The module the row is about: the spec prefixes querystring and child process rows, the others are https. */
  readonly module: ModuleName;
  /** The release of the change, as rules record it in `since` (the spec's prefix, e.g. "child process", dropped). */
  readonly release: string;
  /** Earlier release lines the change was backported to (the spec's "v14.1.0 / v13.14.0"). */
  readonly backports?: readonly string[];
  readonly change: string;
}

/**
 * Versioning, item 3, one entry per release named in a row (a row naming two releases for two changes, such as
 * "v15.11.0 and v15.13.0", gives two entries), in the spec's order.
 */
export const RECORDED_CHANGES: readonly RecordedChange[] = [
  { module: 'https', release: 'v2.5.0', change: 'maxCachedSessions added to Agent options' },
  { module: 'https', release: 'v5.3.0', change: 'maxCachedSessions 0 disables TLS session caching' },
  { module: 'https', release: 'v7.5.0', change: 'request options may be a URL object' },
  { module: 'https', release: 'v9.3.0', change: 'request options may include clientCertEngine' },
  { module: 'https', release: 'v10.9.0', change: 'a url parameter may be given together with a separate options object' },
  { module: 'https', release: 'v13.0.0', change: 'default server timeout changed from 120 s to 0' },
  { module: 'https', release: 'v14.1.0', backports: ['v13.14.0'], change: 'highWaterMark request option accepted' },
  { module: 'https', release: 'v16.7.0', backports: ['v14.18.0'], change: 'username and password of a URL object are URI-decoded' },
  { module: 'https', release: 'v18.0.0', change: 'default requestTimeout changed from no timeout to 300 s' },
  { module: 'https', release: 'v19.0.0', change: 'https.globalAgent uses keep-alive and a 5 s timeout' },
  { module: 'https', release: 'v20.4.0', change: 'server[Symbol.asyncDispose]() added' },
  { module: 'https', release: 'v24.2.0', change: 'server[Symbol.asyncDispose]() no longer experimental' },
  { module: 'https', release: 'v22.4.0', backports: ['v20.16.0'], change: 'clientCertEngine depends on OpenSSL custom-engine support, deprecated in OpenSSL 3' },
  { module: 'querystring', release: 'v6.0.0', change: 'parse result no longer inherits from the base Object; eq may be longer than 1 character' },
  { module: 'querystring', release: 'v8.0.0', change: 'multiple empty entries are parsed correctly' },
  { module: 'child_process', release: 'v5.7.0', change: 'shell option of spawn' },
  { module: 'child_process', release: 'v6.4.0', change: 'argv0 option of spawn; stdio option of fork' },
  { module: 'child_process', release: 'v8.0.0', change: 'fork stdio may be a string' },
  { module: 'child_process', release: 'v8.8.0', change: 'windowsHide option' },
  { module: 'child_process', release: 'v13.2.0', backports: ['v12.16.0'], change: 'serialization option' },
  { module: 'child_process', release: 'v15.4.0', change: 'AbortSignal support for exec, execFile, spawn and fork' },
  { module: 'child_process', release: 'v15.11.0', change: 'killSignal for abort' },
  { module: 'child_process', release: 'v15.13.0', change: 'timeout for spawn and fork' },
  { module: 'child_process', release: 'v16.4.0', change: 'cwd may be a file: URL' },
  { module: 'child_process', release: 'v17.4.0', change: 'fork modulePath may be a file: URL' },
  { module: 'child_process', release: 'v23.11.0', backports: ['v22.15.0'], change: 'passing args with shell true is deprecated for execFile and spawn' },
];
