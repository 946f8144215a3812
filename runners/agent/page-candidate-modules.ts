// The page agent's stand-in for load-candidate-modules.ts (build-page-agent.ts maps one to the other, as a package's
// "browser" field maps a file): the candidate was bundled for the browser beside the agent (candidate.js next to the
// page, runners/chromium/bundle-candidate.ts), so loading it is importing that bundle and checking what it hands over,
// as the Node agent checks an adapter or an npm package. Only the modules a page can have are kept: querystring. A
// page has no processes and no sockets, so child_process and https are never taken from a candidate here (the runner
// reports their cases as not provided without asking the page).
import type { CandidateModules } from '../../conformance/modules.js';
import { errorText, firstLine } from '../../io/message-text.js';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import type { LoadedCandidate } from './load-candidate-modules.js';
import type { CandidateLoad } from './protocol.js';
import { checkModule, detectModule, validateModules } from '../validate-modules.js';

export type { LoadedCandidate };

/** Thrown when the candidate cannot be used at all; its message is the one-line reason shown to the user. */
export class CandidateLoadError extends Error {
  override readonly name = 'CandidateLoadError';
}

/** The modules a page can have; the others need processes or sockets. */
export const PAGE_MODULES: readonly ModuleName[] = ['querystring'];

/** The candidate's bundle, served beside the page: it exports the adapter's or the package's namespace as `namespace`. */
const CANDIDATE_BUNDLE = './candidate.js';

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

async function importBundle(spec: string): Promise<Record<string, unknown>> {
  let bundle: { namespace?: unknown };
  try {
    // The page's own address: no DOM types in this build, so read from globalThis as the one field needed.
    const page = (globalThis as unknown as { location: { href: string } }).location.href;
    bundle = (await import(new URL(CANDIDATE_BUNDLE, page).href)) as { namespace?: unknown };
  } catch (error) {
    throw new CandidateLoadError(`candidate ${spec} failed to load in the page: ${firstLine(errorText(error, { withName: true }))}`);
  }
  if (!isObjectLike(bundle.namespace)) throw new CandidateLoadError(`candidate ${spec}: its bundle exports no namespace`);
  return bundle.namespace;
}

/** An npm package: CommonJS arrives as `{ default: module.exports }`, ESM as its namespace; the module is told by its exports unless named. */
function fromPackage(load: Extract<CandidateLoad, { kind: 'npm' }>, namespace: Record<string, unknown>): LoadedCandidate {
  const exported = isObjectLike(namespace.default) ? namespace.default : namespace;
  const module = (load.module as ModuleName | undefined) ?? detectModule(exported);
  if (!module) throw new CandidateLoadError(`candidate ${load.spec}: cannot tell which module it implements; name it as chromium:npm:${load.packageName}=<${MODULES.join('|')}>`);
  try {
    checkModule(module, exported);
  } catch (error) {
    throw new CandidateLoadError(`candidate ${load.spec}: ${errorText(error)}`);
  }
  return { modules: { [module]: exported }, loadErrors: {} };
}

/** An adapter: its default export must be `{ name, version?, modules }`, as a Node agent checks it (runners/load-adapter.ts). */
function fromAdapter(spec: string, namespace: Record<string, unknown>): LoadedCandidate {
  const exported = namespace.default;
  if (!isObjectLike(exported)) throw new CandidateLoadError(`adapter ${spec}: the default export must be { name, version?, modules }, got ${exported === null ? 'null' : typeof exported}`);
  const { name, version, modules } = exported;
  if (typeof name !== 'string' || name.trim() === '') throw new CandidateLoadError(`adapter ${spec}: "name" must be a non-empty string`);
  if (version !== undefined && typeof version !== 'string') throw new CandidateLoadError(`adapter ${spec}: "version" must be a string when present`);
  try {
    return { modules: validateModules(modules), loadErrors: {}, name, ...(version !== undefined ? { version } : {}) };
  } catch (error) {
    throw new CandidateLoadError(`adapter ${spec}: ${errorText(error)}`);
  }
}

/** Keeps the modules a page can have; a candidate with none of them cannot be run in a page. */
function inPage(spec: string, loaded: LoadedCandidate): LoadedCandidate {
  const modules: CandidateModules = {};
  for (const name of PAGE_MODULES) if (loaded.modules[name]) Object.assign(modules, { [name]: loaded.modules[name] });
  if (Object.keys(modules).length === 0) {
    throw new CandidateLoadError(`candidate ${spec} provides none of the modules a page can have (${PAGE_MODULES.join(', ')}); child_process and https are not run in a page`);
  }
  return { ...loaded, modules };
}

/**
 * Loads the candidate bundled beside the page. `load` says what it is: an adapter (`spec` its path) or an npm package.
 * @throws CandidateLoadError with the one-line reason the harness shows (exit 2)
 */
export async function loadCandidateModules(load: CandidateLoad): Promise<LoadedCandidate> {
  if (load.kind === 'builtins') throw new CandidateLoadError("a page has no runtime builtins to test: run the runtime's own candidate instead");
  if (load.kind === 'reference') throw new CandidateLoadError('the reference is not run in a page: run it as `reference`');
  const namespace = await importBundle(load.spec);
  return inPage(load.spec, load.kind === 'npm' ? fromPackage(load, namespace) : fromAdapter(load.spec, namespace));
}
