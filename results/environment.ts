// The environment a run records in results.json: the harness machine, its Node.js, the command line and the suite
// version, so that two results files can be told apart by where and how they were made.
import { arch, availableParallelism, cpus, platform, release } from 'node:os';
import type { RunEnvironment } from './results-file.js';
import { toolInfo } from '../io/tool-info.js';

/**
 * @param commandLine the arguments after `rtconf`, as given
 * @returns the environment of this process
 * @example
 * runEnvironment(['run', '--candidate', 'host']);
 * // { os: 'linux 6.8.0', arch: 'x64', cpus: 2, node: 'v20.20.2', commandLine: ['run', '--candidate', 'host'], suiteVersion: '0.1.0' }
 */
export function runEnvironment(commandLine: readonly string[]): RunEnvironment {
  return {
    os: `${platform()} ${release()}`,
    arch: arch(),
    cpus: Math.max(1, typeof availableParallelism === 'function' ? availableParallelism() : cpus().length),
    node: process.version,
    commandLine: [...commandLine],
    suiteVersion: toolInfo().version,
  };
}
