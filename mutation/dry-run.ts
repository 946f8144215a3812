// The dry run: the unmutated reference, bundled exactly as the mutants are, run in agents against the cases some
// selected mutant will run. A case that does not pass here cannot kill anything, and its duration sets the limit a
// mutant's run of it gets. Cached beside the case ↔ code map, under the map's key (`key`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseMeta } from '../conformance/case.js';
import { createAgentRunner } from '../runners/agent/agent-runner.js';
import { processHosts } from '../runners/agent/process-host.js';
import type { RunFixtures } from '../runners/fixtures/run-fixtures.js';
import { writeFileAtomically } from '../io/atomic-write.js';
import { buildCandidate } from './build-candidate.js';
import type { ReferenceSources } from './reference-sources.js';
import { MUTANT_LAUNCH } from './run-mutant.js';

/** Per case, its status and duration against the unmutated reference. */
export interface DryRun {
  readonly key: string;
  readonly results: Readonly<Record<string, { status: string; durationMs: number }>>;
}

export interface DryRunOptions {
  readonly seed: number;
  readonly timeoutMs: number;
  readonly jobs: number;
  readonly workDir: string;
  readonly fixtures: RunFixtures;
  /** Where the cached dry runs live; none → no cache. */
  readonly cache?: string;
  /** Outcomes known from an earlier run for cases that cannot have run differently since (`--incremental`). */
  readonly known?: Readonly<Record<string, { status: string; durationMs: number }>>;
  readonly signal?: AbortSignal;
}

/**
 * The dry run of `cases`: known from an earlier run, or from the cache where an identical tree ran them before; the
 * rest measured now.
 */
export async function dryRun(sources: ReferenceSources, cases: readonly CaseMeta[], key: string, options: DryRunOptions, emit: (message: string) => void): Promise<DryRun> {
  const file = options.cache ? join(options.cache, `dry-run-${key}.json`) : undefined;
  const results: Record<string, { status: string; durationMs: number }> = { ...options.known };
  let cachedResults: DryRun['results'] = {};
  if (file) {
    try {
      const cached = JSON.parse(await readFile(file, 'utf8')) as DryRun;
      if (cached.key === key) cachedResults = cached.results;
      Object.assign(results, cachedResults);
    } catch {
      // not cached yet
    }
  }
  const missing = cases.filter((meta) => results[meta.id] === undefined);
  if (missing.length === 0) {
    emit(`dry run: ${cases.length} case(s), all known already (an earlier run, the cache)`);
    // Outcomes handed in as known (an incremental run's earlier ones, its dry run beside the map) that the cache lacks
    // are stored too: else the next run of this same tree would run those cases again.
    if (file && !options.signal?.aborted && cases.some((meta) => cachedResults[meta.id] === undefined)) await writeFileAtomically(file, JSON.stringify({ key, results }));
    return { key, results };
  }
  const started = performance.now();
  const dir = join(options.workDir, 'dry-run');
  const build = await buildCandidate(sources, dir, { name: 'reference (dry run)' });
  const runner = createAgentRunner({
    candidate: { id: 'reference', name: 'reference (dry run)', kind: 'reference' },
    host: processHosts(MUTANT_LAUNCH),
    load: { kind: 'adapter', spec: build.adapter, cwd: dir },
    fixtures: options.fixtures,
  });
  try {
    const signal = options.signal ? { signal: options.signal } : {};
    for await (const result of runner.run(missing, { seed: options.seed, timeoutMs: options.timeoutMs, jobs: options.jobs, ...signal })) {
      results[result.case] = { status: result.status, durationMs: result.durationMs };
    }
    // A case that hung or whose agent died beside the others may have been starved of the CPU (a loaded machine, the
    // coverage run beside it): it gets one more run, alone, before it is taken for one that cannot pass.
    const again = missing.filter((meta) => results[meta.id]?.status === 'timeout' || results[meta.id]?.status === 'crash');
    if (again.length > 0 && !options.signal?.aborted) {
      for await (const result of runner.run(again, { seed: options.seed, timeoutMs: options.timeoutMs, jobs: 1, ...signal })) {
        results[result.case] = { status: result.status, durationMs: result.durationMs };
      }
    }
  } finally {
    await runner.close();
  }
  const dry: DryRun = { key, results };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const already = missing.length < cases.length ? ` (${cases.length - missing.length} known already)` : '';
  emit(`dry run: ${missing.length} case(s) against the unmutated reference in ${seconds} s${already}`);
  if (file && !options.signal?.aborted) await writeFileAtomically(file, JSON.stringify(dry));
  return dry;
}
