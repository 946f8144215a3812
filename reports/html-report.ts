// The HTML report: one self-contained static file (data, script and style inline, nothing fetched) that works from
// file:// and whose Content-Security-Policy allows exactly its own script and style, by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../conformance/fixture-path.js';
import type { ResultsFile } from './results.js';
import { buildReportData } from './report-data.js';

export interface HtmlReportOptions {
  /** An earlier run to compare with: the report then lists regressions and fixes. */
  readonly baseline?: ResultsFile;
}

interface Assets {
  readonly script: string;
  readonly style: string;
}

let assets: Assets | undefined;

/**
 * The page's script and style live in `reports/html/` as plain files (they run in a browser, not in Node). They are
 * read from the package root so the same lookup works from the TypeScript sources and from compiled `dist/`.
 */
function loadAssets(): Assets {
  if (assets) return assets;
  const dir = join(packageRoot(), 'reports', 'html');
  // The HTML parser turns CRLF into LF before the browser hashes an inline block; do the same so the hashes match.
  const read = (name: string): string => readFileSync(join(dir, name), 'utf8').replace(/\r\n?/g, '\n');
  const script = read('page.js');
  const style = read('page.css');
  if (/<\/script/i.test(script) || /<\/style/i.test(style) || /<!--/.test(script)) {
    throw new Error(`reports/html assets must not contain "</script", "</style" or "<!--": they are inlined as-is`);
  }
  assets = { script, style };
  return assets;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * JSON that cannot end the `<script type="application/json">` block it sits in, nor open an HTML comment in it:
 * every `<`, `>` and `&` becomes a JSON unicode escape, which JSON.parse turns back into the same character.
 * @param value any JSON-serializable value
 * @returns the JSON text, safe to place between `<script type="application/json">` and `</script>`
 * @example
 * jsonForScript({ name: '</script><script>alert(1)</script>' }); // '{"name":"\\u003c/script\\u003e…"}'
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Renders the report page.
 * @param results a validated results file
 * @param options an optional baseline run to compare with
 * @returns the complete HTML document
 * @example
 * await writeFile('index.html', renderHtmlReport(results, { baseline }));
 */
export function renderHtmlReport(results: ResultsFile, options: HtmlReportOptions = {}): string {
  const { script, style } = loadAssets();
  const data = jsonForScript(buildReportData(results, options));
  // default-src 'none' also forbids fetch, images, fonts, frames and workers: the page can reach nothing at all.
  const policy = [`default-src 'none'`, `script-src ${sha256(script)}`, `style-src ${sha256(style)}`, `base-uri 'none'`, `form-action 'none'`].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>rt conformance report</title>
<style>${style}</style>
</head>
<body>
<noscript><p class="noscript">This report is drawn by its own inline script, which is blocked here. The same data is in results.json next to this file.</p></noscript>
<div id="app"></div>
<script type="application/json" id="data">${data}</script>
<script>${script}</script>
</body>
</html>
`;
}
