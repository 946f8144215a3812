// The in-process runner: executes cases in this very process against module objects already loaded here. Only
// trusted candidates (the reference and the host's builtins) run this way; a candidate that loops forever or exits
// the process would take the harness with it, which is why untrusted code runs in an agent process instead.
import type { CandidateDeclarations, CaseMeta } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { caseById } from '../conformance/registry.js';
import { ruleById } from '../spec/index.js';
import { caseFields, type CandidateInfo, type CaseResult } from '../results/results-file.js';
import { executeCase } from './execute-case.js';
import { createRunFixtures } from './fixtures/run-fixtures.js';
import type { RunOptions, Runner } from './runner.js';
import { loadReferenceModules } from './reference-modules.js';
import { describeError } from './describe-error.js';
import { HangStreaks } from './hang-streaks.js';
import { builtinHttps, resolveHttpsLoadTarget } from './https-load-target.js';

export interface InProcessRunnerOptions {
  readonly candidate: CandidateInfo;
  readonly modules: Readonly<CandidateModules>;
  /** What the candidate declares where the spec leaves a choice to the runtime. */
  readonly declared?: CandidateDeclarations;
}

export function createInProcessRunner(options: InProcessRunnerOptions): Runner {
  const fixtures = createRunFixtures(process.execPath);
  return {
    candidate: options.candidate,
    inProcess: true,
    async *run(cases: readonly CaseMeta[], runOptions: RunOptions): AsyncIterable<CaseResult> {
      const oracle = await loadReferenceModules();
      const httpsLoadTarget = resolveHttpsLoadTarget(options.modules.https, options.declared?.httpsLoadTarget, await builtinHttps());
      const streaks = new HangStreaks();
      // Without a signal of the run's own, one that never fires: the same call either way.
      const signal = runOptions.signal ?? new AbortController().signal;
      for (const meta of cases) {
        if (signal.aborted) return;
        const definition = caseById(meta.id);
        if (!definition) {
          yield { ...caseFields(meta), status: 'error', durationMs: 0, message: `no case ${meta.id} in this build of the suite` };
          continue;
        }
        const early = streaks.endEarly(meta);
        if (early) {
          yield early;
          continue;
        }
        const result = await withStrayErrorsCaught(() =>
          executeCase(definition, {
            candidate: options.candidate,
            ...(options.declared ? { declared: options.declared } : {}),
            ...(httpsLoadTarget ? { httpsLoadTarget } : {}),
            modules: options.modules,
            oracle,
            fixtures,
            runSeed: runOptions.seed,
            timeoutMs: runOptions.timeoutMs,
            ruleById,
            signal,
          }),
        );
        // Interrupted (Ctrl-C) before its verdict: the case did not run, and its result is left out, not made up.
        if (result === undefined) return;
        streaks.record(result);
        yield result;
      }
    },
    close: () => fixtures.close(),
  };
}

/**
 * A candidate can throw from a callback or reject a promise nobody awaits while a case runs; in this process that
 * would end the harness. While the case runs, such stray errors are caught and turn a passing result into `error`.
 */
async function withStrayErrorsCaught(execute: () => Promise<CaseResult | undefined>): Promise<CaseResult | undefined> {
  const stray: unknown[] = [];
  const onError = (error: unknown): void => {
    stray.push(error);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    const result = await execute();
    if (result === undefined || stray.length === 0 || result.status !== 'pass') return result;
    return { ...result, status: 'error', message: `uncaught during the case: ${describeError(stray[0]).message}` };
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
}
