// The coverage worker: started by coverage-map.ts with a job file, it runs the coverage measurement in this process
// (the in-process runner over the bundled reference, V8 precise coverage after each case) and writes the map.
import { readFile, writeFile } from 'node:fs/promises';
import { caseById } from '../conformance/registry.js';
import type { CaseMeta } from '../conformance/case.js';
import { measureCoverageHere, type CoverageJob } from './coverage-map.js';
import { readReferenceSources } from './reference-sources.js';

async function main(): Promise<void> {
  const [jobFile, outFile] = process.argv.slice(2);
  if (!jobFile || !outFile) throw new Error('usage: coverage-worker JOB.json OUT.json (started by rtconf mutate)');
  const job = JSON.parse(await readFile(jobFile, 'utf8')) as CoverageJob;
  const sources = readReferenceSources(job.root, job.modules);
  const cases: CaseMeta[] = job.caseIds.map((id) => {
    const definition = caseById(id);
    if (!definition) throw new Error(`no case ${id} in this build of the suite`);
    return definition;
  });
  const map = await measureCoverageHere(sources, cases, job.key, { seed: job.seed, timeoutMs: job.timeoutMs, workDir: job.workDir });
  await writeFile(outFile, JSON.stringify(map));
}

main().then(
  // Cases may leave handles behind (servers closing, timers); the map is written, so leave now.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
