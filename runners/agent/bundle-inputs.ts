// Whether a bundle built earlier may be used again without running esbuild: the record of what it was built from (the
// content hash of every input file, the files that were missing then, the esbuild version and options), checked
// against the files as they are now. Bundling the agent costs about a second at the start of every run, on the path
// every agent waits for; reading and hashing its few hundred inputs costs milliseconds. A changed, added or removed
// input, or a missing file that now exists, means a new build, so a source change never runs against a stale bundle.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { writeFileAtomically } from '../../io/atomic-write.js';

/** What a bundle was built from. */
interface InputsRecord {
  /** The build's own identity: esbuild's version, the options' version, the entry file. */
  readonly key: string;
  /** Every input file (absolute path) and its content's SHA-256. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Imports that resolved to no file; any of them appearing means a new build. */
  readonly missing: readonly string[];
  readonly bundle: { readonly file: string; readonly hash: string };
}

function fileHash(file: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The files a missing import could resolve to, as the build's missing-files plugin looks for them. */
function couldResolve(base: string): boolean {
  return [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.mts')].some((file) => existsSync(file));
}

/**
 * The bundle recorded at `recordFile`, when it was built with `key` and none of its inputs changed since.
 * @returns the bundle's file and hash, or undefined (no record, another key, an input changed, the bundle is gone)
 */
export function unchangedBundle(recordFile: string, key: string): { readonly file: string; readonly hash: string; readonly missing: readonly string[] } | undefined {
  let record: InputsRecord;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as InputsRecord;
  } catch {
    return undefined;
  }
  if (record?.key !== key || typeof record.inputs !== 'object' || !Array.isArray(record.missing) || !record.bundle) return undefined;
  const inputs = Object.entries(record.inputs);
  if (inputs.length === 0 || !existsSync(record.bundle.file)) return undefined;
  for (const [file, hash] of inputs) if (fileHash(file) !== hash) return undefined;
  if (record.missing.some(couldResolve)) return undefined;
  return { ...record.bundle, missing: record.missing };
}

/**
 * Records what a bundle was built from (esbuild's metafile inputs, relative to `workingDir`; inputs outside the file
 * system, such as the missing-files plugin's stand-ins, are covered by `missing`).
 */
export async function recordBundleInputs(
  recordFile: string,
  key: string,
  metafileInputs: readonly string[],
  workingDir: string,
  missing: readonly string[],
  bundle: { readonly file: string; readonly hash: string },
): Promise<void> {
  const inputs: Record<string, string> = {};
  for (const input of metafileInputs) {
    if (/^[a-z-]+:/.test(input) && !isAbsolute(input)) continue;
    const file = isAbsolute(input) ? input : join(workingDir, input);
    const hash = fileHash(file);
    // An input that cannot be read back cannot be checked later: no record, so the next run builds again.
    if (hash === undefined) return;
    inputs[file] = hash;
  }
  const record: InputsRecord = { key, inputs, missing, bundle };
  await writeFileAtomically(recordFile, `${JSON.stringify(record)}\n`);
}
