// "Ignores it" candidates of rt:https for the vacuity audit: the reference with one option of a request, an Agent or a
// server dropped, its default replaced, or the value given swapped for the default, edited where an application hands
// it over, so the rest of the reference is untouched. What each one must fail is listed in https-audit.ts.
import type { HttpsModule } from '../../../conformance/modules.js';
import { Agent as RefAgent, type HttpsExports } from '../../../reference/https.js';
import { loadReferenceModules } from '../../../runners/reference-modules.js';

type Fn = (...args: unknown[]) => unknown;
export type Options = Record<string, unknown>;
export type OptionsEdit = (options: Options) => Options;

/** The reference's https module as the runner hands it out (with the load target it declares). */
const reference = (await loadReferenceModules()).https as unknown as HttpsExports;
const ref = reference as unknown as Record<string, unknown> & { request: Fn; get: Fn; createServer: Fn };

/** The reference with some exports replaced (globalAgent copied as a plain value unless replaced). */
export function httpsWith(overrides: Record<string, unknown>): HttpsModule {
  return { ...reference, ...overrides } as unknown as HttpsModule;
}

function isBag(value: unknown): value is Options {
  return value !== null && typeof value === 'object' && !(value instanceof URL);
}

/** request/get arguments whose options object is edited (one added after the URL, or first, when there is none). */
export function withEditedRequestOptions(args: readonly unknown[], edit: OptionsEdit): unknown[] {
  const copy = [...args];
  const index = copy.findIndex(isBag);
  if (index >= 0) {
    copy[index] = edit({ ...(copy[index] as Options) });
    return copy;
  }
  copy.splice(typeof copy[0] === 'string' || copy[0] instanceof URL ? 1 : 0, 0, edit({}));
  return copy;
}

/** request and get whose options go through `edit`. */
export function editedRequestOptions(edit: OptionsEdit, overrides: Record<string, unknown> = {}): HttpsModule {
  return httpsWith({
    request: (...args: unknown[]) => ref.request(...withEditedRequestOptions(args, edit)),
    get: (...args: unknown[]) => ref.get(...withEditedRequestOptions(args, edit)),
    ...overrides,
  });
}

/** An Agent class whose constructor options go through `edit`, and whose instances through `patch`. */
export function editedAgentClass(edit: OptionsEdit, patch: (agent: RefAgent) => void = () => undefined): typeof RefAgent {
  return class EditedAgent extends RefAgent {
    constructor(options?: Options) {
      super(edit({ ...(options ?? {}) }));
      patch(this);
    }
  };
}

/** The reference whose Agent constructor sees its options through `edit` (instances through `patch`). */
export function editedAgentOptions(edit: OptionsEdit, patch?: (agent: RefAgent) => void): HttpsModule {
  return httpsWith({ Agent: editedAgentClass(edit, patch) });
}

/** The reference whose createServer sees its options through `edit` (an options object added when there is none). */
export function editedServerOptions(edit: OptionsEdit): HttpsModule {
  return httpsWith({
    createServer: (...args: unknown[]) => {
      const copy = [...args];
      if (isBag(copy[0])) copy[0] = edit({ ...(copy[0] as Options) });
      else copy.unshift(edit({}));
      return ref.createServer(...copy);
    },
  });
}

/** The reference whose new servers go through `patch` before the caller gets them. */
export function patchedServers(patch: (server: Record<string, unknown>) => void): HttpsModule {
  return httpsWith({
    createServer: (...args: unknown[]) => {
      const server = ref.createServer(...args) as Record<string, unknown>;
      patch(server);
      return server;
    },
  });
}

/**
 * The reference with another global agent: exported as globalAgent and used by requests that name no agent (built
 * from `options` the way the module builds its own).
 */
export function otherGlobalAgent(options: Options): HttpsModule {
  const agent = new RefAgent(options);
  return httpsWith({
    globalAgent: agent,
    request: (...args: unknown[]) => ref.request(...withEditedRequestOptions(args, (given) => (given['agent'] === undefined ? { ...given, agent } : given))),
    get: (...args: unknown[]) => ref.get(...withEditedRequestOptions(args, (given) => (given['agent'] === undefined ? { ...given, agent } : given))),
  });
}

/** Without the named keys. */
export function without(options: Options, ...names: readonly string[]): Options {
  const copy = { ...options };
  for (const name of names) delete copy[name];
  return copy;
}

export { RefAgent };
