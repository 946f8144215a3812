// Where the oracle reads a runtime's case results from, to tell a caught difference from a MISSED one: the published
// certification's run of that runtime and version (docs/conformance/runs/<name>/results.json), or else a fresh
// `rtconf run` of the cases citing the rules in question, in a temporary folder.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { readResults } from '../../results/read-results.js';
import type { RuntimeName } from '../../results/candidate-spec.js';
import type { CaseOutcome } from './classify-differences.mjs';

/** A runtime's run of the published certification. */
export interface PublishedRun {
  /** The results.json it was read from, relative to the project root. */
  readonly path: string;
  readonly name: string;
  readonly version: string;
  readonly kind: string;
  readonly results: readonly CaseOutcome[];
}

/** The runtimes the oracle checks by default: the certification's Bun and Deno, at the versions it ran. */
export const CERTIFIED_RUNTIMES: readonly RuntimeName[] = ['bun', 'deno'];

/** The runs of the published certification under `runsDir`, one per results.json (each run's first candidate). */
export async function publishedRuns(root: string, runsDir = join(root, 'docs', 'conformance', 'runs')): Promise<PublishedRun[]> {
  const runs: PublishedRun[] = [];
  for (const name of (await readdir(runsDir)).sort()) {
    const file = join(runsDir, name, 'results.json');
    if (!existsSync(file)) continue;
    const data = await readResults(file);
    for (const run of data.runs) {
      runs.push({ path: relative(root, file), name: run.candidate.name, version: run.candidate.version ?? '', kind: run.candidate.kind, results: run.results });
    }
  }
  return runs;
}

/** The published run of `name` at `version`, if the certification ran it. */
export function publishedRunOf(runs: readonly PublishedRun[], name: string, version: string): PublishedRun | undefined {
  return runs.find((run) => run.kind === 'runtime' && run.name === name && run.version === version);
}

/**
 * The candidate specs of the certified runtimes: `runtime:NAME@VERSION` at the exact version each published run has,
 * so the oracle judges what the certification judged, whatever the registry serves today.
 */
export function certifiedSpecs(runs: readonly PublishedRun[]): string[] {
  return CERTIFIED_RUNTIMES.flatMap((name) => runs.filter((run) => run.kind === 'runtime' && run.name === name).map((run) => `runtime:${name}@${run.version}`));
}

/**
 * Runs the cases citing `rules` against `spec` with the CLI of this checkout (tsx), seed `seed`, and returns their
 * results. The CLI exits 1 when a case fails, which is what is being asked; only a missing results.json is an error.
 */
export async function freshCaseResults(root: string, spec: string, rules: readonly string[], seed: string): Promise<CaseOutcome[]> {
  if (rules.length === 0) return [];
  const out = await mkdtemp(join(tmpdir(), 'rtconf-oracle-cases-'));
  try {
    const args = ['--import', import.meta.resolve('tsx'), join(root, 'cli', 'rtconf.ts'), 'run', '--candidate', spec, '--seed', seed, '--out', out, ...rules.flatMap((rule) => ['--rule', rule])];
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      let text = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text = (text + chunk).slice(-4000)));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    const file = join(out, 'results.json');
    if (!existsSync(file)) throw new Error(`rtconf run --candidate ${spec} wrote no results: ${stderr.trim().split('\n').at(-1) ?? ''}`);
    const data = await readResults(file);
    return data.runs.flatMap((run) => run.results);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
