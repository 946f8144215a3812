// The regression gate behind `--expect` and `--baseline`: a run passes when every result is what was expected of
// it. Unexpected results fail the run; passes where a failure was expected (stale expectations, or fixes against a
// baseline) and expected cases that did not run are listed but do not fail it.
import type { CaseResult, ResultsFile, Status } from '../reports/results.js';
import type { Expectations } from './expectations.js';

/** What one source (an expectations file or a baseline run) expects of one case of one candidate. */
export interface Expected {
  readonly status: Status;
  readonly reason?: string;
}

export interface ExpectationSource {
  /** Shown in the summary, e.g. `expectations ci/deno.json` or `baseline old/results.json`. */
  readonly label: string;
  expected(candidate: string, caseId: string): Expected | undefined;
  /** The candidates this source knows about, and the case ids it has an entry for. */
  entries(): Iterable<readonly [candidate: string, caseIds: Iterable<string>]>;
}

export interface GateItem {
  readonly candidate: string;
  readonly case: string;
  readonly expected?: Status;
  readonly actual?: Status;
  readonly reason?: string;
  readonly message?: string;
}

export interface GateReport {
  /** Results that differ from what was expected and did not pass: these fail the run. */
  readonly unexpected: readonly GateItem[];
  /** Results that pass where a non-pass was expected: the expectation is stale (or the baseline's failure fixed). */
  readonly newPasses: readonly GateItem[];
  /** Cases that were selected and are expected (or were in the baseline) but have no result in this run. */
  readonly missing: readonly GateItem[];
  readonly checked: number;
}

const OK: ReadonlySet<Status> = new Set(['pass', 'skip', 'na']);

export function sourceFromExpectations(expectations: Expectations, label: string): ExpectationSource {
  return {
    label,
    expected: (candidate, caseId) => expectations[candidate]?.[caseId],
    entries: () => Object.entries(expectations).map(([candidate, cases]) => [candidate, Object.keys(cases)] as const),
  };
}

export function sourceFromBaseline(baseline: ResultsFile, label: string): ExpectationSource {
  const byCandidate = new Map<string, Map<string, CaseResult>>();
  for (const run of baseline.runs) byCandidate.set(run.candidate.id, new Map(run.results.map((result) => [result.case, result])));
  return {
    label,
    expected: (candidate, caseId) => {
      const result = byCandidate.get(candidate)?.get(caseId);
      return result ? { status: result.status, reason: `was ${result.status} in the baseline` } : undefined;
    },
    entries: () => [...byCandidate].map(([candidate, cases]) => [candidate, cases.keys()] as const),
  };
}

/**
 * Judges a run against the sources (the first source with an entry for a case wins).
 * @param results the run
 * @param sources expectations and/or baseline
 * @param selected the ids of the cases this run selected (after --module/--case/--rule/--shard), for `missing`
 */
export function evaluateGate(results: ResultsFile, sources: readonly ExpectationSource[], selected: ReadonlySet<string>): GateReport {
  const normative = new Set(results.rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const unexpected: GateItem[] = [];
  const newPasses: GateItem[] = [];
  const missing: GateItem[] = [];
  let checked = 0;
  const lookup = (candidate: string, caseId: string): Expected | undefined => {
    for (const source of sources) {
      const found = source.expected(candidate, caseId);
      if (found) return found;
    }
    return undefined;
  };
  const ran = new Map<string, Set<string>>();
  for (const run of results.runs) {
    const seen = new Set<string>();
    ran.set(run.candidate.id, seen);
    for (const result of run.results) {
      seen.add(result.case);
      checked++;
      const expected = lookup(run.candidate.id, result.case);
      const item = (): GateItem => ({
        candidate: run.candidate.id,
        case: result.case,
        ...(expected ? { expected: expected.status } : {}),
        actual: result.status,
        ...(expected?.reason ? { reason: expected.reason } : {}),
        ...(result.message ? { message: result.message } : {}),
      });
      if (OK.has(result.status)) {
        if (expected && !OK.has(expected.status)) newPasses.push(item());
        continue;
      }
      if (expected?.status === result.status) continue;
      // Only what fails a run without a gate can fail it with one: a case citing a normative rule, not passing.
      if (!result.rules.some((id) => normative.has(id))) continue;
      unexpected.push(item());
    }
  }
  // Interrupted runs miss cases by design; saying so for each would bury the point.
  if (!results.interrupted) {
    const reported = new Set<string>();
    for (const source of sources) {
      for (const [candidate, caseIds] of source.entries()) {
        const seen = ran.get(candidate);
        if (!seen) continue;
        for (const caseId of caseIds) {
          const key = `${candidate}\0${caseId}`;
          if (seen.has(caseId) || !selected.has(caseId) || reported.has(key)) continue;
          reported.add(key);
          const expected = lookup(candidate, caseId);
          missing.push({ candidate, case: caseId, ...(expected ? { expected: expected.status } : {}) });
        }
      }
    }
  }
  return { unexpected, newPasses, missing, checked };
}

/** The gate's part of the end-of-run summary. */
export function formatGate(report: GateReport, sources: readonly ExpectationSource[], limit = 50): string {
  const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').slice(0, 160);
  const lines = [`\nregression gate (${sources.map((source) => source.label).join('; ')}): ${report.checked} results checked`];
  const section = (title: string, items: readonly GateItem[], describe: (item: GateItem) => string): void => {
    lines.push(`  ${items.length} ${title}${items.length > 0 ? ':' : ''}`);
    for (const item of items.slice(0, limit)) lines.push(`    ${item.candidate}  ${item.case}  ${describe(item)}`);
    if (items.length > limit) lines.push(`    … and ${items.length - limit} more`);
  };
  section('unexpected result(s), new failures', report.unexpected, (item) =>
    `${item.expected ?? 'pass'} → ${item.actual}${item.message ? `: ${clean(item.message.split('\n')[0] ?? '')}` : ''}`,
  );
  section('new pass(es) (stale expectations: remove them)', report.newPasses, (item) => `${item.expected} → ${item.actual}${item.reason ? ` (was: ${clean(item.reason)})` : ''}`);
  section('missing case(s): expected but not run', report.missing, (item) => `expected ${item.expected ?? '?'}`);
  lines.push(`verdict: ${report.unexpected.length === 0 ? 'OK, only expected results' : `FAIL, ${report.unexpected.length} unexpected`}`);
  return `${lines.join('\n')}\n`;
}
