// Turns a parsed `runtime:bare` spec into a Bare executable on this machine and the compatibility layer its agent runs
// through: the release is the newest version of Bare's binary package for this platform in the range, fetched from
// the npm registry into the cache like the other runtimes (packaged-binary.ts); the layer is installed beside it
// (bare-layer.ts), at the recorded version unless the spec pins one.
import { CandidateError, formatCandidateSpec, type BareSpec } from '../../results/candidate-spec.js';
import { ensureBareLayer, type BareLayer } from './bare-layer.js';
import { BARE, bareBinaryInPackage, barePackageName, RECORDED_LAYER_VERSION } from './bare-profile.js';
import { ensurePackagedBinary, type EnsureOptions } from './packaged-binary.js';

export interface ResolvedBare {
  /** The spec as its canonical text (the candidate id). */
  readonly spec: string;
  readonly version: string;
  readonly executable: string;
  readonly source: 'cache' | 'download' | 'path';
  readonly layer: BareLayer;
}

/**
 * Fetches (once) the Bare release and the layer the spec names.
 * @throws CandidateError when no binary is published for this platform, a range matches nothing, or a download or
 *   the layer's install fails
 * @example
 * const bare = await ensureBare({ kind: 'bare', range: '1' }); // { version: '1.33.4', layer: { version: '1.5.0', … }, … }
 */
export async function ensureBare(parsed: BareSpec, options: EnsureOptions = {}): Promise<ResolvedBare> {
  const spec = formatCandidateSpec(parsed);
  const packageName = barePackageName(process.platform, process.arch);
  if (!packageName) throw new CandidateError(`candidate ${spec}: no Bare binary is published for ${process.platform}-${process.arch}; use runtime:/path/to/bare`);
  const binary = {
    name: BARE,
    packageName,
    binaryInPackage: bareBinaryInPackage(process.platform),
    fileName: process.platform === 'win32' ? 'bare.exe' : 'bare',
  };
  const ensured = await ensurePackagedBinary(binary, parsed.range ?? 'latest', spec, options);
  const layer = await ensureBareLayer(parsed.layer ?? RECORDED_LAYER_VERSION, spec, options.cache !== undefined ? { cache: options.cache } : {});
  return { spec, ...ensured, layer };
}
