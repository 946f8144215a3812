// What a runtime binary given by path is (`runtime:/path/to/binary`): its absolute path and the SHA-256 of its bytes,
// recorded on the candidate (`candidate.build`) so that builds of one version are told apart and never taken for the
// published release (results/candidate-label.ts names them).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { LocalBuild } from '../../results/results-file.js';

/**
 * Reads the binary once to digest it (a Node build of ~100 MB takes well under a second).
 * @param executable the binary's absolute path, as run
 * @example
 * await describeLocalBuild('/src/node/out/Release/node'); // { path: '/src/node/out/Release/node', sha256: '1a2b…' }
 */
export async function describeLocalBuild(executable: string): Promise<LocalBuild> {
  const hash = createHash('sha256');
  // A link is digested by what it points to, the bytes that run.
  for await (const chunk of createReadStream(await realpath(executable))) hash.update(chunk as Buffer);
  return { path: executable, sha256: hash.digest('hex') };
}
