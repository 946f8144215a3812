// Runs one case against one candidate's modules and turns the outcome into a result: the context the case sees,
// its time limit, its seeded properties, its temp dirs and deferred cleanups. Shared by every runner that executes
// cases in its own process (the in-process runner here, the agent inside other runtimes).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { CaseFailure, type AliasIdentity, type CandidateDeclarations, type CaseContext, type CaseDefinition, type Fixtures, type LoadTarget } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import type { Rule } from '../spec/rule.js';
import { caseFields, type CandidateInfo, type CaseResult, type Status } from '../results/results-file.js';
import { caseSeed } from './seed.js';
import { boundText, describeError } from './describe-error.js';
import { currentPlatforms, ruleApplies } from './platform.js';

export interface ExecuteOptions {
  readonly candidate: CandidateInfo;
  /** What the candidate declares where the spec leaves a choice to the runtime (`ctx.candidate.declared`). */
  readonly declared?: CandidateDeclarations;
  /** Where a fresh process loads the candidate's https module, as the runner resolved it (runners/https-load-target.ts). */
  readonly httpsLoadTarget?: LoadTarget;
  readonly modules: Readonly<CandidateModules>;
  readonly oracle: Readonly<CandidateModules>;
  readonly fixtures: Fixtures;
  readonly runSeed: number;
  readonly timeoutMs: number;
  /** Looks up the rules a case cites, to decide `na`. */
  readonly ruleById: (id: string) => Rule | undefined;
  /** Interrupts the run (Ctrl-C): the case in flight is abandoned and gets no result at all. */
  readonly signal?: AbortSignal;
}

/** How long deferred cleanups may take after a case before we give up on them (they are reported, not awaited). */
const CLEANUP_LIMIT_MS = 5000;

/**
 * Set in the agents of `rtconf mutate`, which only needs to know that a property fails against a mutant, not its
 * smallest counterexample: shrinking can take seconds of synchronous work, and thousands of mutants pay for it.
 */
const END_ON_FAILURE = typeof process !== 'undefined' && process.env?.RTCONF_PROPERTY_END_ON_FAILURE === '1';

class CaseTimeout extends Error {
  override readonly name = 'CaseTimeout';
}

/** The run was interrupted while the case ran: it reached no verdict, and none may be made up for it. */
class CaseInterrupted extends Error {
  override readonly name = 'CaseInterrupted';
}

/**
 * Runs one case and returns its result. With a `signal`, a case interrupted before its verdict (Ctrl-C) yields
 * `undefined`: it did not fail or time out, it did not run, and the run's results must say so by leaving it out.
 */
export function executeCase(definition: CaseDefinition, options: ExecuteOptions & { readonly signal: AbortSignal }): Promise<CaseResult | undefined>;
export function executeCase(definition: CaseDefinition, options: Omit<ExecuteOptions, 'signal'>): Promise<CaseResult>;
export async function executeCase(definition: CaseDefinition, options: ExecuteOptions): Promise<CaseResult | undefined> {
  const base = caseFields(definition);
  const started = performance.now();
  const elapsed = (): number => Math.round((performance.now() - started) * 1000) / 1000;

  if (!options.modules[definition.module]) {
    return { ...base, status: 'skip', durationMs: 0, message: `candidate does not provide ${definition.module}` };
  }
  const platforms = currentPlatforms();
  const cited = definition.rules.map((id) => options.ruleById(id)).filter((rule): rule is Rule => rule !== undefined);
  if (cited.length > 0 && !cited.some((rule) => ruleApplies(rule, platforms))) {
    return { ...base, status: 'na', durationMs: 0, message: `applies only on ${[...new Set(cited.flatMap((r) => r.platforms ?? []))].join(', ')}` };
  }

  if (options.signal?.aborted) return undefined;
  const timeoutMs = definition.timeoutMs ?? options.timeoutMs;
  const controller = new AbortController();
  const onOuterAbort = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const cleanups: Array<() => unknown> = [];
  const aliases: AliasIdentity[] = [];
  const seed = caseSeed(options.runSeed, definition.id);
  const context = createContext(definition, options, seed, controller.signal, cleanups, aliases);

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CaseTimeout(`exceeded its time limit of ${timeoutMs} ms`)), timeoutMs);
  });
  const interrupted = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(new CaseInterrupted('interrupted before it started'));
    controller.signal.addEventListener('abort', () => reject(new CaseInterrupted('interrupted')), { once: true });
  });

  let status: Status = 'pass';
  let detail: Partial<CaseResult> = {};
  let wasInterrupted = false;
  try {
    await Promise.race([Promise.resolve().then(() => definition.run(context)), deadline, interrupted]);
  } catch (thrown) {
    if (thrown instanceof CaseInterrupted) {
      wasInterrupted = true;
    } else if (thrown instanceof CaseTimeout) {
      status = 'timeout';
      detail = { message: thrown.message };
    } else {
      const described = describeError(thrown);
      status = described.kind;
      detail = {
        message: described.message,
        ...(described.expected !== undefined ? { expected: described.expected } : {}),
        ...(described.actual !== undefined ? { actual: described.actual } : {}),
        ...(described.counterexample ? { counterexample: described.counterexample } : {}),
        ...(described.unimplemented ? { unimplemented: described.unimplemented } : {}),
      };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    // Abort first so anything still running in the case (a timed-out wait, a child process) is told to stop.
    controller.abort(new CaseTimeout('case finished'));
  }

  const cleanupProblem = await runCleanups(cleanups);
  if (wasInterrupted) return undefined;
  if (cleanupProblem && status === 'pass') {
    status = 'error';
    detail = { message: `cleanup failed: ${cleanupProblem}` };
  }
  return { ...base, status, durationMs: elapsed(), ...detail, ...(aliases.length > 0 ? { aliases } : {}) };
}

function createContext(
  definition: CaseDefinition,
  options: ExecuteOptions,
  seed: number,
  signal: AbortSignal,
  cleanups: Array<() => unknown>,
  aliases: AliasIdentity[],
): CaseContext {
  const moduleOf = <K extends keyof CandidateModules>(name: K): NonNullable<CandidateModules[K]> => {
    const provided = options.modules[name];
    if (!provided) throw new Error(`case ${definition.id} used ${name}, which the candidate does not provide`);
    return provided as NonNullable<CandidateModules[K]>;
  };
  return {
    get qs() {
      return moduleOf('querystring');
    },
    get cp() {
      return moduleOf('child_process');
    },
    get https() {
      return moduleOf('https');
    },
    oracle: options.oracle,
    candidate: {
      id: options.candidate.id,
      name: options.candidate.name,
      kind: options.candidate.kind,
      declared: options.declared ?? {},
      ...(options.httpsLoadTarget ? { httpsLoadTarget: options.httpsLoadTarget } : {}),
    },
    seed,
    signal,
    fc,
    async check(property, params) {
      const details = await fc.check(property, { ...params, seed, ...(END_ON_FAILURE ? { endOnFailure: true } : {}) });
      if (!details.failed) return;
      const counterexample = {
        value: boundText(fc.stringify(details.counterexample), 2000),
        seed: details.seed,
        path: details.counterexamplePath ?? '',
        numRuns: details.numRuns,
      };
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      // What the failing run found missing or not implemented is the property's evidence too.
      const unimplemented = details.errorInstance instanceof CaseFailure ? details.errorInstance.details.unimplemented : undefined;
      throw new CaseFailure(`property failed after ${details.numRuns} run(s), ${details.numShrinks} shrink(s): ${cause}`, {
        counterexample,
        ...(unimplemented ? { unimplemented } : {}),
        ...(details.errorInstance instanceof Error && 'expected' in details.errorInstance
          ? { expected: (details.errorInstance as { expected: unknown }).expected, actual: (details.errorInstance as { actual?: unknown }).actual }
          : {}),
      });
    },
    async tmpDir() {
      const dir = await mkdtemp(join(tmpdir(), 'rtconf-case-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    defer(cleanup) {
      cleanups.push(cleanup);
    },
    noteAlias(identity) {
      // One note per alias: a case may look more than once.
      if (!aliases.some((seen) => seen.api === identity.api && seen.of === identity.of && seen.same === identity.same)) aliases.push({ ...identity });
    },
    fixtures: options.fixtures,
  };
}

/** Runs cleanups last-first; returns a description of the first problem, if any. */
async function runCleanups(cleanups: Array<() => unknown>): Promise<string | undefined> {
  let problem: string | undefined;
  for (const cleanup of cleanups.reverse()) {
    try {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), CLEANUP_LIMIT_MS);
      });
      const outcome = await Promise.race([Promise.resolve().then(cleanup), limit]);
      clearTimeout(timer);
      if (outcome === 'late') problem ??= `a cleanup did not finish within ${CLEANUP_LIMIT_MS} ms`;
    } catch (thrown) {
      problem ??= describeError(thrown).message;
    }
  }
  return problem;
}
