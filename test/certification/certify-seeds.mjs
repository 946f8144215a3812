#!/usr/bin/env node
// `npm run certify:seeds`: the seed sweep (test/certification/seed-sweep.ts). Runs every certification-corpus
// candidate, the reference and the host over several run seeds, as `rtconf run --repeat` with one seed per repetition,
// and fails naming candidate, case, the seeds and statuses on every case whose status differs between seeds, or
// (for a corpus member) is the same for every seed but not the verdict committed in test/certification/verdicts/.
//
//   npm run certify:seeds -- [--seeds N] [--seed BASE] [--only NAME]... [--case GLOB]... [--jobs N] [--timeout MS] [--json FILE]
//
// --seeds N (default 20) consecutive run seeds from --seed BASE (default the corpus seed, 20261123); --only keeps
// some candidates (corpus member names, reference, host); --case keeps the cases whose id matches a glob; --json
// writes the report. Exit 0 when nothing was found, 1 when something was, 2 on bad usage. Runs from the TypeScript
// sources, so the npm script starts it with `node --import tsx`.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run certify:seeds -- [--seeds N] [--seed BASE] [--only NAME]... [--case GLOB]... [--jobs N] [--timeout MS] [--json FILE]';

function fail(message) {
  process.stderr.write(`certify:seeds: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function positiveInteger(name, text, fallback, min = 1) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(`--${name} must be an integer of at least ${min}, got ${JSON.stringify(text)}`);
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      seeds: { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string', multiple: true },
      case: { type: 'string', multiple: true },
      jobs: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

let sweep;
try {
  sweep = await import('./seed-sweep.ts');
} catch (error) {
  fail(`cannot load the sweep (run it through npm run certify:seeds, which starts node with tsx): ${error instanceof Error ? error.message : String(error)}`);
}
const { CORPUS_SEED } = await import('./corpus.ts');

const count = positiveInteger('seeds', values.seeds, 20, 2);
const base = positiveInteger('seed', values.seed, CORPUS_SEED, 0);
const seeds = sweep.seedList(count, base);
const known = sweep.sweepTargets().map((target) => target.name);
for (const name of values.only ?? []) if (!known.includes(name)) fail(`--only ${name}: not a candidate of the sweep (${known.join(', ')})`);

process.stderr.write(`certify:seeds: ${values.only?.length ? values.only.join(', ') : `${known.length} candidates`}${values.case ? ` (cases ${values.case.join(', ')})` : ''}, seeds ${seeds[0]}..${seeds[seeds.length - 1]}\n`);
const report = await sweep.sweepSeeds({
  seeds,
  ...(values.only?.length ? { only: values.only } : {}),
  ...(values.case?.length ? { caseGlobs: values.case } : {}),
  ...(values.jobs ? { jobs: positiveInteger('jobs', values.jobs, undefined) } : {}),
  ...(values.timeout ? { timeoutMs: positiveInteger('timeout', values.timeout, undefined) } : {}),
  // Progress: a line per candidate as it finishes (a whole sweep takes a while).
  onCandidate: (name, cases, findings) => process.stderr.write(`certify:seeds: ${name}: ${cases} case(s) × ${seeds.length} seeds, ${findings.length} finding(s)\n`),
});
if (values.json) await writeFile(values.json, `${JSON.stringify(report, null, 1)}\n`);
for (const finding of report.findings) process.stdout.write(`${sweep.describeFinding(finding)}\n`);
const seconds = (report.durationMs / 1000).toFixed(0);
const summary = `${report.candidates.length} candidates, ${seeds.length} seeds, ${report.caseRuns} case runs in ${seconds} s`;
if (report.findings.length === 0) {
  process.stdout.write(`certify:seeds: clean — ${summary}: every case has one status for every seed, each member's the committed one\n`);
  process.exit(0);
}
process.stdout.write(`certify:seeds: ${report.findings.length} finding(s) — ${summary}\n`);
process.exit(1);
