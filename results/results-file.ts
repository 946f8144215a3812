// results.json, schema version 1: the single output of a run and the single input of every report.
// The JSON Schema in `results.schema.json` describes the same shape; tests validate what we write against it.
import type { ModuleName, RuleLevel } from '../spec/rule.js';
import { STATUSES, type Status } from './status.js';

export { STATUSES, type Status };

export const SCHEMA_VERSION = 1;

export type CandidateKind = 'reference' | 'host' | 'adapter' | 'npm' | 'runtime';

export interface CandidateInfo {
  /**
   * Stable identity, matched by expectations and baselines: `reference`, `host`, `npm:PACKAGE`, `runtime:node@22`
   * as named on the command line; for an adapter `adapter:<its declared name>`, however its path was typed.
   */
  readonly id: string;
  readonly name: string;
  readonly kind: CandidateKind;
  readonly version?: string;
  /**
   * Adapters only: what `--candidate` needs to run it again, the module's path as given on the command line (for one
   * run in Chromium, `chromium:` and that path).
   */
  readonly path?: string;
  /** Candidates run in a browser page (`chromium:`): the page the agent ran in and the browser that showed it. */
  readonly page?: CandidatePage;
  /**
   * Runtimes whose behaviour depends on settings besides their release (workerd): what the run used, so that two runs
   * of one release with other settings are told apart (`{ date: '2025-08-14', flags: ['nodejs_compat'] }`).
   */
  readonly compatibility?: CandidateCompatibility;
  /**
   * Runtimes that reach the interface through a compatibility layer installed beside them (Bare's bare-node-runtime):
   * the layer and its version, part of what was certified (`{ name: 'bare-node-runtime', version: '1.5.0' }`).
   */
  readonly layer?: CandidateLayer;
}

/** Where a `chromium:` candidate ran: a page served from 127.0.0.1, in headless Chromium. */
export interface CandidatePage {
  /** The page's address, e.g. `http://127.0.0.1:40123/agent.html`. */
  readonly url: string;
  /** The browser and its version as it reports them, e.g. `Chromium 156.0.8078.108`. */
  readonly browser: string;
}

/** A runtime's compatibility settings: workerd's compatibility date and the compatibility flags given to it. */
/** The compatibility layer a runtime ran through, and the packages it mapped the interface's modules to, as installed. */
export interface CandidateLayer {
  readonly name: string;
  readonly version: string;
  /** `{ 'bare-subprocess': '6.1.0', … }`: what the layer sent node:child_process, node:https and node:querystring to. */
  readonly modules?: Readonly<Record<string, string>>;
}

export interface CandidateCompatibility {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Sorted. */
  readonly flags: readonly string[];
}

export interface ResultCounterexample {
  readonly value: string;
  readonly seed: number;
  readonly path: string;
  readonly numRuns?: number;
}

/**
 * An export of the candidate's module that the case found missing (not there, or not of its kind) or that answered a
 * call with a not-implemented error. Per-API state (api-state.ts) reads absent and stub from it.
 */
export interface UnimplementedApi {
  /** `module.name`, as spec/apis.ts names exports, e.g. `child_process.fork`. */
  readonly api: string;
  readonly observed: 'missing' | 'throws-not-implemented';
}

/**
 * What a case saw of an export the spec makes another name for a second one (`querystring.decode` for
 * `querystring.parse`): whether the candidate exports the very same function object under both names.
 */
export interface AliasIdentity {
  /** The alias, `module.name`, e.g. `querystring.decode`. */
  readonly api: string;
  /** The export it is another name for, e.g. `querystring.parse`. */
  readonly of: string;
  /** Whether the two are one function object (`===`). */
  readonly same: boolean;
}

export interface CaseResult {
  readonly case: string;
  readonly module: ModuleName;
  readonly rules: readonly string[];
  /**
   * The exports whose behaviour the case judges (`module.name`), from its metadata: the result counts for these, and
   * only for these, in the per-API states. Absent in files written before it: the result then counts for every export
   * its rules speak of (api-state.ts).
   */
  readonly apis?: readonly string[];
  readonly status: Status;
  readonly durationMs: number;
  /** Required for every status but pass, skip and na. */
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly counterexample?: ResultCounterexample;
  /** The exports this case found missing or not implemented (written by rtconf since per-API state; absent: none seen). */
  readonly unimplemented?: readonly UnimplementedApi[];
  /** What the case saw of aliases and the exports they name (written by the alias cases; absent: nothing seen). */
  readonly aliases?: readonly AliasIdentity[];
  /**
   * With `run --repeat N`: how each repetition ended, in order, with the run seed it used (a failing one replays with
   * that seed). Present on every result of a repeated run; a result whose outcomes differ is `flaky`.
   */
  readonly outcomes?: readonly RepetitionOutcome[];
  /**
   * Written by rtconf 0.1 only, still accepted on reading. The replay command is now derived from the candidate id,
   * the case id and the run seed where it is shown (`replayCommand` in replay.ts).
   */
  readonly replay?: string;
}

/** One repetition of a case in a repeated run. */
export interface RepetitionOutcome {
  readonly status: Status;
  readonly seed: number;
  readonly message?: string;
}

export type Summary = { total: number } & Record<Status, number>;

export interface CandidateRun {
  readonly candidate: CandidateInfo;
  readonly summary: Summary;
  readonly results: readonly CaseResult[];
}

export interface RuleSummary {
  readonly id: string;
  readonly module: ModuleName;
  readonly level: RuleLevel;
  readonly title: string;
  readonly section?: string;
  /** How the rule reads a vague statement of the spec and where that reading comes from; for informative rules, why no case checks it. */
  readonly why?: string;
  readonly since?: string;
  readonly platforms?: readonly string[];
}

/** Where and how a run was made, as WPT and Deno record it: enough to tell two runs' machines and invocations apart. */
export interface RunEnvironment {
  /** Platform and kernel release of the harness machine, e.g. `linux 6.8.0-45-generic`. */
  readonly os: string;
  /** CPU architecture, e.g. `x64`. */
  readonly arch: string;
  /** Logical CPUs available to the harness. */
  readonly cpus: number;
  /** The Node.js version the harness ran on (candidates may be other runtimes), e.g. `v20.20.2`. */
  readonly node: string;
  /** The command line after `rtconf`, as given, e.g. `["run", "--candidate", "host"]`. */
  readonly commandLine: readonly string[];
  /** The version of the suite (the rt-conformance package) that ran. */
  readonly suiteVersion: string;
}

/** The interface version a run certified against. */
export interface InterfaceInfo {
  /** A runtime release from the spec's Versioning table, as `vMAJOR.MINOR.PATCH`, e.g. `v18.0.0`. */
  readonly version: string;
}

export interface ResultsFile {
  readonly schemaVersion: typeof SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Present and true when the run was stopped (Ctrl-C) before every case ran; what did run is kept. */
  readonly interrupted?: boolean;
  /** The run's environment; absent in files written before rtconf recorded it, and in merged files. */
  readonly environment?: RunEnvironment;
  /**
   * The interface version the run certified against (`rtconf run --interface vX`): cases citing a rule introduced
   * after it are `na`. Absent: the whole interface as the spec states it now.
   */
  readonly interface?: InterfaceInfo;
  readonly rules: readonly RuleSummary[];
  readonly runs: readonly CandidateRun[];
}

/** The metadata of a case that a result carries, as `conformance/case.ts`'s `CaseMeta` has it. */
export interface ResultCaseMeta {
  readonly id: string;
  readonly module: ModuleName;
  readonly rules: readonly string[];
  readonly apis?: readonly string[];
}

/**
 * The fields of a result that come from its case's metadata, never from what ran it (an agent's message is untrusted).
 * @example
 * const result: CaseResult = { ...caseFields(meta), status: 'pass', durationMs: 3 };
 */
export function caseFields(meta: ResultCaseMeta): Pick<CaseResult, 'case' | 'module' | 'rules' | 'apis'> {
  return { case: meta.id, module: meta.module, rules: meta.rules, ...(meta.apis !== undefined ? { apis: meta.apis } : {}) };
}

/** Counts results by status. */
export function summarize(results: readonly CaseResult[]): Summary {
  const summary: Summary = { total: results.length, pass: 0, fail: 0, error: 0, timeout: 0, crash: 0, flaky: 0, skip: 0, na: 0 };
  for (const result of results) summary[result.status]++;
  return summary;
}
