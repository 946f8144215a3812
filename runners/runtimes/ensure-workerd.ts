// Turns a parsed `runtime:workerd` spec into a workerd executable on this machine and the compatibility settings its
// Worker runs with: the release is the newest version of workerd's binary package for this platform in the range,
// fetched from the npm registry into the cache like the other runtimes (packaged-binary.ts).
import { CandidateError, formatCandidateSpec, type WorkerdSpec } from '../../results/candidate-spec.js';
import { ensurePackagedBinary, type EnsureOptions } from './packaged-binary.js';
import { WORKERD, workerdBinaryInPackage, workerdCompatibility, workerdPackageName, type WorkerdCompatibility } from './workerd-profile.js';

export interface ResolvedWorkerd {
  /** The spec as its canonical text (the candidate id). */
  readonly spec: string;
  /** `1.YYYYMMDD.N`, as published. */
  readonly version: string;
  readonly executable: string;
  readonly source: 'cache' | 'download';
  readonly compatibility: WorkerdCompatibility;
}

/**
 * Fetches (once) the workerd release the spec names and works out its Worker's compatibility settings.
 * @throws CandidateError when no binary is published for this platform, the range matches nothing, or the download fails
 * @example
 * const workerd = await ensureWorkerd(parseCandidateSpec('runtime:workerd@1,date=2025-08-14') as WorkerdSpec);
 * workerd.compatibility; // { date: '2025-08-14', flags: ['nodejs_compat'] }
 */
export async function ensureWorkerd(parsed: WorkerdSpec, options: EnsureOptions = {}): Promise<ResolvedWorkerd> {
  const spec = formatCandidateSpec(parsed);
  const packageName = workerdPackageName(process.platform, process.arch);
  if (!packageName) throw new CandidateError(`candidate ${spec}: no workerd binary is published for ${process.platform}-${process.arch}`);
  const binary = {
    name: WORKERD,
    packageName,
    binaryInPackage: workerdBinaryInPackage(process.platform),
    fileName: process.platform === 'win32' ? 'workerd.exe' : 'workerd',
  };
  const ensured = await ensurePackagedBinary(binary, parsed.range ?? 'latest', spec, options);
  let compatibility: WorkerdCompatibility;
  try {
    compatibility = workerdCompatibility(parsed, ensured.version);
  } catch (error) {
    throw new CandidateError(`candidate ${spec}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { spec, ...ensured, compatibility };
}
