// Runs the selected cases against each candidate in turn and assembles the results file. Results already obtained
// are kept when the run is interrupted: the file then says `interrupted: true` and lists what did run.
import type { CaseMeta } from '../conformance/case.js';
import type { Rule } from '../spec/rule.js';
import { SCHEMA_VERSION, summarize, type CandidateInfo, type CandidateRun, type CaseResult, type ResultsFile } from '../reports/results.js';
import { toolInfo } from '../reports/tool-info.js';
import type { Runner } from './runner.js';

export interface SuiteOptions {
  readonly seed: number;
  readonly timeoutMs: number;
  readonly jobs?: number;
  readonly signal?: AbortSignal;
  /** Called as each result arrives (progress output). */
  readonly onResult?: (candidate: CandidateInfo, result: CaseResult) => void;
  /** Called when a candidate starts. */
  readonly onCandidate?: (candidate: CandidateInfo, caseCount: number) => void;
}

export async function runSuite(
  runners: readonly Runner[],
  cases: readonly CaseMeta[],
  rules: readonly Rule[],
  options: SuiteOptions,
): Promise<ResultsFile> {
  const startedAt = new Date();
  const started = performance.now();
  const order = new Map(cases.map((meta, index) => [meta.id, index]));
  const runs: CandidateRun[] = [];
  for (const runner of runners) {
    if (options.signal?.aborted) break;
    options.onCandidate?.(runner.candidate, cases.length);
    const results: CaseResult[] = [];
    try {
      for await (const result of runner.run(cases, {
        seed: options.seed,
        timeoutMs: options.timeoutMs,
        ...(options.jobs ? { jobs: options.jobs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })) {
        results.push(result);
        options.onResult?.(runner.candidate, result);
      }
    } catch (error) {
      // A runner that breaks down must not cost the results it already produced: the cases it never reported are
      // recorded as errors naming the breakdown, and the run goes on with the next candidate.
      const reason = error instanceof Error ? error.message : String(error);
      const done = new Set(results.map((result) => result.case));
      for (const meta of cases) {
        if (done.has(meta.id) || options.signal?.aborted) continue;
        const result: CaseResult = { case: meta.id, module: meta.module, rules: meta.rules, status: 'error', durationMs: 0, message: `runner failed: ${reason}` };
        results.push(result);
        options.onResult?.(runner.candidate, result);
      }
    } finally {
      await runner.close();
    }
    results.sort((a, b) => (order.get(a.case) ?? 0) - (order.get(b.case) ?? 0));
    runs.push({ candidate: runner.candidate, summary: summarize(results), results });
  }
  const interrupted = options.signal?.aborted === true;
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: toolInfo(),
    seed: options.seed,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    ...(interrupted ? { interrupted: true } : {}),
    rules: rules.map((rule) => ({
      id: rule.id,
      module: rule.module,
      level: rule.level,
      title: rule.title,
      section: rule.section,
      ...(rule.since ? { since: rule.since } : {}),
      ...(rule.platforms ? { platforms: rule.platforms } : {}),
    })),
    runs,
  };
}
