// Expectations files: per candidate id, the cases known not to pass there, with the status they end in and why.
// `rtconf run --expect FILE` fails only on results that differ from them; `rtconf expect` writes one from a run.
//
//   { "runtime:deno@2": { "child_process.spawn.shell-true-uses-bin-sh": { "status": "fail", "reason": "…" } } }
//
// `status` may also list several allowed outcomes of an intermittent case: `"status": ["pass", "timeout"]`.
import { readJsonFile } from '../io/read-json-file.js';
import { allowedBy } from './expectation-match.js';
import type { ResultsFile } from './results-file.js';
import { isFailing, isStatus, STATUSES, type Status } from './status.js';

export interface Expectation {
  /**
   * Every status allowed: the one written, or each of a list (`"status": ["pass", "timeout"]`, as WPT's
   * known_intermittent). A result with any of them is expected, and so is a `flaky` one (run --repeat) whose outcomes
   * are all among them (`matchResult`, results/expectation-match.ts, is the one place that decides).
   */
  readonly allowed: readonly Status[];
  readonly reason: string;
}

/** An entry as an expectations file holds it: one status, or the list of allowed ones. */
export interface ExpectationEntry {
  readonly status: Status | readonly Status[];
  readonly reason: string;
}

/** candidate id → case id → expectation. Keys starting with `$` (e.g. `$comment`) are ignored at both levels. */
export type Expectations = Readonly<Record<string, Readonly<Record<string, Expectation>>>>;

/** A missing, unreadable or malformed expectations file: bad input, exit 2. */
export class ExpectationsError extends Error {
  override readonly name = 'ExpectationsError';
  readonly code = 'ERR_RTCONF_EXPECTATIONS';
}

/** Placeholder reason written by `rtconf expect`; the user replaces it with the real one. */
export const TODO_REASON = 'TODO: why';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates parsed JSON as expectations; `source` names the file in messages. */
export function validateExpectations(data: unknown, source: string): Expectations {
  if (!isRecord(data)) throw new ExpectationsError(`${source}: must be an object mapping candidate ids to { case id: { status, reason } }`);
  const result: Record<string, Record<string, Expectation>> = Object.create(null) as Record<string, Record<string, Expectation>>;
  for (const [candidate, cases] of Object.entries(data)) {
    if (candidate.startsWith('$')) continue;
    if (!isRecord(cases)) throw new ExpectationsError(`${source}: "${candidate}" must map case ids to { status, reason }`);
    const entries: Record<string, Expectation> = Object.create(null) as Record<string, Expectation>;
    for (const [caseId, entry] of Object.entries(cases)) {
      if (caseId.startsWith('$')) continue;
      const where = `${source}: ${candidate} → ${caseId}`;
      if (!isRecord(entry)) throw new ExpectationsError(`${where}: must be { status, reason }`);
      const { status, reason } = entry;
      const listed = Array.isArray(status) ? (status as unknown[]) : [status];
      const bad = listed.find((item) => !isStatus(item));
      if (listed.length === 0 || bad !== undefined) {
        throw new ExpectationsError(`${where}: status must be one of ${STATUSES.join(', ')} or a non-empty list of them, got ${JSON.stringify(Array.isArray(status) && listed.length > 0 ? bad : status)}`);
      }
      if (typeof reason !== 'string' || reason.trim() === '') throw new ExpectationsError(`${where}: reason must be a non-empty string`);
      entries[caseId] = { allowed: [...new Set(listed as Status[])], reason };
    }
    result[candidate] = entries;
  }
  return result;
}

export async function readExpectations(file: string): Promise<Expectations> {
  return validateExpectations(await readJsonFile(file, (message) => new ExpectationsError(message)), file);
}

/**
 * The expectations a run implies: every result that did not pass (fail, error, timeout, crash), with the reason
 * taken from `previous` when it already explains the same status, else a placeholder to fill in.
 */
export function expectationsFromResults(results: ResultsFile, previous: Expectations = {}): Record<string, Record<string, ExpectationEntry>> {
  const out: Record<string, Record<string, ExpectationEntry>> = {};
  for (const run of results.runs) {
    const entries: Record<string, ExpectationEntry> = {};
    for (const result of run.results) {
      if (!isFailing(result.status)) continue;
      const known = previous[run.candidate.id]?.[result.case];
      // A flaky result (run --repeat) is expected to end in any of the outcomes it had: what a baseline allows too.
      const allowed = allowedBy(result);
      const status = result.status === 'flaky' ? allowed : result.status;
      entries[result.case] = { status, reason: known && sameList(known.allowed, allowed) ? known.reason : TODO_REASON };
    }
    out[run.candidate.id] = entries;
  }
  return out;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
