// Writes every output derived from a results file (index.html, junit.xml, one badge per candidate) into the directory
// that holds results.json. Each file is written on its own (temp file + rename): one failing output never costs the
// others, and results.json itself is never touched.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResultsFile } from './results.js';
import { renderBadge } from './badge.js';
import { renderHtmlReport } from './html-report.js';
import { renderJunitXml } from './junit-xml.js';
import { uniqueSafeIds } from './safe-candidate-id.js';

export interface WriteReportsOptions {
  /** An earlier run; the HTML report then shows what regressed and what got fixed. */
  readonly baseline?: ResultsFile;
}

export interface WrittenReports {
  readonly html: string;
  readonly junit: string;
  readonly badges: readonly string[];
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
export function badgeFileName(safeId: string): string {
  return `badge-${safeId}.svg`;
}

/**
 * Renders and writes the reports of one run.
 * @param results the run (already written as results.json by the caller)
 * @param dir the output directory, created if missing
 * @param options an optional baseline for the HTML report
 * @returns the paths written
 * @throws ReportsWriteError after trying every output, when at least one failed
 * @example
 * await writeReports(results, 'rtconf-report', { baseline: await readResults('last-release.json') });
 */
export async function writeReports(results: ResultsFile, dir: string, options: WriteReportsOptions = {}): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const safeIds = uniqueSafeIds(results.runs.map((run) => run.candidate.id));
  const outputs: { file: string; render: () => string }[] = [
    { file: join(dir, 'index.html'), render: () => renderHtmlReport(results, options) },
    { file: join(dir, 'junit.xml'), render: () => renderJunitXml(results) },
    ...results.runs.map((run, index) => ({ file: join(dir, badgeFileName(safeIds[index] ?? 'candidate')), render: () => renderBadge(run, results.rules) })),
  ];
  const written: string[] = [];
  const failures: string[] = [];
  for (const { file, render } of outputs) {
    try {
      await writeAtomically(file, render());
      written.push(file);
    } catch (error) {
      failures.push(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  if (failures.length > 0) throw new ReportsWriteError(`could not write ${failures.join('; ')}`, written);
  const [html = '', junit = '', ...badges] = written;
  return { html, junit, badges };
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
