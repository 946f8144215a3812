// The shape of one rule of the catalogue: a single testable (or, for informative rules, untestable) statement of
// `spec/rt-library-interface.md`, written in our own words and addressed by a stable dotted id.

/** The three modules the interface specifies. */
export const MODULES = ['querystring', 'child_process', 'https'] as const;
export type ModuleName = (typeof MODULES)[number];

/** `normative`: a requirement a case can check. `informative`: advice or a statement no case can observe. */
export type RuleLevel = 'normative' | 'informative';

/**
 * Where a rule applies. A rule with `platforms` is reported `na` on every platform not listed, never silently passed.
 * `win32` / `posix` are `process.platform` families; `no-crypto` marks rules about runtime builds without crypto.
 */
export type Platform = 'win32' | 'posix' | 'no-crypto';

export interface Rule {
  /** Stable dotted id, `module.part.name`. Never renumbered; retire with `retired: true`. */
  readonly id: string;
  readonly module: ModuleName;
  /** The spec section the statement comes from, e.g. `Endpoints › rt:querystring › Rules`. */
  readonly section: string;
  /** The statement, in our own words. */
  readonly title: string;
  readonly level: RuleLevel;
  /**
   * Required for informative rules: why no case can check it. For a normative rule whose statement is vague ("parsed
   * correctly", "as the plain-HTTP server"): how the cases read it and on what source. Either way it is recorded in
   * results.json and shown under the rule in the report's drill-down, so an implementer sees why a case decides as it does.
   */
  readonly why?: string;
  /** Runtime release that introduced or last changed the behaviour, from the spec's versioning table. */
  readonly since?: string;
  readonly platforms?: readonly Platform[];
  /**
   * Where the rule says an error is reported, e.g. `the request's 'error' event`. An error the candidate also lets
   * escape uncaught while a case of this rule runs (a stray: a rejection nobody handles, a throw from a callback)
   * breaks the rule, since a program handling that channel as the spec says would still crash. Elsewhere such a stray
   * is a finding recorded on the result, never a failure.
   */
  readonly errorChannel?: string;
  readonly retired?: true;
}

/** A rule as its module's file declares it: everything but `module`, which `defineRules` adds. */
export type RuleEntry = Omit<Rule, 'module'>;

/**
 * Declares the rules of one module, in catalogue order: each gets `module`, and each id must start with `${module}.`.
 * @throws Error naming the first id outside the module, when the file is loaded.
 * @example
 * ```ts
 * export const querystringRules = defineRules('querystring', [
 *   { id: 'querystring.parse.max-keys-default', section: 'Limits', title: 'maxKeys defaults to 1000.', level: 'normative' },
 * ]);
 * ```
 */
export function defineRules(module: ModuleName, entries: readonly RuleEntry[]): Rule[] {
  const prefix = `${module}.`;
  return entries.map((entry) => {
    if (!entry.id.startsWith(prefix)) throw new Error(`rule id ${JSON.stringify(entry.id)} is declared among the ${module} rules but does not start with "${prefix}"`);
    return { ...entry, module };
  });
}
