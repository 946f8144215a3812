// The inline script and style of a page (the report or the dashboard). `npm run build` writes each bundled script
// to `dist/reports/html/<name>.js` beside the compiled form of this module, which uses it; the TypeScript sources
// (run through tsx, where no such file sits beside this module) bundle it in memory once. The style is the plain
// `reports/html/page.css`, read from the package root so the same lookup works from the sources and from `dist/`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../io/package-root.js';
import { bundlePageScript, DASHBOARD_ENTRY, PAGE_ENTRY } from './bundle-page.js';

export interface PageAssets {
  readonly script: string;
  readonly style: string;
}

/** Each page's entry module and the file name of its prebuilt bundle. */
const PAGES = {
  report: { entry: PAGE_ENTRY, prebuilt: 'page.js' },
  dashboard: { entry: DASHBOARD_ENTRY, prebuilt: 'dashboard.js' },
} as const;

/** The pages we render: the report of one run, the dashboard of many. */
export type PageName = keyof typeof PAGES;

const loaded = new Map<PageName, PageAssets>();

/**
 * @param page which page
 * @returns its script and style, with line ends as the browser hashes them
 * @throws when either contains text that would end or comment out the block it is inlined in
 */
export function loadPageAssets(page: PageName): PageAssets {
  const known = loaded.get(page);
  if (known) return known;
  // The HTML parser turns CRLF into LF before the browser hashes an inline block; do the same so the hashes match.
  const normalize = (text: string): string => text.replace(/\r\n?/g, '\n');
  const prebuilt = new URL(`./${PAGES[page].prebuilt}`, import.meta.url);
  const script = normalize(existsSync(prebuilt) ? readFileSync(prebuilt, 'utf8') : bundlePageScript(PAGES[page].entry));
  const style = normalize(readFileSync(join(packageRoot(), 'reports', 'html', 'page.css'), 'utf8'));
  if (/<\/script/i.test(script) || /<\/style/i.test(style) || /<!--/.test(script)) {
    throw new Error(`the ${page} page's script and style must not contain "</script", "</style" or "<!--": they are inlined as-is`);
  }
  const assets = { script, style };
  loaded.set(page, assets);
  return assets;
}
