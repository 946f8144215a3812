// Inside the agent: loads what the candidate provides — the runtime's own builtins, the reference, an adapter module
// or an npm package — so that untrusted code is only ever imported in the agent process, never in the harness; and resolves
// where a fresh process loads its https module, from the candidate and this runtime's builtin.
import { pathToFileURL } from 'node:url';
import type { CandidateDeclarations, LoadTarget } from '../../conformance/case.js';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { errorText, firstLine } from '../../io/message-text.js';
import type { CandidateModules } from '../../conformance/modules.js';
import { builtinHttps, resolveHttpsLoadTarget } from '../https-load-target.js';
import { adapterParts, packageCandidate } from '../candidate-shape.js';
import { loadAdapter } from '../load-adapter.js';
import { loadReferenceOracle } from '../reference-modules.js';
import type { CandidateLoad } from './protocol.js';

export interface LoadedCandidate {
  readonly modules: CandidateModules;
  /** Builtins the runtime failed to load, with the reason: their cases are errors, not skips. */
  readonly loadErrors: Partial<Record<ModuleName, string>>;
  /**
   * Builtins the runtime does not have at all, with its own words for it (a Worker before its compatibility date turns
   * a module on: `No such module "node:https"`): their cases are skips, and the module is not provided.
   */
  readonly absent?: Partial<Record<ModuleName, string>>;
  readonly name?: string;
  readonly version?: string;
  /** What the candidate declares where the spec leaves a choice to the runtime. */
  readonly declared?: CandidateDeclarations;
  /** Where a fresh process loads its https module (runners/https-load-target.ts), when that can be told. */
  readonly httpsLoadTarget?: LoadTarget;
}

/** Thrown when the candidate cannot be used at all; its message is the one-line reason shown to the user. */
export class CandidateLoadError extends Error {
  override readonly name = 'CandidateLoadError';
}

const BUILTINS: Readonly<Record<ModuleName, () => Promise<{ default?: unknown }>>> = {
  querystring: () => import('node:querystring'),
  child_process: () => import('node:child_process'),
  https: () => import('node:https'),
};


/** How runtimes say a builtin module does not exist (workerd, Node, Deno), as opposed to failing while it loads. */
const NO_SUCH_MODULE = /\bNo such module\b|ERR_UNKNOWN_BUILTIN_MODULE|ERR_MODULE_NOT_FOUND|\bCannot find module\b/;

async function loadBuiltins(declared: CandidateDeclarations | undefined): Promise<LoadedCandidate> {
  const modules: CandidateModules = {};
  const loadErrors: Partial<Record<ModuleName, string>> = {};
  const absent: Partial<Record<ModuleName, string>> = {};
  for (const name of MODULES) {
    try {
      const namespace = await BUILTINS[name]();
      Object.assign(modules, { [name]: namespace.default ?? namespace });
    } catch (error) {
      const reason = firstLine(errorText(error, { withName: true }));
      if (NO_SUCH_MODULE.test(reason)) absent[name] = reason;
      else loadErrors[name] = reason;
    }
  }
  return { modules, loadErrors, ...(Object.keys(absent).length > 0 ? { absent } : {}), ...(declared ? { declared } : {}) };
}

async function loadNpm(load: Extract<CandidateLoad, { kind: 'npm' }>): Promise<LoadedCandidate> {
  let namespace: Record<string, unknown>;
  try {
    // A package without an entry file exports nothing: an empty module, whose exports its cases find missing.
    namespace = load.entry === undefined ? {} : ((await import(pathToFileURL(load.entry).href)) as Record<string, unknown>);
  } catch (error) {
    throw new CandidateLoadError(`candidate ${load.spec} failed to load: ${firstLine(errorText(error))}`);
  }
  try {
    return { modules: packageCandidate(namespace, load.packageName, load.module, `npm:${load.packageName}=<${MODULES.join('|')}>`), loadErrors: {} };
  } catch (error) {
    throw new CandidateLoadError(`candidate ${load.spec}: ${errorText(error)}`);
  }
}

export async function loadCandidateModules(load: CandidateLoad): Promise<LoadedCandidate> {
  // This runtime's own https module, imported before the candidate is loaded (a candidate may break import()).
  const builtin = await builtinHttps();
  const loaded = await loadModules(load);
  const httpsLoadTarget = resolveHttpsLoadTarget(loaded.modules.https, loaded.declared?.httpsLoadTarget, builtin);
  return httpsLoadTarget ? { ...loaded, httpsLoadTarget } : loaded;
}

async function loadModules(load: CandidateLoad): Promise<LoadedCandidate> {
  if (load.kind === 'builtins') return loadBuiltins(load.declared);
  // The same module objects the agent's differential cases take as their oracle, as in the harness's own process.
  if (load.kind === 'reference') return { modules: await loadReferenceOracle(), loadErrors: {}, declared: load.declared };
  if (load.kind === 'npm') return loadNpm(load);
  try {
    return { ...adapterParts(await loadAdapter(load.spec, load.cwd)), loadErrors: {} };
  } catch (error) {
    throw new CandidateLoadError(error instanceof Error ? error.message : String(error));
  }
}
