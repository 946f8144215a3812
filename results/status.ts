// The case statuses of results.json and the one test of whether a status counts against a candidate. Every
// consumer (console summary, progress, regression gate, diff, expectations, badges, JUnit XML, the HTML page)
// asks `isFailing`; none keeps its own set. Browser-safe: the report page bundles this file.

export const STATUSES = ['pass', 'fail', 'error', 'timeout', 'crash', 'flaky', 'skip', 'na'] as const;
/**
 * - `pass`: the candidate behaved as the rules say.
 * - `fail`: the candidate contradicted a rule (an assertion or property failed).
 * - `error`: the case could not reach a verdict: something other than an assertion was thrown.
 * - `timeout`: the case exceeded its time limit. `crash`: the process running the case died.
 * - `flaky`: with `run --repeat N`, the repetitions of the case ended differently (the result lists each outcome).
 *   It fails the run unless expected: an expectation listing every outcome seen (or `flaky` itself) allows it.
 * - `skip`: the candidate does not provide the module. `na`: the rules do not apply on this platform.
 */
export type Status = (typeof STATUSES)[number];

const FAILING: ReadonlySet<string> = new Set<Status>(['fail', 'error', 'timeout', 'crash', 'flaky']);

/**
 * Whether a status counts against the candidate: the case failed, could not reach a verdict (error, timeout,
 * crash), or did not end the same way every time it ran (flaky). `pass`, `skip` (module not provided) and `na`
 * (rule not applicable here) never do.
 * @example
 * isFailing('timeout'); // true
 * isFailing('skip'); // false
 */
export function isFailing(status: string): boolean {
  return FAILING.has(status);
}

/** Type guard for statuses read from untrusted JSON. */
export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}
