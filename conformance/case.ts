// The case model: a case is plain metadata (id, module, cited rules, timeout) plus one `run(ctx)` function that checks
// one behaviour of the candidate handed to it in `ctx`. Cases never import an implementation; the runner supplies it.
import type * as fc from 'fast-check';
import { apiById, apisOfRule } from '../spec/apis.js';
import type { ModuleName } from '../spec/rule.js';
import type { ChildProcessModule, HttpsModule, QuerystringModule, CandidateModules } from './modules.js';
import type { CertificateSet } from './certificate-set.js';
import type { TrustedConnectOptions, TrustedConnection, TrustedServer, TrustedServerOptions } from './trusted-peer-handles.js';

export type { ModuleName };

/** The metadata of a case: plain data, selectable and reportable without running anything. */
export interface CaseMeta {
  /** Stable dotted id, `module.topic.behaviour`, e.g. `querystring.parse.repeated-keys-in-order`. */
  readonly id: string;
  readonly module: ModuleName;
  /** Ids of the rules this case checks; at least one, all present in the catalogue. */
  readonly rules: readonly string[];
  /** Per-case time limit; the run's `--timeout` applies when absent. */
  readonly timeoutMs?: number;
  readonly tags?: readonly string[];
  /**
   * The exports whose behaviour the case judges, as spec/apis.ts names them (`child_process.exec`): the exports it
   * calls (or reads, for an object) among those its rules speak of. Its result counts for these and only for these in
   * the per-API states, so a rule shared by several exports is judged per export. A case declares them where one of
   * its rules is shared; elsewhere `defineCases` derives them from the rules. Empty: the case judges no single export
   * (the module's export list). Absent only in metadata built outside `defineCases`.
   */
  readonly apis?: readonly string[];
}

export interface CaseDefinition extends CaseMeta {
  run(ctx: CaseContext): Promise<void> | void;
}

/** A case as its module's file declares it: everything but `module`, which `defineCases` adds. */
export type CaseEntry = Omit<CaseDefinition, 'module'>;

/**
 * What a candidate declares about itself where the spec leaves the choice to the runtime. An adapter declares it as
 * `declared` in its default export; a runtime's own builtins are declared by the harness. Absent fields mean the
 * spec's literal choice.
 */
export interface CandidateDeclarations {
  /**
   * The environment variable a child forked with a custom `execPath` reads its IPC descriptor from. The spec writes
   * `RT_CHANNEL_FD`, `RT` standing for the runtime's prefix as `rt:` does for its module scheme; runtimes whose scheme
   * is `node:` (Node, Bun, Deno) use `NODE_CHANNEL_FD`. Default: `RT_CHANNEL_FD`.
   */
  readonly ipcChannelVariable?: string;
  /**
   * Where a fresh process of the candidate's runtime loads its https module, for the cases about loading without
   * crypto. The runner resolves it (this, else the same on the module object, else the runtime's builtin) and hands
   * the cases the result as `ctx.candidate.httpsLoadTarget`.
   */
  readonly httpsLoadTarget?: HttpsLoadTargetDeclaration;
}

/** How to load a candidate's https module in a fresh process of its runtime, as a candidate declares it. */
export interface HttpsLoadTargetDeclaration {
  /** What `import()` is given: a `file:` URL (an adapter may give a path relative to itself) or a `node:` name. */
  readonly specifier: string;
  /** What `require()` is given, when the module has a CommonJS build of its own; default `specifier`. */
  readonly requireSpecifier?: string;
  /** Runtime arguments the module needs to load (a TypeScript loader, say). */
  readonly execArgv?: readonly string[];
}

/** Where and how to load the candidate's https module in a child process of its runtime, as the runner resolved it. */
export interface LoadTarget extends HttpsLoadTargetDeclaration {
  readonly execArgv: readonly string[];
  /** The runtime's own module: a build without crypto can only be observed, not simulated, for it. */
  readonly builtin: boolean;
}

/** What a case gets to work with. */
export interface CaseContext {
  /** The candidate's modules. Only the module the case belongs to is guaranteed present (else the case is `skip`). */
  readonly qs: QuerystringModule;
  readonly cp: ChildProcessModule;
  readonly https: HttpsModule;
  /** The reference implementation, for differential properties; never the module under test. */
  readonly oracle: Readonly<CandidateModules>;
  /**
   * The candidate being checked, with what it declares where the spec leaves a choice to the runtime, and where a
   * fresh process loads its https module (undefined when it declares none and is not the runtime's builtin).
   */
  readonly candidate: {
    readonly id: string;
    readonly name: string;
    readonly kind: string;
    readonly declared?: CandidateDeclarations;
    readonly httpsLoadTarget?: LoadTarget;
  };
  /** Seed of this case, derived from the run seed and the case id so a case replays alike in any selection. */
  readonly seed: number;
  /** Aborted when the case times out or the run is interrupted: long waits should listen to it. */
  readonly signal: AbortSignal;
  /** The fast-check module; use `ctx.check` to run a property with the case's seed. */
  readonly fc: typeof fc;
  /**
   * Runs a fast-check property with this case's seed. On failure throws a `CaseFailure` carrying the seed, the
   * path and the shrunk counterexample, so the result records everything needed to replay it.
   */
  check<Ts>(property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>, params?: fc.Parameters<Ts>): Promise<void>;
  /** A fresh private directory for this case (mode 0700), removed after the case whatever its outcome. */
  tmpDir(): Promise<string>;
  /** Registers a cleanup that runs after the case, last registered first, even when the case fails or times out. */
  defer(cleanup: () => unknown): void;
  /** Fixtures shared by the cases of a run. */
  readonly fixtures: Fixtures;
  /**
   * Records what the case saw of an alias and the export it names (the kit's `aliasIdentity`), kept on the result as
   * its `aliases` whatever the case's outcome: per-API state judges an alias that is its original's very function
   * object as one with it.
   */
  noteAlias(identity: AliasIdentity): void;
}

export interface Fixtures {
  /** Absolute path of a fixture file under `conformance/fixtures/`. */
  path(name: string): string;
  /** The candidate runtime's own executable (`process.execPath` of the runtime the candidate runs in). */
  readonly execPath: string;
  /**
   * Certificates minted once per run (lazily, on first use) into a private temp dir, removed at the end of the run.
   */
  certificates(): Promise<CertificateSet>;
  /**
   * Starts a TLS server the harness trusts (Node's own https server in the harness's process, on 127.0.0.1, with the
   * run's certificates) for checking the candidate's client, and records what it sees. The caller closes it.
   */
  trustedServer(options?: TrustedServerOptions): Promise<TrustedServer>;
  /**
   * Opens a connection from a TLS client the harness trusts (Node's own, in the harness's process) to the candidate's
   * server on 127.0.0.1, for checking that server; the handshake's outcome is recorded, never thrown. The caller
   * closes it.
   */
  trustedClient(options: TrustedConnectOptions): Promise<TrustedConnection>;
}

/**
 * An export of the candidate's module that a case found missing (not there, or not of its kind), or that answered a
 * call with a not-implemented error: the evidence the per-API states absent and stub are read from
 * (results/api-state.ts), recorded as the result's `unimplemented`.
 */
export interface UnimplementedApi {
  /** `module.name` as spec/apis.ts names exports, e.g. `child_process.fork`. */
  readonly api: string;
  readonly observed: 'missing' | 'throws-not-implemented';
}

/**
 * What a case saw of an export the spec makes another name for a second one: whether the candidate exports the very
 * same function object under both names (recorded as the result's `aliases`).
 */
export interface AliasIdentity {
  /** The alias, `module.name`, e.g. `querystring.decode`. */
  readonly api: string;
  /** The export it names, e.g. `querystring.parse`. */
  readonly of: string;
  readonly same: boolean;
}

/** Thrown by a case (or `ctx.check`) when the candidate contradicts a rule. Anything else thrown is an `error`. */
export class CaseFailure extends Error {
  override readonly name = 'CaseFailure';
  constructor(
    message: string,
    readonly details: { expected?: unknown; actual?: unknown; counterexample?: Counterexample; unimplemented?: readonly UnimplementedApi[] } = {},
  ) {
    super(message);
  }
}

/**
 * Thrown by a case that cannot observe its behaviour for this candidate on this machine (for example a build without
 * crypto that cannot be simulated for a runtime's own builtins). The result is `na`, which never counts as a pass.
 */
export class CaseNotApplicable extends Error {
  override readonly name = 'CaseNotApplicable';
}

/** A shrunk fast-check counterexample with what it takes to replay it. */
export interface Counterexample {
  /** The counterexample, printed with fast-check's `stringify`. */
  readonly value: string;
  readonly seed: number;
  readonly path: string;
  readonly numRuns: number;
}

/**
 * Declares the cases of one module, in order: each gets `module`, and each id must start with `${module}.`.
 * @throws Error naming the first id outside the module, when the file is loaded.
 * @example
 * ```ts
 * export const parseMaxKeysCases = defineCases('querystring', [
 *   { id: 'querystring.parse.max-keys-default-1000', rules: ['querystring.parse.max-keys-default'], run(ctx) {} },
 * ]);
 * ```
 */
export function defineCases(module: ModuleName, definitions: readonly CaseEntry[]): CaseDefinition[] {
  const prefix = `${module}.`;
  return definitions.map((definition) => {
    if (!definition.id.startsWith(prefix)) throw new Error(`case id ${JSON.stringify(definition.id)} is declared among the ${module} cases but does not start with "${prefix}"`);
    return { ...definition, module, apis: judgedApis(definition) };
  });
}

/**
 * The exports a case judges: as it declares them, checked against its rules, or derived from rules that each speak of
 * one export. A rule several exports share cannot tell which of them the case calls, so the case must say.
 * @throws Error naming the case when a shared rule is not resolved, or a declared export is unknown or none of its
 *   rules' exports, or a rule of the case speaks of none of the declared exports.
 */
function judgedApis(definition: Pick<CaseEntry, 'id' | 'rules' | 'apis'>): readonly string[] {
  const declared = definition.apis;
  const byRule = definition.rules.map((rule) => [rule, apisOfRule(rule)] as const);
  const where = `case ${JSON.stringify(definition.id)}`;
  if (declared === undefined) {
    const shared = byRule.find(([, ids]) => ids.length > 1);
    if (shared) throw new Error(`${where} cites ${shared[0]}, which ${shared[1].join(', ')} share: declare in "apis" which of them the case calls`);
    return [...new Set(byRule.flatMap(([, ids]) => ids))];
  }
  for (const id of declared) {
    if (apiById(id) === undefined) throw new Error(`${where} declares the API ${JSON.stringify(id)}, which spec/apis.ts does not list`);
    if (!byRule.some(([, ids]) => ids.includes(id))) throw new Error(`${where} declares the API ${id}, of which none of its rules speaks`);
  }
  for (const [rule, ids] of byRule) {
    if (ids.length > 0 && !ids.some((id) => declared.includes(id))) throw new Error(`${where} cites ${rule}, a rule of ${ids.join(', ')}, but declares none of them in "apis"`);
  }
  return declared;
}
