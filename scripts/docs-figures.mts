// Writes every figure and picture the docs quote, from the published certification in docs/conformance (real runs),
// so that the README and docs/ cannot quote a number the code no longer prints: the host's summary line on Node 20 (as
// `npx rtconf run` prints it, computed by the summary's own `verdictLine` over the certified run of that release),
// the case and rule counts of the published pages, and the screenshots of the dashboard, its API table and one of
// its cells, and Deno's report (taken in Debian's Chromium, as `chromium:` candidates find and launch it). docs/figures.json records which page each screenshot was taken of
// (its SHA-256) and the screenshot's own, which test/docs/readme-figures.test.ts holds the docs to.
//
//   node --import tsx scripts/docs-figures.mts [--no-screenshots]
//
// `npm run certify` runs it last; `npm run docs:figures` (or `docs:screenshot`) runs it alone after a rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { verdictLine } from '../cli/summary.js';
import { findChromium, launchChromium } from '../runners/chromium/chromium-browser.js';
import { readResults } from '../results/read-results.js';
import type { ResultsFile } from '../results/results-file.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOCS = join(ROOT, 'docs');
const RUNS = join(DOCS, 'conformance', 'runs');
/** The pages that may quote a figure: the README and the pages of docs/ (not docs/conformance/, which certify writes). */
export function docPages(): string[] {
  return [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((name) => name.endsWith('.md')).sort().map((name) => join(DOCS, name))];
}
export const FIGURES_FILE = join(DOCS, 'figures.json');

/** The release of Node whose host summary the README quotes (the Node the quick start is written for). */
export const HOST_RELEASE_LINE = 20;

/** The screenshots the docs show: which page, in which state, into which file. */
export const SHOTS: readonly Shot[] = [
  { file: 'docs/dashboard-screenshot.png', page: 'docs/conformance/index.html', hash: '', dark: false, height: 1100 },
  { file: 'docs/report-screenshot.png', page: 'docs/conformance/runs/deno-2/index.html', hash: '#status=problem', dark: false, height: 1300 },
  { file: 'docs/report-screenshot-dark.png', page: 'docs/conformance/runs/deno-2/index.html', hash: '#status=problem', dark: true, height: 1300 },
  // The dashboard's API × runtime table alone, and one of its cells opened: Deno's child_process.fork, its column
  // found by its group on the page, so the picture follows the data rather than a fixed index.
  { file: 'docs/api-table-screenshot.png', page: 'docs/conformance/index.html', hash: '', dark: false, height: 1000, element: '#api-section' },
  { file: 'docs/api-cell-screenshot.png', page: 'docs/conformance/index.html', hash: '#api=child_process.fork&col={runtime:deno}', dark: false, height: 1150 },
];

/** One picture: a page in a state (its fragment), light or dark, whole or one element of it. */
export interface Shot {
  readonly file: string;
  readonly page: string;
  /** The fragment opened; `{GROUP}` stands for the column index of that dashboard group's first column. */
  readonly hash: string;
  readonly dark: boolean;
  readonly height: number;
  /** A CSS selector: only that element is pictured. */
  readonly element?: string;
}

export interface Figures {
  /** `host node v20.20.2: 4 normative rules not met (261/265 pass)`: the part of the host's line the docs quote. */
  readonly hostSummary: string;
  /** Cases and rules of the published certification (every run has them all). */
  readonly cases: number;
  readonly rules: number;
}

export interface ShotRecord {
  readonly file: string;
  readonly page: string;
  readonly hash: string;
  readonly pageSha256: string;
  readonly pngSha256: string;
}

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Every published run, by folder name. */
export async function publishedRuns(): Promise<Map<string, ResultsFile>> {
  const runs = new Map<string, ResultsFile>();
  for (const name of readdirSync(RUNS).sort()) {
    const file = join(RUNS, name, 'results.json');
    if (existsSync(file)) runs.set(name, await readResults(file));
  }
  return runs;
}

/**
 * The figures the docs quote, computed by the code that prints them from the published runs.
 * @example
 * (await computeFigures()).hostSummary; // 'host node v20.20.2: 4 normative rules not met (261/265 pass)'
 */
export async function computeFigures(): Promise<Figures> {
  const runs = await publishedRuns();
  const node = [...runs.values()].find((results) => results.runs[0]?.candidate.id === `runtime:node@${HOST_RELEASE_LINE}`);
  const run = node?.runs[0];
  if (!node || !run) throw new Error(`no published run of runtime:node@${HOST_RELEASE_LINE} in ${relative(ROOT, RUNS)}: run npm run certify first`);
  // On that release, `npx rtconf run` runs the same builtins as `host`: its line is the certified run's, named as the
  // host names itself.
  const host = { ...run, candidate: { id: 'host', name: 'host node', kind: 'host' as const, version: `v${run.candidate.version ?? ''}` } };
  const line = verdictLine(host, node);
  const quoted = /^.*?\(\d+\/\d+ pass\)/.exec(line)?.[0];
  if (!quoted) throw new Error(`the host's summary line does not read as the README quotes it: ${line}`);
  const cases = new Set([...runs.values()].flatMap((results) => results.runs.flatMap((item) => item.results.map((result) => result.case))));
  const rules = new Set([...runs.values()].flatMap((results) => results.rules.map((rule) => rule.id)));
  return { hostSummary: quoted, cases: cases.size, rules: rules.size };
}

/** The docs' quoted figures, as patterns that find them whatever their numbers, and what each must read. */
export function docQuotes(figures: Figures): { readonly name: string; readonly pattern: RegExp; readonly text: string }[] {
  return [
    { name: 'host summary', pattern: /host node v[\w.]+: \d+ normative rules? not met \(\d+\/\d+ pass\)/g, text: figures.hostSummary },
    { name: 'published counts', pattern: /\(docs\/conformance, \d+ cases, \d+ rules\)/g, text: `(docs/conformance, ${figures.cases} cases, ${figures.rules} rules)` },
  ];
}

/** Rewrites the quoted figures wherever the docs quote them; every quote must be found at least once. */
export function writeDocs(figures: Figures): void {
  const quotes = docQuotes(figures);
  const found = new Set<string>();
  for (const page of docPages()) {
    const before = readFileSync(page, 'utf8');
    let text = before;
    for (const quote of quotes) {
      if (!new RegExp(quote.pattern.source).test(text)) continue;
      found.add(quote.name);
      text = text.replace(quote.pattern, quote.text);
    }
    if (text !== before) writeFileSync(page, text);
  }
  for (const quote of quotes) if (!found.has(quote.name)) throw new Error(`no page of the docs has the ${quote.name} to update (${quote.pattern})`);
}

async function screenshots(): Promise<ShotRecord[]> {
  const found = findChromium();
  if ('missing' in found) throw new Error(found.missing);
  const browser = await launchChromium(found.path);
  const records: ShotRecord[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1300 } });
    for (const shot of SHOTS) {
      const page = await context.newPage();
      await page.setViewportSize({ width: shot.element ? 1500 : 1400, height: shot.height });
      await page.emulateMedia({ colorScheme: shot.dark ? 'dark' : 'light' });
      const url = pathToFileURL(join(ROOT, shot.page)).href;
      let hash = shot.hash;
      for (const [placeholder, group] of shot.hash.matchAll(/\{([^}]+)\}/g)) {
        await page.goto(url);
        await page.waitForSelector('html[data-ready]');
        const col = await page.getAttribute(`#api-section td[data-group="${group}"] button.api-cell`, 'data-col');
        if (col === null) throw new Error(`${shot.page} has no column of ${group ?? '?'} to open for ${shot.file}`);
        hash = hash.replace(placeholder, col);
      }
      await page.goto(url + hash);
      await page.waitForSelector('html[data-ready]');
      if (hash.includes('api=')) await page.waitForSelector('dialog[open]');
      await (shot.element ? page.locator(shot.element).screenshot({ path: join(ROOT, shot.file) }) : page.screenshot({ path: join(ROOT, shot.file) }));
      await page.close();
      records.push({ file: shot.file, page: shot.page, hash, pageSha256: sha256(join(ROOT, shot.page)), pngSha256: sha256(join(ROOT, shot.file)) });
      process.stdout.write(`${shot.file} (of ${shot.page}${hash}${shot.dark ? ', dark' : ''})\n`);
    }
  } finally {
    await browser.close();
  }
  return records;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'no-screenshots': { type: 'boolean', default: false } }, strict: true });
  const figures = await computeFigures();
  writeDocs(figures);
  process.stdout.write(`README.md and docs/*.md: ${figures.hostSummary}; (docs/conformance, ${figures.cases} cases, ${figures.rules} rules)\n`);
  const previous = existsSync(FIGURES_FILE) ? (JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as { screenshots?: ShotRecord[] }) : {};
  const shots = values['no-screenshots'] ? (previous.screenshots ?? []) : await screenshots();
  const record = { $comment: 'written by scripts/docs-figures.mts from docs/conformance; test/docs/readme-figures.test.ts checks the docs against it', ...figures, screenshots: shots };
  writeFileSync(FIGURES_FILE, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`${relative(ROOT, FIGURES_FILE)}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`docs-figures: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
