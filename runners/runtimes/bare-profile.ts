// What is particular to Holepunch's Bare as a runtime we fetch and run: its binary's npm package per platform, and the
// Node compatibility layer it reaches Node's API through (`bare-node-runtime`, at a recorded version unless the
// candidate pins another).

/** The name runs and the dashboard know the runtime by (one spelling, the candidate grammar's). */
export { BARE } from '../../results/candidate-spec.js';

/** The npm package of Bare's compatibility layer for Node's builtins and globals. */
export const LAYER_PACKAGE = 'bare-node-runtime';

/**
 * The layer's version a `runtime:bare` candidate runs with unless it names one (`,layer=RANGE`): the release whose
 * verdicts were read by hand (expectations/bare-1.json). Its dependencies are installed as npm resolves them when the
 * layer is first installed into the cache, and kept there (its package-lock.json records them).
 */
export const RECORDED_LAYER_VERSION = '1.5.0';

const OS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win32', android: 'android' };
const ARCH: Readonly<Record<string, string>> = { x64: 'x64', arm64: 'arm64', arm: 'arm', ia32: 'ia32' };

/**
 * The npm package holding Bare's binary for a platform: what the `bare-runtime` package pulls in as an optional
 * dependency (`bare-runtime-linux-x64`). Its versions are Bare's releases (the `bare-runtime` package itself can lag
 * behind them), or undefined when the platform has none.
 * @example
 * barePackageName('linux', 'x64'); // 'bare-runtime-linux-x64'
 */
export function barePackageName(platform: NodeJS.Platform, arch: string): string | undefined {
  const os = OS[platform];
  const cpu = ARCH[arch];
  return os && cpu ? `bare-runtime-${os}-${cpu}` : undefined;
}

/** Path of the executable inside the package (`package/` stripped). */
export function bareBinaryInPackage(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'bin/bare.exe' : 'bin/bare';
}

/**
 * Bare's release from the output of `bare --version` (`v1.33.4`), which reads as Node's does: undefined for any other
 * form. Telling the two apart takes asking the binary what it is (detect-runtime.ts).
 */
export function parseBareVersion(output: string): string | undefined {
  return /^v(\d+\.\d+\.\d+\S*)\s*$/.exec(output.trim())?.[1];
}
