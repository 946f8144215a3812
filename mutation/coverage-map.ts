// The case ↔ code map: one run of the (unmutated, bundled) reference with the in-process runner, case after case, in
// worker processes of their own (each module's cases in a few chunks, coverage-chunks.ts), with V8's block-level
// precise coverage taken after each case (`node:inspector`). Each covered byte range of the bundle is mapped back
// through its source map to the TypeScript position it came from, so a mutant is run only against the cases that
// executed its code. Code that ran while the modules loaded (top-level constants, tables) counts as covered by every
// case of the modules that load it. Code that runs lazily on first use (a cache filled, a table built on demand) is
// credited to the first case that runs it in each worker: with a module's cases in several workers, to the first such
// case of each chunk, so to more cases than in one process, never to fewer. The map is cached under the hash of the
// reference and case sources and the seed: an unchanged tree reuses it; a changed one, given the map of an earlier tree
// (`--incremental`), measures only the cases that can have run differently (update-coverage.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CaseMeta } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { createInProcessRunner } from '../runners/in-process-runner.js';
import { writeFileAtomically } from '../io/atomic-write.js';
import type { Status } from '../results/status.js';
import type { ModuleName } from '../spec/rule.js';
import { buildCandidate } from './build-candidate.js';
import type { ReferenceSources } from './reference-sources.js';
import { toPosix } from './reference-sources.js';
import { writeSourceSnapshot } from './source-snapshot.js';
import { casesToRemeasure, mergeCoverage, type EarlierCoverage } from './update-coverage.js';
import { combineCoverage } from './combine-coverage.js';
import { coverageChunks } from './coverage-chunks.js';
import { compactPoints, type CoverageMap, type CoveredCase, type FileCoverage } from './file-coverage.js';
import { lineStarts, mappingPoints, type SourceMapV3 } from './source-map.js';

/**
 * Bump when the shape or meaning of the cached map changes (2: points no case ran are kept, with no case; 3: a
 * module's cases measured in chunks, each in its own process, so lazily run code is credited per chunk).
 */
const CACHE_FORMAT = 3;


/**
 * Runtime arguments of every process that runs cases for `rtconf mutate` (the coverage worker and the mutants' agents):
 * one that changes nothing (V8's default stack trace limit), so that the parent has runtime arguments at all and
 * fork's default execArgv (the parent's) is code a case can see run and check.
 */
export const CASE_RUNTIME_ARGUMENTS: readonly string[] = ['--stack-trace-limit=10'];
export interface CoverageOptions {
  readonly seed: number;
  readonly timeoutMs: number;
  /** A scratch folder for the bundle (removed by the caller). */
  readonly workDir: string;
  /** Where cached maps live; none → no cache. */
  readonly cacheDir?: string;
  readonly signal?: AbortSignal;
  readonly onCase?: (done: number, total: number) => void;
  /**
   * The map of an earlier tree, with what it was measured on, and the current texts and case hashes: when the map of
   * this tree is not cached, only the cases that can have run differently are measured (update-coverage.ts).
   */
  readonly earlier?: EarlierCoverage & { readonly now: { readonly texts: ReadonlyMap<string, string>; readonly caseHashes: ReadonlyMap<string, string> } };
}

/** The key of a coverage map: the reference's sources, the case sources, the selected cases and the seed. */
function coverageKey(sources: ReferenceSources, cases: readonly CaseMeta[], seed: number): string {
  const hash = createHash('sha256').update(`${CACHE_FORMAT}\0${sources.hash}\0${seed}\0${process.version}\0${CASE_RUNTIME_ARGUMENTS.join(' ')}\0`);
  for (const file of sourceFilesUnder(join(sources.root, 'conformance'))) hash.update(`${relative(sources.root, file)}\0${readFileSync(file)}\0`);
  for (const meta of cases) hash.update(`${meta.id}\0`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * What `coverageMap` does for a set of cases, decided before anything runs, so that a caller can start what depends
 * only on it (the dry run of the cases measured again) beside the measurement.
 */
export interface CoveragePlan {
  /** The map's key (coverageKey). */
  readonly key: string;
  /** The map an identical tree made before, when the cache holds it: nothing is measured. */
  readonly cached?: CoverageMap;
  /**
   * Else, given a usable earlier map (`earlier`: same format and seed), the ids of the cases measured again; every
   * other case keeps its earlier coverage (update-coverage.ts). Absent: every case is measured.
   */
  readonly remeasure?: ReadonlySet<string>;
}

/**
 * What measuring the map of these cases takes: nothing (cached), the cases an earlier map says can have run
 * differently, or all of them.
 * @example
 * const plan = await planCoverage(sources, cases, options);
 * const map = await coverageMap(sources, cases, options, plan);
 */
export async function planCoverage(
  sources: ReferenceSources,
  cases: readonly CaseMeta[],
  options: CoverageOptions,
): Promise<CoveragePlan> {
  const key = coverageKey(sources, cases, options.seed);
  const cached = options.cacheDir ? await cachedCoverageMap(options.cacheDir, key) : undefined;
  if (cached) return { key, cached };
  const { earlier } = options;
  if (!earlier || earlier.map.format !== CACHE_FORMAT || earlier.map.seed !== options.seed) return { key };
  return { key, remeasure: casesToRemeasure(earlier, earlier.now.texts, sources.files, cases, earlier.now.caseHashes) };
}

/**
 * The map for these cases, from the cache when an identical tree made one before, else by running them: all of them,
 * or given an earlier map (`earlier`), those that can have run differently since (`remeasured`).
 * @param plan what planCoverage decided for these same cases and options, when the caller needed it first
 */
export async function coverageMap(
  sources: ReferenceSources,
  cases: readonly CaseMeta[],
  options: CoverageOptions,
  plan?: CoveragePlan,
): Promise<CoverageMap & { cached: boolean; remeasured?: ReadonlySet<string> }> {
  const { key, cached, remeasure } = plan ?? (await planCoverage(sources, cases, options));
  if (cached) {
    if (options.cacheDir) await writeSourceSnapshot(options.cacheDir, sources, true);
    return { ...cached, cached: true };
  }
  const { earlier } = options;
  let map: CoverageMap;
  if (earlier && remeasure) {
    const fresh = await measureInChild(sources, cases.filter((meta) => remeasure.has(meta.id)), key, options);
    map = { ...mergeCoverage(earlier, fresh, earlier.now.texts, cases, key), durationMs: fresh.durationMs };
  } else {
    map = await measureInChild(sources, cases, key, options);
  }
  if (options.cacheDir) {
    await mkdir(options.cacheDir, { recursive: true });
    await writeFileAtomically(join(options.cacheDir, `coverage-${key}.json`), JSON.stringify(map));
    await writeSourceSnapshot(options.cacheDir, sources);
  }
  return { ...map, cached: false, ...(earlier && remeasure ? { remeasured: remeasure } : {}) };
}

/** A cached map by its key, or undefined when the cache no longer holds it. */
export async function cachedCoverageMap(cacheDir: string, key: string): Promise<CoverageMap | undefined> {
  try {
    const map = JSON.parse(await readFile(join(cacheDir, `coverage-${key}.json`), 'utf8')) as CoverageMap;
    return map.format === CACHE_FORMAT && map.key === key ? map : undefined;
  } catch {
    return undefined;
  }
}

interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly { readonly ranges: readonly { readonly startOffset: number; readonly endOffset: number; readonly count: number }[] }[];
}

/** A generated script of the bundle: its text length and, per mapping point, the original place it came from. */
interface BundleScript {
  readonly length: number;
  /** Generated offsets of the points. */
  readonly offsets: Int32Array;
  /** Per point: the source file (relative to the root) and 0-based line and column. */
  readonly files: readonly string[];
  readonly lines: Int32Array;
  readonly columns: Int32Array;
}

/** What the parent hands the coverage worker (mutation/coverage-worker.ts) in a JSON file. */
export interface CoverageJob {
  readonly root: string;
  readonly modules: readonly ModuleName[];
  readonly caseIds: readonly string[];
  readonly key: string;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly workDir: string;
}

/**
 * Measures in processes of their own, side by side (the cases mostly wait: on children, timers, handshakes): taking
 * precise coverage resets V8's counters for the whole process, which would wipe what a coverage tool watching this one
 * (c8 over the tests) had counted; and the reference's cases run there in process, away from the harness. Each
 * module's cases are cut into a few chunks (coverage-chunks.ts), balanced by the durations of the earlier map when
 * there is one: a chunk's cases run in their order in one process, as they would in one run of them all; cases of
 * different modules share no state of the reference. Each worker runs under the same loader flags as this process
 * (tsx from sources). With no case at all, one worker measures what runs at load.
 */
async function measureInChild(sources: ReferenceSources, cases: readonly CaseMeta[], key: string, options: CoverageOptions): Promise<CoverageMap> {
  const started = performance.now();
  const earlierCases = options.earlier?.map.cases;
  const durations = earlierCases ? new Map(earlierCases.map((meta) => [meta.id, meta.durationMs])) : undefined;
  const byModule = new Map<ModuleName, CaseMeta[]>();
  for (const meta of cases) {
    let list = byModule.get(meta.module);
    if (!list) byModule.set(meta.module, (list = []));
    list.push(meta);
  }
  const chunks = [...byModule.values()].flatMap((moduleCases) => coverageChunks(moduleCases, durations));
  const maps = await measureSideBySide(sources, chunks.length > 0 ? chunks : [[]], key, options);
  const map = combineCoverage(maps, cases, { format: CACHE_FORMAT, key, seed: options.seed });
  return { ...map, durationMs: Math.round(performance.now() - started) };
}

/**
 * One worker per chunk, all at once. When one fails, the others are killed and waited for, and the run fails with the
 * first failure (theirs would only say they were killed): no worker outlives the measurement.
 */
async function measureSideBySide(
  sources: ReferenceSources,
  chunks: readonly (readonly CaseMeta[])[],
  key: string,
  options: CoverageOptions,
): Promise<CoverageMap[]> {
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stop.abort();
  const maps: CoverageMap[] = [];
  let failure: { error: unknown } | undefined;
  try {
    await Promise.all(
      chunks.map(async (chunk, index) => {
        const workDir = join(options.workDir, `coverage-${index}`);
        try {
          maps[index] = await measureInOneChild(sources, chunk, key, { ...options, workDir, signal: stop.signal });
        } catch (error) {
          failure ??= { error };
          stop.abort();
        }
      }),
    );
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (failure) throw failure.error;
  return maps;
}

async function measureInOneChild(sources: ReferenceSources, cases: readonly CaseMeta[], key: string, options: CoverageOptions): Promise<CoverageMap> {
  const jobFile = join(options.workDir, 'coverage-job.json');
  const outFile = join(options.workDir, 'coverage-map.json');
  const job: CoverageJob = {
    root: sources.root,
    modules: Object.keys(sources.entries) as ModuleName[],
    caseIds: cases.map((meta) => meta.id),
    key,
    seed: options.seed,
    timeoutMs: options.timeoutMs,
    workDir: options.workDir,
  };
  await mkdir(options.workDir, { recursive: true });
  await writeFile(jobFile, JSON.stringify(job));
  const here = fileURLToPath(import.meta.url);
  const worker = join(dirname(here), `coverage-worker${extname(here)}`);
  const env = { ...process.env };
  delete env.NODE_V8_COVERAGE;
  // Stopped while this one was writing its job (a sibling failed, the run was interrupted): an abort listener added
  // now would never fire, so the worker is not started at all.
  options.signal?.throwIfAborted();
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...CASE_RUNTIME_ARGUMENTS, worker, jobFile, outFile], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolvePromise();
      else reject(new Error(`the coverage run ended with ${signal ?? `exit code ${code}`}${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' / ')}` : ''}`));
    });
  });
  return JSON.parse(await readFile(outFile, 'utf8')) as CoverageMap;
}

/** The measurement itself, in this process (the coverage worker calls it). */
export async function measureCoverageHere(sources: ReferenceSources, cases: readonly CaseMeta[], key: string, options: CoverageOptions): Promise<CoverageMap> {
  const started = performance.now();
  const build = await buildCandidate(sources, join(options.workDir, 'coverage'), { sourcemap: true });
  const scripts = readBundleScripts(sources.root, join(build.dir, 'reference'));
  // point key (file \0 line \0 column) → case indices. Every point of the bundle is there, those no case ran with none:
  // a span holding only such points is code no case ran, which is not the same as a span holding no point at all.
  const covered = new Map<string, Set<number>>();
  for (const bundle of scripts.values()) {
    for (let at = 0; at < bundle.offsets.length; at++) if (bundle.files[at]) covered.set(pointKey(bundle, at), new Set());
  }
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    const adapter = (await import(pathToFileURL(build.adapter).href)) as { default: { modules: CandidateModules } };
    const take = async (caseIndex: number): Promise<void> => {
      const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
      for (const script of result) {
        const bundle = scripts.get(script.url);
        if (bundle) recordExecuted(bundle, script, caseIndex, covered);
      }
    };
    await take(-1);
    const runner = createInProcessRunner({
      candidate: { id: 'reference', name: 'rt-conformance reference (coverage run)', kind: 'reference' },
      modules: adapter.default.modules,
    });
    const outcomes: CoveredCase[] = [];
    const index = new Map(cases.map((meta, position) => [meta.id, position]));
    try {
      for await (const result of runner.run(cases, { seed: options.seed, timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) })) {
        const position = index.get(result.case) ?? -1;
        // Let callbacks the case left queued (closing sockets, exit events) run before its coverage is taken.
        await new Promise((resolve) => setImmediate(resolve));
        await take(position);
        outcomes[position] = { id: result.case, module: result.module, rules: result.rules, status: result.status, durationMs: result.durationMs };
        options.onCase?.(outcomes.filter(Boolean).length, cases.length);
      }
    } finally {
      await runner.close();
    }
    await session.post('Profiler.stopPreciseCoverage');
    const caseList = cases.map((meta, position) => outcomes[position] ?? { id: meta.id, module: meta.module, rules: meta.rules, status: 'error' as Status, durationMs: 0 });
    return { format: CACHE_FORMAT, key, seed: options.seed, cases: caseList, files: compact(covered), durationMs: Math.round(performance.now() - started) };
  } finally {
    session.disconnect();
  }
}

/** The bundle's scripts by file URL, with their mapping points resolved to source files under the root. */
function readBundleScripts(root: string, dir: string): Map<string, BundleScript> {
  const scripts = new Map<string, BundleScript>();
  for (const file of sourceFilesUnder(dir, /\.mjs$/)) {
    let map: SourceMapV3;
    try {
      map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapV3;
    } catch {
      continue;
    }
    const text = readFileSync(file, 'utf8');
    const starts = lineStarts(text);
    const points = mappingPoints(map);
    const sourcePaths = map.sources.map((source) => toPosix(relative(root, resolve(dirname(file), map.sourceRoot ?? '', source))));
    const offsets = new Int32Array(points.length);
    const lines = new Int32Array(points.length);
    const columns = new Int32Array(points.length);
    const files: string[] = [];
    points.forEach((point, at) => {
      offsets[at] = (starts[point.generatedLine] ?? text.length) + point.generatedColumn;
      lines[at] = point.originalLine;
      columns[at] = point.originalColumn;
      files.push(sourcePaths[point.source] ?? '');
    });
    scripts.set(pathToFileURL(file).href, { length: text.length, offsets, files, lines, columns });
  }
  return scripts;
}

/**
 * Marks the points whose generated code ran (count > 0 in the innermost range around it) as covered by `caseIndex`.
 * Ranges are painted onto the script largest first, so a nested block's count overrides its function's.
 */
function recordExecuted(bundle: BundleScript, script: ScriptCoverage, caseIndex: number, covered: Map<string, Set<number>>): void {
  const ranges = script.functions.flatMap((fn) => fn.ranges);
  if (!ranges.some((range) => range.count > 0)) return;
  ranges.sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
  const counts = new Int32Array(bundle.length + 1);
  for (const range of ranges) counts.fill(range.count > 0 ? 1 : 0, range.startOffset, Math.min(range.endOffset, counts.length));
  for (let at = 0; at < bundle.offsets.length; at++) {
    if (counts[bundle.offsets[at] as number] !== 1) continue;
    const key = pointKey(bundle, at);
    let set = covered.get(key);
    if (!set) covered.set(key, (set = new Set()));
    set.add(caseIndex);
  }
}

/** The key of a mapping point of a bundle script in the map being measured: its file, line and column. */
function pointKey(bundle: BundleScript, at: number): string {
  return `${bundle.files[at]}\0${bundle.lines[at]}\0${bundle.columns[at]}`;
}

/** Groups the covered points by file, sharing identical case sets. */
function compact(covered: ReadonlyMap<string, ReadonlySet<number>>): Record<string, FileCoverage> {
  const byFile = new Map<string, Map<string, ReadonlySet<number>>>();
  for (const [key, set] of covered) {
    const [file = '', line = '0', column = '0'] = key.split('\0');
    let points = byFile.get(file);
    if (!points) byFile.set(file, (points = new Map()));
    points.set(`${line}:${column}`, set);
  }
  const files: Record<string, FileCoverage> = {};
  for (const [file, points] of byFile) files[file] = compactPoints(points);
  return files;
}


function sourceFilesUnder(dir: string, pattern = /\.(ts|mts|cts|mjs|cjs|js|json)$/): string[] {
  const files: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFilesUnder(path, pattern));
    } else if (pattern.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}
