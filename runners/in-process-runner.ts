// The in-process runner: executes cases in this very process against module objects already loaded here. Only
// trusted candidates (the reference and the host's builtins) run this way; a candidate that loops forever or exits
// the process would take the harness with it, which is why untrusted code runs in an agent process instead.
import type { CaseMeta } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { caseById } from '../conformance/registry.js';
import { ruleById } from '../spec/index.js';
import type { CandidateInfo, CaseResult } from '../reports/results.js';
import { executeCase } from './execute-case.js';
import { createRunFixtures } from './run-fixtures.js';
import type { RunOptions, Runner } from './runner.js';
import { loadReferenceModules } from './reference-modules.js';
import { describeError } from './describe-error.js';

export interface InProcessRunnerOptions {
  readonly candidate: CandidateInfo;
  readonly modules: Readonly<CandidateModules>;
  /** Builds the command that replays one case; absent → results carry no `replay`. */
  readonly replayCommand?: (caseId: string) => string;
}

export function createInProcessRunner(options: InProcessRunnerOptions): Runner {
  const fixtures = createRunFixtures(process.execPath);
  return {
    candidate: options.candidate,
    async *run(cases: readonly CaseMeta[], runOptions: RunOptions): AsyncIterable<CaseResult> {
      const oracle = await loadReferenceModules();
      for (const meta of cases) {
        if (runOptions.signal?.aborted) return;
        const definition = caseById(meta.id);
        if (!definition) {
          yield { case: meta.id, module: meta.module, rules: meta.rules, status: 'error', durationMs: 0, message: `no case ${meta.id} in this build of the suite` };
          continue;
        }
        yield await withStrayErrorsCaught(() =>
          executeCase(definition, {
            candidate: options.candidate,
            modules: options.modules,
            oracle,
            fixtures,
            runSeed: runOptions.seed,
            timeoutMs: runOptions.timeoutMs,
            ruleById,
            ...(runOptions.signal ? { signal: runOptions.signal } : {}),
            ...(options.replayCommand ? { replayCommand: options.replayCommand } : {}),
          }),
        );
      }
    },
    close: () => fixtures.close(),
  };
}

/**
 * A candidate can throw from a callback or reject a promise nobody awaits while a case runs; in this process that
 * would end the harness. While the case runs, such stray errors are caught and turn a passing result into `error`.
 */
async function withStrayErrorsCaught(execute: () => Promise<CaseResult>): Promise<CaseResult> {
  const stray: unknown[] = [];
  const onError = (error: unknown): void => {
    stray.push(error);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    const result = await execute();
    if (stray.length === 0 || result.status !== 'pass') return result;
    return { ...result, status: 'error', message: `uncaught during the case: ${describeError(stray[0]).message}` };
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
}
