// `npm:PACKAGE[=MODULE]`: an installed npm package implementing one module, resolved from the user's project (then
// ours) here, and imported only in agents of our own Node (runners/agent/load-candidate-modules.ts), which tell the
// module from its exports when the spec does not name it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../io/package-root.js';
import { CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { processHosts } from '../agent/process-host.js';
import type { CandidateLoad } from '../agent/protocol.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { OWN_NODE, probeCandidate } from './own-node-agent.js';

export const npm: CandidateKindDeclaration<'npm'> = {
  kind: 'npm',
  async resolve(spec, options) {
    const id = formatCandidateSpec(spec);
    const entry = resolvePackage(spec.packageName, options.cwd ?? process.cwd());
    const load: CandidateLoad = { kind: 'npm', spec: id, entry, packageName: spec.packageName, ...(spec.module ? { module: spec.module } : {}) };
    await probeCandidate(id, load);
    const version = versionOf(entry, spec.packageName);
    return createAgentRunner({
      candidate: { id, name: spec.packageName, kind: 'npm', ...(version ? { version } : {}) },
      host: processHosts(OWN_NODE),
      load,
    });
  },
};

/** Resolves from the user's project first, then from ours (where the suite's own npm peers are installed). */
function resolvePackage(packageName: string, cwd: string): string {
  for (const base of [cwd, packageRoot()]) {
    try {
      return createRequire(join(base, 'package.json')).resolve(packageName);
    } catch {
      // not installed there; try the next place
    }
  }
  throw new CandidateError(`candidate npm:${packageName}: package not installed (run: npm install ${packageName})`);
}

/** The version in the package's own manifest, found by walking up from its entry file. */
function versionOf(entry: string, packageName: string): string | undefined {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === packageName) return typeof manifest.version === 'string' ? manifest.version : undefined;
    } catch {
      // no manifest at this level
    }
  }
  return undefined;
}
