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
import { originFile, packageFilesBut, StrayWindows } from './stray-errors.js';
import { HangStreaks } from './hang-streaks.js';
import { builtinHttps, resolveHttpsLoadTarget } from './https-load-target.js';

/** The harness's code in this process: the package this module is part of, but the reference (the candidate here). */
const HARNESS_FILES = packageFilesBut(originFile(new Error().stack ?? '') ?? '', 1, ['reference']);

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
      // The candidate and the harness share this process (and in it, a stray would end it): each stray is caught
      // and told apart by where it began (runners/stray-errors.ts).
      const strays = new StrayWindows(HARNESS_FILES);
      const onException = (error: unknown): void => strays.note(error, 'uncaught-exception');
      const onRejection = (reason: unknown): void => strays.note(reason, 'unhandled-rejection');
      process.on('uncaughtException', onException);
      process.on('unhandledRejection', onRejection);
      try {
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
          strays.open();
          const executed = await executeCase(definition, {
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
          });
          // Interrupted (Ctrl-C) before its verdict: the case did not run, and its result is left out, not made up.
          if (executed === undefined) {
            strays.abandon();
            return;
          }
          // A rejection the case's last events left unhandled is reported once the event loop turns.
          await new Promise((resolve) => setImmediate(resolve));
          const result = strays.close(executed, ruleById);
          streaks.record(result);
          yield result;
        }
      } finally {
        process.off('uncaughtException', onException);
        process.off('unhandledRejection', onRejection);
      }
    },
    close: () => fixtures.close(),
  };
}

