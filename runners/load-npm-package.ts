// Loads an npm package that implements one module of the interface, named on the command line as
// `npm:<package>` (module guessed from its exports) or `npm:<package>=<module>`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULES, type ModuleName } from '../spec/rule.js';
import type { CandidateModules } from '../conformance/modules.js';
import { packageRoot } from '../io/package-root.js';
import { CandidateError } from './runner.js';
import { checkModule, detectModule } from './validate-modules.js';

export interface NpmCandidate {
  readonly packageName: string;
  readonly version?: string;
  readonly module: ModuleName;
  readonly modules: CandidateModules;
}

const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

export function parseNpmSpec(spec: string): { packageName: string; module?: ModuleName } {
  const body = spec.slice('npm:'.length);
  const [packageName = '', module] = body.split('=');
  if (!PACKAGE_NAME.test(packageName)) throw new CandidateError(`candidate ${spec}: "${packageName}" is not an npm package name`);
  if (module !== undefined && !(MODULES as readonly string[]).includes(module)) {
    throw new CandidateError(`candidate ${spec}: unknown module "${module}" (expected ${MODULES.join(', ')})`);
  }
  return { packageName, ...(module ? { module: module as ModuleName } : {}) };
}

/** Resolves from the user's project first, then from ours (where the suite's own npm peers are installed). */
export function resolvePackage(packageName: string, cwd: string): string {
  for (const base of [cwd, packageRoot()]) {
    try {
      return createRequire(join(base, 'package.json')).resolve(packageName);
    } catch {
      // not installed there; try the next place
    }
  }
  throw new CandidateError(`candidate npm:${packageName}: package not installed (run: npm install ${packageName})`);
}

export function versionOf(entry: string, packageName: string): string | undefined {
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

export async function loadNpmPackage(spec: string, cwd: string = process.cwd()): Promise<NpmCandidate> {
  const { packageName, module: named } = parseNpmSpec(spec);
  const entry = resolvePackage(packageName, cwd);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CandidateError(`candidate ${spec} failed to load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  // CommonJS packages arrive as { default: module.exports }; ESM ones as their namespace.
  const exported = typeof namespace.default === 'object' || typeof namespace.default === 'function' ? namespace.default : namespace;
  const module = named ?? detectModule(exported);
  if (!module) throw new CandidateError(`candidate ${spec}: cannot tell which module it implements; name it as npm:${packageName}=<${MODULES.join('|')}>`);
  try {
    checkModule(module, exported);
  } catch (error) {
    throw new CandidateError(`candidate ${spec}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const version = versionOf(entry, packageName);
  return { packageName, module, modules: { [module]: exported }, ...(version ? { version } : {}) };
}
