// Leak mutants (issue 26): a mutant that differs from the reference in one thing a case could pin beyond its rules —
// an order, a prototype, an error's class or text, an event order, another option's default — must fail exactly the
// cases of the rule it breaks, or none when it breaks no rule. Shared by the mutant suites of the three modules.
//
// Checking "exactly" means running every case against the mutant. A case's outcome depends only on the exports of
// the module it reads (the oracle and the fixtures are the reference's and the harness's), so a case that reads none
// of the exports a mutant replaces behaves as against the reference, which passes it: only the cases that read a
// replaced export need to run. Which exports each case reads is recorded once, on the reference run.
import type { CaseDefinition } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';

/** Stands for "every export": a case that lists the module's keys may read any of them. */
const EVERY_EXPORT = Symbol('every export');

/** The exports each case read in a recorded run, by case id. */
export type ExportReads = ReadonlyMap<string, ReadonlySet<PropertyKey>>;

/**
 * The module seen through a proxy that adds every export read (and, for a listing of its keys, every export) to
 * `reads`. Getters run against the module itself, so the proxy changes nothing a case can observe but its identity.
 */
export function recordingModule<T extends object>(module: T, reads: Set<PropertyKey>): T {
  return new Proxy(module, {
    get(target, key) {
      reads.add(key);
      return Reflect.get(target, key, target);
    },
    has(target, key) {
      reads.add(key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      reads.add(EVERY_EXPORT);
      return Reflect.ownKeys(target);
    },
  });
}

/**
 * Runs every case against `module` through a recording proxy.
 * @returns the results by case id, and the exports each case read.
 */
export async function recordedRun<T extends object>(cases: readonly CaseDefinition[], module: T, run: (definition: CaseDefinition, module: T) => Promise<CaseResult>): Promise<{ results: Map<string, CaseResult>; reads: ExportReads }> {
  const results = new Map<string, CaseResult>();
  const reads = new Map<string, Set<PropertyKey>>();
  for (const definition of cases) {
    const seen = new Set<PropertyKey>();
    results.set(definition.id, await run(definition, recordingModule(module, seen)));
    reads.set(definition.id, seen);
  }
  return { results, reads };
}

/** The exports of `mutant` that are not the reference's own (what the mutant replaced or added). */
export function replacedExports(reference: object, mutant: object): PropertyKey[] {
  const keys = new Set<PropertyKey>([...Reflect.ownKeys(reference), ...Reflect.ownKeys(mutant)]);
  return [...keys].filter((key) => (reference as Record<PropertyKey, unknown>)[key] !== (mutant as Record<PropertyKey, unknown>)[key]);
}

/**
 * The cases whose verdict a leak mutant changes (the reference passes every case, or finds it `na` off its platform):
 * every case that reads one of the exports the mutant replaced is run against it; the others behave as against the
 * reference, whose recorded results stand for them.
 */
export async function changedCases<T extends object>(
  cases: readonly CaseDefinition[],
  recorded: { results: ReadonlyMap<string, CaseResult>; reads: ExportReads },
  replaced: readonly PropertyKey[],
  mutant: T,
  run: (definition: CaseDefinition, module: T) => Promise<CaseResult>,
): Promise<string[]> {
  const failing: string[] = [];
  for (const definition of cases) {
    const read = recorded.reads.get(definition.id);
    const affected = read === undefined || read.has(EVERY_EXPORT) || replaced.some((key) => read.has(key));
    if (!affected) continue;
    const status = (await run(definition, mutant)).status;
    if (status !== recorded.results.get(definition.id)?.status) failing.push(definition.id);
  }
  return failing;
}
