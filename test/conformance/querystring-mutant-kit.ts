// The querystring mutant kit: a module object that behaves as the reference but is bound to itself (its parse and
// stringify use its own current unescape and escape), which a mutant then breaks in one thing, and how one case runs
// against a mutant. Shared by the hand-written mutants (querystring-mutants.test.ts) and the leak mutants
// (querystring-leak-mutants.test.ts).
import type { CaseDefinition } from '../../conformance/case.js';
import type { QuerystringModule } from '../../conformance/modules.js';
import reference from '../../reference/querystring.js';
import type { RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { CandidateKind, CaseResult } from '../../results/results-file.js';
import { runCase } from './run-case.js';

export type Options = Record<string, unknown> | undefined;
export interface Mutable {
  parse: (str: unknown, sep?: unknown, eq?: unknown, options?: Options) => unknown;
  decode: (str: unknown, sep?: unknown, eq?: unknown, options?: Options) => unknown;
  stringify: (obj: unknown, sep?: unknown, eq?: unknown, options?: Options) => unknown;
  encode: (obj: unknown, sep?: unknown, eq?: unknown, options?: Options) => unknown;
  escape: (str: string) => string;
  unescape: (str: string) => string;
}

export const ref = reference as unknown as Mutable;

/**
 * A module object behaving exactly as the reference but bound to itself: its parse and stringify use *its* current
 * unescape/escape, as the spec requires, so the cases that replace those properties work on a mutant as on the
 * reference. `edit` then breaks one thing; it receives the module so replacements can call the faithful functions.
 */
export function mutant(edit: (base: Mutable) => Partial<Mutable>): QuerystringModule {
  const module: Mutable = {
    parse: (str, sep, eq, options) => ref.parse(str, sep, eq, { ...options, decodeURIComponent: options?.['decodeURIComponent'] ?? module.unescape }),
    decode: (...args) => module.parse(...args),
    stringify: (obj, sep, eq, options) => ref.stringify(obj, sep, eq, { ...options, encodeURIComponent: options?.['encodeURIComponent'] ?? module.escape }),
    encode: (...args) => module.stringify(...args),
    escape: ref.escape,
    unescape: ref.unescape,
  };
  const base = { ...module };
  Object.assign(module, edit(base));
  return module as unknown as QuerystringModule;
}

/** One case against `module`, as the in-process runner runs it (the reference is the oracle). */
export function run(definition: CaseDefinition, module: QuerystringModule, fixtures: RunFixtures, kind: CandidateKind = 'reference'): Promise<CaseResult> {
  return runCase(definition, { querystring: module }, fixtures, { kind, timeoutMs: 20000 });
}
