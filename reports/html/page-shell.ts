// The HTML document every page of ours is (the report, the dashboard): one self-contained static file with its data,
// script and style inline, nothing fetched, that works from file:// and whose Content-Security-Policy allows exactly
// its own script and style, by hash.
import { createHash } from 'node:crypto';
import { loadPageAssets, type PageName } from './page-assets.js';

export interface PageShell {
  /** Which page's script and style to inline. */
  readonly page: PageName;
  /** The document's title. */
  readonly title: string;
  /** What a reader whose browser blocks the script is told, and where the same data is. */
  readonly noscript: string;
  /** The data the script draws from, embedded as JSON. */
  readonly data: unknown;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of a page that inlines exactly one script and one style.
 * default-src 'none' also forbids fetch, images, fonts, frames and workers: the page can reach nothing at all.
 * @param script the inline script, exactly as placed between its tags
 * @param style the inline style, likewise
 * @returns the policy for `<meta http-equiv="Content-Security-Policy">`
 */
function pagePolicy(script: string, style: string): string {
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
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Renders a page as one complete HTML document.
 * @example
 * renderPage({ page: 'report', title: 'rt conformance report', noscript: '…', data });
 */
export function renderPage(shell: PageShell): string {
  const { script, style } = loadPageAssets(shell.page);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${pagePolicy(script, style)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(shell.title)}</title>
<style>${style}</style>
</head>
<body>
<noscript><p class="noscript">${escapeHtml(shell.noscript)}</p></noscript>
<div id="app"></div>
<script type="application/json" id="data">${jsonForScript(shell.data)}</script>
<script>${script}</script>
</body>
</html>
`;
}
