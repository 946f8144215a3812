// Writes every output derived from a results file (index.html, junit.xml, one badge per candidate) into the directory
// that holds results.json. Each file is written on its own (temp file + rename): one failing output never costs the
// others, and results.json itself is never touched. The folder's manifest then lists what was written, and what an
// earlier write generated but this one did not (a badge of a candidate no longer in the run) is removed.
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeFileAtomically } from '../io/atomic-write.js';
import { recordGeneratedFiles } from '../io/generated-files.js';
import type { ResultsFile } from '../results/results-file.js';
import { renderBadge } from './badge.js';
import { shieldsEndpoint } from './shields-endpoint.js';
import { MODULES, type ModuleName } from '../spec/rule.js';
import { renderHtmlReport } from './html-report.js';
import type { ReportOptions } from './report-data.js';
import { renderJunitXml } from './junit-xml.js';
import { uniqueSafeIds } from './safe-candidate-id.js';

export interface WrittenReports {
  readonly html: string;
  readonly junit: string;
  readonly badges: readonly string[];
  /** The shields.io endpoint JSON of each candidate and module it provides (`shields-<id>-<module>.json`). */
  readonly endpoints: readonly string[];
  /** Files an earlier write generated in the folder that this one did not produce, now removed (stale badges). */
  readonly removed: readonly string[];
}

/** Some outputs could not be written; `written` lists those that were. The message is one line naming each failure. */
export class ReportsWriteError extends Error {
  override readonly name = 'ReportsWriteError';
  readonly code = 'ERR_RTCONF_REPORTS_WRITE';
  constructor(message: string, readonly written: readonly string[]) {
    super(message);
  }
}

/**
 * The file name of a candidate's badge, given the safe ids of the whole run (so that colliding ids get distinct names).
 * @example
 * badgeFileName('reference'); // 'badge-reference.svg'
 */
function badgeFileName(safeId: string): string {
  return `badge-${safeId}.svg`;
}

/**
 * The file name of a candidate's shields.io endpoint JSON for one module, beside its SVG badge.
 * @example
 * endpointFileName('runtime-node@22', 'https'); // 'shields-runtime-node@22-https.json'
 */
function endpointFileName(safeId: string, module: ModuleName): string {
  return `shields-${safeId}-${module}.json`;
}

/**
 * Renders and writes the reports of one run.
 * @param results the run (already written as results.json by the caller)
 * @param dir the output directory, created if missing
 * @param options the gate's judgement, made once by the verb that exits by it (the page marks results by it, JUnit
 *   counts by it: an expected failure is skipped with its reason; without one, the page marks nothing and JUnit calls
 *   every failing status a failure); a baseline the page compares with; a mutation file
 * @returns the paths written, and the stale generated files removed
 * @throws ReportsWriteError after trying every output, when at least one failed (nothing is removed then)
 * @example
 * await writeReports(results, 'rtconf-report', { judgement: markExpectations(results, sources), baseline });
 */
export async function writeReports(results: ResultsFile, dir: string, options: ReportOptions = {}): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const safeIds = uniqueSafeIds(results.runs.map((run) => run.candidate.id));
  const outputs: { file: string; render: () => string }[] = [
    { file: join(dir, 'index.html'), render: () => renderHtmlReport(results, options) },
    { file: join(dir, 'junit.xml'), render: () => renderJunitXml(results, options.judgement) },
    ...results.runs.map((run, index) => ({ file: join(dir, badgeFileName(safeIds[index] ?? 'candidate')), render: () => renderBadge(run, results.rules, results.interface ? { interfaceVersion: results.interface.version } : {}) })),
    // An endpoint per module the candidate provides: one whose every case was skipped has nothing to show.
    ...results.runs.flatMap((run, index) =>
      MODULES.filter((module) => run.results.some((result) => result.module === module && result.status !== 'skip')).map((module) => ({
        file: join(dir, endpointFileName(safeIds[index] ?? 'candidate', module)),
        render: () => `${JSON.stringify(shieldsEndpoint(run, results.rules, module, results.interface?.version), null, 2)}\n`,
      })),
    ),
  ];
  const written: string[] = [];
  const failures: string[] = [];
  for (const { file, render } of outputs) {
    try {
      await writeFileAtomically(file, render());
      written.push(file);
    } catch (error) {
      failures.push(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  const names = written.map((file) => basename(file));
  if (failures.length > 0) {
    // Keep tracking what the earlier write generated: it is cleaned up by the next complete write.
    await recordGeneratedFiles(dir, names, { keepPrevious: true }).catch(() => undefined);
    throw new ReportsWriteError(`could not write ${failures.join('; ')}`, written);
  }
  let removed: string[] = [];
  try {
    removed = (await recordGeneratedFiles(dir, names)).map((name) => join(dir, name));
  } catch (error) {
    throw new ReportsWriteError(`wrote the reports but not the manifest of ${dir}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, written);
  }
  const [html = '', junit = '', ...rest] = written;
  return { html, junit, badges: rest.filter((file) => file.endsWith('.svg')), endpoints: rest.filter((file) => file.endsWith('.json')), removed };
}
