// results.json, schema version 1: the single output of a run and the single input of every report.
// The JSON Schema in `results.schema.json` describes the same shape; tests validate what we write against it.
import type { ModuleName, RuleLevel } from '../spec/rule.js';

export const SCHEMA_VERSION = 1;

export const STATUSES = ['pass', 'fail', 'error', 'timeout', 'crash', 'skip', 'na'] as const;
/**
 * - `pass`: the candidate behaved as the rules say.
 * - `fail`: the candidate contradicted a rule (an assertion or property failed).
 * - `error`: the case could not reach a verdict: something other than an assertion was thrown.
 * - `timeout`: the case exceeded its time limit. `crash`: the process running the case died.
 * - `skip`: the candidate does not provide the module. `na`: the rules do not apply on this platform.
 */
export type Status = (typeof STATUSES)[number];

export type CandidateKind = 'reference' | 'host' | 'adapter' | 'npm' | 'runtime';

export interface CandidateInfo {
  /** What the user named on the command line (`reference`, `host`, `./adapter.mjs`, `runtime:node@22`). */
  readonly id: string;
  readonly name: string;
  readonly kind: CandidateKind;
  readonly version?: string;
}

export interface ResultCounterexample {
  readonly value: string;
  readonly seed: number;
  readonly path: string;
  readonly numRuns?: number;
}

export interface CaseResult {
  readonly case: string;
  readonly module: ModuleName;
  readonly rules: readonly string[];
  readonly status: Status;
  readonly durationMs: number;
  /** Required for every status but pass, skip and na. */
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly counterexample?: ResultCounterexample;
  /** The command that replays this case alone with the same seed. */
  readonly replay?: string;
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
  readonly since?: string;
  readonly platforms?: readonly string[];
}

export interface ResultsFile {
  readonly schemaVersion: typeof SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Present and true when the run was stopped (Ctrl-C) before every case ran; what did run is kept. */
  readonly interrupted?: boolean;
  readonly rules: readonly RuleSummary[];
  readonly runs: readonly CandidateRun[];
}

/** Counts results by status. */
export function summarize(results: readonly CaseResult[]): Summary {
  const summary: Summary = { total: results.length, pass: 0, fail: 0, error: 0, timeout: 0, crash: 0, skip: 0, na: 0 };
  for (const result of results) summary[result.status]++;
  return summary;
}
