// Expectations files: per candidate id, the cases known not to pass there, with the status they end in and why.
// `rtconf run --expect FILE` fails only on results that differ from them; `rtconf expect` writes one from a run.
//
//   { "runtime:deno@2": { "child_process.spawn.shell-true-uses-bin-sh": { "status": "fail", "reason": "…" } } }
import { readFile } from 'node:fs/promises';
import { STATUSES, type ResultsFile, type Status } from '../reports/results.js';

export interface Expectation {
  readonly status: Status;
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

const NOT_PASSING: ReadonlySet<Status> = new Set(['fail', 'error', 'timeout', 'crash']);

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
      if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) {
        throw new ExpectationsError(`${where}: status must be one of ${STATUSES.join(', ')}, got ${JSON.stringify(status)}`);
      }
      if (typeof reason !== 'string' || reason.trim() === '') throw new ExpectationsError(`${where}: reason must be a non-empty string`);
      entries[caseId] = { status: status as Status, reason };
    }
    result[candidate] = entries;
  }
  return result;
}

export async function readExpectations(file: string): Promise<Expectations> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ExpectationsError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? String(error)})`}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ExpectationsError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return validateExpectations(data, file);
}

/**
 * The expectations a run implies: every result that did not pass (fail, error, timeout, crash), with the reason
 * taken from `previous` when it already explains the same status, else a placeholder to fill in.
 */
export function expectationsFromResults(results: ResultsFile, previous: Expectations = {}): Record<string, Record<string, Expectation>> {
  const out: Record<string, Record<string, Expectation>> = {};
  for (const run of results.runs) {
    const entries: Record<string, Expectation> = {};
    for (const result of run.results) {
      if (!NOT_PASSING.has(result.status)) continue;
      const known = previous[run.candidate.id]?.[result.case];
      entries[result.case] = { status: result.status, reason: known && known.status === result.status ? known.reason : TODO_REASON };
    }
    out[run.candidate.id] = entries;
  }
  return out;
}
