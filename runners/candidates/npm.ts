// `npm:PACKAGE[=MODULE]`: an installed npm package implementing one module, resolved from the user's project (then
// ours) here, and imported only in agents of our own Node (runners/agent/load-candidate-modules.ts), which tell the
// module from its exports when the spec does not name it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../../io/package-root.js';
import { CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import type { CandidateLoad } from '../agent/protocol.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { OWN_NODE, probeCandidate } from './own-node-agent.js';

export const npm: CandidateKindDeclaration<'npm'> = {
  kind: 'npm',
  needs: { runsIn: 'agent', agentHost: 'node' },
  async resolve(spec, options) {
    const id = formatCandidateSpec(spec);
    const found = findPackage(spec.packageName, options.cwd ?? process.cwd());
    const load: CandidateLoad = {
      kind: 'npm',
      spec: id,
      ...(found.entry !== undefined ? { entry: found.entry } : {}),
      packageName: spec.packageName,
      ...(spec.module ? { module: spec.module } : {}),
    };
    await probeCandidate(id, load);
    const version = versionOf(found.folder);
    return createAgentRunner({
      candidate: { id, name: spec.packageName, kind: 'npm', ...(version ? { version } : {}) },
      host: processHosts(OWN_NODE),
      load,
    });
  },
};

/** An installed package: its folder, and its entry file unless it has none (npm's placeholders ship no code). */
interface FoundPackage {
  readonly folder: string;
  readonly entry?: string;
}

/**
 * Finds the package from the user's project first, then from ours (where the suite's own npm peers are installed), as
 * require finds it: the first `node_modules/NAME` in the folder or one above it. A package named as a Node builtin
 * (npm serves `child_process` and `querystring` too) is that package, never the builtin, which require.resolve would
 * answer with. A package whose manifest names no file that exists (npm's placeholders) has no entry: it is judged as
 * an empty module, every export absent.
 * @throws CandidateError when it is installed in neither place
 */
function findPackage(packageName: string, cwd: string): FoundPackage {
  for (const base of [cwd, packageRoot()]) {
    const folder = packageFolder(packageName, base);
    if (folder === undefined) continue;
    try {
      // A folder path resolves as require resolves a directory (its manifest's main, else index.js); a bare name
      // also honours the manifest's exports, but names the builtin where there is one.
      const require = createRequire(join(base, 'package.json'));
      return { folder, entry: isBuiltin(packageName) ? require.resolve(folder) : require.resolve(packageName) };
    } catch (error) {
      if (shipsNoCode(folder)) return { folder };
      throw new CandidateError(`candidate npm:${packageName}: its entry in ${folder} cannot be resolved: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
    }
  }
  const builtin = isBuiltin(packageName) ? ` (npm:${packageName} is the npm package of that name, never the runtime's builtin)` : '';
  throw new CandidateError(`candidate npm:${packageName}: package not installed${builtin} (run: npm install ${packageName})`);
}

/** `node_modules/NAME` in `base` or the nearest folder above it that has one, when its manifest is there. */
function packageFolder(packageName: string, base: string): string | undefined {
  for (let dir = resolve(base); ; dir = dirname(dir)) {
    const folder = join(dir, 'node_modules', packageName);
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dir === dirname(dir)) return undefined;
  }
}

/** A package whose manifest has no exports map and whose main file (or index.js) is not there: it has no code at all. */
function shipsNoCode(folder: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { main?: unknown; exports?: unknown };
    if (manifest.exports !== undefined) return false;
    const main = typeof manifest.main === 'string' ? manifest.main : 'index.js';
    return ![main, `${main}.js`, join(main, 'index.js'), 'index.js'].some((file) => existsSync(join(folder, file)));
  } catch {
    return false;
  }
}

/** The version in the package's own manifest. */
function versionOf(folder: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}
