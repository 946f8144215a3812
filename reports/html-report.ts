// The HTML report: one self-contained static file (data, script and style inline, nothing fetched) that works from
// file:// and whose Content-Security-Policy allows exactly its own script and style, by hash.
import { createHash } from 'node:crypto';
import type { ResultsFile } from '../results/results-file.js';
import type { MutationFile } from '../results/mutation-file.js';
import type { ExpectationsInput } from '../results/expectation-marks.js';
import { loadPageAssets } from './html/page-assets.js';
import { buildReportData } from './report-data.js';

export interface HtmlReportOptions {
  /** An earlier run to compare with: the report then lists regressions and fixes. */
  readonly baseline?: ResultsFile;
  /** A mutation.json (`rtconf mutate`): the report then shows the suite's strength per module and rule. */
  readonly mutation?: MutationFile;
  /** Expectations files (`--expect`): results are then marked expected or unexpected, with the baseline if any. */
  readonly expectations?: readonly ExpectationsInput[];
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of a page that inlines exactly one script and one style (the report, the dashboard).
 * default-src 'none' also forbids fetch, images, fonts, frames and workers: the page can reach nothing at all.
 * @param script the inline script, exactly as placed between its tags
 * @param style the inline style, likewise
 * @returns the policy for `<meta http-equiv="Content-Security-Policy">`
 */
export function pagePolicy(script: string, style: string): string {
  return [`default-src 'none'`, `script-src ${sha256(script)}`, `style-src ${sha256(style)}`, `base-uri 'none'`, `form-action 'none'`].join('; ');
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
  const { script, style } = loadPageAssets('report');
  const data = jsonForScript(buildReportData(results, options));
  const policy = pagePolicy(script, style);
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
