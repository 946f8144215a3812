// The https mutant kit: the reference's https module as the runner hands it out, the reference with some exports
// replaced, request/get and createServer with their options or their servers edited, and how one case runs against a
// mutant. Shared by the hand-written mutants (https-mutants.test.ts) and the leak mutants (https-leak-mutants.test.ts).
import type { CaseDefinition } from '../../conformance/case.js';
import type { HttpsModule } from '../../conformance/modules.js';
import type { HttpsExports, Server as RefServer } from '../../reference/https.js';
import { loadReferenceModules } from '../../runners/reference-modules.js';
import type { RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { CaseResult } from '../../results/results-file.js';
import { runCase } from './run-case.js';

export type Fn = (...args: unknown[]) => unknown;
export type Options = Record<string, unknown>;

/** The reference's https module as the runner hands it out, with the load target the runner declares for it. */
export const reference = (await loadReferenceModules()).https as unknown as HttpsExports;
export const ref = reference as unknown as Record<string, unknown> & { request: Fn; get: Fn; createServer: Fn };

/** The reference with some exports replaced (globalAgent copied as a plain value). */
export function mutant(overrides: Record<string, unknown>): HttpsModule {
  return { ...reference, ...overrides } as unknown as HttpsModule;
}

/** Rewrites the options of request/get arguments (adding an options object when there is none). */
export function withOptions(args: unknown[], edit: (options: Options) => Options): unknown[] {
  const copy = [...args];
  const index = copy.findIndex((arg) => arg !== null && typeof arg === 'object' && !(arg instanceof URL));
  if (index >= 0) {
    copy[index] = edit({ ...(copy[index] as Options) });
    return copy;
  }
  const at = typeof copy[0] === 'string' || copy[0] instanceof URL ? 1 : 0;
  copy.splice(at, 0, edit({}));
  return copy;
}

/** request and get with their options rewritten. */
export function editRequestOptions(edit: (options: Options) => Options): Record<string, unknown> {
  return bothCalls((original) => (...args: unknown[]) => original(...withOptions(args, edit)));
}

/**
 * request and get both replaced by `wrap` of the reference's own: a case may send through either (the request-option
 * cases call request, the get cases get), so a mutant of the client must change both to be the same mutant to each.
 */
export function bothCalls(wrap: (original: Fn) => Fn): Record<string, unknown> {
  return { request: wrap(ref.request), get: wrap(ref.get) };
}

/** createServer with the returned server edited. */
export function editServer(edit: (server: RefServer) => void): Record<string, unknown> {
  return {
    createServer: (...args: unknown[]) => {
      const server = ref.createServer(...args) as RefServer;
      edit(server);
      return server;
    },
  };
}

/** One case against `module`, as the in-process runner runs it (the reference is the oracle). */
export function run(definition: CaseDefinition, module: HttpsModule, fixtures: RunFixtures): Promise<CaseResult> {
  return runCase(definition, { https: module }, fixtures, { timeoutMs: 15000 });
}
