// The page agent's stand-in for load-candidate-modules.ts (build-page-agent.ts maps one to the other, as a package's
// "browser" field maps a file): the candidate was bundled for the browser beside the agent (candidate.js next to the
// page, runners/chromium/bundle-candidate.ts), so loading it is importing that bundle and checking what it hands over,
// as the Node agent checks an adapter or an npm package. Only the modules a page can have are kept: querystring. A
// page has no processes and no sockets, so child_process and https are never taken from a candidate here (the runner
// reports their cases as not provided without asking the page).
import type { CandidateModules } from '../../conformance/modules.js';
import { errorText, firstLine } from '../../io/message-text.js';
import { MODULES, type ModuleName } from '../../spec/rule.js';
import { adapterParts, checkAdapterExport, packageCandidate } from '../candidate-shape.js';
import type { LoadedCandidate } from './load-candidate-modules.js';
import type { CandidateLoad } from './protocol.js';

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

/** An npm package, taken as the Node agent takes one (load-candidate-modules.ts), named for the page. */
function fromPackage(load: Extract<CandidateLoad, { kind: 'npm' }>, namespace: Record<string, unknown>): LoadedCandidate {
  try {
    return { modules: packageCandidate(namespace, load.packageName, load.module, `chromium:npm:${load.packageName}=<${MODULES.join('|')}>`), loadErrors: {} };
  } catch (error) {
    throw new CandidateLoadError(`candidate ${load.spec}: ${errorText(error)}`);
  }
}

/** An adapter: its default export checked by the same shape checks as a Node agent's (candidate-shape.ts). */
function fromAdapter(spec: string, namespace: Record<string, unknown>): LoadedCandidate {
  try {
    return { ...adapterParts(checkAdapterExport(namespace.default)), loadErrors: {} };
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
